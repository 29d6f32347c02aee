import { BUYER_GROUP_MESSAGES } from '@b2b/domain/buyer-groups';
import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { Alert, Anchor, Breadcrumbs, Button, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { useCurrentUser } from '../../app/current-user';
import { canPerform } from '../../app/has-permission';
import { PATHS } from '../../app/paths';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { StatusBadge } from '../../components/status-badge';
import { BuyerGroupBranchesTab } from './buyer-group-branches-tab';
import { BuyerGroupBuyersTab } from './buyer-group-buyers-tab';
import { BuyerGroupTypeBadge } from './buyer-group-columns';
import { BuyerGroupDetailsTab } from './buyer-group-details-tab';
import { BuyerGroupProductsTab } from './buyer-group-products-tab';
import { type BuyerGroup, buyerGroupQuery, useSetBuyerGroupActive } from './buyer-groups.api';

function useBuyerGroupIdParam(): number | null {
  const { buyerGroupId } = useParams({ strict: false }) as { buyerGroupId?: string };
  const id = Number(buyerGroupId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function NotFound() {
  return (
    <Alert color="red" title="Buyer Group Not Found" role="alert">
      <Stack gap="xs" align="flex-start">
        This buyer group does not exist.
        <Button component={Link} to={PATHS.buyerGroups} size="xs" variant="light" color="red">
          Back to Buyer Groups
        </Button>
      </Stack>
    </Alert>
  );
}

/** /buyer-groups/{id}: one group with its details, buyers, branches and products. */
export function BuyerGroupDetailPage() {
  const id = useBuyerGroupIdParam();
  const group = useQuery({ ...buyerGroupQuery(id ?? 0), enabled: id !== null });
  if (id === null) return <NotFound />;
  if (group.data) return <BuyerGroupDetail group={group.data} />;
  if (group.error) {
    if (isApiError(group.error) && group.error.status === 404) return <NotFound />;
    return (
      <LoadErrorAlert
        error={group.error}
        onRetry={() => group.refetch()}
        title={BUYER_GROUP_MESSAGES.load_failed}
      />
    );
  }
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading buyer group">
      <Skeleton height={32} width="40%" />
      <Skeleton height={240} />
    </Stack>
  );
}

type Tab = 'details' | 'buyers' | 'branches' | 'products';

function BuyerGroupDetail({ group }: { group: BuyerGroup }) {
  const user = useCurrentUser();
  const canChange = canPerform(user, 'change_buyer_group');
  const [tab, setTab] = useState<Tab>('details');
  const setActive = useSetBuyerGroupActive();

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Breadcrumbs separator="›" fz="sm">
          <Anchor component={Link} to={PATHS.buyerGroups} size="sm">
            Buyer Groups
          </Anchor>
          <Text size="sm" c="dimmed" truncate="end" maw={360}>
            {group.name}
          </Text>
        </Breadcrumbs>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={4}>
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>
              {group.name}
            </Title>
            <Group gap="xs">
              <BuyerGroupTypeBadge group={group} />
              <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(group.is_active).value} />
              <Text size="sm" c="dimmed">
                {group.buyer_count} {group.buyer_count === 1 ? 'buyer' : 'buyers'}
              </Text>
            </Group>
          </Stack>
          {canChange && (
            <Button
              variant="default"
              leftSection={group.is_active ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
              loading={setActive.isPending}
              onClick={() => setActive.mutate({ id: group.id, active: !group.is_active })}
            >
              {group.is_active ? 'Deactivate' : 'Activate'}
            </Button>
          )}
        </Group>
      </Stack>
      {!canChange && <ReadOnlyNotice thing="buyer groups" />}
      <Tabs value={tab} onChange={(value) => setTab((value as Tab) ?? 'details')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="buyers">Buyers</Tabs.Tab>
          <Tabs.Tab value="branches">Branches</Tabs.Tab>
          <Tabs.Tab value="products">Products</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          <BuyerGroupDetailsTab group={group} canChange={canChange} />
        </Tabs.Panel>
        <Tabs.Panel value="buyers" pt="md">
          <BuyerGroupBuyersTab group={group} canChange={canChange} />
        </Tabs.Panel>
        <Tabs.Panel value="branches" pt="md">
          <BuyerGroupBranchesTab group={group} canChange={canChange} />
        </Tabs.Panel>
        <Tabs.Panel value="products" pt="md">
          <BuyerGroupProductsTab groupId={group.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
