import { IMPORT_KIND_SPECS, type ImportKind } from '@b2b/domain/imports';
import { BULK_JOB_STATUSES } from '@b2b/domain/statuses';
import {
  Anchor,
  Button,
  Card,
  EmptyState,
  Group,
  Menu,
  Progress,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileImport, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { downloadFile } from '../../api/download';
import { type Column, DataTable } from '../../components/data-table';
import { EMPTY_TITLE } from '../../components/empty-state-card';
import { notifyFailure } from '../../components/notify';
import { StatusBadge } from '../../components/status-badge';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import type { BulkJob } from '../contacts/contacts.api';
import { BULK_JOB_KIND_LABELS, bulkJobKindLabel, bulkJobListQuery } from './import-center.api';
import { ImportDialog } from './import-dialog';

const formatTime = (value: string | null) =>
  value
    ? new Date(value).toLocaleString('en-IN', {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
    : '—';

const count = (value: number) => value.toLocaleString('en-IN');

function JobProgress({ job }: { job: BulkJob }) {
  const running = job.status === 'to_be_processed' || job.status === 'in_process';
  const share = job.total_rows > 0 ? Math.round((job.processed_rows / job.total_rows) * 100) : 0;
  return (
    <Stack gap={4} miw={140}>
      <StatusBadge options={BULK_JOB_STATUSES} value={job.status} />
      {running && <Progress value={share} size="sm" animated aria-label={`Import ${job.id} progress`} />}
    </Stack>
  );
}

async function downloadErrors(job: BulkJob) {
  try {
    await downloadFile(`bulk_jobs/${job.id}/errors`, {}, `import-${job.id}-errors.csv`);
  } catch (error) {
    notifyFailure('Failed to download the error file.', error);
  }
}

const COLUMNS: Column<BulkJob>[] = [
  {
    key: 'job',
    header: 'Import',
    render: (job) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {bulkJobKindLabel(job.kind)}
        </Text>
        <Text size="xs" c="dimmed">
          #{job.id} · {job.file_name ?? 'no file'}
        </Text>
      </Stack>
    ),
  },
  { key: 'status', header: 'Status', render: (job) => <JobProgress job={job} /> },
  {
    key: 'rows',
    header: 'Rows',
    align: 'right',
    render: (job) => `${count(job.processed_rows)} / ${count(job.total_rows)}`,
  },
  { key: 'created', header: 'Created', align: 'right', render: (job) => count(job.created_count) },
  { key: 'updated', header: 'Updated', align: 'right', render: (job) => count(job.updated_count) },
  {
    key: 'failed',
    header: 'Errors',
    align: 'right',
    render: (job) =>
      job.failed_count === 0 ? (
        '0'
      ) : (
        <Button
          variant="subtle"
          size="compact-sm"
          color="red"
          leftSection={<IconDownload size={14} />}
          onClick={(event) => {
            event.stopPropagation();
            void downloadErrors(job);
          }}
          aria-label={`Download the ${job.failed_count} errors of import ${job.id}`}
        >
          {count(job.failed_count)}
        </Button>
      ),
  },
  {
    key: 'created_by',
    header: 'Run by',
    render: (job) =>
      job.created_by ? `${job.created_by.first_name} ${job.created_by.last_name}`.trim() : '—',
  },
  {
    key: 'created_at',
    header: 'Started',
    render: (job) => formatTime(job.started_at ?? job.created_at),
  },
  { key: 'finished_at', header: 'Finished', render: (job) => formatTime(job.finished_at) },
];

const KIND_OPTIONS = [
  { value: '', label: 'All imports' },
  ...Object.entries(BULK_JOB_KIND_LABELS).map(([value, { label }]) => ({ value, label })),
];
const NO_FILTERS = { kind: '' };

/** The kinds the user may start: an import centre kind needs the create permission of what it imports. */
export function NewImportMenu({ onImport }: { onImport: (kind: ImportKind) => void }) {
  const user = useCurrentUser();
  const kinds = Object.entries(BULK_JOB_KIND_LABELS).filter(([, kind]) =>
    kind.importKind ? canPerform(user, IMPORT_KIND_SPECS[kind.importKind].permission) : kind.importPath,
  );
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button leftSection={<IconUpload size={16} />}>New import</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {kinds.map(([kind, { label, importPath, importKind }]) =>
          importKind ? (
            <Menu.Item key={kind} onClick={() => onImport(importKind)}>
              {label}
            </Menu.Item>
          ) : (
            <Menu.Item key={kind} component={Link} to={importPath}>
              {label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * /bulk-import/import-center: every bulk job of the company the user may see (each kind is shown
 * to who may see what it imports), with the spec's bulk job statuses, progress while it runs, its
 * counts, who ran it and its row errors as a file.
 */
export function ImportCenterPage() {
  const user = useCurrentUser();
  const list = useUrlListParams();
  const [filters, setFilters] = useUrlFilters(NO_FILTERS);
  const jobs = useQuery(bulkJobListQuery(user.company.id, { ...list.params, kind: filters.kind }));
  const noneYet = filters.kind === '' && jobs.data?.count === 0 && !jobs.isPlaceholderData;
  const [importing, setImporting] = useState<ImportKind | null>(null);

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Import Center</Title>
        <NewImportMenu onImport={setImporting} />
      </Group>
      {importing && (
        <ImportDialog companyId={user.company.id} kind={importing} onClose={() => setImporting(null)} />
      )}
      {noneYet ? (
        <Card withBorder padding="xl" radius="md">
          <EmptyState
            title={EMPTY_TITLE}
            description="Imports you run appear here with their progress and their errors."
            icon={<IconFileImport size={28} />}
          >
            <Anchor component={Link} to="/bulk-import/create-contact">
              Import contacts from a CSV file
            </Anchor>
          </EmptyState>
        </Card>
      ) : (
        <Card withBorder padding="md">
          <Stack gap="md">
            <Select
              label="Import of"
              data={KIND_OPTIONS}
              value={filters.kind}
              allowDeselect={false}
              onChange={(value) => {
                setFilters({ kind: value ?? '' });
                list.resetPage();
              }}
              w={220}
            />
            <DataTable
              label="Imports"
              columns={COLUMNS}
              rowKey={(job) => job.id}
              data={jobs.data}
              isLoading={jobs.isLoading}
              error={jobs.error}
              errorTitle="Failed to load the imports"
              onRetry={() => jobs.refetch()}
              limit={list.params.limit}
              offset={list.params.offset}
              onPageChange={list.setPage}
              minWidth={900}
              empty={
                <Stack align="center" py="xl">
                  <Text c="dimmed">No import of this kind yet.</Text>
                </Stack>
              }
            />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
