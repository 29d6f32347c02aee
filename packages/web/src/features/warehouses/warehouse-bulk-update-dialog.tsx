import type { BulkInventoryResult } from '@b2b/domain/api/bulk-inventory';
import {
  BULK_INVENTORY_MAX_BYTES,
  BULK_MESSAGES,
  type BulkInventoryKind,
  type BulkRowError,
  bulkTemplate,
} from '@b2b/domain/bulk-inventory';
import { Alert, Anchor, Button, Group, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { request } from '../../api/client';
import { useFilePicker } from '../../components/use-file-picker';
import { warehouseKeys } from './warehouses.api';

const KINDS: { value: BulkInventoryKind; label: string; permission: string }[] = [
  { value: 'adjustment', label: 'Adjustment', permission: 'add_inventory_adjustment' },
  { value: 'update', label: 'Set stock', permission: 'change_inventory' },
  { value: 'tally', label: 'As per Tally', permission: 'change_inventory' },
];

const HINTS: Record<BulkInventoryKind, string> = {
  adjustment:
    'Columns sku, quantity (negative takes stock out), reason and notes; with batches also batch_number, manufactured_on and expires_on (YYYY-MM-DD). One inventory adjustment is made per reason.',
  update: 'Columns sku and stock: each product is set to the given stock.',
  tally: "Tally's stock summary: 'Name of Item' (the product's Tally name) and 'Quantity' set the stock.",
};

/** The permission each kind of file needs (the server checks it too). */
export const bulkKindPermission = (kind: BulkInventoryKind) =>
  KINDS.find((k) => k.value === kind)?.permission ?? 'change_inventory';

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Hands a CSV built in the browser to the user as a download. */
function saveCsv(filename: string, rows: (string | number)[][]) {
  const text = `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function uploadBulkFile(warehouseId: number, kind: BulkInventoryKind, file: File) {
  const form = new FormData();
  form.append('file', file);
  const path = {
    adjustment: 'bulk_inventory_adjustment',
    update: 'bulk_inventory_update',
    tally: 'bulk_adjustment_as_per_tally',
  }[kind];
  return request<BulkInventoryResult>(`admin/warehouses/${warehouseId}/${path}/`, {
    method: kind === 'update' ? 'PATCH' : 'POST',
    body: form,
  });
}

/**
 * Bulk Update of a warehouse's stock from a CSV file: choose the kind, download its template,
 * pick a file, and see either the rows applied or every row error (with a downloadable report).
 * A file is all or nothing: with any error nothing was changed.
 */
export function WarehouseBulkUpdateDialog(props: {
  warehouseId: number;
  opened: boolean;
  onClose: () => void;
  /** Kinds the user may upload; the first is chosen at the start. */
  kinds: BulkInventoryKind[];
}) {
  const { warehouseId } = props;
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<BulkInventoryKind>(props.kinds[0] ?? 'update');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => uploadBulkFile(warehouseId, kind, chosen),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.contents(warehouseId) }),
  });
  const picker = useFilePicker<true>({
    accept: '.csv,text/csv',
    label: 'CSV file',
    onPick: (picked) => {
      upload.reset();
      setProblem(picked.size > BULK_INVENTORY_MAX_BYTES ? BULK_MESSAGES.file_too_large : null);
      setFile(picked);
    },
  });
  const rowErrors: BulkRowError[] =
    isApiError(upload.error) && Array.isArray(upload.error.body.row_errors)
      ? (upload.error.body.row_errors as BulkRowError[])
      : [];
  const failure = upload.error && rowErrors.length === 0 ? upload.error.message : null;
  const template = bulkTemplate(kind);
  const close = () => {
    upload.reset();
    setFile(null);
    setProblem(null);
    props.onClose();
  };

  return (
    <Modal opened={props.opened} onClose={close} title="Bulk Update" size="lg" centered>
      <Stack gap="md">
        {props.kinds.length > 1 && (
          <SegmentedControl
            aria-label="Kind of file"
            value={kind}
            onChange={(value) => {
              setKind(value as BulkInventoryKind);
              upload.reset();
            }}
            data={KINDS.filter((k) => props.kinds.includes(k.value)).map(({ value, label }) => ({
              value,
              label,
            }))}
          />
        )}
        <Text size="sm">{HINTS[kind]}</Text>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => saveCsv(template.filename, [template.header, template.example])}
        >
          Download template
        </Anchor>
        {picker.input}
        <Group gap="sm">
          <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => picker.open(true)}>
            Choose file
          </Button>
          <Text size="sm" c={file ? undefined : 'dimmed'}>
            {file ? file.name : 'No file chosen'}
          </Text>
        </Group>
        {problem && (
          <Text size="sm" c="red">
            {problem}
          </Text>
        )}
        {upload.isSuccess && (
          <Alert color="teal" title="File applied">
            {upload.data.rows_applied} {upload.data.rows_applied === 1 ? 'row' : 'rows'} applied.
          </Alert>
        )}
        {failure && (
          <Alert color="red" title="Upload failed">
            {failure}
          </Alert>
        )}
        {rowErrors.length > 0 && (
          <Stack gap="xs">
            <Alert color="red" title="The file has errors; nothing was changed.">
              {rowErrors.length} {rowErrors.length === 1 ? 'error' : 'errors'} found.
            </Alert>
            <Table striped withTableBorder aria-label="File errors">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Column</Table.Th>
                  <Table.Th>Error</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rowErrors.slice(0, 100).map((error) => (
                  <Table.Tr key={`${error.row}|${error.column}|${error.message}`}>
                    <Table.Td>{error.row || '—'}</Table.Td>
                    <Table.Td>{error.column || '—'}</Table.Td>
                    <Table.Td>{error.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {rowErrors.length > 100 && (
              <Text size="sm" c="dimmed">
                The first 100 errors are shown; the report has them all.
              </Text>
            )}
            <Group>
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                onClick={() =>
                  saveCsv(`${template.filename.replace(/\.csv$/, '')}-errors.csv`, [
                    ['row', 'column', 'message'],
                    ...rowErrors.map((e) => [e.row, e.column, e.message]),
                  ])
                }
              >
                Download error report
              </Button>
            </Group>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <Button
            onClick={() => file && upload.mutate(file)}
            disabled={!file || problem !== null}
            loading={upload.isPending}
          >
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
