import { BUYER_TYPES } from '@b2b/domain/buyers';
import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { Button, Group, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { useCurrentUser } from '../../app/current-user';
import { canPerform } from '../../app/has-permission';
import { PATHS } from '../../app/paths';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { notifyError } from '../../components/notify';
import { StatusBadge } from '../../components/status-badge';
import { BuyerCashpointsTab } from '../cashpoints/buyer-cashpoints-tab';
import { BuyerAddressesTab } from './buyer-addresses-tab';
import { BuyerDetailsTab } from './buyer-details-tab';
import { BuyerFormDialog } from './buyer-form-dialog';
import { BuyerHistoryTab } from './buyer-history-tab';
import { BuyerSalesChannelsTab } from './buyer-sales-channels-tab';
import { BuyerSummaryCard } from './buyer-summary-card';
import { BuyerTransactionsTab } from './buyer-transactions-tab';
import { type BuyerDetail, buyerQuery } from './buyers.api';

/** The spec's notification when a buyer fails to load (section 8, Buyers). */
export const BUYER_NOT_FOUND = 'Buyer Not found.';

/** The buyer id of a /buyers/{buyerId} address, or null when it is not one. */
export function useBuyerIdParam(): number | null {
  const { buyerId } = useParams({ strict: false }) as { buyerId?: string };
  const id = Number(buyerId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

type Tab = 'details' | 'addresses' | 'sales-channels' | 'transactions' | 'history' | 'cashpoints';

function BuyerScreen({ buyer }: { buyer: BuyerDetail }) {
  const user = useCurrentUser();
  const canChange = canPerform(user, 'change_buyer');
  const [tab, setTab] = useState<Tab>('details');
  const [editing, setEditing] = useState(false);
  const enabledChannels = buyer.sales_channels.filter((c) => c.is_enabled);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Button
            component={Link}
            to={PATHS.buyers}
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowLeft size={14} />}
            w="fit-content"
          >
            Buyers
          </Button>
          <Group gap="sm">
            <Title order={2}>{buyer.name}</Title>
            <StatusBadge options={BUYER_TYPES} value={buyer.buyer_type} />
            <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(buyer.is_active).value} />
          </Group>
        </Stack>
        {canChange && (
          <Button
            leftSection={<IconPencil size={16} />}
            onClick={() => setEditing(true)}
            style={{ visibility: editing ? 'hidden' : undefined }}
          >
            Edit Buyer
          </Button>
        )}
      </Group>
      <BuyerSummaryCard buyerId={buyer.id} />
      <Tabs value={tab} onChange={(value) => setTab((value as Tab) ?? 'details')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="addresses">Addresses</Tabs.Tab>
          <Tabs.Tab value="sales-channels">Sales Channels</Tabs.Tab>
          <Tabs.Tab value="transactions">Transactions</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
          <Tabs.Tab value="cashpoints">Cashpoints</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          <BuyerDetailsTab buyer={buyer} canChange={canChange} />
        </Tabs.Panel>
        <Tabs.Panel value="addresses" pt="md">
          <BuyerAddressesTab buyer={buyer} canChange={canChange} />
        </Tabs.Panel>
        <Tabs.Panel value="sales-channels" pt="md">
          <BuyerSalesChannelsTab buyer={buyer} canChange={canChange} />
        </Tabs.Panel>
        <Tabs.Panel value="transactions" pt="md">
          <BuyerTransactionsTab buyer={buyer} canRecord={canChange} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <BuyerHistoryTab buyerId={buyer.id} />
        </Tabs.Panel>
        <Tabs.Panel value="cashpoints" pt="md">
          <BuyerCashpointsTab buyerId={buyer.id} salesChannels={enabledChannels} />
        </Tabs.Panel>
      </Tabs>
      {editing && (
        <BuyerFormDialog companyId={user.company.id} buyer={buyer} onClose={() => setEditing(false)} />
      )}
    </Stack>
  );
}

/**
 * /buyers/{buyerId}: the buyer's figures and tabs. A buyer that cannot be found sends the user
 * back to /buyers with the spec's 'Buyer Not found' notification.
 */
export function BuyerDetailPage() {
  const id = useBuyerIdParam();
  const navigate = useNavigate();
  const buyer = useQuery({ ...buyerQuery(id ?? 0), enabled: id !== null });
  const notFound = id === null || (isApiError(buyer.error) && buyer.error.status === 404);
  useEffect(() => {
    if (!notFound) return;
    notifyError(BUYER_NOT_FOUND);
    void navigate({ to: PATHS.buyers, replace: true });
  }, [notFound, navigate]);

  if (buyer.data) return <BuyerScreen key={buyer.data.id} buyer={buyer.data} />;
  if (buyer.error && !notFound) {
    return <LoadErrorAlert error={buyer.error} onRetry={() => buyer.refetch()} title="Load Error" />;
  }
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading buyer">
      <Skeleton height={32} width="40%" />
      <Skeleton height={120} />
      <Skeleton height={240} />
    </Stack>
  );
}
