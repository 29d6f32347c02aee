import { INVENTORY_REPORT_MESSAGES } from '@b2b/domain/api/stock-reports';
import { Button, Group, Select, Stack, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { notifyFailure } from '../../components/notify';
import { warehouseListQuery } from '../warehouses/warehouses.api';

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

/** A report's title with its note below, and 'Download CSV' on the right unless `download` is left out. */
export function ReportHeader({
  title,
  download,
  downloadDisabled,
  children,
}: {
  title: string;
  download?: () => Promise<unknown>;
  downloadDisabled: boolean;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={2} style={{ flex: 1 }}>
        <Title order={2}>{title}</Title>
        {children}
      </Stack>
      {download && <DownloadCsvButton download={download} disabled={downloadDisabled} />}
    </Group>
  );
}
