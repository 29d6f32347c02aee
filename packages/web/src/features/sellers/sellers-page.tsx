import { SELLER_CSV_COLUMNS } from '@b2b/domain/api/list-csv';
import { Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../../api/client';
import { DataTable } from '../../components/data-table';
import { DownloadListCsvButton, downloadListCsv } from '../../components/download-list-csv';
import { ListPage, SearchAndStatusFilters, useSearchAndStatus } from '../../components/list-page';
import { ActiveBulkActions, useRowSelection } from '../../components/row-selection';
import { useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { sellerPath } from '../../session/paths';
import { sellerColumns } from './seller-columns';
import { SellerFormDialog } from './seller-form-dialog';
import {
  SELLER_TOASTS,
  type Seller,
  type SellerListParams,
  sellerKeys,
  sellerListQuery,
  useSetSellerActive,
} from './sellers.api';

type Dialog = { kind: 'create' } | { kind: 'edit'; seller: Seller } | null;

/** /sellers: the company's suppliers with search, status filter, sorting and paging. */
export function SellersPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_seller');
  const canChange = canPerform(user, 'change_seller');
  const navigate = useNavigate();
  const list = useUrlListParams();
  const filter = useSearchAndStatus(list);
  const [dialog, setDialog] = useState<Dialog>(null);

  const params: SellerListParams = { ...list.params, is_active: filter.isActive };
  const sellers = useQuery(sellerListQuery(companyId, params));
  const selection = useRowSelection<Seller>();
  const queryClient = useQueryClient();
  const setActive = useSetSellerActive();
  const columns = sellerColumns(canChange, {
    onEdit: (seller) => setDialog({ kind: 'edit', seller }),
    onSetActive: (seller, active) => setActive.mutate(seller.id, active),
  });
  const noSellersYet = !filter.filtered && sellers.data?.count === 0 && !sellers.isPlaceholderData;

  return (
    <ListPage
      title="Sellers"
      addLabel="Create Seller"
      onAdd={canAdd ? () => setDialog({ kind: 'create' }) : undefined}
      dialogOpen={dialog !== null}
      readOnlyThing={canChange ? undefined : 'sellers'}
      noneYet={noSellersYet}
      area="sellers"
      actions={
        <DownloadListCsvButton
          download={() => downloadListCsv(`companies/${companyId}/sellers`, params, 'sellers.csv')}
        />
      }
      filters={<SearchAndStatusFilters filter={filter} placeholder="Name, contact, phone, GSTIN" />}
      table={
        <Stack gap="sm">
          <ActiveBulkActions
            selection={selection}
            csv={{ filename: 'sellers-selected.csv', columns: SELLER_CSV_COLUMNS }}
            setActive={
              canChange
                ? (seller, on) => api.post(`sellers/${seller.id}/${on ? 'activate' : 'deactivate'}`)
                : undefined
            }
            onDone={() => queryClient.invalidateQueries({ queryKey: sellerKeys.all })}
          />
          <DataTable
            selection={selection}
            label="Sellers"
            columns={columns}
            rowKey={(seller) => seller.id}
            data={sellers.data}
            isLoading={sellers.isLoading}
            error={sellers.error}
            errorTitle={SELLER_TOASTS.list_failed}
            onRetry={() => sellers.refetch()}
            limit={list.params.limit}
            offset={list.params.offset}
            onPageChange={list.setPage}
            ordering={list.params.ordering}
            onOrderingChange={list.setOrdering}
            onRowClick={(seller) => void navigate({ to: sellerPath(seller.id) })}
            minWidth={820}
            empty={
              <Text c="dimmed" ta="center" py="xl">
                No seller matches the search or the status filter.
              </Text>
            }
          />
        </Stack>
      }
    >
      {dialog && (
        <SellerFormDialog
          companyId={companyId}
          seller={dialog.kind === 'edit' ? dialog.seller : null}
          onClose={() => setDialog(null)}
          onCreated={(id) => void navigate({ to: sellerPath(id) })}
        />
      )}
    </ListPage>
  );
}
