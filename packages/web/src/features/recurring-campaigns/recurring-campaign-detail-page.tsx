import { CAMPAIGN_MESSAGES, RECURRING_FREQUENCIES, runStatusOf } from '@b2b/domain/campaigns';
import { CAMPAIGN_MEDIUMS, CAMPAIGN_TYPES, RUN_STATUSES } from '@b2b/domain/statuses';
import { Alert, Anchor, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconPlayerPause, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { DetailField } from '../../components/detail-field';
import { DetailHeader, DetailLoader, useIdParam } from '../../components/detail-page';
import { useListParams } from '../../components/use-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { deliveredOrRead, istDateTime, wentOut } from '../campaigns/campaign-form';
import { StatusBadge } from '../campaigns/campaign-parts';
import type { Campaign } from '../campaigns/campaigns.api';
import {
  type RecurringAction,
  type RecurringCampaign,
  recurringQuery,
  recurringRunsQuery,
  useRecurringAction,
} from './recurring-campaigns.api';
import { purposeSentence, recurringActions, settingRules } from './recurring-form';

const LIST = { to: PATHS.recurringCampaigns, label: 'Recurring Campaigns' } as const;
const n = (value: number) => value.toLocaleString('en-IN');
const when = istDateTime;

function runColumns(parent: RecurringCampaign): Column<Campaign>[] {
  return [
    {
      key: 'created_at',
      header: 'Run',
      sortField: 'created_at',
      sortFirst: 'descending',
      render: (c) => (
        <Anchor component={Link} to={PATHS.campaign.replace('$campaignId', String(c.id))} size="sm">
          {when(c.started_at ?? c.created_at)}
        </Anchor>
      ),
    },
    {
      key: 'status',
      header: 'Run Status',
      render: (c) => (
        <StatusBadge options={RUN_STATUSES} value={c.run_status ?? runStatusOf(c.status, parent.status)} />
      ),
    },
    { key: 'audience', header: 'Audience', align: 'right', render: (c) => n(c.counts.audience) },
    { key: 'sent', header: 'Sent', align: 'right', render: (c) => n(wentOut(c.counts)) },
    { key: 'delivered', header: 'Delivered', align: 'right', render: (c) => n(deliveredOrRead(c.counts)) },
    { key: 'read', header: 'Read', align: 'right', render: (c) => n(c.counts.read) },
    { key: 'failed', header: 'Failed', align: 'right', render: (c) => n(c.counts.failed) },
    { key: 'skipped', header: 'Skipped', align: 'right', render: (c) => n(c.counts.skipped) },
    { key: 'clicks', header: 'Clicks', align: 'right', render: (c) => n(c.counts.clicks) },
  ];
}

function Runs({ recurring }: { recurring: RecurringCampaign }) {
  const navigate = useNavigate();
  const paging = useListParams();
  const runs = useQuery(recurringRunsQuery(recurring.id, paging.params));
  return (
    <Card withBorder padding="md" component="section" aria-label="Runs">
      <Stack gap="md">
        <Title order={3} size="h4">
          Runs
        </Title>
        <DataTable
          label="Runs"
          columns={runColumns(recurring)}
          rowKey={(c) => c.id}
          data={runs.data}
          isLoading={runs.isLoading}
          error={runs.error}
          errorTitle="Failed to load the runs"
          onRetry={() => runs.refetch()}
          limit={paging.params.limit}
          offset={paging.params.offset}
          onPageChange={paging.setPage}
          ordering={paging.params.ordering}
          onOrderingChange={paging.setOrdering}
          minWidth={900}
          onRowClick={(c) => navigate({ to: '/campaigns/$campaignId', params: { campaignId: String(c.id) } })}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No run yet.{' '}
              {recurring.next_run_at && recurring.status === 'running'
                ? `The first is due ${when(recurring.next_run_at)}.`
                : ''}
            </Text>
          }
        />
      </Stack>
    </Card>
  );
}

const CONFIRM: Record<RecurringAction, { title: string; message: string; label: string; color: string }> = {
  pause: {
    title: 'Pause recurring campaign',
    message: 'No run will start until it is resumed.',
    label: 'Pause',
    color: 'yellow',
  },
  resume: {
    title: 'Resume recurring campaign',
    message: 'Runs start again from the next due time.',
    label: 'Resume',
    color: 'blue',
  },
  stop: {
    title: 'Stop recurring campaign',
    message: 'It will never run again. This cannot be undone.',
    label: 'Stop',
    color: 'red',
  },
};

function RecurringView({ recurring }: { recurring: RecurringCampaign }) {
  const user = useCurrentUser();
  const canChange = canPerform(user, 'change_campaign');
  const action = useRecurringAction();
  const [confirming, setConfirming] = useState<RecurringAction | null>(null);
  const allowed = recurringActions(recurring.status);
  const frequency =
    RECURRING_FREQUENCIES.find((f) => f.value === recurring.frequency)?.label ?? recurring.frequency;
  const rules = settingRules(recurring.purpose);
  return (
    <Stack gap="lg">
      <DetailHeader
        list={LIST}
        title={recurring.title}
        badges={
          <>
            <StatusBadge options={RUN_STATUSES} value={recurring.status} />
            <StatusBadge options={CAMPAIGN_TYPES} value={recurring.purpose} />
            <StatusBadge options={CAMPAIGN_MEDIUMS} value={recurring.campaign_medium} />
          </>
        }
        actions={
          canChange && (
            <>
              {allowed.pause && (
                <Button
                  variant="default"
                  leftSection={<IconPlayerPause size={16} />}
                  onClick={() => setConfirming('pause')}
                >
                  Pause
                </Button>
              )}
              {allowed.resume && (
                <Button leftSection={<IconPlayerPlay size={16} />} onClick={() => setConfirming('resume')}>
                  Resume
                </Button>
              )}
              {allowed.stop && (
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconPlayerStop size={16} />}
                  onClick={() => setConfirming('stop')}
                >
                  Stop
                </Button>
              )}
            </>
          )
        }
      />
      <Alert color="blue" icon={<IconInfoCircle size={18} />} title="Who receives it">
        {purposeSentence(recurring.purpose, recurring.settings)}
      </Alert>
      <Card withBorder padding="lg">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <DetailField label="Template">{recurring.template.name}</DetailField>
          <DetailField label="Frequency">
            {frequency} at {recurring.send_time.slice(0, 5)} IST
          </DetailField>
          <DetailField label="Start Date">{dayjs(recurring.start_date).format('DD/MM/YYYY')}</DetailField>
          <DetailField label="End Date">
            {recurring.end_date ? dayjs(recurring.end_date).format('DD/MM/YYYY') : 'No end'}
          </DetailField>
          {recurring.frequency === 'on_dates' && (
            <DetailField label="Dates">
              {recurring.dates.map((d) => dayjs(d).format('DD/MM/YYYY')).join(', ')}
            </DetailField>
          )}
          <DetailField label="Next Run">
            {recurring.status === 'running' ? when(recurring.next_run_at) : '—'}
          </DetailField>
          <DetailField label="Last Run">{when(recurring.last_run_at)}</DetailField>
          <DetailField label="Runs">{n(recurring.runs_count)}</DetailField>
          <DetailField label="Sales Channel">
            {recurring.sales_channel
              ? (recurring.sales_channel.display_name ?? recurring.sales_channel.name)
              : 'Any'}
          </DetailField>
          {rules.map(([key, rule]) => (
            <DetailField key={key} label={rule.label}>
              {String(recurring.settings[key] ?? rule.default)}
            </DetailField>
          ))}
          <DetailField label="Created By">{recurring.created_by_name ?? '—'}</DetailField>
        </SimpleGrid>
      </Card>
      <Runs recurring={recurring} />
      {confirming && (
        <ConfirmDialog
          opened
          title={CONFIRM[confirming].title}
          message={CONFIRM[confirming].message}
          confirmLabel={CONFIRM[confirming].label}
          color={CONFIRM[confirming].color}
          loading={action.isPending}
          onConfirm={() =>
            action.mutate(
              { id: recurring.id, action: confirming, salesChannelId: recurring.sales_channel_id },
              { onSettled: () => setConfirming(null) },
            )
          }
          onClose={() => setConfirming(null)}
        />
      )}
    </Stack>
  );
}

/** /recurring-campaigns/$recurringCampaignId: a recurring campaign, Pause / Resume / Stop and its runs. */
export function RecurringCampaignDetailPage() {
  const id = useIdParam(PATHS.recurringCampaign);
  const query = useQuery({ ...recurringQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={query}
      list={LIST}
      notFoundMessage={CAMPAIGN_MESSAGES.recurring_not_found}
      loadFailedTitle={CAMPAIGN_MESSAGES.load_failed}
      loadingLabel="Loading recurring campaign"
    >
      {(recurring) => <RecurringView recurring={recurring} />}
    </DetailLoader>
  );
}
