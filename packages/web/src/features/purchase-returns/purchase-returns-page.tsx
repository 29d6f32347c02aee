import '@mantine/dates/styles.css';
import { formatQuantity } from '@b2b/domain/money';
import { PURCHASE_RETURN_MESSAGES, PURCHASE_RETURN_STATUSES } from '@b2b/domain/purchase-returns';
import { Anchor, Box, Group, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type Column, DataTable } from '../../components/data-table';
import { DateRangeFilter } from '../../components/date-range-filter';
import { DownloadListCsvButton, downloadListCsv } from '../../components/download-list-csv';
import { EntitySelect } from '../../components/entity-select';
import { formatDay } from '../../components/format-day';
import { ListPage } from '../../components/list-page';
import { ListSearch, useListSearch } from '../../components/list-search';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { listTableProps } from '../../components/use-list-params';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { billPath, debitNotePath, PATHS, purchaseReturnPath } from '../../session/paths';
import { sellerSource } from '../sellers/seller-source';
import {
  PURCHASE_RETURN_DEFAULT_ORDERING,
  type PurchaseReturn,
  type PurchaseReturnFilters,
  type PurchaseReturnListParams,
  purchaseReturnListQuery,
} from './purchase-returns.api';

export const PURCHASE_RETURN_COLUMNS: Column<PurchaseReturn>[] = [
  {
    key: 'return_number',
    header: 'Return Number',
    sortField: 'return_number',
    render: (r) => (
      <Anchor
        component={Link}
        to={purchaseReturnPath(r.id)}
        fw={500}
        size="sm"
        style={{ whiteSpace: 'nowrap' }}
      >
        {r.return_number}
      </Anchor>
    ),
  },
  { key: 'return_date', header: 'Date', sortField: 'return_date', render: (r) => formatDay(r.return_date) },
  {
    key: 'bill',
    header: 'Bill',
    render: (r) => (
      <Anchor component={Link} to={billPath(r.bill.id)} size="sm" onClick={(e) => e.stopPropagation()}>
        {r.bill.bill_number}
      </Anchor>
    ),
  },
  { key: 'seller', header: 'Seller', render: (r) => <Text size="sm">{r.seller.name}</Text> },
  { key: 'quantity', header: 'Quantity', align: 'right', render: (r) => formatQuantity(r.total_quantity) },
  {
    key: 'debit_note',
    header: 'Debit Note',
    render: (r) =>
      r.debit_note ? (
        <Anchor
          component={Link}
          to={debitNotePath(r.debit_note.id)}
          size="sm"
          onClick={(e) => e.stopPropagation()}
        >
          {r.debit_note.debit_note_number}
        </Anchor>
      ) : (
        ''
      ),
  },
  {
    key: 'total',
    header: 'Debit Note Total',
    align: 'right',
    render: (r) => (r.debit_note ? <Money value={r.debit_note.total} /> : ''),
  },
  {
    key: 'status',
    header: 'Status',
    render: (r) => <StatusBadge options={PURCHASE_RETURN_STATUSES} value={r.status} />,
  },
];

interface Filters {
  seller: number | null;
  status: string | null;
  dates: [string | null, string | null];
}
const NO_FILTERS: Filters = { seller: null, status: null, dates: [null, null] };
const filterParams = (filters: Filters): PurchaseReturnFilters => ({
  seller: filters.seller ?? undefined,
  status: (filters.status ?? undefined) as PurchaseReturnFilters['status'],
  start_date: filters.dates[0] ?? undefined,
  end_date: filters.dates[1] ?? undefined,
});
const STATUS_OPTIONS = PURCHASE_RETURN_STATUSES.map((s) => ({ value: s.value, label: s.label }));

/** /purchase-returns: goods sent back to sellers, newest first, with search, filters, CSV and New. */
export function PurchaseReturnsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const navigate = useNavigate();
  const list = useUrlListParams({ ordering: PURCHASE_RETURN_DEFAULT_ORDERING });
  const search = useListSearch(list.setSearch, list.params.search);
  const [filters, setFilters] = useUrlFilters(NO_FILTERS);
  const params: PurchaseReturnListParams = { ...list.params, ...filterParams(filters) };
  const returns = useQuery(purchaseReturnListQuery(companyId, params));
  const filtered =
    list.params.search !== '' || Object.values(filterParams(filters)).some((value) => value !== undefined);
  const noneYet = !filtered && returns.data?.count === 0 && !returns.isPlaceholderData;
  const mayAdd = canPerform(user, 'add_purchase_return');
  const change = (next: Filters) => {
    setFilters(next);
    list.resetPage();
  };
  return (
    <ListPage
      title="Purchase Returns"
      addLabel="New Purchase Return"
      onAdd={mayAdd ? () => void navigate({ to: PATHS.purchaseReturnNew }) : undefined}
      dialogOpen={false}
      readOnlyThing={mayAdd ? undefined : 'purchase returns'}
      noneYet={noneYet}
      area="purchase-returns"
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListSearch search={search} placeholder="Return, bill or debit note number, seller" />
          <Box w={240}>
            <EntitySelect
              source={sellerSource(companyId)}
              label="Seller"
              placeholder="All"
              value={filters.seller}
              onChange={(seller) => change({ ...filters, seller })}
              includeInactive
            />
          </Box>
          <DateRangeFilter
            label="Return Date"
            value={filters.dates}
            onChange={(dates) => change({ ...filters, dates })}
          />
          <Select
            label="Status"
            placeholder="All"
            data={STATUS_OPTIONS}
            value={filters.status}
            onChange={(status) => change({ ...filters, status })}
            clearable
            w={160}
          />
        </Group>
      }
      actions={
        <DownloadListCsvButton
          download={() =>
            downloadListCsv(`admin/companies/${companyId}/purchase_returns`, params, 'purchase-returns.csv')
          }
        />
      }
      table={
        <DataTable
          label="Purchase Returns"
          columns={PURCHASE_RETURN_COLUMNS}
          rowKey={(r) => r.id}
          {...listTableProps(list, returns)}
          errorTitle={PURCHASE_RETURN_MESSAGES.list_load_failed}
          onRowClick={(r) => void navigate({ to: purchaseReturnPath(r.id) })}
          minWidth={960}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No purchase return matches the search or the filters.
            </Text>
          }
        />
      }
    />
  );
}
