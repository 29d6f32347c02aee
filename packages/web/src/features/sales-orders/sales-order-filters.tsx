import '@mantine/dates/styles.css';
import {
  ORDER_INVOICING_OPTIONS,
  PAYMENT_STATUSES,
  SALES_ORDER_STATUS_OPTIONS,
} from '@b2b/domain/sales-orders';
import { Group, MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DateRangeFilter } from '../../components/date-range-filter';
import { ListSearch, type useListSearch } from '../../components/list-search';
import { paymentMethodListQuery } from '../payment-methods/payment-methods.api';
import { salesChannelsQuery } from '../reference/reference.api';
import { userListQuery } from '../users/users.api';
import type { SalesOrderFilters } from './sales-orders.api';

/** The order list's filters as chosen: several values each (spec 1, Order filter). */
export interface OrderFilterState {
  status: string[];
  paymentStatus: string[];
  salesChannel: string[];
  salesPerson: string[];
  paymentMethod: string[];
  invoicing: string[];
  dates: [string | null, string | null];
}

export const NO_ORDER_FILTERS: OrderFilterState = {
  status: [],
  paymentStatus: [],
  salesChannel: [],
  salesPerson: [],
  paymentMethod: [],
  invoicing: [],
  dates: [null, null],
};

const list = (values: string[]) => (values.length > 0 ? values.join(',') : undefined);

/** The query parameters of the chosen filters (status__in=new,confirmed ...). */
export function orderFilterParams(filters: OrderFilterState): SalesOrderFilters {
  return {
    status__in: list(filters.status),
    payment_status__in: list(filters.paymentStatus),
    sales_channel__in: list(filters.salesChannel),
    sales_person__in: list(filters.salesPerson),
    payment_method__in: list(filters.paymentMethod),
    invoicing__in: list(filters.invoicing),
    start_date: filters.dates[0] ?? undefined,
    end_date: filters.dates[1] ?? undefined,
  };
}

export const isFiltered = (filters: OrderFilterState) =>
  Object.values(orderFilterParams(filters)).some((value) => value !== undefined);

/** An order superseded by its new version leaves the list: it is not a status to filter by. */
const STATUS_OPTIONS = SALES_ORDER_STATUS_OPTIONS.filter((s) => s.value !== 'has_new_version').map((s) => ({
  value: s.value,
  label: s.label,
}));
const PAYMENT_STATUS_OPTIONS = PAYMENT_STATUSES.map((s) => ({ value: s.value, label: s.label }));
const INVOICING_OPTIONS = ORDER_INVOICING_OPTIONS.map((option) => ({ ...option }));

export function SalesOrderFiltersBar({
  companyId,
  search,
  filters,
  onChange,
}: {
  companyId: number;
  search: ReturnType<typeof useListSearch>;
  filters: OrderFilterState;
  onChange: (filters: OrderFilterState) => void;
}) {
  const channels = useQuery(salesChannelsQuery);
  const users = useQuery(userListQuery(companyId, { limit: -1, ordering: 'first_name' }));
  const paymentMethods = useQuery(paymentMethodListQuery(companyId));
  const multi = (
    label: string,
    key: Exclude<keyof OrderFilterState, 'dates'>,
    data: { value: string; label: string }[],
  ) => (
    <MultiSelect
      label={label}
      placeholder={filters[key].length === 0 ? 'All' : undefined}
      data={data}
      value={filters[key]}
      onChange={(value) => onChange({ ...filters, [key]: value })}
      clearable
      searchable
      w={200}
    />
  );
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <ListSearch search={search} placeholder="Order number, buyer or reference" />
      {multi('Status', 'status', STATUS_OPTIONS)}
      <DateRangeFilter
        label="Order Date"
        value={filters.dates}
        onChange={(range) => onChange({ ...filters, dates: range })}
      />
      {multi(
        'Sales Channel',
        'salesChannel',
        (channels.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.display_name })),
      )}
      {multi(
        'Sales Person',
        'salesPerson',
        (users.data?.results ?? []).map((u) => ({
          value: String(u.id),
          label: `${u.first_name} ${u.last_name}`.trim() || u.email,
        })),
      )}
      {multi(
        'Payment Method',
        'paymentMethod',
        (paymentMethods.data?.results ?? []).map((m) => ({ value: String(m.id), label: m.name })),
      )}
      {multi('Payment Status', 'paymentStatus', PAYMENT_STATUS_OPTIONS)}
      {multi('Invoicing', 'invoicing', INVOICING_OPTIONS)}
    </Group>
  );
}
