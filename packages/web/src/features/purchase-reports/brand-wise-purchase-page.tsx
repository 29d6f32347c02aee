import { formatQuantity } from '@b2b/domain/money';
import { PURCHASE_REPORT_MESSAGES } from '@b2b/domain/purchase-reports';
import { Card, EmptyState, Group, Stack, Table, Text } from '@mantine/core';
import { IconTags } from '@tabler/icons-react';
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
  type BrandWisePurchaseOutput,
  type BrandWisePurchaseParams,
  type BrandWisePurchaseRow,
  brandWisePurchaseQuery,
  downloadPurchaseReport,
} from './purchase-reports.api';
import { Amount, BranchFilter, BrandFilter, SellerFilter } from './report-filters';

type Figures = { quantity: number; value: number };

/** A quantity with its value below it; an empty month is a dimmed dash. */
function Bought({ figures, strong }: { figures: Figures; strong?: boolean }) {
  if (figures.quantity === 0 && figures.value === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Stack gap={0} align="flex-end">
      <Amount value={figures.value} strong={strong} />
      <Text size="xs" c="dimmed">
        {formatQuantity(figures.quantity)} qty
      </Text>
    </Stack>
  );
}

function columnsOf(periods: BrandWisePurchaseOutput['periods']): Column<BrandWisePurchaseRow>[] {
  return [
    {
      key: 'brand',
      header: 'Brand',
      sortField: 'brand_name',
      render: (r) => r.brand?.name ?? <Text c="dimmed">No Brand</Text>,
    },
    { key: 'bills', header: 'Bills', sortField: 'bills', align: 'right', render: (r) => r.bills },
    {
      key: 'quantity',
      header: 'Quantity',
      sortField: 'quantity',
      sortFirst: 'descending',
      align: 'right',
      render: (r) => formatQuantity(r.quantity),
    },
    {
      key: 'value',
      header: 'Value',
      sortField: 'value',
      sortFirst: 'descending',
      align: 'right',
      render: (r) => <Amount value={r.value} strong />,
    },
    ...periods.map(
      (period, index): Column<BrandWisePurchaseRow> => ({
        key: period.key,
        header: period.label,
        align: 'right',
        render: (r) => <Bought figures={r.periods[index] ?? { quantity: 0, value: 0 }} />,
      }),
    ),
  ];
}

function TotalsRow({ totals }: { totals: BrandWisePurchaseOutput['totals'] }) {
  return (
    <Table.Tr aria-label="Totals" style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}>
      <Table.Th scope="row">Total</Table.Th>
      <Table.Td ta="right">{totals.bills}</Table.Td>
      <Table.Td ta="right">
        <Text size="sm" fw={700}>
          {formatQuantity(totals.quantity)}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Amount value={totals.value} strong />
      </Table.Td>
      {totals.periods.map((figures, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the periods are the columns, in order
        <Table.Td key={index} ta="right">
          <Bought figures={figures} strong />
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

/** /reports/product-reports/brand-wise-purchase: what was bought of each brand, month by month. */
export function BrandWisePurchasePage() {
  const companyId = useCurrentUser().company.id;
  const list = useUrlListParams({ ordering: '-value' });
  const search = useListSearch(list.setSearch, list.params.search);
  const [seller, setSeller] = useUrlFilter<number | null>('seller', null);
  const [branch, setBranch] = useUrlIdFilter('branch');
  const [brand, setBrand] = useUrlIdFilter('brand');
  const [dates, setDates] = useUrlFilter<DayRange>('dates', ANY_DAY);
  const params: BrandWisePurchaseParams = {
    ...list.params,
    seller: seller ?? undefined,
    branch: branch ? Number(branch) : undefined,
    brand: brand ? Number(brand) : undefined,
    start_date: dates[0] ?? undefined,
    end_date: dates[1] ?? undefined,
  };
  const report = useQuery(brandWisePurchaseQuery(companyId, params));
  const data = report.data;
  const filtered =
    list.params.search !== '' || seller !== null || branch !== null || brand !== null || dates[0] !== null;
  const noneYet = !filtered && data?.count === 0 && !report.isPlaceholderData;
  const periods = data?.periods ?? [];
  const refilter = refilterWith(list);

  return (
    <Stack gap="lg">
      <ReportHeader
        title="Brand Wise Purchase"
        download={
          noneYet
            ? undefined
            : () =>
                downloadPurchaseReport(companyId, 'brand_wise_purchase', params, 'brand-wise-purchase.csv')
        }
        downloadDisabled={!data || data.count === 0}
      >
        <Text size="sm" c="dimmed">
          {data ? `${formatDay(data.start_date)} to ${formatDay(data.end_date)}. ` : ''}Quantity and value
          (taxable, after discounts, without GST) bought per brand on received bills, month by month.
        </Text>
      </ReportHeader>
      {noneYet ? (
        <Card withBorder padding="xl" radius="md">
          <EmptyState
            title="No purchases"
            description={PURCHASE_REPORT_MESSAGES.no_purchases}
            icon={<IconTags size={28} />}
          />
        </Card>
      ) : (
        <Card withBorder padding="md">
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <ListSearch search={search} placeholder="Brand name" />
              <DateRangeFilter label="Bill Date" value={dates} onChange={refilter(setDates)} />
              <BrandFilter companyId={companyId} value={brand} onChange={refilter(setBrand)} />
              <SellerFilter companyId={companyId} value={seller} onChange={refilter(setSeller)} />
              <BranchFilter companyId={companyId} value={branch} onChange={refilter(setBranch)} />
            </Group>
            <DataTable
              label="Brand Wise Purchase"
              columns={columnsOf(periods)}
              rowKey={(r) => r.brand?.id ?? 0}
              {...listTableProps(list, report)}
              errorTitle={PURCHASE_REPORT_MESSAGES.brand_load_failed}
              minWidth={560 + periods.length * 110}
              footer={data && data.count > 0 ? <TotalsRow totals={data.totals} /> : undefined}
              empty={
                <Text c="dimmed" ta="center" py="xl">
                  {PURCHASE_REPORT_MESSAGES.no_match}
                </Text>
              }
            />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
