import {
  REPORT_FILTER_LABELS,
  type ReportChoice,
  type ReportFilterKey,
} from '@b2b/domain/reports/report-definition';
import { Box, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EntitySelect } from '../../components/entity-select';
import { categoryTreeQuery } from '../categories/categories.api';
import { productSource } from '../inventory-adjustments/inventory-adjustment-form';
import { offerListQuery } from '../offers/offers.api';
import { buyerSource } from '../quotations/quotation-party-fields';
import { salesChannelListQuery } from '../sales-channels/sales-channels.api';
import { sellerSource } from '../sellers/seller-source';
import { WarehouseFilter } from '../stock-reports/report-controls';
import { userListQuery } from '../users/users.api';
import { BranchFilter, BrandFilter, PaymentMethodFilter } from './record-filters';

type Value = string | null;

interface FieldProps {
  companyId: number;
  value: Value;
  onChange: (value: Value) => void;
}

const asId = (value: Value) => (value === null ? null : Number(value));
const asText = (id: number | null) => (id === null ? null : String(id));

function CategoryFilter({ companyId, value, onChange }: FieldProps) {
  const categories = useQuery(categoryTreeQuery(companyId));
  return (
    <Select
      label="Category"
      placeholder="All categories"
      title="A category counts its subcategories too"
      data={(categories.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
      value={value}
      onChange={onChange}
      clearable
      searchable
      w={220}
    />
  );
}

function SalesPersonFilter({ companyId, value, onChange }: FieldProps) {
  const users = useQuery(userListQuery(companyId, { limit: -1, ordering: 'first_name' }));
  return (
    <Select
      label="Sales Person"
      placeholder="All sales persons"
      data={(users.data?.results ?? []).map((u) => ({
        value: String(u.id),
        label: `${u.first_name} ${u.last_name ?? ''}`.trim(),
      }))}
      value={value}
      onChange={onChange}
      clearable
      searchable
      w={220}
    />
  );
}

function SalesChannelFilter({ value, onChange }: FieldProps) {
  const channels = useQuery(salesChannelListQuery);
  return (
    <Select
      label="Sales Channel"
      placeholder="All sales channels"
      data={(channels.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.display_name }))}
      value={value}
      onChange={onChange}
      clearable
      searchable
      w={220}
    />
  );
}

/** One of the offers the user may see, of either kind. */
function OfferFilter({ companyId, value, onChange }: FieldProps) {
  const offers = useQuery(offerListQuery(companyId, undefined, { limit: -1, ordering: 'title' }));
  return (
    <Select
      label="Offer"
      placeholder="All offers"
      data={(offers.data?.results ?? []).map((o) => ({ value: String(o.id), label: o.title }))}
      value={value}
      onChange={onChange}
      clearable
      searchable
      w={240}
    />
  );
}

/** A city's name as the documents' addresses hold it; applied a moment after typing stops. */
function CityFilter({ value, onChange }: FieldProps) {
  const [text, setText] = useState(value ?? '');
  const apply = useDebouncedCallback(
    (next: string) => onChange(next.trim() === '' ? null : next.trim()),
    400,
  );
  return (
    <TextInput
      label="City"
      placeholder="All cities"
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      w={180}
    />
  );
}

function EntityFilter({
  companyId,
  value,
  onChange,
  filter,
}: FieldProps & { filter: 'buyer' | 'product' | 'seller' }) {
  const label = REPORT_FILTER_LABELS[filter];
  const props = {
    label,
    value: asId(value),
    onChange: (id: number | null) => onChange(asText(id)),
    includeInactive: true,
  };
  return (
    <Box w={260}>
      {filter === 'buyer' ? (
        <EntitySelect source={buyerSource(companyId)} placeholder="All buyers" {...props} />
      ) : filter === 'seller' ? (
        <EntitySelect source={sellerSource(companyId)} placeholder="All sellers" {...props} />
      ) : (
        <EntitySelect source={productSource(companyId)} placeholder="All products" {...props} />
      )}
    </Box>
  );
}

/** One filter of a report's filter bar, as its key names it. */
export function ReportFilterField({ filter, ...props }: FieldProps & { filter: ReportFilterKey }) {
  switch (filter) {
    case 'branch':
      return <BranchFilter {...props} />;
    case 'warehouse':
      return <WarehouseFilter {...props} />;
    case 'brand':
      return <BrandFilter {...props} />;
    case 'category':
      return <CategoryFilter {...props} />;
    case 'sales_person':
      return <SalesPersonFilter {...props} />;
    case 'sales_channel':
      return <SalesChannelFilter {...props} />;
    case 'city':
      return <CityFilter {...props} />;
    case 'payment_method':
      return <PaymentMethodFilter {...props} />;
    case 'offer':
      return <OfferFilter {...props} />;
    default:
      return <EntityFilter filter={filter} {...props} />;
  }
}

/** A report's own choice (the unsold report's days, a movement type). */
export function ReportChoiceField({
  choice,
  value,
  onChange,
}: {
  choice: ReportChoice;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Select
      label={choice.label}
      data={choice.options.map((option) => ({ value: option.value, label: option.label }))}
      value={value}
      onChange={(next) => onChange(next ?? choice.default)}
      allowDeselect={false}
      w={200}
    />
  );
}
