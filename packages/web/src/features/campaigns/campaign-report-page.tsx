import { dayRangePresets } from '@b2b/domain/date-presets';
import { CAMPAIGN_MEDIUMS, CAMPAIGN_STATUSES } from '@b2b/domain/statuses';
import { todayInIndia } from '@b2b/domain/validation';
import { Anchor, Card, Group, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { DateRangeFilter, type DayRange } from '../../components/date-range-filter';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useListParams } from '../../components/use-list-params';
import { useUrlFilters } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { PATHS } from '../../session/paths';
import { mediumLabel, percent } from './campaign-form';
import { StatusBadge } from './campaign-parts';
import { byMedium, campaignsInPeriod, type ReportRow, reportRow, reportTotals } from './campaign-report';
import { campaignListQuery } from './campaigns.api';

const Chart = lazy(() => import('./campaign-report-chart'));
const n = (value: number) => value.toLocaleString('en-IN');

const COLUMNS: Column<ReportRow>[] = [
  {
    key: 'title',
    header: 'Campaign',
    render: (r) => (
      <Anchor component={Link} to={PATHS.campaign.replace('$campaignId', String(r.id))} size="sm" fw={500}>
        {r.title}
      </Anchor>
    ),
  },
  { key: 'day', header: 'Date', render: (r) => dayjs(r.day).format('DD/MM/YYYY') },
  {
    key: 'medium',
    header: 'Medium',
    render: (r) => <StatusBadge options={CAMPAIGN_MEDIUMS} value={r.medium} />,
  },
  {
    key: 'status',
    header: 'Status',
    render: (r) => <StatusBadge options={CAMPAIGN_STATUSES} value={r.status} />,
  },
  { key: 'sent', header: 'Sent', align: 'right', render: (r) => n(r.sent) },
  {
    key: 'delivered',
    header: 'Delivered',
    align: 'right',
    render: (r) => `${n(r.delivered)} (${percent(r.deliveredRate)})`,
  },
  { key: 'read', header: 'Read', align: 'right', render: (r) => `${n(r.read)} (${percent(r.readRate)})` },
  {
    key: 'clicks',
    header: 'Clicks',
    align: 'right',
    render: (r) => `${n(r.clicks)} (${percent(r.clickRate)})`,
  },
  { key: 'failed', header: 'Failed', align: 'right', render: (r) => n(r.failed) },
  { key: 'opted_out', header: 'Opted Out', align: 'right', render: (r) => n(r.optedOut) },
];

function Total({ label, value, hint }: { label: string; value: string; hint?: string }) {
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

const ALL = { value: 'all', label: 'All' };

/** /campaign-report: how the campaigns of a period did, from their counts. */
export function CampaignReportPage() {
  const user = useCurrentUser();
  const thisMonth = dayRangePresets(todayInIndia()).find((p) => p.label === 'This month')?.range;
  const [filters, setFilters] = useUrlFilters({
    from: thisMonth?.[0] ?? '',
    to: thisMonth?.[1] ?? '',
    medium: 'all',
  });
  const paging = useListParams();
  // The counts of the newest campaigns; the period is cut from them here (the list has no date filter).
  const campaigns = useQuery(
    campaignListQuery(user.company.id, {
      limit: 1000,
      offset: 0,
      ordering: '-created_at',
      campaign_medium: filters.medium !== 'all' ? (filters.medium as 'email') : undefined,
    }),
  );
  const inPeriod = useMemo(
    () => campaignsInPeriod(campaigns.data?.results ?? [], filters.from || null, filters.to || null),
    [campaigns.data, filters.from, filters.to],
  );
  const totals = reportTotals(inPeriod);
  const rows = inPeriod.map(reportRow);
  const page = rows.slice(paging.params.offset, paging.params.offset + paging.params.limit);
  const range: DayRange = [filters.from || null, filters.to || null];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Campaign Report</Title>
        <Anchor component={Link} to={PATHS.campaigns} size="sm">
          Campaigns
        </Anchor>
      </Group>
      <Card withBorder padding="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <DateRangeFilter
            label="Period"
            value={range}
            onChange={([from, to]) => {
              setFilters({ ...filters, from: from ?? '', to: to ?? '' });
              paging.resetPage();
            }}
            placeholder="All time"
          />
          <Select
            label="Medium"
            allowDeselect={false}
            data={[ALL, ...CAMPAIGN_MEDIUMS]}
            value={filters.medium}
            onChange={(v) => {
              setFilters({ ...filters, medium: v ?? 'all' });
              paging.resetPage();
            }}
            w={180}
          />
        </Group>
      </Card>
      {campaigns.isError ? (
        <LoadErrorAlert
          error={campaigns.error}
          onRetry={() => campaigns.refetch()}
          title="Failed to load Campaigns."
        />
      ) : campaigns.isLoading ? (
        <Skeleton height={96} aria-label="Loading the report" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
            <Total label="Campaigns" value={n(totals.campaigns)} />
            <Total label="Sent" value={n(totals.sent)} hint={`Audience ${n(totals.audience)}`} />
            <Total label="Delivered" value={percent(totals.deliveredRate)} hint={n(totals.delivered)} />
            <Total label="Read" value={percent(totals.readRate)} hint={n(totals.read)} />
            <Total label="Clicks" value={percent(totals.clickRate)} hint={n(totals.clicks)} />
            <Total label="Failed" value={n(totals.failed)} hint={`${n(totals.skipped)} skipped`} />
          </SimpleGrid>
          {totals.sent > 0 && (
            <Card withBorder padding="md" component="section" aria-label="Messages per medium">
              <Stack gap="sm">
                <Title order={3} size="h4">
                  Messages per medium
                </Title>
                <Suspense fallback={<Skeleton height={260} />}>
                  <Chart rows={byMedium(inPeriod, (m) => mediumLabel(m as 'email'))} />
                </Suspense>
              </Stack>
            </Card>
          )}
          <Card withBorder padding="md">
            <DataTable
              label="Campaign performance"
              columns={COLUMNS}
              rowKey={(r) => r.id}
              data={{ count: rows.length, next: null, previous: null, results: page }}
              isLoading={false}
              error={null}
              onRetry={() => campaigns.refetch()}
              limit={paging.params.limit}
              offset={paging.params.offset}
              onPageChange={paging.setPage}
              minWidth={1000}
              empty={
                <Text c="dimmed" ta="center" py="xl">
                  No campaign in this period.
                </Text>
              }
            />
          </Card>
        </>
      )}
    </Stack>
  );
}
