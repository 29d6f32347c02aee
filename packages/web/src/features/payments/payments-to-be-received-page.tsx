import { AGEING_BUCKETS } from '@b2b/domain/payments';
import {
  Anchor,
  Badge,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import { formatDay } from '../../components/format-day';
import { ListSearch, useListSearch } from '../../components/list-search';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Money } from '../../components/money';
import { useUrlFilter, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { buyerPath } from '../../session/paths';
import { type Receivable, receivablesQuery } from './payments.api';
import { ReceivableLines } from './receivable-lines';

/** The server's default order: most overdue first, then the largest amount due. */
const DEFAULT_ORDER = '-max_days_overdue,-amount_due';

const SORT_OPTIONS = [
  { value: DEFAULT_ORDER, label: 'Most overdue first' },
  { value: '-amount_due', label: 'Amount due: highest first' },
  { value: 'amount_due', label: 'Amount due: lowest first' },
  { value: 'oldest_due_date', label: 'Oldest due date first' },
  { value: 'buyer_name', label: 'Buyer name (A–Z)' },
];

/**
 * /payments-to-be-received: buyers with money due, most overdue first, by age; a buyer opens to
 * its invoices. The server orders, counts and pages the buyers (with the totals of every buyer of
 * the filter); search, sort, page and 'Overdue only' live in the address, so Back restores them.
 */
export function PaymentsToBeReceivedPage() {
  const user = useCurrentUser();
  const list = useUrlListParams({ ordering: DEFAULT_ORDER });
  const search = useListSearch(list.setSearch, list.params.search);
  const [overdueOnly, setOverdueOnly] = useUrlFilter('overdue', false);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const receivables = useQuery(
    receivablesQuery(user.company.id, {
      limit: list.params.limit,
      offset: list.params.offset,
      ordering: list.params.ordering,
      search: list.params.search || undefined,
      ...(overdueOnly ? { overdue_only: 'true' } : {}),
    }),
  );
  const data = receivables.data;
  const toggle = (buyerId: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(buyerId)) next.delete(buyerId);
      else next.add(buyerId);
      return next;
    });
  const pages = data ? Math.max(1, Math.ceil(data.count / list.params.limit)) : 1;

  return (
    <Stack gap="lg">
      <Title order={2}>Payments to be Received</Title>
      {data && (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" aria-label="Totals">
          <Card withBorder padding="sm">
            <Text size="xs" c="dimmed">
              Total Due
            </Text>
            <Text fw={600}>
              <Money value={data.totals.amount_due} />
            </Text>
          </Card>
          {AGEING_BUCKETS.map((bucket) => (
            <Card withBorder padding="sm" key={bucket.value}>
              <Text size="xs" c="dimmed">
                {bucket.label}
              </Text>
              <Text fw={600} c={bucket.value === 'not_due' ? undefined : bucket.color}>
                <Money value={data.totals[bucket.value]} />
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Card withBorder padding="md">
        <Stack gap="md">
          <Group gap="sm" align="flex-end">
            <ListSearch search={search} placeholder="Buyer" />
            <Switch
              label="Overdue only"
              checked={overdueOnly}
              onChange={(event) => {
                setOverdueOnly(event.currentTarget.checked);
                list.resetPage();
              }}
            />
            <Select
              label="Sort by"
              data={SORT_OPTIONS}
              value={SORT_OPTIONS.some((o) => o.value === list.params.ordering) ? list.params.ordering : null}
              allowDeselect={false}
              onChange={(value) => list.setOrdering(value ?? DEFAULT_ORDER)}
              w={230}
            />
          </Group>
          {receivables.isLoading ? (
            <Skeleton height={200} aria-label="Loading payments to be received" />
          ) : receivables.error ? (
            <LoadErrorAlert
              title="Failed to load Payments to be Received"
              error={receivables.error}
              onRetry={() => void receivables.refetch()}
            />
          ) : !data || data.results.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              Nothing is due: every invoice and opening balance is paid.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={900}>
              <Table aria-label="Payments to be Received" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Buyer</Table.Th>
                    <Table.Th>Oldest Due</Table.Th>
                    <Table.Th ta="right">Days Overdue</Table.Th>
                    <Table.Th ta="right">Amount Due</Table.Th>
                    {AGEING_BUCKETS.map((b) => (
                      <Table.Th key={b.value} ta="right">
                        {b.label}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.results.map((row) => (
                    <Fragment key={row.buyer.id}>
                      <BuyerRow
                        row={row}
                        expanded={open.has(row.buyer.id)}
                        onToggle={() => toggle(row.buyer.id)}
                      />
                      {open.has(row.buyer.id) && <ReceivableLines row={row} />}
                    </Fragment>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {data && pages > 1 && (
            <Pagination
              total={pages}
              value={Math.floor(list.params.offset / list.params.limit) + 1}
              onChange={(p) => list.setPage((p - 1) * list.params.limit, list.params.limit)}
            />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

function BuyerRow({ row, expanded, onToggle }: { row: Receivable; expanded: boolean; onToggle: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <UnstyledButton
            onClick={onToggle}
            aria-expanded={expanded}
            aria-label={`${expanded ? 'Hide' : 'Show'} what is due from ${row.buyer.name}`}
          >
            {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </UnstyledButton>
          <Anchor component={Link} to={buyerPath(row.buyer.id)} size="sm">
            {row.buyer.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {row.invoice_count} invoice{row.invoice_count === 1 ? '' : 's'}
            {row.account_lines.some((line) => line.kind === 'opening_balance') ? ' · Opening Balance' : ''}
            {row.payment_term ? ` · ${row.payment_term.name}` : ''}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>{formatDay(row.oldest_due_date)}</Table.Td>
      <Table.Td ta="right">
        {row.max_days_overdue > 0 ? (
          <Badge color="red" variant="light">
            {row.max_days_overdue}
          </Badge>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td ta="right">
        <Money value={row.amount_due} />
      </Table.Td>
      {AGEING_BUCKETS.map((b) => (
        <Table.Td key={b.value} ta="right">
          {row.buckets[b.value] !== 0 ? <Money value={row.buckets[b.value]} /> : '—'}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}
