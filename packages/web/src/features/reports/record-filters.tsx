import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { allBranchesQuery } from '../branches/branches.api';
import { brandListQuery } from '../brands/brands.api';
import { paymentMethodListQuery } from '../payment-methods/payment-methods.api';

// Filters of the report filter bar (report-filters.tsx) that choose one of the company's records
// from a short list.

/** The user's branches (a Company Admin: all) to narrow a report to one; cleared, all of them. */
export function BranchFilter({
  companyId,
  value,
  onChange,
}: {
  companyId: number;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const branches = useQuery(allBranchesQuery(companyId));
  return (
    <Select
      label="Branch"
      placeholder="All branches"
      data={(branches.data?.results ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
      value={value}
      onChange={onChange}
      clearable
      searchable
      w={200}
    />
  );
}

/** One brand of the company's brands. */
export function BrandFilter({
  companyId,
  value,
  onChange,
}: {
  companyId: number;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const brands = useQuery(brandListQuery(companyId, { limit: -1, ordering: 'name' }));
  return (
    <Select
      label="Brand"
      placeholder="All brands"
      data={(brands.data?.results ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
      value={value}
      onChange={onChange}
      clearable
      searchable
      w={200}
    />
  );
}

/** One payment method of the company's. */
export function PaymentMethodFilter({
  companyId,
  value,
  onChange,
}: {
  companyId: number;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const methods = useQuery(paymentMethodListQuery(companyId));
  return (
    <Select
      label="Payment Method"
      placeholder="All methods"
      data={(methods.data?.results ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
      value={value}
      onChange={onChange}
      clearable
      w={200}
    />
  );
}
