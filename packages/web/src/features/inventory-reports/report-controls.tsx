import { INVENTORY_REPORT_MESSAGES } from '@b2b/domain/api/inventory-reports';
import { Button, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { notifyFailure } from '../../components/notify';
import { warehouseListQuery } from '../warehouses/warehouses.api';

/** A calendar day (YYYY-MM-DD) as the screens show dates: 31/01/2025. */
export const shownDay = (day: string | null | undefined) => (day ? dayjs(day).format('DD/MM/YYYY') : '—');

/** The search box's text, debounced into the list's search. */
export function useReportSearch(setSearch: (search: string) => void) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  useEffect(() => setSearch(debounced.trim()), [debounced, setSearch]);
  return { text, setText };
}

export function ReportSearch({
  search,
  placeholder,
}: {
  search: ReturnType<typeof useReportSearch>;
  placeholder: string;
}) {
  return (
    <TextInput
      label="Search"
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={search.text}
      onChange={(event) => search.setText(event.currentTarget.value)}
      w={260}
    />
  );
}

/** The company's warehouses to narrow a report to one; cleared, the report covers them all. */
export function WarehouseFilter({
  companyId,
  value,
  onChange,
}: {
  companyId: number;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const warehouses = useQuery(warehouseListQuery(companyId, { limit: -1, ordering: 'name' }));
  return (
    <Select
      label="Warehouse"
      placeholder="All warehouses"
      data={(warehouses.data?.results ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
      value={value}
      onChange={onChange}
      clearable
      searchable
      w={220}
    />
  );
}

/** 'Download CSV': the whole report as the server writes it, with a toast if it fails. */
export function DownloadCsvButton({
  download,
  disabled,
}: {
  download: () => Promise<unknown>;
  disabled: boolean;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={busy}
      disabled={disabled}
      onClick={async () => {
        setBusy(true);
        try {
          await download();
        } catch (error) {
          notifyFailure(INVENTORY_REPORT_MESSAGES.download_failed, error);
        } finally {
          setBusy(false);
        }
      }}
    >
      Download CSV
    </Button>
  );
}
