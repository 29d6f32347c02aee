import { formatQuantity } from '@b2b/domain/money';
import { Box, Card, EmptyState, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconShoppingCartX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type Column, DataTable } from '../../components/data-table';
import { ANY_DAY, DateRangeFilter, type DayRange } from '../../components/date-range-filter';
import { EntitySelect } from '../../components/entity-select';
import { listTableProps, refilterWith } from '../../components/use-list-params';
import { useUrlFilter, useUrlIdFilter, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { Amount } from '../purchase-reports/report-filters';
import { buyerSource } from '../quotations/quotation-party-fields';
import { salesChannelListQuery } from '../sales-channels/sales-channels.api';
import { ReportHeader } from '../stock-reports/report-controls';
import {
  type AbandonedCartRow,
  type AbandonedCartsOutput,
  type AbandonedCartsParams,
  abandonedCartsQuery,
  downloadAbandonedCarts,
} from './abandoned-carts.api';

const when = (value: string | Date) => dayjs(value).format('DD/MM/YYYY, hh:mm A');

const COLUMNS: Column<AbandonedCartRow>[] = [
  {
    key: 'buyer',
    header: 'Buyer',
    sortField: 'buyer_name',
    render: (r) => <Text size="sm">{r.buyer.name}</Text>,
  },
  { key: 'channel', header: 'Sales Channel', render: (r) => r.sales_channel.display_name },
  {
    key: 'items',
    header: 'Items',
    sortField: 'items',
    sortFirst: 'descending',
    align: 'right',
    render: (r) => `${r.items} (${formatQuantity(r.quantity)} qty)`,
  },
  {
    key: 'value',
    header: 'Value',
    sortField: 'value',
    sortFirst: 'descending',
    align: 'right',
    render: (r) => <Amount value={r.value} strong />,
  },
  {
    key: 'last_activity_at',
    header: 'Last Activity',
    sortField: 'last_activity_at',
    sortFirst: 'descending',
    render: (r) => when(r.last_activity_at),
  },
  {
    key: 'abandoned_at',
    header: 'Abandoned',
    sortField: 'abandoned_at',
    sortFirst: 'descending',
    render: (r) => when(r.abandoned_at),
  },
];

function TotalsRow({ totals }: { totals: AbandonedCartsOutput['totals'] }) {
  return (
    <Table.Tr aria-label="Totals" style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}>
      <Table.Th scope="row">Total</Table.Th>
      <Table.Td>{totals.carts === 1 ? '1 cart' : `${totals.carts} carts`}</Table.Td>
      <Table.Td />
      <Table.Td ta="right">
        <Amount value={totals.value} strong />
      </Table.Td>
      <Table.Td colSpan={2} />
    </Table.Tr>
  );
}

/** /reports/abandoned-carts: carts the buyers of the web stores and apps left without ordering. */
export function AbandonedCartsPage() {
  const companyId = useCurrentUser().company.id;
  const list = useUrlListParams({ ordering: '-last_activity_at' });
  const [buyer, setBuyer] = useUrlFilter<number | null>('buyer', null);
  const [channel, setChannel] = useUrlIdFilter('sales_channel');
  const [dates, setDates] = useUrlFilter<DayRange>('dates', ANY_DAY);
  const channels = useQuery(salesChannelListQuery);
  const params: AbandonedCartsParams = {
    ...list.params,
    buyer: buyer ?? undefined,
    sales_channel: channel ? Number(channel) : undefined,
    start_date: dates[0] ?? undefined,
    end_date: dates[1] ?? undefined,
  };
  const report = useQuery(abandonedCartsQuery(companyId, params));
  const data = report.data;
  const filtered = buyer !== null || channel !== null || dates[0] !== null || dates[1] !== null;
  const noneYet = !filtered && data?.count === 0 && !report.isPlaceholderData;
  const refilter = refilterWith(list);

  return (
    <Stack gap="lg">
      <ReportHeader
        title="Abandoned Carts"
        download={noneYet ? undefined : () => downloadAbandonedCarts(companyId, params)}
        downloadDisabled={!data || data.count === 0}
      >
        <Text size="sm" c="dimmed">
          Carts that buyers filled on your web stores and apps and left without ordering: abandoned once
          nobody touched them for the sales channel&apos;s cart window (24 hours unless set on Sales
          Channels). The value is the cart&apos;s total with offers, as last priced.
        </Text>
      </ReportHeader>
      {noneYet ? (
        <Card withBorder padding="xl" radius="md">
          <EmptyState
            title="No abandoned carts"
            description="No buyer has left a cart behind yet. Carts appear here once they stay untouched for their sales channel's window."
            icon={<IconShoppingCartX size={28} />}
          />
        </Card>
      ) : (
        <Card withBorder padding="md">
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <DateRangeFilter label="Last Activity" value={dates} onChange={refilter(setDates)} />
              <Select
                label="Sales Channel"
                placeholder="All channels"
                data={(channels.data?.results ?? []).map((c) => ({
                  value: String(c.id),
                  label: c.display_name,
                }))}
                value={channel}
                onChange={refilter(setChannel)}
                clearable
                w={200}
              />
              <Box w={240}>
                <EntitySelect
                  source={buyerSource(companyId)}
                  label="Buyer"
                  placeholder="All buyers"
                  value={buyer}
                  onChange={refilter(setBuyer)}
                  includeInactive
                />
              </Box>
            </Group>
            <DataTable
              label="Abandoned Carts"
              columns={COLUMNS}
              rowKey={(r) => r.id}
              {...listTableProps(list, report)}
              errorTitle="Failed to load Abandoned Carts"
              minWidth={900}
              footer={data && data.count > 0 ? <TotalsRow totals={data.totals} /> : undefined}
              empty={
                <Text c="dimmed" ta="center" py="xl">
                  No abandoned carts match these filters.
                </Text>
              }
            />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
