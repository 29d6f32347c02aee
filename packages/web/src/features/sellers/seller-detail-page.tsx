import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DetailField, DetailGrid } from '../../components/detail-field';
import {
  ActiveToggleButton,
  DetailHeader,
  DetailLoader,
  DetailTabs,
  useIdParam,
} from '../../components/detail-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canOpen, canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { SellerAddressesTab } from './seller-addresses-tab';
import { SellerFormDialog } from './seller-form-dialog';
import { SellerHistoryTab } from './seller-history-tab';
import { SellerLedgerTab } from './seller-ledger-tab';
import { SellerProductsTab } from './seller-products-tab';
import { SellerBillsTab, SellerPaymentsMadeTab } from './seller-purchases-tabs';
import { SELLER_TOASTS, type SellerDetail, sellerQuery, useSetSellerActive } from './sellers.api';

const SELLERS = { to: PATHS.sellers, label: 'Sellers' };

/** /sellers/{id}: a seller's details, addresses, products, bills, payments made and history. */
export function SellerDetailPage() {
  const id = useIdParam(PATHS.seller);
  const seller = useQuery({ ...sellerQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={seller}
      list={SELLERS}
      notFoundMessage={SELLER_TOASTS.not_found}
      loadFailedTitle={SELLER_TOASTS.load_failed}
      loadingLabel="Loading seller"
    >
      {(data) => <SellerView seller={data} />}
    </DetailLoader>
  );
}

function SellerView({ seller }: { seller: SellerDetail }) {
  const user = useCurrentUser();
  const canChange = canPerform(user, 'change_seller');
  const [editing, setEditing] = useState(false);
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const setActive = useSetSellerActive();

  return (
    <Stack gap="lg">
      <DetailHeader
        list={SELLERS}
        title={seller.name}
        badges={
          <>
            <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(seller.is_active).value} />
            <Text size="sm" c="dimmed">
              {seller.product_count === 1 ? '1 product' : `${seller.product_count} products`}
            </Text>
          </>
        }
        actions={
          canChange && (
            <>
              <Button leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
                Edit
              </Button>
              <ActiveToggleButton
                isActive={seller.is_active}
                loading={setActive.isPending}
                onActivate={() => setActive.mutate(seller.id, true)}
                onDeactivate={() => setConfirmDeactivate(true)}
              />
            </>
          )
        }
      />
      {!canChange && <ReadOnlyNotice thing="sellers" />}
      {canChange && !seller.is_active && (
        <Alert color="orange" variant="light" title={`Seller ${seller.name} is inactive.`}>
          An inactive seller cannot be given products. Activate it to assign products.
        </Alert>
      )}
      <DetailTabs
        tabs={[
          { value: 'details', label: 'Details', panel: <SellerDetails seller={seller} /> },
          {
            value: 'addresses',
            label: 'Addresses',
            panel: <SellerAddressesTab seller={seller} canChange={canChange} />,
          },
          {
            value: 'products',
            label: 'Products',
            panel: <SellerProductsTab seller={seller} canChange={canChange} />,
          },
          ...(canOpen(user, 'view_bill')
            ? [{ value: 'bills', label: 'Bills', panel: <SellerBillsTab seller={seller} /> }]
            : []),
          ...(canOpen(user, 'view_payment_made')
            ? [{ value: 'payments', label: 'Payments', panel: <SellerPaymentsMadeTab seller={seller} /> }]
            : []),
          ...(canOpen(user, 'view_bill')
            ? [{ value: 'ledger', label: 'Ledger', panel: <SellerLedgerTab seller={seller} /> }]
            : []),
          { value: 'history', label: 'History', panel: <SellerHistoryTab sellerId={seller.id} /> },
        ]}
      />
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

function SellerDetails({ seller }: { seller: SellerDetail }) {
  return (
    <Card withBorder padding="lg">
      <DetailGrid>
        <DetailField label="Contact Person Name">{seller.contact_person_name}</DetailField>
        <DetailField label="Email">{seller.email}</DetailField>
        <DetailField label="Phone">{seller.phone}</DetailField>
        <DetailField label="GST Number">{seller.gst_number}</DetailField>
        <DetailField label="PAN">{seller.pan}</DetailField>
        <DetailField label="Tally Ledger Name">{seller.tally_ledger_name}</DetailField>
        <DetailField label="Payment Terms">{seller.payment_term?.name}</DetailField>
        <DetailField label="Products">{seller.product_count}</DetailField>
        <DetailField label="Created On">{dayjs(seller.created_at).format('DD/MM/YYYY')}</DetailField>
        <DetailField label="Updated On">{dayjs(seller.updated_at).format('DD/MM/YYYY')}</DetailField>
      </DetailGrid>
    </Card>
  );
}
