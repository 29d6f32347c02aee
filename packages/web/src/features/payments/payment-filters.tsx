import '@mantine/dates/styles.css';
import { PAYMENT_RECORD_STATUSES } from '@b2b/domain/payments';
import { Box, Group, MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DateRangeFilter } from '../../components/date-range-filter';
import { EntitySelect } from '../../components/entity-select';
import { ListSearch, type useListSearch } from '../../components/list-search';
import { paymentMethodListQuery } from '../payment-methods/payment-methods.api';
import { buyerSource } from '../quotations/quotation-party-fields';
import type { PaymentFilters } from './payments.api';

/** The Payments Received list's filters as chosen (as the order list's: several values each). */
export interface PaymentFilterState {
  buyer: number | null;
  status: string[];
  paymentMethod: string[];
  dates: [string | null, string | null];
}

export const NO_PAYMENT_FILTERS: PaymentFilterState = {
  buyer: null,
  status: [],
  paymentMethod: [],
  dates: [null, null],
};

const list = (values: string[]) => (values.length > 0 ? values.join(',') : undefined);

/** The query parameters of the chosen filters (buyer=7&status__in=completed&start_date=...). */
export function paymentFilterParams(filters: PaymentFilterState): PaymentFilters {
  return {
    buyer: filters.buyer ?? undefined,
    status__in: list(filters.status),
    payment_method__in: list(filters.paymentMethod),
    start_date: filters.dates[0] ?? undefined,
    end_date: filters.dates[1] ?? undefined,
  };
}

export const isPaymentFiltered = (filters: PaymentFilterState) =>
  Object.values(paymentFilterParams(filters)).some((value) => value !== undefined);

const STATUS_OPTIONS = PAYMENT_RECORD_STATUSES.map((s) => ({ value: s.value, label: s.label }));

export function PaymentFiltersBar({
  companyId,
  search,
  filters,
  onChange,
}: {
  companyId: number;
  search: ReturnType<typeof useListSearch>;
  filters: PaymentFilterState;
  onChange: (filters: PaymentFilterState) => void;
}) {
  const paymentMethods = useQuery(paymentMethodListQuery(companyId));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <ListSearch search={search} placeholder="Payment number, reference or buyer" />
      <Box w={240}>
        <EntitySelect
          source={buyerSource(companyId)}
          label="Buyer"
          placeholder="All"
          value={filters.buyer}
          onChange={(buyer) => onChange({ ...filters, buyer })}
          includeInactive
        />
      </Box>
      <DateRangeFilter
        label="Payment Date"
        value={filters.dates}
        onChange={(range) => onChange({ ...filters, dates: range })}
      />
      <MultiSelect
        label="Payment Method"
        placeholder={filters.paymentMethod.length === 0 ? 'All' : undefined}
        data={(paymentMethods.data?.results ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
        value={filters.paymentMethod}
        onChange={(paymentMethod) => onChange({ ...filters, paymentMethod })}
        clearable
        searchable
        w={200}
      />
      <MultiSelect
        label="Status"
        placeholder={filters.status.length === 0 ? 'All' : undefined}
        data={STATUS_OPTIONS}
        value={filters.status}
        onChange={(status) => onChange({ ...filters, status })}
        clearable
        searchable
        w={200}
      />
    </Group>
  );
}
