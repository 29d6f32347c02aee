import { CAMPAIGN_MESSAGES } from '@b2b/domain/campaigns';
import { CAMPAIGN_MEDIUMS, CAMPAIGN_STATUSES, CAMPAIGN_TYPES } from '@b2b/domain/statuses';
import { Anchor, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { CollapsibleFilters } from '../../components/list-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { salesChannelListQuery } from '../sales-channels/sales-channels.api';
import { deliveredOrRead, istDateTime, wentOut } from './campaign-form';
import { CampaignsEmptyCard, NewCampaignMenu, StatusBadge } from './campaign-parts';
import { type Campaign, campaignListQuery } from './campaigns.api';

const count = (n: number) => n.toLocaleString('en-IN');

const COLUMNS: Column<Campaign>[] = [
  {
    key: 'title',
    header: 'Campaign',
    sortField: 'title',
    render: (c) => (
      <Anchor component={Link} to={PATHS.campaign.replace('$campaignId', String(c.id))} fw={500} size="sm">
        {c.title}
      </Anchor>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    sortField: 'status',
    render: (c) => <StatusBadge options={CAMPAIGN_STATUSES} value={c.status} />,
  },
  {
    key: 'medium',
    header: 'Medium',
    render: (c) => <StatusBadge options={CAMPAIGN_MEDIUMS} value={c.campaign_medium} />,
  },
  {
    key: 'type',
    header: 'Type',
    render: (c) => <StatusBadge options={CAMPAIGN_TYPES} value={c.campaign_type} />,
  },
  {
    key: 'audience',
    header: 'Audience',
    align: 'right',
    sortField: 'audience_size',
    render: (c) => count(c.counts.audience),
  },
  { key: 'sent', header: 'Sent', align: 'right', render: (c) => count(wentOut(c.counts)) },
  { key: 'delivered', header: 'Delivered', align: 'right', render: (c) => count(deliveredOrRead(c.counts)) },
  { key: 'read', header: 'Read', align: 'right', render: (c) => count(c.counts.read) },
  { key: 'failed', header: 'Failed', align: 'right', render: (c) => count(c.counts.failed) },
  { key: 'clicks', header: 'Clicks', align: 'right', render: (c) => count(c.counts.clicks) },
  {
    key: 'scheduled_at',
    header: 'Scheduled For',
    sortField: 'scheduled_at',
    sortFirst: 'descending',
    render: (c) => (c.scheduled_at ? istDateTime(c.scheduled_at) : 'On run'),
  },
  {
    key: 'created_at',
    header: 'Created On',
    sortField: 'created_at',
    sortFirst: 'descending',
    render: (c) => istDateTime(c.created_at).slice(0, 10),
  },
];

const NO_FILTERS = { status: 'all', medium: 'all', type: 'all', channel: 'all' };

const ALL = { value: 'all', label: 'All' };
/** 'completed' and 'processed' read the same ('Processed'): one choice. */
const STATUS_CHOICES = [ALL, ...CAMPAIGN_STATUSES.filter((s) => s.value !== 'processed')];

/** /campaigns: the one-time campaigns with their counts, and 'New campaign' per medium. */
export function CampaignsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_campaign');
  const navigate = useNavigate();
  const list = useUrlListParams();
  const [searchText, setSearchText] = useState(list.params.search);
  const [debounced] = useDebouncedValue(searchText, 300);
  const { setSearch } = list;
  useEffect(() => setSearch(debounced.trim()), [debounced, setSearch]);
  const [filters, setFilters] = useUrlFilters(NO_FILTERS);
  const channels = useQuery(salesChannelListQuery);
  const campaigns = useQuery(
    campaignListQuery(companyId, {
      ...list.params,
      is_recurring: false,
      status__in:
        filters.status === 'completed'
          ? ['completed', 'processed']
          : filters.status !== 'all'
            ? [filters.status as Campaign['status']]
            : undefined,
      campaign_medium: filters.medium !== 'all' ? (filters.medium as Campaign['campaign_medium']) : undefined,
      campaign_type: filters.type !== 'all' ? (filters.type as Campaign['campaign_type']) : undefined,
      sales_channel: filters.channel !== 'all' ? Number(filters.channel) : undefined,
    }),
  );
  const filtered = list.params.search !== '' || JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  const noneYet = !filtered && campaigns.data?.count === 0 && !campaigns.isPlaceholderData;
  const set = (key: keyof typeof NO_FILTERS) => (value: string | null) =>
    setFilters({ ...filters, [key]: value ?? 'all' });

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Campaigns</Title>
        <Group gap="sm">
          <Anchor component={Link} to={PATHS.recurringCampaigns} size="sm">
            Recurring Campaigns
          </Anchor>
          <Anchor component={Link} to={PATHS.campaignReport} size="sm">
            Campaign Report
          </Anchor>
          {canAdd && !noneYet && <NewCampaignMenu />}
        </Group>
      </Group>
      {!canPerform(user, 'change_campaign') && <ReadOnlyNotice thing="campaigns" />}
      {noneYet ? (
        <CampaignsEmptyCard canAdd={canAdd} />
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
                  w={240}
                />
                <Select
                  label="Status"
                  allowDeselect={false}
                  data={STATUS_CHOICES}
                  value={filters.status}
                  onChange={set('status')}
                  w={150}
                />
                <Select
                  label="Medium"
                  allowDeselect={false}
                  data={[ALL, ...CAMPAIGN_MEDIUMS]}
                  value={filters.medium}
                  onChange={set('medium')}
                  w={170}
                />
                <Select
                  label="Type"
                  allowDeselect={false}
                  data={[ALL, ...CAMPAIGN_TYPES]}
                  value={filters.type}
                  onChange={set('type')}
                  w={190}
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
                  onChange={set('channel')}
                  w={190}
                />
              </Group>
            </CollapsibleFilters>
            <DataTable
              label="Campaigns"
              columns={COLUMNS}
              rowKey={(c) => c.id}
              data={campaigns.data}
              isLoading={campaigns.isLoading}
              error={campaigns.error}
              errorTitle={CAMPAIGN_MESSAGES.list_failed}
              onRetry={() => campaigns.refetch()}
              limit={list.params.limit}
              offset={list.params.offset}
              onPageChange={list.setPage}
              ordering={list.params.ordering}
              onOrderingChange={list.setOrdering}
              minWidth={1100}
              onRowClick={(c) =>
                navigate({ to: '/campaigns/$campaignId', params: { campaignId: String(c.id) } })
              }
              empty={
                <Text c="dimmed" ta="center" py="xl">
                  No campaign matches the search or the filters.
                </Text>
              }
            />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
