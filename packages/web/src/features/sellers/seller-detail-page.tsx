import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconEdit, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { useCurrentUser } from '../../app/current-user';
import { canPerform } from '../../app/has-permission';
import { PATHS } from '../../app/paths';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { notifyError } from '../../components/notify';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { StatusBadge } from '../../components/status-badge';
import { SellerAddressesTab } from './seller-addresses-tab';
import { SellerFormDialog } from './seller-form-dialog';
import { SellerHistoryTab } from './seller-history-tab';
import { SellerProductsTab } from './seller-products-tab';
import { SELLER_TOASTS, type SellerDetail, sellerQuery, useSetSellerActive } from './sellers.api';

/** The seller id of a /sellers/{id} address, or null when it is not one. */
function useSellerIdParam(): number | null {
  const { sellerId } = useParams({ strict: false }) as { sellerId?: string };
  const id = Number(sellerId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /sellers/{id}: a seller's details, addresses, products and history. A seller that does not load
 * (unknown, another company's, a malformed id) sends the user back to /sellers with the spec's
 * 'Seller Not Found'.
 */
export function SellerDetailPage() {
  const id = useSellerIdParam();
  const navigate = useNavigate();
  const seller = useQuery({ ...sellerQuery(id ?? 0), enabled: id !== null });
  const notFound = id === null || (isApiError(seller.error) && [400, 404].includes(seller.error.status));

  useEffect(() => {
    if (!notFound) return;
    notifyError(SELLER_TOASTS.not_found);
    void navigate({ to: PATHS.sellers, replace: true });
  }, [notFound, navigate]);

  if (notFound) return null;
  if (seller.data) return <SellerView seller={seller.data} />;
  if (seller.error) {
    return (
      <LoadErrorAlert
        error={seller.error}
        onRetry={() => seller.refetch()}
        title={SELLER_TOASTS.load_failed}
      />
    );
  }
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading seller">
      <Skeleton height={32} width="40%" />
      <Skeleton height={240} />
    </Stack>
  );
}

type Tab = 'details' | 'addresses' | 'products' | 'history';

function Field({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value === null || value === undefined || value === '' ? 'N/A' : value}
      </Text>
    </Stack>
  );
}

function SellerView({ seller }: { seller: SellerDetail }) {
  const user = useCurrentUser();
  const canChange = canPerform(user, 'change_seller');
  const [tab, setTab] = useState<Tab>('details');
  const [editing, setEditing] = useState(false);
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const setActive = useSetSellerActive();

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Breadcrumbs separator="›" fz="sm">
          <Anchor component={Link} to={PATHS.sellers} size="sm">
            Sellers
          </Anchor>
          <Text size="sm" c="dimmed" truncate="end" maw={360}>
            {seller.name}
          </Text>
        </Breadcrumbs>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={4}>
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>
              {seller.name}
            </Title>
            <Group gap="xs">
              <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(seller.is_active).value} />
              <Text size="sm" c="dimmed">
                {seller.product_count === 1 ? '1 product' : `${seller.product_count} products`}
              </Text>
            </Group>
          </Stack>
          {canChange && (
            <Group gap="xs">
              <Button leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
                Edit
              </Button>
              {seller.is_active ? (
                <Button
                  variant="default"
                  leftSection={<IconPlayerPause size={16} />}
                  onClick={() => setConfirmDeactivate(true)}
                >
                  Deactivate
                </Button>
              ) : (
                <Button
                  variant="default"
                  leftSection={<IconPlayerPlay size={16} />}
                  loading={setActive.isPending}
                  onClick={() => setActive.mutate(seller.id, true)}
                >
                  Activate
                </Button>
              )}
            </Group>
          )}
        </Group>
      </Stack>
      {!canChange && <ReadOnlyNotice thing="sellers" />}
      {canChange && !seller.is_active && (
        <Alert color="orange" variant="light" title={`Seller ${seller.name} is inactive.`}>
          An inactive seller cannot be given products. Activate it to assign products.
        </Alert>
      )}
      <Tabs value={tab} onChange={(value) => setTab((value as Tab) ?? 'details')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="addresses">Addresses</Tabs.Tab>
          <Tabs.Tab value="products">Products</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          <Card withBorder padding="lg">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              <Field label="Contact Person Name" value={seller.contact_person_name} />
              <Field label="Email" value={seller.email} />
              <Field label="Phone" value={seller.phone} />
              <Field label="GST Number" value={seller.gst_number} />
              <Field label="PAN" value={seller.pan} />
              <Field label="Tally Ledger Name" value={seller.tally_ledger_name} />
              <Field label="Products" value={seller.product_count} />
              <Field label="Created On" value={dayjs(seller.created_at).format('DD/MM/YYYY')} />
              <Field label="Updated On" value={dayjs(seller.updated_at).format('DD/MM/YYYY')} />
            </SimpleGrid>
          </Card>
        </Tabs.Panel>
        <Tabs.Panel value="addresses" pt="md">
          <SellerAddressesTab seller={seller} canChange={canChange} />
        </Tabs.Panel>
        <Tabs.Panel value="products" pt="md">
          <SellerProductsTab seller={seller} canChange={canChange} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <SellerHistoryTab sellerId={seller.id} />
        </Tabs.Panel>
      </Tabs>
      {editing && (
        <SellerFormDialog companyId={user.company.id} seller={seller} onClose={() => setEditing(false)} />
      )}
      <ConfirmDialog
        opened={confirmDeactivate}
        title="Deactivate Seller"
        message={`${seller.name} will keep its products but cannot be given new ones until it is activated again. Deactivate it?`}
        confirmLabel="Deactivate"
        loading={setActive.isPending}
        onClose={() => setConfirmDeactivate(false)}
        onConfirm={() => setActive.mutate(seller.id, false, { onSettled: () => setConfirmDeactivate(false) })}
      />
    </Stack>
  );
}
