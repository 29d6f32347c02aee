import '@mantine/dates/styles.css';
import { PAYABLE_AGEING_BUCKETS, PURCHASE_REPORT_MESSAGES } from '@b2b/domain/purchase-reports';
import { Card, EmptyState, Group, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type Column, DataTable } from '../../components/data-table';
import { formatDay } from '../../components/format-day';
import { ListSearch, useListSearch } from '../../components/list-search';
import { listTableProps, refilterWith } from '../../components/use-list-params';
import { useUrlFilter, useUrlIdFilter, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { ReportHeader } from '../stock-reports/report-controls';
import {
  type AmountPayableRow,
  type AmountPayablesOutput,
  type AmountPayablesParams,
  amountPayablesQuery,
  downloadPurchaseReport,
} from './purchase-reports.api';
import { Amount, BranchFilter, NameWithGstin, SellerFilter } from './report-filters';

const COLUMNS: Column<AmountPayableRow>[] = [
  {
    key: 'seller',
    header: 'Seller',
    sortField: 'seller_name',
    render: (r) => <NameWithGstin name={r.seller.name} gstin={r.seller.gstin} />,
  },
  { key: 'bills', header: 'Bills', sortField: 'bills', align: 'right', render: (r) => r.bills },
  ...PAYABLE_AGEING_BUCKETS.map(
    (bucket): Column<AmountPayableRow> => ({
      key: bucket.value,
      header: bucket.label,
      align: 'right',
      render: (r) => <Amount value={r.buckets[bucket.value]} />,
    }),
  ),
  {
    key: 'amount_due',
    header: 'Amount Due',
    sortField: 'amount_due',
    sortFirst: 'descending',
    align: 'right',
    render: (r) => <Amount value={r.amount_due} strong />,
  },
  {
    key: 'oldest_due_date',
    header: 'Oldest Due',
    sortField: 'oldest_due_date',
    render: (r) => formatDay(r.oldest_due_date),
  },
  {
    key: 'max_days_overdue',
    header: 'Days Overdue',
    sortField: 'max_days_overdue',
    sortFirst: 'descending',
    align: 'right',
    render: (r) => r.max_days_overdue,
  },
];

/** The totals of every seller of the filters (not only this page), under the table. */
function TotalsRow({ totals }: { totals: AmountPayablesOutput['totals'] }) {
  return (
    <Table.Tr aria-label="Totals" style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}>
      <Table.Th scope="row">Total</Table.Th>
      <Table.Td ta="right">{totals.bills}</Table.Td>
      {PAYABLE_AGEING_BUCKETS.map((bucket) => (
        <Table.Td key={bucket.value} ta="right">
          <Amount value={totals.buckets[bucket.value]} strong />
        </Table.Td>
      ))}
      <Table.Td ta="right">
        <Amount value={totals.amount_due} strong />
      </Table.Td>
      <Table.Td colSpan={2} />
    </Table.Tr>
  );
}

/** /reports/amount-payables: what we owe each seller, aged by the bills' due dates. */
export function AmountPayablesPage() {
  const companyId = useCurrentUser().company.id;
  const list = useUrlListParams({ ordering: '-amount_due' });
  const search = useListSearch(list.setSearch, list.params.search);
  const [seller, setSeller] = useUrlFilter<number | null>('seller', null);
  const [branch, setBranch] = useUrlIdFilter('branch');
  const [asOf, setAsOf] = useUrlFilter<string | null>('as_of', null);
  const params: AmountPayablesParams = {
    ...list.params,
    seller: seller ?? undefined,
    branch: branch ? Number(branch) : undefined,
    as_of: asOf ?? undefined,
  };
  const report = useQuery(amountPayablesQuery(companyId, params));
  const data = report.data;
  const filtered = list.params.search !== '' || seller !== null || branch !== null || asOf !== null;
  const noneYet = !filtered && data?.count === 0 && !report.isPlaceholderData;
  const refilter = refilterWith(list);

  return (
    <Stack gap="lg">
      <ReportHeader
        title="Amount Payables"
        download={
          noneYet
            ? undefined
            : () => downloadPurchaseReport(companyId, 'amount_payables', params, 'amount-payables.csv')
        }
        downloadDisabled={!data || data.count === 0}
      >
        <Text size="sm" c="dimmed">
          {data ? `As of ${formatDay(data.as_of)}. ` : ''}What is owed to each seller on received bills, by
          how many days the bills are past their due dates (a bill due on the day is not yet due).
        </Text>
      </ReportHeader>
      {noneYet ? (
        <Card withBorder padding="xl" radius="md">
          <EmptyState
            title="Nothing payable"
            description={PURCHASE_REPORT_MESSAGES.no_payables}
            icon={<IconReceipt size={28} />}
          />
        </Card>
      ) : (
        <Card withBorder padding="md">
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <ListSearch search={search} placeholder="Seller name" />
              <SellerFilter companyId={companyId} value={seller} onChange={refilter(setSeller)} />
              <BranchFilter companyId={companyId} value={branch} onChange={refilter(setBranch)} />
              <DatePickerInput
                label="As of"
                placeholder="Today"
                valueFormat="DD/MM/YYYY"
                value={asOf}
                onChange={(value) => refilter(setAsOf)(value ?? null)}
                clearable
                w={160}
              />
            </Group>
            <DataTable
              label="Amount Payables"
              columns={COLUMNS}
              rowKey={(r) => r.seller.id}
              {...listTableProps(list, report)}
              errorTitle={PURCHASE_REPORT_MESSAGES.payables_load_failed}
              minWidth={1100}
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
