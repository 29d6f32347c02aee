import { AUDIT_AREAS, INTEGRATION_LABELS } from '@b2b/domain/logs-and-errors';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { ANY_DAY, DateRangeFilter, type DayRange } from '../../components/date-range-filter';
import { changesText } from '../../components/document-history-table';
import { notifyInfo, notifySuccess } from '../../components/notify';
import { useUrlFilter } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { bulkJobKindLabel, bulkJobListQuery } from '../import-center/import-center.api';
import { userListQuery } from '../users/users.api';
import {
  type AuditLogEntry,
  auditLogQuery,
  type FailedJob,
  failedJobsQuery,
  type IntegrationCall,
  integrationCallsQuery,
  useRetryJob,
} from './logs-and-errors.api';

const PAGE = 20;
const when = (at: string | Date | null) => (at ? dayjs(at).format('DD/MM/YYYY, hh:mm:ss A') : '—');
const rangeFilters = ([start, end]: DayRange) => ({
  start_date: start ?? undefined,
  end_date: end ?? undefined,
});

/**
 * Imports that stopped part way (the server stopped, or a deadlock): nothing of their files was
 * imported, and they are started again from the Import Center with the same file.
 */
function StoppedImports({ companyId }: { companyId: number }) {
  const stopped = useQuery(
    bulkJobListQuery(companyId, { status: 'abundanded_due_to_deadlock', limit: 5, offset: 0 }),
  );
  const jobs = stopped.data?.results ?? [];
  if (jobs.length === 0) return null;
  const count = stopped.data?.count ?? jobs.length;
  return (
    <Alert color="orange" title={`${count} ${count === 1 ? 'import' : 'imports'} stopped part way`}>
      <Stack gap={4}>
        <Text size="sm">
          Nothing of these files was imported. Import the file again from the Import Center.
        </Text>
        {jobs.map((job) => (
          <Text key={job.id} size="sm">
            {bulkJobKindLabel(job.kind)} #{job.id}
            {job.file_name ? ` · ${job.file_name}` : ''} · started {when(job.started_at ?? job.created_at)}
          </Text>
        ))}
        <Anchor component={Link} to="/bulk-import/import-center" size="sm">
          Open the Import Center
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** Failed background work: mails, campaign sends, imports and syncs that gave up, each with a Retry. */
function FailedJobsTab({ companyId, canRetry }: { companyId: number; canRetry: boolean }) {
  const [offset, setOffset] = useState(0);
  const jobs = useQuery(failedJobsQuery(companyId, { limit: PAGE, offset }));
  const retry = useRetryJob(companyId);
  const columns: Column<FailedJob>[] = [
    { key: 'failed_at', header: 'Failed At', render: (job) => when(job.failed_at) },
    {
      key: 'queue',
      header: 'Work',
      render: (job) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {job.queue_label}
          </Text>
          {job.subject && (
            <Text size="xs" c="dimmed">
              {job.subject}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'error',
      header: 'Error',
      render: (job) => (
        <Text size="sm" c="red.8">
          {job.error}
        </Text>
      ),
    },
    { key: 'attempts', header: 'Attempts', align: 'right', render: (job) => job.retry_count + 1 },
  ];
  if (canRetry) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      render: (job) => (
        <Button
          size="compact-sm"
          variant="light"
          aria-label={`Retry ${job.queue_label} ${job.id}`}
          loading={retry.isPending && retry.variables === job.id}
          onClick={() =>
            retry.mutate(job.id, {
              onSuccess: (answer) =>
                answer.queued ? notifySuccess(answer.detail) : notifyInfo(answer.detail),
            })
          }
        >
          Retry
        </Button>
      ),
    });
  }
  return (
    <DataTable
      label="Failed background work"
      columns={columns}
      rowKey={(job) => job.id}
      data={jobs.data}
      isLoading={jobs.isLoading}
      error={jobs.error}
      errorTitle="Failed to load the failed background work."
      onRetry={() => jobs.refetch()}
      limit={PAGE}
      offset={offset}
      onPageChange={(next) => setOffset(next)}
      empty={
        <Text c="dimmed" ta="center" py="xl">
          No background work has failed.
        </Text>
      }
    />
  );
}

const OUTCOMES = [
  { value: 'all', label: 'All' },
  { value: 'true', label: 'Succeeded' },
  { value: 'false', label: 'Failed' },
];

/** Integration calls: every call to an outside system, with its status and duration. */
function IntegrationCallsTab({ companyId }: { companyId: number }) {
  const [offset, setOffset] = useState(0);
  const [integration, setIntegration] = useState<string | null>(null);
  const [outcome, setOutcome] = useState('all');
  const [range, setRange] = useState<DayRange>(ANY_DAY);
  const calls = useQuery(
    integrationCallsQuery(companyId, {
      limit: PAGE,
      offset,
      integration: integration ?? undefined,
      ok: outcome === 'all' ? undefined : outcome,
      ...rangeFilters(range),
    }),
  );
  const filtered = (apply: () => void) => {
    apply();
    setOffset(0);
  };
  const columns: Column<IntegrationCall>[] = [
    { key: 'created_at', header: 'Called At', render: (call) => when(call.created_at) },
    { key: 'integration', header: 'Integration', render: (call) => call.integration_label },
    {
      key: 'operation',
      header: 'Operation',
      render: (call) => (
        <Stack gap={0}>
          <Text size="sm">{call.operation}</Text>
          {call.target && (
            <Text size="xs" c="dimmed">
              {call.target}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (call) => (
        <Badge color={call.ok ? 'green' : 'red'} variant="light">
          {call.ok ? 'OK' : 'Failed'}
          {call.status_code ? ` · ${call.status_code}` : ''}
        </Badge>
      ),
    },
    { key: 'duration', header: 'Duration', align: 'right', render: (call) => `${call.duration_ms} ms` },
    {
      key: 'error',
      header: 'Error',
      render: (call) => (
        <Text size="xs" c="red.8">
          {call.error ?? ''}
        </Text>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Integration"
          placeholder="All integrations"
          clearable
          data={Object.entries(INTEGRATION_LABELS).map(([value, label]) => ({ value, label }))}
          value={integration}
          onChange={(value) => filtered(() => setIntegration(value))}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="call-outcome-label">
            Outcome
          </Text>
          <SegmentedControl
            aria-labelledby="call-outcome-label"
            data={OUTCOMES}
            value={outcome}
            onChange={(value) => filtered(() => setOutcome(value))}
          />
        </Stack>
        <DateRangeFilter label="Date" value={range} onChange={(value) => filtered(() => setRange(value))} />
      </Group>
      <DataTable
        label="Integration calls"
        columns={columns}
        rowKey={(call) => call.id}
        data={calls.data}
        isLoading={calls.isLoading}
        error={calls.error}
        errorTitle="Failed to load the integration calls."
        onRetry={() => calls.refetch()}
        limit={PAGE}
        offset={offset}
        onPageChange={(next) => setOffset(next)}
        empty={
          <Text c="dimmed" ta="center" py="xl">
            No calls to outside systems match.
          </Text>
        }
      />
    </Stack>
  );
}

/** Audit log: who changed what, across areas, searchable by user, area, action and date. */
function AuditLogTab({ companyId }: { companyId: number }) {
  const [offset, setOffset] = useState(0);
  const [userId, setUserId] = useState<string | null>(null);
  const [area, setArea] = useState<string | null>(null);
  const [action, setAction] = useState('');
  const [range, setRange] = useState<DayRange>(ANY_DAY);
  const users = useQuery(userListQuery(companyId, { limit: -1 }));
  const entries = useQuery(
    auditLogQuery(companyId, {
      limit: PAGE,
      offset,
      user: userId ?? undefined,
      area: area ?? undefined,
      action: action.trim().toLowerCase().replaceAll(' ', '_') || undefined,
      ...rangeFilters(range),
    }),
  );
  const filtered = (apply: () => void) => {
    apply();
    setOffset(0);
  };
  const columns: Column<AuditLogEntry>[] = [
    { key: 'created_at', header: 'Date', render: (entry) => when(entry.created_at) },
    {
      key: 'user',
      header: 'By',
      render: (entry) => (entry.user ? `${entry.user.first_name} ${entry.user.last_name}`.trim() : 'System'),
    },
    {
      key: 'area',
      header: 'Area',
      render: (entry) =>
        entry.record_path ? (
          <Anchor component={Link} to={entry.record_path} size="sm">
            {entry.area_label} #{entry.record_id}
          </Anchor>
        ) : (
          `${entry.area_label}${entry.record_id > 0 ? ` #${entry.record_id}` : ''}`
        ),
    },
    { key: 'action', header: 'Action', render: (entry) => entry.action_label },
    {
      key: 'changes',
      header: 'Details',
      render: (entry) => (
        <Text size="xs" c="dimmed">
          {changesText(entry.changes) || '—'}
        </Text>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <Select
          label="User"
          placeholder="All users"
          clearable
          searchable
          data={(users.data?.results ?? []).map((u) => ({
            value: String(u.id),
            label: `${u.first_name} ${u.last_name ?? ''}`.trim(),
          }))}
          value={userId}
          onChange={(value) => filtered(() => setUserId(value))}
        />
        <Select
          label="Area"
          placeholder="All areas"
          clearable
          searchable
          data={AUDIT_AREAS.map((a) => ({ value: a.entityType, label: a.label }))}
          value={area}
          onChange={(value) => filtered(() => setArea(value))}
        />
        <TextInput
          label="Action"
          placeholder="e.g. created"
          value={action}
          onChange={(event) => {
            const value = event.currentTarget.value;
            filtered(() => setAction(value));
          }}
        />
        <DateRangeFilter label="Date" value={range} onChange={(value) => filtered(() => setRange(value))} />
      </Group>
      <DataTable
        label="Audit log"
        columns={columns}
        rowKey={(entry) => entry.id}
        data={entries.data}
        isLoading={entries.isLoading}
        error={entries.error}
        errorTitle="Failed to load the audit log."
        onRetry={() => entries.refetch()}
        limit={PAGE}
        offset={offset}
        onPageChange={(next) => setOffset(next)}
        empty={
          <Text c="dimmed" ta="center" py="xl">
            No changes match.
          </Text>
        }
      />
    </Stack>
  );
}

const TABS = ['failed', 'calls', 'audit'] as const;

/** /logs-and-errors (Logs and Errors): what failed and what changed. */
export function LogsAndErrorsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const [tab, setTab] = useUrlFilter<string>('tab', 'failed');
  const current = (TABS as readonly string[]).includes(tab) ? tab : 'failed';
  return (
    <Stack gap="lg">
      <Title order={2}>Logs and Errors</Title>
      <Tabs value={current} onChange={(value) => setTab(value ?? 'failed')}>
        <Tabs.List>
          <Tabs.Tab value="failed">Failed background work</Tabs.Tab>
          <Tabs.Tab value="calls">Integration calls</Tabs.Tab>
          <Tabs.Tab value="audit">Audit log</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="failed" pt="md">
          {current === 'failed' && (
            <Stack gap="md">
              <StoppedImports companyId={companyId} />
              <FailedJobsTab companyId={companyId} canRetry={canPerform(user, 'change_configuration')} />
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="calls" pt="md">
          {current === 'calls' && <IntegrationCallsTab companyId={companyId} />}
        </Tabs.Panel>
        <Tabs.Panel value="audit" pt="md">
          {current === 'audit' && <AuditLogTab companyId={companyId} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
