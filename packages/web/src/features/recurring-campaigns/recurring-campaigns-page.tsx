import { RECURRING_FREQUENCIES } from '@b2b/domain/campaigns';
import { CAMPAIGN_MEDIUMS, CAMPAIGN_TYPES, RUN_STATUSES } from '@b2b/domain/statuses';
import { Anchor, Card, Group, MultiSelect, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { CollapsibleFilters } from '../../components/list-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { istDateTime } from '../campaigns/campaign-form';
import { CampaignsEmptyCard, NewCampaignMenu, StatusBadge } from '../campaigns/campaign-parts';
import { salesChannelListQuery } from '../sales-channels/sales-channels.api';
import { type RecurringCampaign, recurringListQueryOptions } from './recurring-campaigns.api';

const frequencyLabel = (value: string) =>
  RECURRING_FREQUENCIES.find((f) => f.value === value)?.label ?? value;

const COLUMNS: Column<RecurringCampaign>[] = [
  {
    key: 'title',
    header: 'Campaign',
    sortField: 'title',
    render: (r) => (
      <Anchor
        component={Link}
        to={PATHS.recurringCampaign.replace('$recurringCampaignId', String(r.id))}
        fw={500}
        size="sm"
      >
        {r.title}
      </Anchor>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    sortField: 'status',
    render: (r) => <StatusBadge options={RUN_STATUSES} value={r.status} />,
  },
  {
    key: 'purpose',
    header: 'Purpose',
    render: (r) => <StatusBadge options={CAMPAIGN_TYPES} value={r.purpose} />,
  },
  {
    key: 'medium',
    header: 'Medium',
    render: (r) => <StatusBadge options={CAMPAIGN_MEDIUMS} value={r.campaign_medium} />,
  },
  {
    key: 'frequency',
    header: 'Frequency',
    render: (r) => `${frequencyLabel(r.frequency)} at ${r.send_time.slice(0, 5)}`,
  },
  {
    key: 'start_date',
    header: 'Start Date',
    sortField: 'start_date',
    sortFirst: 'descending',
    render: (r) => dayjs(r.start_date).format('DD/MM/YYYY'),
  },
  {
    key: 'end_date',
    header: 'End Date',
    render: (r) => (r.end_date ? dayjs(r.end_date).format('DD/MM/YYYY') : '—'),
  },
  {
    key: 'next_run_at',
    header: 'Next Run',
    sortField: 'next_run_at',
    render: (r) => (r.next_run_at && r.status === 'running' ? istDateTime(r.next_run_at) : '—'),
  },
  { key: 'runs', header: 'Runs', align: 'right', render: (r) => r.runs_count.toLocaleString('en-IN') },
];

const NO_FILTERS = { status: 'all', mediums: [] as string[], purposes: [] as string[], channel: 'all' };
const ALL = { value: 'all', label: 'All' };

/** /recurring-campaigns: campaigns that run by themselves, newest start first. */
export function RecurringCampaignsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_campaign');
  const navigate = useNavigate();
  const list = useUrlListParams({ ordering: '-start_date' });
  const [searchText, setSearchText] = useState(list.params.search);
  const [debounced] = useDebouncedValue(searchText, 300);
  const { setSearch } = list;
  useEffect(() => setSearch(debounced.trim()), [debounced, setSearch]);
  const [filters, setFilters] = useUrlFilters(NO_FILTERS);
  const channels = useQuery(salesChannelListQuery);
  const has = (medium: string) => (filters.mediums.includes(medium) ? true : undefined);
  const recurring = useQuery(
    recurringListQueryOptions(companyId, {
      ...list.params,
      status: filters.status !== 'all' ? (filters.status as RecurringCampaign['status']) : undefined,
      is_email_campaign: has('email'),
      is_sms_campaign: has('sms'),
      is_whatsapp_campaign: has('whatsapp'),
      is_push_notification_campaign: has('push_notification'),
      purpose__in: filters.purposes.length ? (filters.purposes as RecurringCampaign['purpose'][]) : undefined,
      sales_channel__in: filters.channel !== 'all' ? [Number(filters.channel)] : undefined,
    }),
  );
  const filtered = list.params.search !== '' || JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  const noneYet = !filtered && recurring.data?.count === 0 && !recurring.isPlaceholderData;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Recurring Campaigns</Title>
        <Group gap="sm">
          <Anchor component={Link} to={PATHS.campaigns} size="sm">
            One-time Campaigns
          </Anchor>
          {canAdd && !noneYet && <NewCampaignMenu recurring />}
        </Group>
      </Group>
      {!canPerform(user, 'change_campaign') && <ReadOnlyNotice thing="campaigns" />}
      {noneYet ? (
        <CampaignsEmptyCard recurring canAdd={canAdd} />
      ) : (
        <Card withBorder padding="md">
          <Stack gap="md">
            <CollapsibleFilters>
              <Group gap="sm" align="flex-end" wrap="wrap">
                <TextInput
                  label="Search"
                  placeholder="Campaign title"
                  leftSection={<IconSearch size={16} />}
                  value={searchText}
                  onChange={(event) => setSearchText(event.currentTarget.value)}
                  w={220}
                />
                <Select
                  label="Status"
                  allowDeselect={false}
                  data={[ALL, ...RUN_STATUSES]}
                  value={filters.status}
                  onChange={(v) => setFilters({ ...filters, status: v ?? 'all' })}
                  w={140}
                />
                <MultiSelect
                  label="Medium"
                  placeholder={filters.mediums.length ? undefined : 'All'}
                  data={CAMPAIGN_MEDIUMS.map((m) => ({ value: m.value, label: m.label }))}
                  value={filters.mediums}
                  onChange={(v) => setFilters({ ...filters, mediums: v })}
                  w={220}
                />
                <MultiSelect
                  label="Purpose"
                  placeholder={filters.purposes.length ? undefined : 'All'}
                  data={CAMPAIGN_TYPES.map((t) => ({ value: t.value, label: t.label }))}
                  value={filters.purposes}
                  onChange={(v) => setFilters({ ...filters, purposes: v })}
                  w={240}
                />
                <Select
                  label="Sales Channel"
                  allowDeselect={false}
                  data={[
                    ALL,
                    ...(channels.data?.results ?? []).map((c) => ({
                      value: String(c.id),
                      label: c.display_name || c.name,
                    })),
                  ]}
                  value={filters.channel}
                  onChange={(v) => setFilters({ ...filters, channel: v ?? 'all' })}
                  w={180}
                />
              </Group>
            </CollapsibleFilters>
            <DataTable
              label="Recurring Campaigns"
              columns={COLUMNS}
              rowKey={(r) => r.id}
              data={recurring.data}
              isLoading={recurring.isLoading}
              error={recurring.error}
              errorTitle="Failed to load Recurring Campaigns."
              onRetry={() => recurring.refetch()}
              limit={list.params.limit}
              offset={list.params.offset}
              onPageChange={list.setPage}
              ordering={list.params.ordering}
              onOrderingChange={list.setOrdering}
              minWidth={1000}
              onRowClick={(r) =>
                navigate({
                  to: '/recurring-campaigns/$recurringCampaignId',
                  params: { recurringCampaignId: String(r.id) },
                })
              }
              empty={
                <Text c="dimmed" ta="center" py="xl">
                  No recurring campaign matches the search or the filters.
                </Text>
              }
            />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
