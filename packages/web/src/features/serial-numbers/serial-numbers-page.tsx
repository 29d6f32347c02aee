import { SERIAL_NUMBER_STATUSES } from '@b2b/domain/serial-numbers';
import {
  Anchor,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { StatusBadge } from '../../components/status-badge';
import { useUrlFilter, useUrlIdFilter, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { billPath, inventoryAdjustmentPath, invoicePath, purchaseReturnPath } from '../../session/paths';
import {
  type SerialNumberListParams,
  type SerialNumberOutput,
  type SerialNumberTrace,
  serialNumberListQueryOptions,
  serialNumberTraceQuery,
} from './serial-numbers.api';

/** A document named in a serial's trace, linked to its page where it has one. */
function DocumentLink({
  document,
}: {
  document: { type: string; id: number | null; number: string | null };
}) {
  const label = document.number ?? '—';
  if (document.id === null) return <>{label}</>;
  const to =
    document.type === 'invoice'
      ? invoicePath(document.id)
      : document.type === 'bill'
        ? billPath(document.id)
        : document.type === 'inventory_adjustment'
          ? inventoryAdjustmentPath(document.id)
          : document.type === 'purchase_return'
            ? purchaseReturnPath(document.id)
            : null;
  return to ? (
    <Anchor component={Link} to={to} size="sm">
      {label}
    </Anchor>
  ) : (
    label
  );
}

const COLUMNS = (onTrace: (row: SerialNumberOutput) => void): Column<SerialNumberOutput>[] => [
  {
    key: 'serial_number',
    header: 'Serial Number',
    sortField: 'serial_number',
    render: (row) => (
      <Text size="sm" ff="monospace" fw={500}>
        {row.serial_number}
      </Text>
    ),
  },
  { key: 'product', header: 'Product', sortField: 'product', render: (row) => row.product.name },
  {
    key: 'status',
    header: 'Status',
    sortField: 'status',
    render: (row) => <StatusBadge options={SERIAL_NUMBER_STATUSES} value={row.status} />,
  },
  { key: 'warehouse', header: 'Warehouse', render: (row) => row.warehouse.name },
  { key: 'came_in', header: 'Came In On', render: (row) => <DocumentLink document={row.came_in} /> },
  {
    key: 'sold_on',
    header: 'Sold On',
    render: (row) =>
      row.sold_on ? (
        <Stack gap={0}>
          <DocumentLink
            document={{ type: 'invoice', id: row.sold_on.id, number: row.sold_on.invoice_number }}
          />
          <Text size="xs" c="dimmed">
            {row.sold_on.buyer}
          </Text>
        </Stack>
      ) : (
        '—'
      ),
  },
  {
    key: 'trace',
    header: 'Trace',
    render: (row) => (
      <Button size="compact-xs" variant="light" onClick={() => onTrace(row)}>
        Trace {row.serial_number}
      </Button>
    ),
  },
];

function TraceCard({ trace }: { trace: SerialNumberTrace }) {
  return (
    <Card withBorder padding="md" aria-label={`Trace of ${trace.serial_number}`} component="section">
      <Stack gap="md">
        <Group justify="space-between">
          <Stack gap={2}>
            <Title order={3} ff="monospace">
              {trace.serial_number}
            </Title>
            <Text size="sm" c="dimmed">
              {trace.product.name}
              {trace.product.sku ? ` · ${trace.product.sku}` : ''} · {trace.warehouse.name}
            </Text>
          </Stack>
          <StatusBadge options={SERIAL_NUMBER_STATUSES} value={trace.status} />
        </Group>
        <Timeline active={trace.events.length - 1} bulletSize={14} lineWidth={2}>
          {trace.events.map((event) => {
            // A unit received on a bill was bought: 'Purchased on Bill X from <seller>'.
            const purchased = event.event === 'received' && event.document.type === 'bill';
            return (
              <Timeline.Item key={event.id} title={purchased ? 'Purchased' : event.label}>
                <Text size="sm">
                  {purchased ? 'on Bill ' : ''}
                  <DocumentLink document={event.document} />
                  {event.party ? (purchased ? ` from ${event.party}` : ` · ${event.party}`) : ''} ·{' '}
                  {event.warehouse.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {dayjs(event.created_at).format('DD/MM/YYYY, hh:mm A')}
                  {event.user ? ` by ${event.user.first_name} ${event.user.last_name}`.trimEnd() : ''}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      </Stack>
    </Card>
  );
}

function Trace({ companyId, id }: { companyId: number; id: number }) {
  const trace = useQuery(serialNumberTraceQuery(companyId, id));
  if (trace.isLoading) return <Skeleton height={160} aria-label="Loading the trace" />;
  if (trace.isError || !trace.data) {
    return (
      <LoadErrorAlert
        error={trace.error}
        onRetry={() => void trace.refetch()}
        title="Failed to load the serial number's trace."
      />
    );
  }
  return <TraceCard trace={trace.data} />;
}

/**
 * /serial-numbers ('Serial Numbers'): find a unit by its serial (from its start, any case) or its
 * product, and trace it: where it came in, the invoice it was sold on and to whom, returns.
 */
export function SerialNumbersPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const list = useUrlListParams({ ordering: '-updated_at' });
  const [searchText, setSearchText] = useState(list.params.search);
  const [debouncedSearch] = useDebouncedValue(searchText, 300);
  const { setSearch, resetPage } = list;
  useEffect(() => setSearch(debouncedSearch.trim()), [debouncedSearch, setSearch]);
  const [status, setStatus] = useUrlFilter<string | null>('status', null);
  const [traced, setTraced] = useUrlIdFilter('serial');
  const params: SerialNumberListParams = {
    ...list.params,
    status: (status ?? undefined) as SerialNumberListParams['status'],
  };
  const serials = useQuery(serialNumberListQueryOptions(companyId, params));
  const filtered = list.params.search !== '' || status !== null;

  return (
    <Stack gap="lg">
      <Title order={2}>Serial Numbers</Title>
      <Card withBorder padding="md">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Serial number or product"
              leftSection={<IconSearch size={16} />}
              value={searchText}
              onChange={(event) => setSearchText(event.currentTarget.value)}
              w={260}
            />
            <Select
              label="Status"
              placeholder="All statuses"
              data={SERIAL_NUMBER_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
              value={status}
              onChange={(value) => {
                setStatus(value);
                resetPage();
              }}
              clearable
              w={200}
            />
          </Group>
          <DataTable
            label="Serial Numbers"
            columns={COLUMNS((row) => setTraced(String(row.id)))}
            rowKey={(row) => row.id}
            data={serials.data}
            isLoading={serials.isLoading}
            error={serials.error}
            errorTitle="Failed to load serial numbers."
            onRetry={() => serials.refetch()}
            limit={list.params.limit}
            offset={list.params.offset}
            onPageChange={list.setPage}
            ordering={list.params.ordering}
            onOrderingChange={list.setOrdering}
            onRowClick={(row) => setTraced(String(row.id))}
            minWidth={900}
            empty={
              <Text c="dimmed" ta="center" py="xl">
                {filtered
                  ? 'No serial number matches the search or the filter.'
                  : 'No serial numbers yet. Turn on Track serial numbers on a product, then bring its units in by an inventory adjustment with their serial numbers.'}
              </Text>
            }
          />
        </Stack>
      </Card>
      {traced !== null && <Trace companyId={companyId} id={Number(traced)} />}
    </Stack>
  );
}
