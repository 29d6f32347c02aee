import { AD_FIGURE_COLUMNS } from '@b2b/domain/products-ads';
import { BULK_JOB_STATUSES } from '@b2b/domain/statuses';
import { addDays, todayInIndia } from '@b2b/domain/validation';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Code,
  FileInput,
  Group,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { saveBlob } from '../../api/download';
import { notifyFailure } from '../../components/notify';
import { StatusBadge } from '../../components/status-badge';
import { PATHS } from '../../session/paths';
import {
  type AdFiguresDryRun,
  adImportJobQuery,
  dryRunAdFigures,
  productsAdsKeys,
  startAdFiguresImport,
} from './products-ads.api';

type RowError = AdFiguresDryRun['errors'][number];
const SHOWN_ERRORS = 200;

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

function downloadTemplate() {
  const day = addDays(todayInIndia(), -1);
  const lines = [
    AD_FIGURE_COLUMNS.join(','),
    `${day},google_ads,Diwali Shopping,YOUR-SKU-1,1250.00,8400,210,6,7800.00,1150.00,45.2%`,
    `${day},meta,Festive Catalogue,YOUR-SKU-2,640.50,12000,180,2,,,`,
  ];
  saveBlob(new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }), 'ad-figures-template.csv');
}

function downloadErrors(errors: readonly RowError[]) {
  const lines = [
    'row,column,message',
    ...errors.map((e) => [e.row, e.column, e.message].map(csvCell).join(',')),
  ];
  saveBlob(new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }), 'ad-figures-errors.csv');
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
    </Stack>
  );
}

function JobProgress({ jobId }: { jobId: number }) {
  const client = useQueryClient();
  const job = useQuery(adImportJobQuery(jobId));
  const data = job.data;
  const running = !data || data.status === 'to_be_processed' || data.status === 'in_process';
  useEffect(() => {
    // The screens' figures change when the import ends.
    if (!running)
      client.invalidateQueries({ queryKey: productsAdsKeys.all, predicate: (q) => q.queryKey[1] !== 'job' });
  }, [running, client]);
  if (!data) return <Text size="sm">Starting the import…</Text>;
  const toImport = Math.max(data.total_rows - data.failed_count, 1);
  const percent = Math.min(100, Math.round((data.processed_rows / toImport) * 100));
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
        {data.created_count.toLocaleString('en-IN')} added, {data.updated_count.toLocaleString('en-IN')}{' '}
        replaced
        {data.failed_count > 0 ? `, ${data.failed_count.toLocaleString('en-IN')} with errors left out` : ''}.
      </Text>
      {data.status === 'validation_error' && (
        <Alert color="red" variant="light">
          The file has errors; nothing was imported. Fix the rows, or tick "Import the valid rows".
        </Alert>
      )}
      {data.errors.length > 0 && <ErrorTable errors={data.errors} total={data.failed_count} />}
      {!running && data.status !== 'validation_error' && (
        <Anchor component={Link} to={PATHS.productsAds}>
          See Spend and Revenue
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * The CSV of daily ad figures, for those who do not connect an account (or whose platform is not
 * configured on this server): a check of every row that lists all errors at once, then the
 * import as a background job. A row replaces the figures of its date, platform, campaign and SKU.
 */
export function AdFiguresImportCard({ companyId }: { companyId: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState<AdFiguresDryRun | null>(null);
  const [validRows, setValidRows] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const failed = (title: string) => (error: unknown) => {
    if (isApiError(error) && error.errors.file) setFileError(error.errors.file[0] ?? error.detail);
    else notifyFailure(title, error);
  };
  const check = async () => {
    if (!file) return;
    setBusy('check');
    try {
      setDryRun(await dryRunAdFigures(companyId, file));
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
      setJobId((await startAdFiguresImport(companyId, file, validRows)).id);
    } catch (error) {
      failed('The import could not be started.')(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card withBorder>
      <Stack gap="md">
        <Title order={3} size="h4">
          Import Ad Figures (CSV)
        </Title>
        <Text size="sm">
          One row per day, product and campaign: <Code>date</Code>, <Code>sku</Code> and <Code>spend</Code>{' '}
          (rupees) are required; <Code>platform</Code> (google_ads, meta or other), <Code>campaign</Code>,{' '}
          <Code>impressions</Code>, <Code>clicks</Code>, <Code>conversions</Code>,{' '}
          <Code>conversion_value</Code>, <Code>competitor_price</Code> and{' '}
          <Code>search_impression_share</Code> (the campaign's share that day, 45.2% or 0.452) are optional.
          Conversions without a value count ₹500 each. Importing the same day again replaces its figures.
        </Text>
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconDownload size={14} />}
            onClick={downloadTemplate}
          >
            Download Template
          </Button>
        </Group>
        <FileInput
          label="CSV file"
          placeholder="Choose a CSV file"
          accept=".csv,text/csv"
          leftSection={<IconUpload size={16} />}
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setDryRun(null);
            setJobId(null);
            setFileError(null);
          }}
          error={fileError}
          clearable
          w={420}
        />
        <Group>
          <Button variant="default" disabled={!file} loading={busy === 'check'} onClick={check}>
            Check File
          </Button>
        </Group>
        {dryRun && (
          <Stack gap="sm">
            <Text>
              {`${dryRun.total_rows.toLocaleString('en-IN')} rows: ${dryRun.valid_rows.toLocaleString('en-IN')} ready to import${
                dryRun.valid_rows > 0
                  ? ` (${dryRun.products} products, ${dryRun.first_date} to ${dryRun.last_date}, ₹${dryRun.spend.toLocaleString('en-IN')} spend)`
                  : ''
              }, ${dryRun.error_count === 0 ? 'no errors' : dryRun.error_count === 1 ? '1 error' : `${dryRun.error_count.toLocaleString('en-IN')} errors`}.`}
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
          <Button disabled={!file} loading={busy === 'import'} onClick={start}>
            Import
          </Button>
        </Group>
        {jobId !== null && <JobProgress jobId={jobId} />}
      </Stack>
    </Card>
  );
}
