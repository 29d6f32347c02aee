import { BUYER_GROUP_MESSAGES } from '@b2b/domain/buyer-groups';
import { Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { ListPage, SearchAndStatusFilters, useSearchAndStatus } from '../../components/list-page';
import { useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { buyerGroupPath } from '../../session/paths';
import { buyerGroupColumns } from './buyer-group-columns';
import { BuyerGroupCreateDialog } from './buyer-group-create-dialog';
import { type BuyerGroupListParams, buyerGroupListQuery, useSetBuyerGroupActive } from './buyer-groups.api';

type TypeFilter = 'all' | 'static' | 'dynamic';

const TYPE_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'static', label: 'Static' },
  { value: 'dynamic', label: 'Dynamic' },
];

/** /buyer-groups: the company's buyer groups with search, status and type filters. */
export function BuyerGroupsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_buyer_group');
  const canChange = canPerform(user, 'change_buyer_group');
  const navigate = useNavigate();
  const list = useUrlListParams();
  const filter = useSearchAndStatus(list);
  const [type, setType] = useState<TypeFilter>('all');
  const [creating, setCreating] = useState(false);
  const setActive = useSetBuyerGroupActive();

  const params: BuyerGroupListParams = {
    ...list.params,
    is_active: filter.isActive,
    is_dynamic_group: type === 'all' ? undefined : type === 'dynamic',
  };
  const groups = useQuery(buyerGroupListQuery(companyId, params));
  const filtered = filter.filtered || type !== 'all';
  const noneYet = !filtered && groups.data?.count === 0 && !groups.isPlaceholderData;

  return (
    <ListPage
      title="Buyer Groups"
      addLabel="Create Buyer Group"
      onAdd={canAdd ? () => setCreating(true) : undefined}
      dialogOpen={creating}
      readOnlyThing={canChange ? undefined : 'buyer groups'}
      noneYet={noneYet}
      area="buyer-groups"
      filters={
        <SearchAndStatusFilters filter={filter} placeholder="Buyer group name">
          <Select
            label="Type"
            data={TYPE_OPTIONS}
            value={type}
            allowDeselect={false}
            onChange={(value) => {
              setType((value as TypeFilter | null) ?? 'all');
              list.resetPage();
            }}
            w={140}
          />
        </SearchAndStatusFilters>
      }
      table={
        <DataTable
          label="Buyer Groups"
          columns={buyerGroupColumns(canChange, (group, active) =>
            setActive.mutate({ id: group.id, active }),
          )}
          rowKey={(group) => group.id}
          data={groups.data}
          isLoading={groups.isLoading}
          error={groups.error}
          errorTitle={BUYER_GROUP_MESSAGES.list_failed}
          onRetry={() => groups.refetch()}
          limit={list.params.limit}
          offset={list.params.offset}
          onPageChange={list.setPage}
          ordering={list.params.ordering}
          onOrderingChange={list.setOrdering}
          minWidth={820}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No buyer group matches the search or the filters.
            </Text>
          }
        />
      }
    >
      {creating && (
        <BuyerGroupCreateDialog
          companyId={companyId}
          onClose={() => setCreating(false)}
          onCreated={(group) => navigate({ to: buyerGroupPath(group.id) })}
        />
      )}
    </ListPage>
  );
}
