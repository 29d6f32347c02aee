import '@mantine/dates/styles.css';
import { BILL_PAYMENT_STATUSES } from '@b2b/domain/bills';
import { MultiSelect, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { DateRangeFilter, type DayRange } from '../../components/date-range-filter';
import { EntitySelect } from '../../components/entity-select';
import { allBranchesQuery } from '../branches/branches.api';
import { sellerSource } from '../sellers/seller-source';
import { BILL_STATUS_OPTIONS } from './bill-status';
import type { BillFilters } from './bills.api';

/** The bill list's filters as the address keeps them (ids as numbers; `?branch=12` reads back as one). */
export interface BillFilterValues {
  seller: number | string | null;
  branch: number | string | null;
  status: string[];
  paymentStatus: string | null;
  dates: DayRange;
  dueBefore: string | null;
}

export const NO_BILL_FILTERS: BillFilterValues = {
  seller: null,
  branch: null,
  status: [],
  paymentStatus: null,
  dates: [null, null],
  dueBefore: null,
};

const PAYMENT_STATUS_VALUES = BILL_PAYMENT_STATUSES.map((status) => status.value);

const idOf = (value: number | string | null) => {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** The query parameters of the chosen filters (absent when empty; one day is a range of one day). */
export function billFilterParams(values: BillFilterValues): BillFilters {
  return {
    seller: idOf(values.seller),
    branch: idOf(values.branch),
    status__in: values.status.length > 0 ? values.status.join(',') : undefined,
    payment_status: PAYMENT_STATUS_VALUES.find((value) => value === values.paymentStatus),
    start_date: values.dates[0] ?? undefined,
    end_date: values.dates[1] ?? values.dates[0] ?? undefined,
    due_before: values.dueBefore ?? undefined,
  };
}

export const isBillFiltered = (values: BillFilterValues) =>
  Object.values(billFilterParams(values)).some((value) => value !== undefined);

/** Seller, branch, status, bill date range (with the usual presets) and due before. */
export function BillFilterBar({
  companyId,
  values,
  onChange,
}: {
  companyId: number;
  values: BillFilterValues;
  onChange: (values: BillFilterValues) => void;
}) {
  const branches = useQuery(allBranchesQuery(companyId));
  const set =
    <K extends keyof BillFilterValues>(key: K) =>
    (value: BillFilterValues[K]) =>
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
        data={BILL_STATUS_OPTIONS.map(({ value, label }) => ({ value, label }))}
        value={values.status}
        onChange={set('status')}
        clearable
        w={220}
        comboboxProps={{ withinPortal: true }}
        styles={{ pillsList: { flexWrap: 'nowrap', overflow: 'hidden' } }}
      />
      <Select
        label="Payment Status"
        placeholder="All"
        data={BILL_PAYMENT_STATUSES.map(({ value, label }) => ({ value, label }))}
        value={values.paymentStatus}
        onChange={set('paymentStatus')}
        clearable
        w={170}
      />
      <DateRangeFilter label="Bill Date" value={values.dates} onChange={set('dates')} />
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
