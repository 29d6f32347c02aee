import { OFFER_KINDS } from '@b2b/domain/api/offers';
import { Anchor, Card, EmptyState, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type Column, DataTable } from '../../components/data-table';
import { ANY_DAY, DateRangeFilter, type DayRange } from '../../components/date-range-filter';
import { Money } from '../../components/money';
import { listTableProps, refilterWith } from '../../components/use-list-params';
import { useUrlFilter, useUrlIdFilter, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { ReportHeader } from '../stock-reports/report-controls';
import { OFFER_KINDS_SCREENS } from './offer-kinds';
import {
  type CouponReportParams,
  type CouponReportRow,
  couponReportQuery,
  downloadCouponReportCsv,
  OFFER_TOASTS,
  type OfferKind,
  offerListQuery,
} from './offers.api';

const KIND_OPTIONS = OFFER_KINDS.map((kind) => ({ value: kind, label: OFFER_KINDS_SCREENS[kind].plural }));

const COLUMNS: Column<CouponReportRow>[] = [
  {
    key: 'offer',
    header: 'Offer',
    sortField: 'offer_title',
    render: (r) => (
      <Stack gap={0}>
        <Anchor
          component={Link}
          to={OFFER_KINDS_SCREENS[r.offer.kind].detailPath(r.offer.id)}
          size="sm"
          fw={500}
        >
          {r.offer.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {OFFER_KINDS_SCREENS[r.offer.kind].singular}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'code',
    header: 'Code',
    sortField: 'coupon_code',
    render: (r) =>
      r.coupon_code ? (
        <Text size="sm" ff="monospace">
          {r.coupon_code}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Automatic
        </Text>
      ),
  },
  {
    key: 'uses',
    header: 'Uses',
    sortField: 'uses',
    sortFirst: 'descending',
    align: 'right',
    render: (r) => r.uses,
  },
  {
    key: 'buyers',
    header: 'Buyers',
    sortField: 'buyers',
    sortFirst: 'descending',
    align: 'right',
    render: (r) => r.buyers,
  },
  {
    key: 'discount_given',
    header: 'Discount Given',
    sortField: 'discount_given',
    sortFirst: 'descending',
    align: 'right',
    render: (r) => <Money value={r.discount_given} />,
  },
  {
    key: 'cashpoints_given',
    header: 'Cashpoints',
    sortField: 'cashpoints_given',
    sortFirst: 'descending',
    align: 'right',
    render: (r) => <Money value={r.cashpoints_given} />,
  },
  {
    key: 'order_value',
    header: 'Order Value',
    sortField: 'order_value',
    sortFirst: 'descending',
    align: 'right',
    render: (r) => <Money value={r.order_value} />,
  },
];

type Totals = Pick<CouponReportRow, 'uses' | 'discount_given' | 'cashpoints_given' | 'order_value'>;

/** Rupees added in paise, so a long column does not drift by a paisa. */
export function couponReportTotals(rows: readonly CouponReportRow[]): Totals {
  const paise = (pick: (row: CouponReportRow) => number) =>
    rows.reduce((total, row) => total + Math.round(pick(row) * 100), 0) / 100;
  return {
    uses: rows.reduce((total, row) => total + row.uses, 0),
    discount_given: paise((r) => r.discount_given),
    cashpoints_given: paise((r) => r.cashpoints_given),
    order_value: paise((r) => r.order_value),
  };
}

function TotalsRow({ totals }: { totals: Totals }) {
  return (
    <Table.Tr aria-label="Totals" style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}>
      <Table.Th scope="row">Total</Table.Th>
      <Table.Td />
      <Table.Td ta="right" fw={700}>
        {totals.uses}
      </Table.Td>
      <Table.Td />
      <Table.Td ta="right" fw={700}>
        <Money value={totals.discount_given} />
      </Table.Td>
      <Table.Td ta="right" fw={700}>
        <Money value={totals.cashpoints_given} />
      </Table.Td>
      <Table.Td ta="right" fw={700}>
        <Money value={totals.order_value} />
      </Table.Td>
    </Table.Tr>
  );
}

/** /reports/coupon-reports: per offer and code, what its redeemed uses gave over a period. */
export function CouponReportPage() {
  const companyId = useCurrentUser().company.id;
  const list = useUrlListParams({ ordering: '-uses' });
  const [dates, setDates] = useUrlFilter<DayRange>('dates', ANY_DAY);
  const [kind, setKind] = useUrlFilter<string | null>('kind', null);
  const [offer, setOffer] = useUrlIdFilter('offer');
  const knownKind = OFFER_KINDS.includes(kind as OfferKind) ? (kind as OfferKind) : undefined;
  const filters: Omit<CouponReportParams, keyof typeof list.params> = {
    start_date: dates[0] ?? undefined,
    end_date: dates[1] ?? dates[0] ?? undefined,
    kind: knownKind,
    offer: offer ? Number(offer) : undefined,
  };
  const params: CouponReportParams = { ...list.params, ...filters };
  const report = useQuery(couponReportQuery(companyId, params));
  const data = report.data;
  // The totals are of every row of the filters, not of the page: read whole when the page is not.
  const wholeOnPage = data !== undefined && data.results.length >= data.count;
  const whole = useQuery({
    ...couponReportQuery(companyId, { ...filters, limit: -1, offset: 0, ordering: '-uses' }),
    enabled: data !== undefined && !wholeOnPage,
  });
  const totals = wholeOnPage
    ? couponReportTotals(data.results)
    : whole.data && couponReportTotals(whole.data.results);
  const offers = useQuery(
    offerListQuery(companyId, knownKind ?? 'product', { limit: -1, ordering: 'title' }),
  );
  const otherOffers = useQuery({
    ...offerListQuery(companyId, 'cart', { limit: -1, ordering: 'title' }),
    enabled: knownKind === undefined,
  });
  const offerOptions = [
    ...(offers.data?.results ?? []),
    ...(knownKind ? [] : (otherOffers.data?.results ?? [])),
  ].map((o) => ({ value: String(o.id), label: o.title }));
  const filtered = dates[0] !== null || knownKind !== undefined || offer !== null;
  const noneYet = !filtered && data?.count === 0 && !report.isPlaceholderData;
  const refilter = refilterWith(list);

  return (
    <Stack gap="lg">
      <ReportHeader
        title="Coupon Reports"
        download={noneYet ? undefined : () => downloadCouponReportCsv(companyId, params)}
        downloadDisabled={!data || data.count === 0}
      >
        <Text size="sm" c="dimmed">
          What each offer and coupon code gave on placed orders in the period: uses, buyers, discount,
          cashpoints and the orders' value. Uses given back (cancelled orders, credit notes) are not counted.
        </Text>
      </ReportHeader>
      {noneYet ? (
        <Card withBorder padding="xl" radius="md">
          <EmptyState
            title="No coupons used yet"
            description="When orders use an offer or a coupon code, what they got shows here, per offer and code."
            icon={<IconTicket size={28} />}
          />
        </Card>
      ) : (
        <Card withBorder padding="md">
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <DateRangeFilter label="Period" value={dates} onChange={refilter(setDates)} />
              <Select
                label="Kind"
                placeholder="All offers"
                data={KIND_OPTIONS}
                value={knownKind ?? null}
                onChange={(value) => {
                  setKind(value);
                  list.resetPage();
                }}
                clearable
                w={180}
              />
              <Select
                label="Offer"
                placeholder="All offers"
                data={offerOptions}
                value={offer}
                onChange={refilter(setOffer)}
                clearable
                searchable
                w={240}
              />
            </Group>
            <DataTable
              label="Coupon Reports"
              columns={COLUMNS}
              rowKey={(r) => `${r.offer.id}-${r.coupon_code ?? ''}`}
              {...listTableProps(list, report)}
              errorTitle={OFFER_TOASTS.report_load_failed}
              minWidth={820}
              footer={data && data.count > 0 && totals ? <TotalsRow totals={totals} /> : undefined}
              empty={
                <Text c="dimmed" ta="center" py="xl">
                  No offer or coupon was used in the period with these filters.
                </Text>
              }
            />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
