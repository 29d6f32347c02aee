import type { ReportOptionFilter } from '@b2b/domain/api/reports';
import {
  REPORT_FILTER_LABELS,
  type ReportChoice,
  type ReportFilterKey,
} from '@b2b/domain/reports/report-definition';
import { Box, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { EntitySelect } from '../../components/entity-select';
import { reportOptionSource } from './report-option-source';

type Value = string | null;

interface FieldProps {
  companyId: number;
  value: Value;
  onChange: (value: Value) => void;
}

/** What an empty filter reads: every record of its kind. */
const ALL: Record<ReportOptionFilter, string> = {
  branch: 'All branches',
  warehouse: 'All warehouses',
  brand: 'All brands',
  category: 'All categories',
  buyer: 'All buyers',
  sales_person: 'All sales persons',
  sales_channel: 'All sales channels',
  product: 'All products',
  seller: 'All sellers',
  payment_method: 'All payment methods',
  offer: 'All offers',
};

/**
 * One of the company's records, searched on the server through the reports' own options route, so
 * whoever may read reports may filter them without the right to open the records' lists.
 */
function RecordFilter({ companyId, value, onChange, filter }: FieldProps & { filter: ReportOptionFilter }) {
  const source = useMemo(() => reportOptionSource(companyId, filter), [companyId, filter]);
  return (
    <Box w={240}>
      <EntitySelect
        source={source}
        label={REPORT_FILTER_LABELS[filter]}
        placeholder={ALL[filter]}
        value={value === null ? null : Number(value)}
        onChange={(id) => onChange(id === null ? null : String(id))}
        includeInactive
      />
    </Box>
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

/** One filter of a report's filter bar, as its key names it. */
export function ReportFilterField({ filter, ...props }: FieldProps & { filter: ReportFilterKey }) {
  if (filter === 'city') return <CityFilter {...props} />;
  return <RecordFilter filter={filter} {...props} />;
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
