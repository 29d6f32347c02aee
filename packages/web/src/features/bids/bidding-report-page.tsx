import { bidPlacedBy } from '@b2b/domain/api/bids';
import { BID_MESSAGES, BID_STATUSES, type BidStatus } from '@b2b/domain/buyer-prices';
import { Anchor, Badge, Box, Card, EmptyState, Group, Select, Stack, Text } from '@mantine/core';
import { IconGavel } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { type Column, DataTable } from '../../components/data-table';
import { ANY_DAY, DateRangeFilter, type DayRange } from '../../components/date-range-filter';
import { EntitySelect } from '../../components/entity-select';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { listTableProps, refilterWith } from '../../components/use-list-params';
import { useUrlFilter, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { quotationPath } from '../../session/paths';
import { productSource } from '../inventory-adjustments/inventory-adjustment-form';
import { buyerSource } from '../quotations/quotation-party-fields';
import { ReportHeader } from '../stock-reports/report-controls';
import { type Bid, type BiddingReportParams, biddingReportQuery, downloadBiddingReport } from './bids.api';

const COLUMNS: Column<Bid>[] = [
  {
    key: 'created_at',
    header: 'Date',
    sortField: 'created_at',
    sortFirst: 'descending',
    render: (r) => dayjs(r.created_at).format('DD/MM/YYYY HH:mm'),
  },
  {
    key: 'quotation',
    header: 'Quotation',
    render: (r) => (
      <Anchor component={Link} to={quotationPath(r.quotation.id)} size="sm">
        {r.quotation.quotation_number}
      </Anchor>
    ),
  },
  { key: 'product', header: 'Product', sortField: 'product_name', render: (r) => r.product.name },
  { key: 'buyer', header: 'Buyer', sortField: 'buyer_name', render: (r) => r.buyer.name },
  {
    key: 'buyer_price',
    header: 'Buyer Price',
    sortField: 'buyer_price',
    align: 'right',
    render: (r) => <Money value={r.buyer_price} />,
  },
  { key: 'floor', header: 'Floor', align: 'right', render: (r) => <Money value={r.floor} /> },
  {
    key: 'proposed_rate',
    header: 'Proposed Rate',
    sortField: 'proposed_rate',
    align: 'right',
    render: (r) => <Money value={r.proposed_rate} />,
  },
  {
    key: 'status',
    header: 'Status',
    sortField: 'status',
    render: (r) => (
      <Stack gap={2}>
        <StatusBadge options={BID_STATUSES} value={r.status} />
        {r.reason && (
          <Text size="xs" c="dimmed">
            {r.reason}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'placed_by', header: 'Placed By', render: (r) => bidPlacedBy(r) ?? '—' },
  { key: 'decided_by', header: 'Decided By', render: (r) => r.decided_by?.name ?? '—' },
];

/** /reports/product-reports/bidding-reports: bids placed on quotations, accepted, waiting, approved and refused. */
export function BiddingReportPage() {
  const companyId = useCurrentUser().company.id;
  const list = useUrlListParams({ ordering: '-created_at' });
  const [product, setProduct] = useUrlFilter<number | null>('product', null);
  const [buyer, setBuyer] = useUrlFilter<number | null>('buyer', null);
  const [status, setStatus] = useUrlFilter<string | null>('status', null);
  const [dates, setDates] = useUrlFilter<DayRange>('dates', ANY_DAY);
  const params: BiddingReportParams = {
    ...list.params,
    product: product ?? undefined,
    buyer: buyer ?? undefined,
    status: (status as BidStatus | null) ?? undefined,
    start_date: dates[0] ?? undefined,
    end_date: dates[1] ?? undefined,
  };
  const report = useQuery(biddingReportQuery(companyId, params));
  const data = report.data;
  const filtered =
    product !== null || buyer !== null || status !== null || dates[0] !== null || dates[1] !== null;
  const noneYet = !filtered && data?.count === 0 && !report.isPlaceholderData;
  const refilter = refilterWith(list);

  return (
    <Stack gap="lg">
      <ReportHeader
        title="Bidding Reports"
        download={noneYet ? undefined : () => downloadBiddingReport(companyId, params)}
        downloadDisabled={!data || data.count === 0}
      >
        <Text size="sm" c="dimmed">
          Bids placed on quotations: the buyer price and floor they were placed against, the rate proposed,
          and whether it was accepted within the range, approved or refused.
        </Text>
      </ReportHeader>
      {noneYet ? (
        <Card withBorder padding="xl" radius="md">
          <EmptyState
            title="No bids yet"
            description={BID_MESSAGES.report_empty}
            icon={<IconGavel size={28} />}
          />
        </Card>
      ) : (
        <Card withBorder padding="md">
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <DateRangeFilter label="Bid Date" value={dates} onChange={refilter(setDates)} />
              <Box w={240}>
                <EntitySelect
                  source={productSource(companyId)}
                  label="Product"
                  placeholder="All products"
                  value={product}
                  onChange={refilter(setProduct)}
                  includeInactive
                />
              </Box>
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
              <Select
                label="Status"
                placeholder="All statuses"
                data={BID_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
                value={status}
                onChange={refilter(setStatus)}
                clearable
                w={200}
              />
            </Group>
            {data && data.count > 0 && (
              <Group gap="xs" aria-label="Totals">
                <Badge variant="outline" color="gray">
                  {data.totals.bids} bids
                </Badge>
                {BID_STATUSES.map((s) => (
                  <Badge key={s.value} variant="light" color={s.color}>
                    {s.label}: {data.totals[s.value]}
                  </Badge>
                ))}
              </Group>
            )}
            <DataTable
              label="Bidding Reports"
              columns={COLUMNS}
              rowKey={(r) => r.id}
              {...listTableProps(list, report)}
              errorTitle={BID_MESSAGES.load_failed}
              minWidth={900}
              empty={
                <Text c="dimmed" ta="center" py="xl">
                  {BID_MESSAGES.no_match}
                </Text>
              }
            />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
