import {
  answerText,
  FEEDBACK_SOURCES,
  FEEDBACK_STATUSES,
  type FeedbackStatus,
  RATING_LABELS,
  ratingStars,
} from '@b2b/domain/customer-feedback';
import {
  ActionIcon,
  Anchor,
  Card,
  CopyButton,
  Drawer,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconCopy, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Column } from '../../components/data-table';
import { DataTable } from '../../components/data-table';
import { ANY_DAY, DateRangeFilter, type DayRange } from '../../components/date-range-filter';
import { EntitySelect } from '../../components/entity-select';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { StatusBadge } from '../../components/status-badge';
import { useUrlFilter, useUrlListParams } from '../../components/use-url-list-params';
import { buyerSource } from '../quotations/quotation-party-fields';
import {
  type FeedbackFilters,
  type FeedbackRequest,
  feedbackRequestsQuery,
  feedbackSummaryQuery,
} from './customer-feedback.api';

const Chart = lazy(() => import('./feedback-chart'));

const when = (value: string | null) => (value ? dayjs(value).format('DD/MM/YYYY') : '—');

/** Stars for the eye, the number and its word for everyone. */
export function Rating({ rating }: { rating: number | null }) {
  if (rating === null) return <Text size="sm">—</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      <Text span c="orange.7" aria-hidden="true">
        {ratingStars(rating)}
      </Text>
      <Text span size="sm">
        {rating}/5 {RATING_LABELS[rating]}
      </Text>
    </Group>
  );
}

export function CopyLink({ url }: { url: string }) {
  return (
    <CopyButton value={url}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Link copied.' : 'Copy feedback link'} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            aria-label="Copy feedback link"
            onClick={(e) => {
              e.stopPropagation();
              copy();
            }}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

const COLUMNS: Column<FeedbackRequest>[] = [
  {
    key: 'date',
    header: 'Date',
    sortField: 'answered_at',
    sortFirst: 'descending',
    render: (r) => when(r.answered_at ?? r.created_at),
  },
  {
    key: 'buyer',
    header: 'Buyer',
    sortField: 'buyer',
    render: (r) => (
      <Text size="sm" fw={500}>
        {r.buyer?.name ?? r.contact?.name ?? '—'}
      </Text>
    ),
  },
  { key: 'invoice', header: 'Invoice', render: (r) => r.invoice?.invoice_number ?? '—' },
  { key: 'form', header: 'Form', render: (r) => r.form.title },
  {
    key: 'rating',
    header: 'Rating',
    sortField: 'rating',
    sortFirst: 'descending',
    render: (r) => <Rating rating={r.rating} />,
  },
  {
    key: 'status',
    header: 'Status',
    render: (r) => <StatusBadge options={FEEDBACK_STATUSES} value={r.status} />,
  },
];

const RATING_FILTERS = [
  { value: 'all', label: 'Any rating' },
  { value: '5', label: '5 stars' },
  { value: '4', label: '4 stars' },
  { value: '3', label: '3 stars' },
  { value: '2', label: '2 stars' },
  { value: '1', label: '1 star' },
  { value: '1,2', label: '2 stars or fewer' },
  { value: '4,5', label: '4 stars or more' },
];

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700}>
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

/** The Responses tab: the period's figures and chart, then the requests with their answers. */
export function FeedbackResponses({ companyId }: { companyId: number }) {
  const list = useUrlListParams();
  const [searchText, setSearchText] = useState(list.params.search);
  const [debounced] = useDebouncedValue(searchText, 300);
  const { setSearch } = list;
  useEffect(() => setSearch(debounced.trim()), [debounced, setSearch]);
  const [status, setStatus] = useUrlFilter<string>('status', 'all');
  const [rating, setRating] = useUrlFilter<string>('rating', 'all');
  const [buyer, setBuyer] = useUrlFilter<number | null>('buyer', null);
  const [range, setRange] = useUrlFilter<DayRange>('range', ANY_DAY);
  const [open, setOpen] = useState<FeedbackRequest | null>(null);

  const filters: FeedbackFilters = {
    status: status === 'all' ? undefined : (status as FeedbackStatus),
    rating__in: rating === 'all' ? undefined : rating,
    buyer: buyer ?? undefined,
    start_date: range[0] ?? undefined,
    end_date: range[1] ?? undefined,
  };
  const requests = useQuery(feedbackRequestsQuery(companyId, { ...list.params, ...filters }));
  const summary = useQuery(feedbackSummaryQuery(companyId, filters));
  const s = summary.data;
  const rate = s && s.requests > 0 ? `${Math.round((s.answered / s.requests) * 100)}%` : '—';

  return (
    <Stack gap="lg">
      {summary.error ? (
        <LoadErrorAlert
          title="Failed to load the averages"
          error={summary.error}
          onRetry={() => summary.refetch()}
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {s ? (
              <>
                <Figure
                  label="Average rating"
                  value={s.average_rating === null ? '—' : `${s.average_rating.toFixed(2)} / 5`}
                  hint={range[0] ? 'In the chosen dates' : 'Last 12 months'}
                />
                <Figure label="Answers" value={s.answered.toLocaleString('en-IN')} />
                <Figure
                  label="Response rate"
                  value={rate}
                  hint={`${s.requests.toLocaleString('en-IN')} requests sent`}
                />
              </>
            ) : (
              [1, 2, 3].map((n) => <Skeleton key={n} height={96} />)
            )}
          </SimpleGrid>
          <Card withBorder padding="md">
            {s ? (
              s.answered === 0 ? (
                <Text c="dimmed" ta="center" py="lg">
                  No answers in this period yet. Averages per month show here once buyers answer.
                </Text>
              ) : (
                <Stack gap="sm">
                  <Suspense fallback={<Skeleton height={240} />}>
                    <Chart periods={s.periods} />
                  </Suspense>
                  <details>
                    <summary>Figures per month</summary>
                    <Table striped withTableBorder mt="xs">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Month</Table.Th>
                          <Table.Th ta="right">Answers</Table.Th>
                          <Table.Th ta="right">Average rating</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {s.periods.map((p) => (
                          <Table.Tr key={p.period}>
                            <Table.Td>{p.label}</Table.Td>
                            <Table.Td ta="right">{p.count}</Table.Td>
                            <Table.Td ta="right">{p.average === null ? '—' : p.average.toFixed(2)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </details>
                </Stack>
              )
            ) : (
              <Skeleton height={240} />
            )}
          </Card>
        </>
      )}

      <Card withBorder padding="md">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Buyer, invoice, form or answer"
              leftSection={<IconSearch size={16} />}
              value={searchText}
              onChange={(event) => setSearchText(event.currentTarget.value)}
              w={260}
            />
            <Select
              label="Rating"
              allowDeselect={false}
              data={RATING_FILTERS}
              value={rating}
              onChange={(value) => {
                setRating(value ?? 'all');
                list.resetPage();
              }}
              w={170}
            />
            <Select
              label="Status"
              allowDeselect={false}
              data={[
                { value: 'all', label: 'All' },
                ...FEEDBACK_STATUSES.map((s) => ({ value: s.value, label: s.label })),
              ]}
              value={status}
              onChange={(value) => {
                setStatus(value ?? 'all');
                list.resetPage();
              }}
              w={170}
            />
            <div style={{ width: 240 }}>
              <EntitySelect
                source={buyerSource(companyId)}
                label="Buyer"
                placeholder="Any buyer"
                value={buyer}
                includeInactive
                onChange={(id) => {
                  setBuyer(id);
                  list.resetPage();
                }}
              />
            </div>
            <DateRangeFilter
              label="Date"
              value={range}
              onChange={(value) => {
                setRange(value);
                list.resetPage();
              }}
            />
          </Group>
          <DataTable
            label="Customer feedback"
            columns={COLUMNS}
            rowKey={(r) => r.id}
            data={requests.data}
            isLoading={requests.isLoading}
            error={requests.error}
            errorTitle="Failed to load customer feedback"
            onRetry={() => requests.refetch()}
            limit={list.params.limit}
            offset={list.params.offset}
            onPageChange={list.setPage}
            ordering={list.params.ordering}
            onOrderingChange={list.setOrdering}
            onRowClick={setOpen}
            empty={
              <Text c="dimmed" ta="center" py="xl">
                No feedback matches the search or the filters.
              </Text>
            }
          />
        </Stack>
      </Card>
      <FeedbackDrawer request={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

/** One request: who was asked about what, and every answer as it was asked. */
function FeedbackDrawer({ request, onClose }: { request: FeedbackRequest | null; onClose: () => void }) {
  return (
    <Drawer
      opened={request !== null}
      onClose={onClose}
      position="right"
      size={480}
      title={<Title order={3}>Feedback</Title>}
      closeButtonProps={{ 'aria-label': 'Close feedback' }}
    >
      {request && (
        <Stack gap="md">
          <Group justify="space-between">
            <StatusBadge options={FEEDBACK_STATUSES} value={request.status} />
            <Rating rating={request.rating} />
          </Group>
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>Buyer</Table.Th>
                <Table.Td>{request.buyer?.name ?? '—'}</Table.Td>
              </Table.Tr>
              {request.contact && (
                <Table.Tr>
                  <Table.Th>Contact</Table.Th>
                  <Table.Td>{request.contact.name}</Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Th>Invoice</Table.Th>
                <Table.Td>{request.invoice?.invoice_number ?? '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Form</Table.Th>
                <Table.Td>{request.form.title}</Table.Td>
              </Table.Tr>
              {request.campaign && (
                <Table.Tr>
                  <Table.Th>Campaign</Table.Th>
                  <Table.Td>{request.campaign.title}</Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Th>Asked</Table.Th>
                <Table.Td>
                  {when(request.created_at)} ·{' '}
                  {FEEDBACK_SOURCES.find((s) => s.value === request.source)?.label ?? request.source}
                  {request.recipient_email ? ` · e-mailed to ${request.recipient_email}` : ''}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{request.answered_at ? 'Answered' : 'Link valid until'}</Table.Th>
                <Table.Td>{when(request.answered_at ?? request.expires_at)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {request.status === 'pending' && (
            <Group gap={4} wrap="nowrap">
              <Anchor href={request.url} target="_blank" rel="noreferrer" size="sm" truncate="end" maw={380}>
                {request.url}
              </Anchor>
              <CopyLink url={request.url} />
            </Group>
          )}
          <Title order={4}>Answers</Title>
          {request.answered_at === null ? (
            <Text c="dimmed">Not answered yet.</Text>
          ) : request.answers.length === 0 ? (
            <Text c="dimmed">The form asked only for the rating.</Text>
          ) : (
            <Stack gap="sm" component="dl" m={0}>
              {request.answers.map((a) => (
                <div key={a.key}>
                  <Text component="dt" size="sm" fw={600}>
                    {a.label}
                  </Text>
                  <Text component="dd" m={0} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {answerText(a.answer)}
                  </Text>
                </div>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
