import { formatQuantity } from '@b2b/domain/money';
import { ORDER_MESSAGES, PAYMENT_STATUSES, SALES_ORDER_STATUS_OPTIONS } from '@b2b/domain/sales-orders';
import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { isApiError } from '../../api/api-error';
import { type Column, DataTable } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import { useListSearch } from '../../components/list-search';
import { Money } from '../../components/money';
import { PartyNameCell } from '../../components/party-name-cell';
import { StatusBadge } from '../../components/status-badge';
import { listTableProps } from '../../components/use-list-params';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { orderPath, PATHS } from '../../session/paths';
import { DownloadCsvButton } from '../reports/report-header';
import { isFiltered, NO_ORDER_FILTERS, orderFilterParams, SalesOrderFiltersBar } from './sales-order-filters';
import {
  downloadOrderDetails,
  ORDER_DEFAULT_ORDERING,
  type SalesOrderListParams,
  type SalesOrderSummary,
  salesOrderListQuery,
} from './sales-orders.api';

/** 'SO/0001', with its version when the order has been edited: 'SO/0001 v2'. */
export const orderNumberText = (order: { order_number: string; version: number }) =>
  order.version > 1 ? `${order.order_number} v${order.version}` : order.order_number;

const COLUMNS: Column<SalesOrderSummary>[] = [
  {
    key: 'order_number',
    header: 'Order Number',
    sortField: 'order_number',
    render: (o) => (
      <Anchor component={Link} to={orderPath(o.id)} fw={500} size="sm">
        {orderNumberText(o)}
      </Anchor>
    ),
  },
  {
    key: 'order_date',
    header: 'Date',
    sortField: 'order_date',
    render: (o) => dayjs(o.order_date).format('DD/MM/YYYY'),
  },
  {
    key: 'buyer',
    header: 'Buyer',
    render: (o) => <PartyNameCell name={o.buyer.name} company={o.buyer_company} />,
  },
  { key: 'branch', header: 'Branch', render: (o) => o.branch.name },
  {
    key: 'order_total',
    header: 'Total',
    sortField: 'order_total',
    align: 'right',
    render: (o) => <Money value={o.order_total} />,
  },
  {
    key: 'status',
    header: 'Status',
    sortField: 'status',
    render: (o) => (
      <Box miw={110}>
        <StatusBadge options={SALES_ORDER_STATUS_OPTIONS} value={o.status} />
      </Box>
    ),
  },
  {
    key: 'payment_status',
    header: 'Payment Status',
    render: (o) => (
      <Box miw={110}>
        <StatusBadge options={PAYMENT_STATUSES} value={o.payment_status} />
      </Box>
    ),
  },
  {
    key: 'items',
    header: 'Items / Invoiced',
    align: 'right',
    render: (o) => (
      <Stack gap={0} align="flex-end">
        <Text size="sm">{o.total_items === 1 ? '1 item' : `${o.total_items} items`}</Text>
        <Text size="xs" c="dimmed">
          {formatQuantity(o.total_quantity_invoiced)} of {formatQuantity(o.total_quantity)} invoiced
        </Text>
      </Stack>
    ),
  },
];

/** /orders ('Sales Order'): the company's orders, newest order date first, with the spec's filters. */
export function SalesOrdersPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const navigate = useNavigate();
  const list = useUrlListParams({ ordering: ORDER_DEFAULT_ORDERING });
  const search = useListSearch(list.setSearch, list.params.search);
  const [filters, setFilters] = useUrlFilters(NO_ORDER_FILTERS);
  const params: SalesOrderListParams = { ...list.params, ...orderFilterParams(filters) };
  const orders = useQuery(salesOrderListQuery(companyId, params));
  const filtered = list.params.search !== '' || isFiltered(filters);
  const noneYet = !filtered && orders.data?.count === 0 && !orders.isPlaceholderData;
  const add = canPerform(user, 'add_order') ? () => void navigate({ to: PATHS.orderNew }) : undefined;
  const forbidden = isApiError(orders.error) && orders.error.status === 403;

  return (
    <ListPage
      title="Sales Order"
      addLabel="New Order"
      onAdd={add}
      dialogOpen={false}
      noneYet={noneYet}
      area="sales-orders"
      filters={
        <Group justify="space-between" align="flex-end" wrap="nowrap" gap="sm">
          <Box style={{ flex: 1 }}>
            <SalesOrderFiltersBar
              companyId={companyId}
              search={search}
              filters={filters}
              onChange={(next) => {
                setFilters(next);
                list.resetPage();
              }}
            />
          </Box>
          <Box style={{ flexShrink: 0 }}>
            <DownloadCsvButton
              download={() => downloadOrderDetails(params)}
              disabled={!orders.data || orders.data.count === 0}
            />
          </Box>
        </Group>
      }
      table={
        <DataTable
          label="Sales Orders"
          columns={COLUMNS}
          rowKey={(o) => o.id}
          {...listTableProps(list, orders)}
          errorTitle={forbidden ? ORDER_MESSAGES.forbidden_view : ORDER_MESSAGES.list_load_failed}
          onRowClick={(o) => void navigate({ to: orderPath(o.id) })}
          minWidth={1100}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No order matches the search or the filters.
            </Text>
          }
        />
      }
    />
  );
}
