import { IMPORT_KIND_SPECS, type ImportKind } from '@b2b/domain/imports';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadFile, saveBlob } from '../../api/download';
import { notifyError, notifyFailure, notifySuccess } from '../../components/notify';
import { dryRunImport, type ImportDryRun, startImport } from './import-center.api';

const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** How the rows of a kind are matched, where it is not 'created or updated by its key'. */
const MATCHING: Partial<Record<ImportKind, string>> = {
  stock_levels:
    'Rows are matched by SKU and warehouse: the quantity is the counted stock, and the difference from the stock on hand is posted as a bulk stock update.',
  prices: 'Rows are matched by SKU of an existing product; a blank price is left as it is.',
  buyers:
    'Rows are matched by GSTIN, or by phone number when a row has no GSTIN: a new buyer is created, an existing one updated. A blank shipping address is the billing address.',
  sellers:
    'Rows are matched by GSTIN, or by phone number when a row has no GSTIN: a new seller is created, an existing one updated (its addresses are changed on the seller page).',
};

/**
 * The import of one kind of file: the template, the file, the columns mapped (guessed from the
 * headers by the server's dry run, changeable), the dry run's every error with a downloadable
 * error file, 'Import the valid rows only', then the job (its progress bar: the job list).
 */
export function ImportDialog(props: { companyId: number; kind: ImportKind; onClose: () => void }) {
  const { companyId, kind, onClose } = props;
  const spec = IMPORT_KIND_SPECS[kind];
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<ImportDryRun | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [validOnly, setValidOnly] = useState(false);
  const [busy, setBusy] = useState(false);

  const runCheck = async (chosen: File, given?: Record<string, string>) => {
    setBusy(true);
    try {
      const result = await dryRunImport(companyId, kind, chosen, given);
      setCheck(result);
      setMapping(result.mapping);
    } catch (error) {
      notifyFailure('Failed to check the file.', error);
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const job = await startImport(companyId, kind, file, mapping, validOnly);
      await queryClient.invalidateQueries({ queryKey: ['bulk-jobs'] });
      if (job.status === 'validation_error') notifyError('The file has errors; nothing was imported.');
      else notifySuccess(`The import of ${job.file_name ?? 'the file'} has started.`);
      onClose();
    } catch (error) {
      notifyFailure('Failed to start the import.', error);
    } finally {
      setBusy(false);
    }
  };

  const downloadErrors = () => {
    if (!check) return;
    const lines = [
      'row,column,message',
      ...check.errors.map((e) => [e.row, e.column, e.message].map(csvField).join(',')),
    ];
    saveBlob(new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }), `${kind}-import-errors.csv`);
  };

  const columns = check?.headers ?? [];
  const canImport = check !== null && check.valid_rows > 0 && (check.error_count === 0 || validOnly);

  return (
    <Modal opened onClose={onClose} title={`Import ${spec.label.toLowerCase()}`} size="xl">
      <Stack gap="md">
        <Group justify="space-between" align="end">
          <FileInput
            label="CSV or XLSX file"
            placeholder="Choose a CSV or XLSX file"
            accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              setCheck(null);
              if (chosen) void runCheck(chosen);
            }}
            w={320}
          />
          <Button
            variant="subtle"
            leftSection={<IconDownload size={16} />}
            onClick={() =>
              downloadFile(
                `companies/${companyId}/imports/${kind}/template`,
                {},
                `${kind}-import-template.csv`,
              ).catch((error) => notifyFailure('Failed to download the template.', error))
            }
          >
            Download the template
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {MATCHING[kind] ??
            `Rows are matched by ${spec.fields.find((f) => f.name === spec.key)?.label}: a new one is created, an existing one updated.`}{' '}
          Nothing is imported while the file has errors, unless you ask to import the valid rows only. An XLSX
          file is read from its first sheet, its first row the header.
        </Text>
        {check && (
          <>
            <Text fw={500}>Columns</Text>
            <SimpleGrid cols={{ base: 2, sm: 3 }}>
              {spec.fields.map((f) => (
                <Select
                  key={f.name}
                  label={f.required ? `${f.label} *` : f.label}
                  placeholder="Not in the file"
                  data={columns}
                  value={mapping[f.name] ?? null}
                  clearable
                  onChange={(value) => {
                    const next = { ...mapping };
                    if (value) next[f.name] = value;
                    else delete next[f.name];
                    setMapping(next);
                  }}
                />
              ))}
            </SimpleGrid>
            <Group>
              <Button variant="default" loading={busy} onClick={() => file && runCheck(file, mapping)}>
                Check the file again
              </Button>
            </Group>
            {check.error_count === 0 ? (
              <Alert color="green" title="The file is ready">
                {check.valid_rows.toLocaleString('en-IN')} rows checked, no errors.
              </Alert>
            ) : (
              <Alert color="red" title={`${check.error_count.toLocaleString('en-IN')} errors`}>
                <Stack gap="xs">
                  <Text size="sm">
                    {check.valid_rows.toLocaleString('en-IN')} of {check.total_rows.toLocaleString('en-IN')}{' '}
                    rows are valid. Correct the file and choose it again, or import the valid rows only.
                  </Text>
                  <ScrollArea.Autosize mah={240}>
                    <Table aria-label="Errors of the file" striped>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Row</Table.Th>
                          <Table.Th>Column</Table.Th>
                          <Table.Th>Message</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {check.errors.slice(0, 500).map((e) => (
                          <Table.Tr key={`${e.row}-${e.column}-${e.message}`}>
                            <Table.Td>{e.row}</Table.Td>
                            <Table.Td>{e.column}</Table.Td>
                            <Table.Td>{e.message}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </ScrollArea.Autosize>
                  <Group>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconDownload size={14} />}
                      onClick={downloadErrors}
                    >
                      Download the errors
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}
            {check.error_count > 0 && (
              <Checkbox
                label="Import the valid rows only"
                checked={validOnly}
                onChange={(event) => setValidOnly(event.currentTarget.checked)}
              />
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} disabled={!canImport} onClick={start}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
