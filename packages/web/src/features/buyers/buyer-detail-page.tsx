import { BUYER_TYPES } from '@b2b/domain/buyers';
import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { Button, Stack } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DetailHeader, DetailLoader, DetailTabs, useIdParam } from '../../components/detail-page';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { BuyerCashpointsTab } from '../cashpoints/buyer-cashpoints-tab';
import { BuyerReferralCode } from '../referrals/buyer-referral-code';
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

const BUYERS = { to: PATHS.buyers, label: 'Buyers' };

function BuyerScreen({ buyer }: { buyer: BuyerDetail }) {
  const user = useCurrentUser();
  const canChange = canPerform(user, 'change_buyer');
  const [editing, setEditing] = useState(false);
  const enabledChannels = buyer.sales_channels.filter((c) => c.is_enabled);
  return (
    <Stack gap="lg">
      <DetailHeader
        list={BUYERS}
        title={buyer.name}
        badges={
          <>
            <StatusBadge options={BUYER_TYPES} value={buyer.buyer_type} />
            <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(buyer.is_active).value} />
          </>
        }
        actions={
          canChange && (
            <Button
              leftSection={<IconPencil size={16} />}
              onClick={() => setEditing(true)}
              style={{ visibility: editing ? 'hidden' : undefined }}
            >
              Edit Buyer
            </Button>
          )
        }
      />
      <BuyerSummaryCard buyerId={buyer.id} />
      <BuyerReferralCode buyerId={buyer.id} />
      <DetailTabs
        tabs={[
          {
            value: 'details',
            label: 'Details',
            panel: <BuyerDetailsTab buyer={buyer} canChange={canChange} />,
          },
          {
            value: 'addresses',
            label: 'Addresses',
            panel: <BuyerAddressesTab buyer={buyer} canChange={canChange} />,
          },
          {
            value: 'sales-channels',
            label: 'Sales Channels',
            panel: <BuyerSalesChannelsTab buyer={buyer} canChange={canChange} />,
          },
          {
            value: 'transactions',
            label: 'Transactions',
            panel: <BuyerTransactionsTab buyer={buyer} canRecord={canChange} />,
          },
          { value: 'history', label: 'History', panel: <BuyerHistoryTab buyerId={buyer.id} /> },
          {
            value: 'cashpoints',
            label: 'Cashpoints',
            panel: <BuyerCashpointsTab buyerId={buyer.id} salesChannels={enabledChannels} />,
          },
        ]}
      />
      {editing && (
        <BuyerFormDialog companyId={user.company.id} buyer={buyer} onClose={() => setEditing(false)} />
      )}
    </Stack>
  );
}

/** /buyers/{buyerId}: the buyer's figures and tabs. */
export function BuyerDetailPage() {
  const id = useIdParam(PATHS.buyer);
  const buyer = useQuery({ ...buyerQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={buyer}
      list={BUYERS}
      notFoundMessage={BUYER_NOT_FOUND}
      loadFailedTitle="Load Error"
      loadingLabel="Loading buyer"
    >
      {(data) => <BuyerScreen key={data.id} buyer={data} />}
    </DetailLoader>
  );
}
