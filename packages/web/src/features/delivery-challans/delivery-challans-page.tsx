import '@mantine/dates/styles.css';
import {
  challanPurposeLabel,
  DELIVERY_CHALLAN_PURPOSE_OPTIONS,
  DELIVERY_CHALLAN_STATUS_OPTIONS,
  type DeliveryChallanPurpose,
} from '@b2b/domain/delivery-challans';
import { formatQuantity } from '@b2b/domain/money';
import { Anchor, Group, MultiSelect, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type Column, DataTable } from '../../components/data-table';
import { DateRangeFilter } from '../../components/date-range-filter';
import { formatDay } from '../../components/format-day';
import { ListPage } from '../../components/list-page';
import { ListSearch, useListSearch } from '../../components/list-search';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { listTableProps } from '../../components/use-list-params';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { deliveryChallanPath, PATHS } from '../../session/paths';
import {
  DELIVERY_CHALLAN_DEFAULT_ORDERING,
  DELIVERY_CHALLAN_TOASTS,
  type DeliveryChallanFilters,
  type DeliveryChallanListParams,
  type DeliveryChallanSummary,
  deliveryChallanListQuery,
} from './delivery-challans.api';

/** The challan's status with the domain's label and colour. */
export function ChallanStatusBadge({ status }: { status: string }) {
  return <StatusBadge options={DELIVERY_CHALLAN_STATUS_OPTIONS} value={status} />;
}

/** Who received the goods: the buyer and their city, or one of the company's warehouses. */
export function RecipientCell({ recipient }: { recipient: DeliveryChallanSummary['buyer_branch'] }) {
  return (
    <>
      <Text size="sm">{recipient.name}</Text>
      <Text size="xs" c="dimmed">
        {recipient.kind === 'warehouse' ? 'Own warehouse' : (recipient.address?.city ?? '')}
      </Text>
    </>
  );
}

const COLUMNS: Column<DeliveryChallanSummary>[] = [
  {
    key: 'challan_number',
    header: 'Challan Number',
    sortField: 'challan_number',
    render: (c) => (
      <Anchor
        component={Link}
        to={deliveryChallanPath(c.id)}
        fw={500}
        size="sm"
        style={{ whiteSpace: 'nowrap' }}
      >
        {c.challan_number}
      </Anchor>
    ),
  },
  {
    key: 'challan_date',
    header: 'Date',
    sortField: 'challan_date',
    render: (c) => formatDay(c.challan_date),
  },
  { key: 'purpose', header: 'Purpose', render: (c) => challanPurposeLabel(c.purpose) },
  { key: 'recipient', header: 'Recipient', render: (c) => <RecipientCell recipient={c.buyer_branch} /> },
  { key: 'seller_branch', header: 'Seller Branch', render: (c) => c.seller_branch.name },
  {
    key: 'items',
    header: 'Items',
    align: 'right',
    render: (c) => (
      <>
        <Text size="sm">{c.total_items}</Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatQuantity(c.total_quantity)} units
        </Text>
      </>
    ),
  },
  {
    key: 'total_value',
    header: 'Value',
    sortField: 'total_value',
    align: 'right',
    render: (c) => <Money value={c.total_value} />,
  },
  { key: 'status', header: 'Status', render: (c) => <ChallanStatusBadge status={c.status} /> },
];

/** The list's filters: status (several), purpose and a range of challan dates. */
export interface ChallanFilterValues {
  status: string[];
  purpose: DeliveryChallanPurpose | null;
  dates: [string | null, string | null];
}

export const NO_CHALLAN_FILTERS: ChallanFilterValues = { status: [], purpose: null, dates: [null, null] };

/** The query parameters of the chosen filters (absent when a filter is empty; one day is a range of one day). */
export function challanFilterParams(values: ChallanFilterValues): DeliveryChallanFilters {
  return {
    status__in: values.status.length > 0 ? values.status.join(',') : undefined,
    purpose: values.purpose ?? undefined,
    start_date: values.dates[0] ?? undefined,
    end_date: values.dates[1] ?? values.dates[0] ?? undefined,
  };
}

const isFiltered = (values: ChallanFilterValues) =>
  Object.values(challanFilterParams(values)).some((value) => value !== undefined);

/** /delivery-challans: goods sent without a sale, newest challan date first. */
export function DeliveryChallansPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const navigate = useNavigate();
  const list = useUrlListParams({ ordering: DELIVERY_CHALLAN_DEFAULT_ORDERING });
  const search = useListSearch(list.setSearch, list.params.search);
  const [filters, setFilters] = useUrlFilters(NO_CHALLAN_FILTERS);
  const params: DeliveryChallanListParams = { ...list.params, ...challanFilterParams(filters) };
  const challans = useQuery(deliveryChallanListQuery(companyId, params));
  const filtered = list.params.search !== '' || isFiltered(filters);
  const noneYet = !filtered && challans.data?.count === 0 && !challans.isPlaceholderData;
  const add = canPerform(user, 'add_delivery_challan')
    ? () => void navigate({ to: PATHS.deliveryChallanNew })
    : undefined;
  const set =
    <K extends keyof ChallanFilterValues>(key: K) =>
    (value: ChallanFilterValues[K]) => {
      setFilters({ ...filters, [key]: value });
    };

  return (
    <ListPage
      title="Delivery Challans"
      addLabel="New Challan"
      onAdd={add}
      dialogOpen={false}
      noneYet={noneYet}
      area="delivery-challans"
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListSearch search={search} placeholder="Challan, reference or buyer" />
          <MultiSelect
            label="Status"
            placeholder={filters.status.length ? undefined : 'All'}
            data={DELIVERY_CHALLAN_STATUS_OPTIONS.map(({ value, label }) => ({ value, label }))}
            value={filters.status}
            onChange={set('status')}
            clearable
            w={220}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Purpose"
            placeholder="All"
            data={DELIVERY_CHALLAN_PURPOSE_OPTIONS.map(({ value, label }) => ({ value, label }))}
            value={filters.purpose}
            onChange={(value) => set('purpose')((value as DeliveryChallanPurpose | null) ?? null)}
            clearable
            w={190}
          />
          <DateRangeFilter
            label="Challan Date"
            value={filters.dates}
            onChange={(range) => set('dates')(range)}
          />
        </Group>
      }
      table={
        <DataTable
          label="Delivery Challans"
          columns={COLUMNS}
          rowKey={(c) => c.id}
          {...listTableProps(list, challans)}
          errorTitle={DELIVERY_CHALLAN_TOASTS.load_failed}
          onRowClick={(c) => void navigate({ to: deliveryChallanPath(c.id) })}
          minWidth={1000}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No delivery challan matches the search or the filters.
            </Text>
          }
        />
      }
    />
  );
}
