import '@mantine/dates/styles.css';
import { INVOICE_STATUSES } from '@b2b/domain/invoices';
import { PAYMENT_STATUSES } from '@b2b/domain/sales-orders';
import { MultiSelect } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { DateRangeFilter } from '../../components/date-range-filter';
import { allBranchesQuery } from '../branches/branches.api';
import { salesChannelsQuery } from '../reference/reference.api';
import { userListQuery } from '../users/users.api';
import type { InvoiceFilters } from './invoices.api';

/** The spec's invoice filter: date range, sales channel, payment status, sales person, branch, due before, status. */
export interface InvoiceFilterValues {
  dates: [string | null, string | null];
  salesChannel: string[];
  paymentStatus: string[];
  salesPerson: string[];
  sellerBranch: string[];
  dueBefore: string | null;
  status: string[];
}

export const NO_INVOICE_FILTERS: InvoiceFilterValues = {
  dates: [null, null],
  salesChannel: [],
  paymentStatus: [],
  salesPerson: [],
  sellerBranch: [],
  dueBefore: null,
  status: [],
};

const list = (values: string[]) => (values.length > 0 ? values.join(',') : undefined);

/** The query parameters of the chosen filters (absent when a filter is empty). */
export function invoiceFilterParams(values: InvoiceFilterValues): InvoiceFilters {
  return {
    start_date: values.dates[0] ?? undefined,
    end_date: values.dates[1] ?? values.dates[0] ?? undefined,
    sales_channel__in: list(values.salesChannel),
    payment_status__in: list(values.paymentStatus),
    sales_person__in: list(values.salesPerson),
    seller_branch__in: list(values.sellerBranch),
    due_date__lt: values.dueBefore ?? undefined,
    status__in: list(values.status),
  };
}

export const isFiltered = (values: InvoiceFilterValues) =>
  Object.values(invoiceFilterParams(values)).some((value) => value !== undefined);

const options = (items: readonly { value: string; label: string }[]) =>
  items.map(({ value, label }) => ({ value, label }));

/** The filter controls of the invoice list; every change goes back to the first page (the caller's onChange). */
export function InvoiceFilterBar({
  companyId,
  values,
  onChange,
}: {
  companyId: number;
  values: InvoiceFilterValues;
  onChange: (values: InvoiceFilterValues) => void;
}) {
  const channels = useQuery(salesChannelsQuery);
  const branches = useQuery(allBranchesQuery(companyId));
  const people = useQuery(userListQuery(companyId, { limit: -1, ordering: 'first_name' }));
  const set =
    <K extends keyof InvoiceFilterValues>(key: K) =>
    (value: InvoiceFilterValues[K]) =>
      onChange({ ...values, [key]: value });
  // The pills stay on one line so the filter row keeps its height; the dropdown shows every choice.
  const multi = {
    clearable: true,
    searchable: true,
    w: 210,
    comboboxProps: { withinPortal: true },
    styles: { pillsList: { flexWrap: 'nowrap' as const, overflow: 'hidden' } },
  };
  return (
    <>
      <DateRangeFilter label="Invoice Date" value={values.dates} onChange={(range) => set('dates')(range)} />
      <MultiSelect
        {...multi}
        label="Status"
        placeholder={values.status.length ? undefined : 'All'}
        data={options(INVOICE_STATUSES)}
        value={values.status}
        onChange={set('status')}
      />
      <MultiSelect
        {...multi}
        label="Payment Status"
        placeholder={values.paymentStatus.length ? undefined : 'All'}
        data={options(PAYMENT_STATUSES)}
        value={values.paymentStatus}
        onChange={set('paymentStatus')}
      />
      <MultiSelect
        {...multi}
        label="Sales Channel"
        placeholder={values.salesChannel.length ? undefined : 'All'}
        data={(channels.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.display_name }))}
        value={values.salesChannel}
        onChange={set('salesChannel')}
      />
      <MultiSelect
        {...multi}
        label="Sales Person"
        placeholder={values.salesPerson.length ? undefined : 'All'}
        data={(people.data?.results ?? []).map((u) => ({
          value: String(u.id),
          label: `${u.first_name} ${u.last_name}`.trim() || u.email,
        }))}
        value={values.salesPerson}
        onChange={set('salesPerson')}
      />
      <MultiSelect
        {...multi}
        label="Branch"
        placeholder={values.sellerBranch.length ? undefined : 'All'}
        data={(branches.data?.results ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
        value={values.sellerBranch}
        onChange={set('sellerBranch')}
      />
      <DatePickerInput
        label="Due Before"
        placeholder="Any day"
        valueFormat="DD/MM/YYYY"
        value={values.dueBefore}
        onChange={(value) => set('dueBefore')(value ?? null)}
        clearable
        w={160}
      />
    </>
  );
}
