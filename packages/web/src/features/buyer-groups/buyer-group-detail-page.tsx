import { BUYER_GROUP_MESSAGES } from '@b2b/domain/buyer-groups';
import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
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
import { canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { BuyerGroupPricesTab } from '../bids/buyer-group-prices-tab';
import { BuyerGroupBranchesTab } from './buyer-group-branches-tab';
import { BuyerGroupBuyersTab } from './buyer-group-buyers-tab';
import { BuyerGroupTypeBadge } from './buyer-group-columns';
import { BuyerGroupDetailsTab } from './buyer-group-details-tab';
import { BuyerGroupProductsTab } from './buyer-group-products-tab';
import { type BuyerGroup, buyerGroupQuery, useSetBuyerGroupActive } from './buyer-groups.api';

const BUYER_GROUPS = { to: PATHS.buyerGroups, label: 'Buyer Groups' };

/** /buyer-groups/{id}: one group with its details, buyers, branches and products. */
export function BuyerGroupDetailPage() {
  const id = useIdParam(PATHS.buyerGroup);
  const group = useQuery({ ...buyerGroupQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={group}
      list={BUYER_GROUPS}
      notFoundMessage="Buyer Group Not Found"
      loadFailedTitle={BUYER_GROUP_MESSAGES.load_failed}
      loadingLabel="Loading buyer group"
    >
      {(data) => <BuyerGroupDetail group={data} />}
    </DetailLoader>
  );
}

function BuyerGroupDetail({ group }: { group: BuyerGroup }) {
  const user = useCurrentUser();
  const canChange = canPerform(user, 'change_buyer_group');
  const setActive = useSetBuyerGroupActive();

  return (
    <Stack gap="lg">
      <DetailHeader
        list={BUYER_GROUPS}
        title={group.name}
        badges={
          <>
            <BuyerGroupTypeBadge group={group} />
            <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(group.is_active).value} />
            <Text size="sm" c="dimmed">
              {group.buyer_count} {group.buyer_count === 1 ? 'buyer' : 'buyers'}
            </Text>
          </>
        }
        actions={
          canChange && (
            <ActiveToggleButton
              isActive={group.is_active}
              loading={setActive.isPending}
              onActivate={() => setActive.mutate({ id: group.id, active: true })}
              onDeactivate={() => setActive.mutate({ id: group.id, active: false })}
            />
          )
        }
      />
      {!canChange && <ReadOnlyNotice thing="buyer groups" />}
      <DetailTabs
        tabs={[
          {
            value: 'details',
            label: 'Details',
            panel: <BuyerGroupDetailsTab group={group} canChange={canChange} />,
          },
          {
            value: 'buyers',
            label: 'Buyers',
            panel: <BuyerGroupBuyersTab group={group} canChange={canChange} />,
          },
          {
            value: 'branches',
            label: 'Branches',
            panel: <BuyerGroupBranchesTab group={group} canChange={canChange} />,
          },
          { value: 'products', label: 'Products', panel: <BuyerGroupProductsTab groupId={group.id} /> },
          {
            value: 'prices',
            label: 'Prices',
            panel: <BuyerGroupPricesTab groupId={group.id} canChange={canChange} />,
          },
        ]}
      />
    </Stack>
  );
}
