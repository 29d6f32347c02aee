import {
  SELLER_LEDGER_MESSAGES,
  type SellerLedgerEntryOutput,
  type SellerLedgerOutput,
  sellerBalanceSide,
} from '@b2b/domain/seller-ledger';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';
import { type Column, DataTable } from '../../components/data-table';
import { ANY_DAY, DateRangeFilter, type DayRange } from '../../components/date-range-filter';
import { DownloadListCsvButton } from '../../components/download-list-csv';
import { DownloadPdfButton } from '../../components/download-pdf-button';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { useListParams } from '../../components/use-list-params';
import { billPath, debitNotePath, paymentMadePath } from '../../session/paths';

type SellerRef = { id: number; name: string };

/** The ledger's query: the period and the page (the server sums the running balance over all). */
interface LedgerParams {
  start_date?: string;
  end_date?: string;
  limit: number;
  offset: number;
}

export const sellerLedgerKeys = {
  all: ['seller-ledger'] as const,
  ledger: (sellerId: number, params: LedgerParams) => [...sellerLedgerKeys.all, sellerId, params] as const,
};

export const sellerLedgerQuery = (sellerId: number, params: LedgerParams) =>
  queryOptions({
    queryKey: sellerLedgerKeys.ledger(sellerId, params),
    queryFn: ({ signal }) =>
      api.get<SellerLedgerOutput>(`admin/sellers/${sellerId}/ledger`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** Where an entry's number leads: the bill (bills, their voids and contra lines), the payment or the debit note. */
function documentLink(entry: SellerLedgerEntryOutput): string | null {
  if (entry.document_type === 'bill') return billPath(entry.document_id);
  if (entry.document_type === 'payment_made') return paymentMadePath(entry.document_id);
  if (entry.document_type === 'debit_note') return debitNotePath(entry.document_id);
  return null;
}

/** What we owe after an entry: 'Cr' when we owe the seller, 'Dr' when they owe us (an advance). */
function Balance({ value }: { value: number }) {
  return (
    <Text span size="sm" c={value < 0 ? 'orange' : undefined} style={{ whiteSpace: 'nowrap' }}>
      <Money value={Math.abs(value)} /> {value < 0 ? 'Dr' : 'Cr'}
    </Text>
  );
}

const amountOrBlank = (value: number) => (value === 0 ? '' : <Money value={value} />);

const COLUMNS: Column<SellerLedgerEntryOutput>[] = [
  { key: 'date', header: 'Date', render: (e) => formatDay(e.date) },
  { key: 'entry', header: 'Entry', render: (e) => e.kind_label },
  {
    key: 'number',
    header: 'Number',
    render: (e) => {
      const to = documentLink(e);
      return to ? (
        <Anchor component={Link} to={to} size="sm">
          {e.number}
        </Anchor>
      ) : (
        e.number
      );
    },
  },
  { key: 'reference', header: 'Reference', render: (e) => e.reference ?? '—' },
  { key: 'branch', header: 'Branch', render: (e) => e.branch.name },
  { key: 'debit', header: 'Debit', align: 'right', render: (e) => amountOrBlank(e.debit) },
  { key: 'credit', header: 'Credit', align: 'right', render: (e) => amountOrBlank(e.credit) },
  { key: 'balance', header: 'Balance', align: 'right', render: (e) => <Balance value={e.balance} /> },
];

function Figure({
  label,
  value,
  balance = false,
}: {
  label: string;
  value: number | undefined;
  balance?: boolean;
}) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} aria-label={label}>
        {value === undefined ? '—' : balance ? <Balance value={value} /> : <Money value={value} />}
      </Text>
    </Paper>
  );
}

/**
 * The seller's ledger (issue 19): what we owe them, entry by entry, for a period: bills received
 * (credit), payments made and the TDS deducted on them, contra adjustments against our invoices
 * (debit), and their reversals, with the opening balance before the period, the running balance
 * and the closing balance. Download CSV (every entry of the period) and the PDF statement.
 */
export function SellerLedgerTab({ seller }: { seller: SellerRef }) {
  const [range, setRange] = useState<DayRange>(ANY_DAY);
  const list = useListParams({ ordering: 'date' });
  const period = {
    ...(range[0] ? { start_date: range[0] } : {}),
    ...(range[1] ? { end_date: range[1] } : {}),
  };
  const ledger = useQuery(
    sellerLedgerQuery(seller.id, { ...period, limit: list.params.limit, offset: list.params.offset }),
  );
  const data = ledger.data;
  const closing = data?.closing_balance;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <DateRangeFilter
          label="Period"
          value={range}
          onChange={(next) => {
            setRange(next);
            list.resetPage();
          }}
        />
        <Group gap="sm" wrap="wrap">
          <DownloadListCsvButton
            failure="Failed to download the ledger."
            disabled={!data || data.count === 0}
            download={() =>
              downloadFile(
                `admin/sellers/${seller.id}/ledger`,
                { ...period, format: 'csv' },
                `${seller.name}-ledger.csv`,
              )
            }
          />
          <DownloadPdfButton
            label="Download PDF statement"
            failure={SELLER_LEDGER_MESSAGES.pdf_failed}
            download={() =>
              downloadFile(`admin/sellers/${seller.id}/ledger/pdf`, period, `${seller.name}-statement.pdf`)
            }
          />
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label="Opening balance" value={data?.opening_balance} balance />
        <Figure label="Debits (paid, adjusted)" value={data?.total_debit} />
        <Figure label="Credits (billed)" value={data?.total_credit} />
        <Figure label="Closing balance" value={closing} balance />
      </SimpleGrid>
      {closing !== undefined && (
        <Text size="sm" c="dimmed">
          {sellerBalanceSide(Math.round(closing * 100)) === 'Payable'
            ? `We owe ${seller.name} at the end of the period.`
            : sellerBalanceSide(Math.round(closing * 100)) === 'Advance'
              ? `${seller.name} owes us at the end of the period (an advance).`
              : 'Nothing is owed either way at the end of the period.'}
        </Text>
      )}
      <DataTable
        label={`Ledger of ${seller.name}`}
        columns={COLUMNS}
        rowKey={(e) => `${e.kind}-${e.document_type}-${e.document_id}-${e.number}-${e.date}`}
        data={data}
        isLoading={ledger.isLoading}
        error={ledger.error}
        onRetry={() => void ledger.refetch()}
        limit={list.params.limit}
        offset={list.params.offset}
        onPageChange={list.setPage}
        errorTitle={SELLER_LEDGER_MESSAGES.load_failed}
        minWidth={860}
        empty={
          <Text c="dimmed" ta="center" py="xl">
            {SELLER_LEDGER_MESSAGES.empty}
          </Text>
        }
      />
    </Stack>
  );
}
