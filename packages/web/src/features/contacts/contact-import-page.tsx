import { parseCsv } from '@b2b/domain/bulk-inventory';
import {
  CONTACT_IMPORT_FIELD_LABELS,
  CONTACT_IMPORT_FIELDS,
  type ContactImportMapping,
  guessContactMapping,
} from '@b2b/domain/contacts';
import { BULK_JOB_STATUSES } from '@b2b/domain/statuses';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { saveBlob } from '../../api/download';
import { notifyFailure } from '../../components/notify';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import {
  type BulkJob,
  bulkJobQuery,
  type ContactImportDryRun,
  dryRunContactImport,
  startContactImport,
} from './contacts.api';

type RowError = ContactImportDryRun['errors'][number];
const SHOWN_ERRORS = 200;

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

function downloadErrors(errors: readonly RowError[]) {
  const lines = [
    'row,column,message',
    ...errors.map((e) => [e.row, e.column, e.message].map(csvCell).join(',')),
  ];
  saveBlob(new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }), 'contacts-import-errors.csv');
}

function ErrorTable({ errors, total }: { errors: readonly RowError[]; total: number }) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={500} c="red.9">
          {total === 1 ? '1 error' : `${total.toLocaleString('en-IN')} errors`}
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} />}
          onClick={() => downloadErrors(errors)}
        >
          Download Errors CSV
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={520} mah={360}>
        <Table aria-label="Import errors" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Column</Table.Th>
              <Table.Th>Error</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.slice(0, SHOWN_ERRORS).map((e) => (
              <Table.Tr key={`${e.row}-${e.column}-${e.message}`}>
                <Table.Td>{e.row === 0 ? 'File' : e.row}</Table.Td>
                <Table.Td>{e.column || '—'}</Table.Td>
                <Table.Td>{e.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {errors.length > SHOWN_ERRORS && (
        <Text size="sm" c="dimmed">
          The first {SHOWN_ERRORS} errors are shown; the CSV has them all.
        </Text>
      )}
    </Stack>
  );
}

function JobProgress({ jobId }: { jobId: number }) {
  const job = useQuery(bulkJobQuery(jobId));
  const data: BulkJob | undefined = job.data;
  if (!data) return <Text size="sm">Starting the import…</Text>;
  const toImport = Math.max(data.total_rows - data.failed_count, 1);
  const percent = Math.min(100, Math.round((data.processed_rows / toImport) * 100));
  const running = data.status === 'to_be_processed' || data.status === 'in_process';
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Text fw={500}>Import job {data.id}</Text>
        <StatusBadge options={BULK_JOB_STATUSES} value={data.status} />
      </Group>
      {data.status !== 'validation_error' && (
        <Progress value={percent} animated={running} aria-label="Import progress" size="lg" />
      )}
      <Text size="sm">
        {data.processed_rows.toLocaleString('en-IN')} of {toImport.toLocaleString('en-IN')} rows:{' '}
        {data.created_count.toLocaleString('en-IN')} created, {data.updated_count.toLocaleString('en-IN')}{' '}
        updated
        {data.failed_count > 0 ? `, ${data.failed_count.toLocaleString('en-IN')} with errors left out` : ''}.
      </Text>
      {data.status === 'validation_error' && (
        <Alert color="red" variant="light">
          The file has errors; nothing was imported. Fix the rows, or tick "Import the valid rows".
        </Alert>
      )}
      {data.errors.length > 0 && <ErrorTable errors={data.errors} total={data.failed_count} />}
      {!running && data.status !== 'validation_error' && (
        <Anchor component={Link} to="/contacts">
          Go to Contacts
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * /bulk-import/create-contact: a contacts CSV, its columns mapped to the contact's fields (guessed
 * from the headers), a check of every row that lists all errors at once, then the import as a
 * background job with a progress bar. A contact is created, or updated when its phone (or, without
 * a phone, its e-mail) is already known.
 */
export function ContactImportPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [mapping, setMapping] = useState<ContactImportMapping>({});
  const [dryRun, setDryRun] = useState<ContactImportDryRun | null>(null);
  const [validRows, setValidRows] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  if (!canPerform(user, 'add_contact')) return <ReadOnlyNotice thing="contacts" />;

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setDryRun(null);
    setJobId(null);
    setFileError(null);
    if (!chosen) return;
    const head = await chosen.slice(0, 64 * 1024).text();
    const firstLine = head.split(/\r?\n/)[0] ?? '';
    let found: string[] = [];
    try {
      found = (parseCsv(`${firstLine}\n`)[0]?.fields ?? []).map((h) => h.trim()).filter(Boolean);
    } catch {
      found = [];
    }
    if (found.length === 0) setFileError('The file has no header row.');
    setHeaders(found);
    setMapping(guessContactMapping(found));
  };

  const failed = (title: string) => (error: unknown) => {
    if (isApiError(error) && error.errors.file) setFileError(error.errors.file[0] ?? error.detail);
    else if (isApiError(error) && error.errors.mapping) setFileError(error.errors.mapping[0] ?? error.detail);
    else notifyFailure(title, error);
  };

  const check = async () => {
    if (!file) return;
    setBusy('check');
    try {
      setDryRun(await dryRunContactImport(companyId, file, mapping));
    } catch (error) {
      failed('The file could not be checked.')(error);
    } finally {
      setBusy(null);
    }
  };

  const start = async () => {
    if (!file) return;
    setBusy('import');
    try {
      const job = await startContactImport(companyId, file, mapping, validRows);
      setJobId(job.id);
    } catch (error) {
      failed('The import could not be started.')(error);
    } finally {
      setBusy(null);
    }
  };

  const options = headers.map((h) => ({ value: h, label: h }));
  return (
    <Stack gap="lg">
      <Title order={2}>Import Contacts</Title>
      <Card withBorder>
        <Stack gap="md">
          <Text size="sm">
            A CSV file with a header row. Phone numbers are 10-digit Indian mobiles (+91 and spaces are fine);
            tags are separated by semicolons; consent columns take yes or no. A row whose phone (or, without a
            phone, e-mail) is already a contact updates that contact.
          </Text>
          <FileInput
            label="CSV file"
            placeholder="Choose a CSV file"
            accept=".csv,text/csv"
            leftSection={<IconUpload size={16} />}
            value={file}
            onChange={(chosen) => void choose(chosen)}
            error={fileError}
            clearable
            w={420}
          />
          {headers.length > 0 && (
            <Stack gap="xs">
              <Title order={4}>Columns</Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                {CONTACT_IMPORT_FIELDS.map((field) => (
                  <Select
                    key={field}
                    label={CONTACT_IMPORT_FIELD_LABELS[field]}
                    required={field === 'name'}
                    clearable
                    placeholder="Not imported"
                    data={options}
                    value={mapping[field] ?? null}
                    onChange={(value) => {
                      setMapping({ ...mapping, [field]: value ?? undefined });
                      setDryRun(null);
                    }}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          )}
          <Group>
            <Button
              variant="default"
              disabled={!file || headers.length === 0}
              loading={busy === 'check'}
              onClick={check}
            >
              Check File
            </Button>
          </Group>
          {dryRun && (
            <Stack gap="sm">
              <Text>
                {`${dryRun.total_rows.toLocaleString('en-IN')} rows: ${dryRun.valid_rows.toLocaleString('en-IN')} ready to import, ${
                  dryRun.error_count === 0
                    ? 'no errors'
                    : dryRun.error_count === 1
                      ? '1 error'
                      : `${dryRun.error_count.toLocaleString('en-IN')} errors`
                }.`}
              </Text>
              {dryRun.errors.length > 0 && <ErrorTable errors={dryRun.errors} total={dryRun.error_count} />}
            </Stack>
          )}
          <Checkbox
            label="Import the valid rows (leave the rows with errors out)"
            checked={validRows}
            onChange={(e) => setValidRows(e.currentTarget.checked)}
          />
          <Group>
            <Button disabled={!file || headers.length === 0} loading={busy === 'import'} onClick={start}>
              Import
            </Button>
          </Group>
        </Stack>
      </Card>
      {jobId !== null && (
        <Card withBorder>
          <JobProgress jobId={jobId} />
        </Card>
      )}
    </Stack>
  );
}
