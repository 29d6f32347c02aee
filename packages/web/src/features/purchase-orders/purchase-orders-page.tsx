import { PURCHASE_ORDER_STATUSES } from '@b2b/domain/purchase-orders';
import { Anchor, Group, MultiSelect, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { DateRangeFilter, type DayRange } from '../../components/date-range-filter';
import { DownloadListCsvButton } from '../../components/download-list-csv';
import { EntitySelect } from '../../components/entity-select';
import { formatDay } from '../../components/format-day';
import { ListPage } from '../../components/list-page';
import { ListSearch, useListSearch } from '../../components/list-search';
import { Money } from '../../components/money';
import { listTableProps } from '../../components/use-list-params';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS, purchaseOrderPath } from '../../session/paths';
import { allBranchesQuery } from '../branches/branches.api';
import { sellerSource } from '../sellers/seller-source';
import { PurchaseOrderStatusBadge } from './purchase-order-status';
import {
  downloadPurchaseOrdersCsv,
  PURCHASE_ORDER_DEFAULT_ORDERING,
  PURCHASE_ORDER_TOASTS,
  type PurchaseOrderFilters,
  type PurchaseOrderListParams,
  type PurchaseOrderSummary,
  purchaseOrderListQuery,
} from './purchase-orders.api';

const nowrap = (node: ReactNode) => (
  <span style={{ whiteSpace: 'nowrap', display: 'inline-block', minWidth: 'max-content' }}>{node}</span>
);

export const PURCHASE_ORDER_COLUMNS: Column<PurchaseOrderSummary>[] = [
  {
    key: 'order_number',
    header: 'Order Number',
    sortField: 'order_number',
    render: (o) => (
      <Anchor
        component={Link}
        to={purchaseOrderPath(o.id)}
        fw={500}
        size="sm"
        style={{ whiteSpace: 'nowrap' }}
      >
        {o.order_number}
      </Anchor>
    ),
  },
  { key: 'seller', header: 'Seller', render: (o) => o.seller.name },
  {
    key: 'order_date',
    header: 'Order Date',
    sortField: 'order_date',
    render: (o) => nowrap(formatDay(o.order_date)),
  },
  {
    key: 'expected_date',
    header: 'Expected',
    sortField: 'expected_date',
    render: (o) => (o.expected_date ? nowrap(formatDay(o.expected_date)) : '—'),
  },
  { key: 'branch', header: 'Branch', render: (o) => o.branch.name },
  { key: 'status', header: 'Status', render: (o) => nowrap(<PurchaseOrderStatusBadge status={o.status} />) },
  {
    key: 'total',
    header: 'Total',
    sortField: 'total',
    align: 'right',
    render: (o) => <Money value={o.total} />,
  },
];

/** The list's filters as the address keeps them. */
export interface PurchaseOrderFilterValues {
  seller: number | string | null;
  branch: number | string | null;
  status: string[];
  dates: DayRange;
}

export const NO_PURCHASE_ORDER_FILTERS: PurchaseOrderFilterValues = {
  seller: null,
  branch: null,
  status: [],
  dates: [null, null],
};

const idOf = (value: number | string | null) => {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

export function purchaseOrderFilterParams(values: PurchaseOrderFilterValues): PurchaseOrderFilters {
  return {
    seller: idOf(values.seller),
    branch: idOf(values.branch),
    status__in: values.status.length > 0 ? values.status.join(',') : undefined,
    start_date: values.dates[0] ?? undefined,
    end_date: values.dates[1] ?? values.dates[0] ?? undefined,
  };
}

function PurchaseOrderFilterBar({
  companyId,
  values,
  onChange,
}: {
  companyId: number;
  values: PurchaseOrderFilterValues;
  onChange: (values: PurchaseOrderFilterValues) => void;
}) {
  const branches = useQuery(allBranchesQuery(companyId));
  const set =
    <K extends keyof PurchaseOrderFilterValues>(key: K) =>
    (value: PurchaseOrderFilterValues[K]) =>
      onChange({ ...values, [key]: value });
  const branch = idOf(values.branch);
  return (
    <>
      <div style={{ width: 240 }}>
        <EntitySelect
          source={sellerSource(companyId)}
          label="Seller"
          placeholder="All sellers"
          value={idOf(values.seller) ?? null}
          onChange={(id) => set('seller')(id)}
          includeInactive
        />
      </div>
      <Select
        label="Branch"
        placeholder="All"
        data={(branches.data?.results ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
        value={branch === undefined ? null : String(branch)}
        onChange={(value) => set('branch')(value === null ? null : Number(value))}
        clearable
        searchable
        w={190}
      />
      <MultiSelect
        label="Status"
        placeholder={values.status.length ? undefined : 'All'}
        data={PURCHASE_ORDER_STATUSES.map(({ value, label }) => ({ value, label }))}
        value={values.status}
        onChange={set('status')}
        clearable
        w={220}
        comboboxProps={{ withinPortal: true }}
        styles={{ pillsList: { flexWrap: 'nowrap', overflow: 'hidden' } }}
      />
      <DateRangeFilter label="Order Date" value={values.dates} onChange={set('dates')} />
    </>
  );
}

/** /purchase-orders: what we ordered from our sellers, newest first, with filters and a CSV download. */
export function PurchaseOrdersPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const navigate = useNavigate();
  const list = useUrlListParams({ ordering: PURCHASE_ORDER_DEFAULT_ORDERING });
  const search = useListSearch(list.setSearch, list.params.search);
  const [filters, setFilters] = useUrlFilters(NO_PURCHASE_ORDER_FILTERS);
  const params: PurchaseOrderListParams = { ...list.params, ...purchaseOrderFilterParams(filters) };
  const orders = useQuery(purchaseOrderListQuery(companyId, params));
  const filtered =
    list.params.search !== '' ||
    Object.values(purchaseOrderFilterParams(filters)).some((value) => value !== undefined);
  const noneYet = !filtered && orders.data?.count === 0 && !orders.isPlaceholderData;
  const add = canPerform(user, 'add_purchase_order')
    ? () => void navigate({ to: PATHS.purchaseOrderNew })
    : undefined;

  return (
    <ListPage
      title="Purchase Orders"
      addLabel="New Purchase Order"
      onAdd={add}
      dialogOpen={false}
      noneYet={noneYet}
      area="purchase-orders"
      actions={
        <DownloadListCsvButton
          download={() => downloadPurchaseOrdersCsv(companyId, params)}
          failure={PURCHASE_ORDER_TOASTS.export_failed}
        />
      }
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListSearch search={search} placeholder="Order number or seller" />
          <PurchaseOrderFilterBar companyId={companyId} values={filters} onChange={setFilters} />
        </Group>
      }
      table={
        <DataTable
          label="Purchase Orders"
          columns={PURCHASE_ORDER_COLUMNS}
          rowKey={(o) => o.id}
          {...listTableProps(list, orders)}
          errorTitle={PURCHASE_ORDER_TOASTS.list_load_failed}
          onRowClick={(o) => void navigate({ to: purchaseOrderPath(o.id) })}
          minWidth={900}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No purchase order matches the search or the filters.
            </Text>
          }
        />
      }
    />
  );
}
