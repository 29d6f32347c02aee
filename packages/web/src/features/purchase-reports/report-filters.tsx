import { formatMoney } from '@b2b/domain/money';
import { Box, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EntitySelect } from '../../components/entity-select';
import { allBranchesQuery } from '../branches/branches.api';
import { brandListQuery } from '../brands/brands.api';
import { paymentMethodListQuery } from '../payment-methods/payment-methods.api';
import { sellerSource } from '../sellers/seller-source';

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

/** One seller, searched by name. */
export function SellerFilter({
  companyId,
  value,
  onChange,
}: {
  companyId: number;
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  return (
    <Box w={240}>
      <EntitySelect
        source={sellerSource(companyId)}
        label="Seller"
        placeholder="All sellers"
        value={value}
        onChange={onChange}
        includeInactive
      />
    </Box>
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

/** A money figure right-aligned; a zero is dimmed so the amounts stand out. */
export function Amount({ value, strong }: { value: number; strong?: boolean }) {
  return (
    <Text size="sm" c={value === 0 && !strong ? 'dimmed' : undefined} fw={strong ? 700 : undefined}>
      {formatMoney(value)}
    </Text>
  );
}

/** A party's name with its GSTIN below, when it has one. */
export function NameWithGstin({ name, gstin }: { name: ReactNode; gstin: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{name}</Text>
      {gstin && (
        <Text size="xs" c="dimmed">
          {gstin}
        </Text>
      )}
    </Stack>
  );
}
