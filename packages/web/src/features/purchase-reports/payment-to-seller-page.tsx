import { PURCHASE_REPORT_MESSAGES } from '@b2b/domain/purchase-reports';
import { Card, EmptyState, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type Column, DataTable } from '../../components/data-table';
import { ANY_DAY, DateRangeFilter, type DayRange } from '../../components/date-range-filter';
import { formatDay } from '../../components/format-day';
import { ListSearch, useListSearch } from '../../components/list-search';
import { listTableProps, refilterWith } from '../../components/use-list-params';
import { useUrlFilter, useUrlIdFilter, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { ReportHeader } from '../stock-reports/report-controls';
import {
  downloadPurchaseReport,
  type PaymentToSellerOutput,
  type PaymentToSellerParams,
  type PaymentToSellerRow,
  paymentToSellerQuery,
} from './purchase-reports.api';
import { Amount, BranchFilter, NameWithGstin, PaymentMethodFilter, SellerFilter } from './report-filters';

type Figures = Pick<PaymentToSellerRow, 'payments' | 'amount' | 'tds' | 'net_paid'>;

const FIGURE_COLUMNS = [
  { key: 'payments', header: 'Payments', sortField: 'payments' },
  { key: 'amount', header: 'Amount', sortField: 'amount' },
  { key: 'tds', header: 'TDS', sortField: 'tds' },
  { key: 'net_paid', header: 'Net Paid', sortField: 'net_paid' },
] as const;

const figure = (key: (typeof FIGURE_COLUMNS)[number]['key'], f: Figures, strong?: boolean) =>
  key === 'payments' ? f.payments : <Amount value={f[key]} strong={strong || key === 'net_paid'} />;

const COLUMNS: Column<PaymentToSellerRow>[] = [
  {
    key: 'seller',
    header: 'Seller',
    sortField: 'seller_name',
    render: (r) => <NameWithGstin name={r.seller.name} gstin={r.seller.gstin} />,
  },
  ...FIGURE_COLUMNS.map(
    (c): Column<PaymentToSellerRow> => ({
      ...c,
      sortFirst: 'descending',
      align: 'right',
      render: (r) => figure(c.key, r),
    }),
  ),
];

function TotalsRow({ totals }: { totals: PaymentToSellerOutput['totals'] }) {
  return (
    <Table.Tr aria-label="Totals" style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}>
      <Table.Th scope="row">Total</Table.Th>
      {FIGURE_COLUMNS.map((c) => (
        <Table.Td key={c.key} ta="right">
          {figure(c.key, totals, true)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

/** The totals month by month, every seller of the filters together. */
function ByMonth({ data }: { data: PaymentToSellerOutput }) {
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          By Month
        </Title>
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label="Payments by month" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                {FIGURE_COLUMNS.map((c) => (
                  <Table.Th key={c.key} ta="right">
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.periods.map((period, index) => {
                const f = data.totals.periods[index] ?? { payments: 0, amount: 0, tds: 0, net_paid: 0 };
                return (
                  <Table.Tr key={period.key}>
                    <Table.Th scope="row" fw={400}>
                      {period.label}
                    </Table.Th>
                    {FIGURE_COLUMNS.map((c) => (
                      <Table.Td key={c.key} ta="right">
                        {figure(c.key, f)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}

/** /reports/product-reports/payment-to-seller: payments made per seller, with the TDS deducted. */
export function PaymentToSellerPage() {
  const companyId = useCurrentUser().company.id;
  const list = useUrlListParams({ ordering: '-amount' });
  const search = useListSearch(list.setSearch, list.params.search);
  const [seller, setSeller] = useUrlFilter<number | null>('seller', null);
  const [branch, setBranch] = useUrlIdFilter('branch');
  const [method, setMethod] = useUrlIdFilter('payment_method');
  const [dates, setDates] = useUrlFilter<DayRange>('dates', ANY_DAY);
  const params: PaymentToSellerParams = {
    ...list.params,
    seller: seller ?? undefined,
    branch: branch ? Number(branch) : undefined,
    payment_method: method ? Number(method) : undefined,
    start_date: dates[0] ?? undefined,
    end_date: dates[1] ?? undefined,
  };
  const report = useQuery(paymentToSellerQuery(companyId, params));
  const data = report.data;
  const filtered =
    list.params.search !== '' || seller !== null || branch !== null || method !== null || dates[0] !== null;
  const noneYet = !filtered && data?.count === 0 && !report.isPlaceholderData;
  const refilter = refilterWith(list);

  return (
    <Stack gap="lg">
      <ReportHeader
        title="Payment To Seller"
        download={
          noneYet
            ? undefined
            : () => downloadPurchaseReport(companyId, 'payment_to_seller', params, 'payment-to-seller.csv')
        }
        downloadDisabled={!data || data.count === 0}
      >
        <Text size="sm" c="dimmed">
          {data ? `${formatDay(data.start_date)} to ${formatDay(data.end_date)}. ` : ''}Payments made to each
          seller (void ones left out): the amount settled, the TDS deducted from it and the net paid to the
          seller.
        </Text>
      </ReportHeader>
      {noneYet ? (
        <Card withBorder padding="xl" radius="md">
          <EmptyState
            title="No payments to sellers"
            description={PURCHASE_REPORT_MESSAGES.no_payments}
            icon={<IconCash size={28} />}
          />
        </Card>
      ) : (
        <>
          <Card withBorder padding="md">
            <Stack gap="md">
              <Group gap="sm" align="flex-end" wrap="wrap">
                <ListSearch search={search} placeholder="Seller name" />
                <DateRangeFilter label="Payment Date" value={dates} onChange={refilter(setDates)} />
                <SellerFilter companyId={companyId} value={seller} onChange={refilter(setSeller)} />
                <BranchFilter companyId={companyId} value={branch} onChange={refilter(setBranch)} />
                <PaymentMethodFilter companyId={companyId} value={method} onChange={refilter(setMethod)} />
              </Group>
              <DataTable
                label="Payment To Seller"
                columns={COLUMNS}
                rowKey={(r) => r.seller.id}
                {...listTableProps(list, report)}
                errorTitle={PURCHASE_REPORT_MESSAGES.payments_load_failed}
                minWidth={720}
                footer={data && data.count > 0 ? <TotalsRow totals={data.totals} /> : undefined}
                empty={
                  <Text c="dimmed" ta="center" py="xl">
                    {PURCHASE_REPORT_MESSAGES.no_match}
                  </Text>
                }
              />
            </Stack>
          </Card>
          {data && data.count > 0 && <ByMonth data={data} />}
        </>
      )}
    </Stack>
  );
}
