import {
  CAMPAIGN_MESSAGES,
  canCancelCampaign,
  canRunCampaign,
  MESSAGE_STATUSES,
  SKIP_REASON_LABELS,
  type SkipReason,
} from '@b2b/domain/campaigns';
import {
  CAMPAIGN_MEDIUMS,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  MESSAGE_DELIVERY_STATUSES,
} from '@b2b/domain/statuses';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlayerPlay, IconSearch, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { DetailField } from '../../components/detail-field';
import { DetailHeader, DetailLoader, useIdParam } from '../../components/detail-page';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useListParams } from '../../components/use-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { deliveredOrRead, istDateTime, percent, wentOut } from './campaign-form';
import { StatusBadge } from './campaign-parts';
import {
  type Campaign,
  type CampaignMessage,
  campaignKeys,
  campaignMessagesQuery,
  campaignQuery,
  campaignSummaryQuery,
  isLive,
  useCancelCampaign,
  useRunCampaign,
} from './campaigns.api';

const LIST = { to: PATHS.campaigns, label: 'Campaigns' } as const;
const n = (value: number) => value.toLocaleString('en-IN');
const when = istDateTime;

function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Card withBorder padding="sm" component="section" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

function Summary({ campaign }: { campaign: Campaign }) {
  const live = isLive(campaign.status);
  const summary = useQuery(campaignSummaryQuery(campaign.id, live));
  if (summary.isError)
    return (
      <LoadErrorAlert
        error={summary.error}
        onRetry={() => summary.refetch()}
        title={CAMPAIGN_MESSAGES.summary_failed}
      />
    );
  if (!summary.data) return <Skeleton height={96} aria-label="Loading the summary" />;
  const s = summary.data;
  const skipped = Object.entries(s.skipped_by_reason).filter(([, v]) => (v ?? 0) > 0);
  return (
    <Stack gap="sm">
      {s.waiting_until && (
        <Alert color="blue" title="Waiting for the end of quiet hours">
          Promotional messages of this medium are held back at night; they go at {when(s.waiting_until)}.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        <Stat
          label="Audience"
          value={n(s.counts.audience)}
          hint={s.counts.queued > 0 ? `${n(s.counts.queued)} queued` : undefined}
        />
        <Stat label="Sent" value={n(wentOut(s.counts))} />
        <Stat
          label="Delivered"
          value={n(deliveredOrRead(s.counts))}
          hint={`${percent(s.delivery_rate)} of sent`}
        />
        <Stat label="Read" value={n(s.counts.read)} hint={`${percent(s.read_rate)} of sent`} />
        <Stat label="Failed" value={n(s.counts.failed)} />
        <Stat
          label="Skipped"
          value={n(s.counts.skipped)}
          hint={
            skipped.length > 0
              ? skipped
                  .map(([r, v]) => `${SKIP_REASON_LABELS[r as SkipReason] ?? r}: ${n(v ?? 0)}`)
                  .join(' · ')
              : undefined
          }
        />
        <Stat label="Opted out" value={n(s.opted_out)} />
        <Stat
          label="Clicks"
          value={n(s.counts.clicks)}
          hint={`${n(s.unique_clicks)} unique · ${percent(s.click_rate)} of sent`}
        />
      </SimpleGrid>
    </Stack>
  );
}

const MESSAGE_STATUS_LABELS: Record<string, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  skipped: 'Skipped',
};

const MESSAGE_COLUMNS: Column<CampaignMessage>[] = [
  {
    key: 'contact',
    header: 'Contact',
    render: (m) => (
      <Anchor component={Link} to={PATHS.contact.replace('$contactId', String(m.contact.id))} size="sm">
        {m.contact.name}
      </Anchor>
    ),
  },
  { key: 'recipient', header: 'Sent To', render: (m) => m.recipient ?? '—' },
  {
    key: 'delivery_status',
    header: 'Delivery Status',
    sortField: 'status',
    render: (m) => <StatusBadge options={MESSAGE_DELIVERY_STATUSES} value={m.delivery_status} />,
  },
  {
    key: 'detail',
    header: 'Detail',
    render: (m) =>
      m.skip_reason
        ? `Skipped: ${SKIP_REASON_LABELS[m.skip_reason as SkipReason] ?? m.skip_reason}`
        : m.last_error
          ? m.last_error
          : m.status === 'queued' || m.status === 'sending'
            ? MESSAGE_STATUS_LABELS[m.status]
            : m.attempts > 1
              ? `${m.attempts} attempts`
              : '—',
  },
  {
    key: 'sent_at',
    header: 'Sent At',
    sortField: 'sent_at',
    sortFirst: 'descending',
    render: (m) => when(m.sent_at),
  },
  {
    key: 'delivered_at',
    header: 'Delivered At',
    sortField: 'delivered_at',
    sortFirst: 'descending',
    render: (m) => when(m.delivered_at),
  },
  {
    key: 'read_at',
    header: 'Read At',
    sortField: 'read_at',
    sortFirst: 'descending',
    render: (m) => when(m.read_at),
  },
  { key: 'clicks', header: 'Clicks', align: 'right', render: (m) => n(m.click_count) },
];

function Messages({ campaign }: { campaign: Campaign }) {
  const paging = useListParams({ ordering: 'id' });
  const [searchText, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(searchText, 300);
  const { setSearch, resetPage } = paging;
  useEffect(() => setSearch(debounced.trim()), [debounced, setSearch]);
  const [status, setStatus] = useState<string>('all');
  const messages = useQuery(
    campaignMessagesQuery(
      campaign.id,
      { ...paging.params, status: status === 'all' ? undefined : (status as CampaignMessage['status']) },
      isLive(campaign.status),
    ),
  );
  return (
    <Card withBorder padding="md" component="section" aria-label="Messages">
      <Stack gap="md">
        <Title order={3} size="h4">
          Messages
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Contact name, e-mail or phone"
            leftSection={<IconSearch size={16} />}
            value={searchText}
            onChange={(e) => setSearchText(e.currentTarget.value)}
            w={260}
          />
          <Select
            label="Status"
            allowDeselect={false}
            data={[
              { value: 'all', label: 'All' },
              ...MESSAGE_STATUSES.map((s) => ({ value: s, label: MESSAGE_STATUS_LABELS[s] ?? s })),
            ]}
            value={status}
            onChange={(v) => {
              setStatus(v ?? 'all');
              resetPage();
            }}
            w={160}
          />
        </Group>
        <DataTable
          label="Campaign messages"
          columns={MESSAGE_COLUMNS}
          rowKey={(m) => m.id}
          data={messages.data}
          isLoading={messages.isLoading}
          error={messages.error}
          errorTitle="Failed to load the messages"
          onRetry={() => messages.refetch()}
          limit={paging.params.limit}
          offset={paging.params.offset}
          onPageChange={paging.setPage}
          ordering={paging.params.ordering}
          onOrderingChange={paging.setOrdering}
          minWidth={1000}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              {campaign.status === 'draft' || campaign.status === 'scheduled'
                ? 'Messages are listed here once the campaign runs.'
                : 'No message matches the search or the filter.'}
            </Text>
          }
        />
      </Stack>
    </Card>
  );
}

function CampaignView({ campaign }: { campaign: Campaign }) {
  const user = useCurrentUser();
  // The counts and messages stop polling when the campaign ends: read them once more then.
  const client = useQueryClient();
  const status = campaign.status;
  useEffect(() => {
    if (isLive(status)) return;
    void client.invalidateQueries({ queryKey: campaignKeys.summary(campaign.id) });
    void client.invalidateQueries({ queryKey: [...campaignKeys.all, 'messages', campaign.id] });
  }, [client, campaign.id, status]);
  const canChange = canPerform(user, 'change_campaign');
  const run = useRunCampaign();
  const cancel = useCancelCampaign();
  const [confirming, setConfirming] = useState<'run' | 'cancel' | null>(null);
  const scheduledLater = campaign.scheduled_at !== null && dayjs(campaign.scheduled_at).isAfter(dayjs());
  return (
    <Stack gap="lg">
      <DetailHeader
        list={LIST}
        title={campaign.title}
        badges={
          <>
            <StatusBadge options={CAMPAIGN_STATUSES} value={campaign.status} />
            <StatusBadge options={CAMPAIGN_MEDIUMS} value={campaign.campaign_medium} />
            <StatusBadge options={CAMPAIGN_TYPES} value={campaign.campaign_type} />
          </>
        }
        actions={
          canChange && (
            <>
              {canRunCampaign(campaign.status) && (
                <Button leftSection={<IconPlayerPlay size={16} />} onClick={() => setConfirming('run')}>
                  Run
                </Button>
              )}
              {canCancelCampaign(campaign.status) && (
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconX size={16} />}
                  onClick={() => setConfirming('cancel')}
                >
                  Cancel Campaign
                </Button>
              )}
            </>
          )
        }
      />
      {campaign.status === 'failed' && campaign.failure_reason && (
        <Alert color="red" title="The campaign failed">
          {campaign.failure_reason}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <DetailField label="Template">
            <Anchor component={Link} to={PATHS.templateManager} size="sm">
              {campaign.template.name}
            </Anchor>
          </DetailField>
          <DetailField label="Scheduled For">
            {campaign.scheduled_at ? when(campaign.scheduled_at) : 'When run'}
          </DetailField>
          <DetailField label="Started">{when(campaign.started_at)}</DetailField>
          <DetailField label={campaign.cancelled_at ? 'Cancelled' : 'Completed'}>
            {when(campaign.cancelled_at ?? campaign.completed_at)}
          </DetailField>
          <DetailField label="Audience">
            {[
              campaign.list_ids.length ? `${campaign.list_ids.length} contact list(s)` : null,
              campaign.buyer_group_ids.length ? `${campaign.buyer_group_ids.length} buyer group(s)` : null,
              campaign.sales_channel
                ? (campaign.sales_channel.display_name ?? campaign.sales_channel.name)
                : null,
            ]
              .filter(Boolean)
              .join(', ') || '—'}
          </DetailField>
          <DetailField label="Created By">{campaign.created_by_name ?? '—'}</DetailField>
          <DetailField label="Created On">{when(campaign.created_at)}</DetailField>
          {Object.keys(campaign.variables).length > 0 && (
            <DetailField label="Variables">
              {Object.entries(campaign.variables)
                .map(([k, v]) => `{${k}} = ${v}`)
                .join(', ')}
            </DetailField>
          )}
        </SimpleGrid>
      </Card>
      <Summary campaign={campaign} />
      <Messages campaign={campaign} />
      <ConfirmDialog
        opened={confirming === 'run'}
        title="Run campaign"
        message={
          scheduledLater
            ? `The campaign will be sent at ${when(campaign.scheduled_at)} (Indian time).`
            : 'The campaign will be sent to its audience now.'
        }
        confirmLabel="Run"
        color="blue"
        loading={run.isPending}
        onConfirm={() => run.mutate(campaign.id, { onSettled: () => setConfirming(null) })}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        opened={confirming === 'cancel'}
        title="Cancel campaign"
        message="Messages not yet sent will not be sent. This cannot be undone."
        confirmLabel="Cancel Campaign"
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(campaign.id, { onSettled: () => setConfirming(null) })}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}

/** /campaigns/$campaignId: a campaign, its counts and each recipient's message. */
export function CampaignDetailPage() {
  const id = useIdParam(PATHS.campaign);
  const query = useQuery({ ...campaignQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={query}
      list={LIST}
      notFoundMessage={CAMPAIGN_MESSAGES.not_found}
      loadFailedTitle={CAMPAIGN_MESSAGES.load_failed}
      loadingLabel="Loading campaign"
    >
      {(campaign) => <CampaignView campaign={campaign} />}
    </DetailLoader>
  );
}
