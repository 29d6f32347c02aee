import '@mantine/dates/styles.css';
import { DEBIT_NOTE_MESSAGES, DEBIT_NOTE_STATUSES } from '@b2b/domain/debit-notes';
import { Anchor, Box, Group, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type Column, DataTable } from '../../components/data-table';
import { DateRangeFilter } from '../../components/date-range-filter';
import { DownloadListCsvButton, downloadListCsv } from '../../components/download-list-csv';
import { EntitySelect } from '../../components/entity-select';
import { formatDay } from '../../components/format-day';
import { ListPage } from '../../components/list-page';
import { ListSearch, useListSearch } from '../../components/list-search';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { listTableProps } from '../../components/use-list-params';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { debitNotePath, PATHS } from '../../session/paths';
import { sellerSource } from '../sellers/seller-source';
import {
  DEBIT_NOTE_DEFAULT_ORDERING,
  type DebitNote,
  type DebitNoteFilters,
  type DebitNoteListParams,
  debitNoteListQuery,
} from './debit-notes.api';

export const DEBIT_NOTE_COLUMNS: Column<DebitNote>[] = [
  {
    key: 'debit_note_number',
    header: 'Debit Note Number',
    sortField: 'debit_note_number',
    render: (n) => (
      <Anchor component={Link} to={debitNotePath(n.id)} fw={500} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {n.debit_note_number}
      </Anchor>
    ),
  },
  { key: 'date', header: 'Date', sortField: 'debit_note_date', render: (n) => formatDay(n.debit_note_date) },
  { key: 'seller', header: 'Seller', render: (n) => <Text size="sm">{n.seller.name}</Text> },
  { key: 'bill', header: 'Bill', render: (n) => n.bill?.bill_number ?? '—' },
  { key: 'kind', header: 'Reason', render: (n) => n.kind_label },
  {
    key: 'total',
    header: 'Total',
    sortField: 'total',
    align: 'right',
    render: (n) => <Money value={n.total} />,
  },
  { key: 'applied', header: 'Applied', align: 'right', render: (n) => <Money value={n.applied} /> },
  { key: 'refunded', header: 'Refunded', align: 'right', render: (n) => <Money value={n.refunded} /> },
  { key: 'balance', header: 'Balance', align: 'right', render: (n) => <Money value={n.balance} /> },
  {
    key: 'status',
    header: 'Status',
    render: (n) => <StatusBadge options={DEBIT_NOTE_STATUSES} value={n.status} />,
  },
];

interface Filters {
  seller: number | null;
  status: string | null;
  dates: [string | null, string | null];
}
const NO_FILTERS: Filters = { seller: null, status: null, dates: [null, null] };
const filterParams = (filters: Filters): DebitNoteFilters => ({
  seller: filters.seller ?? undefined,
  status: (filters.status ?? undefined) as DebitNoteFilters['status'],
  start_date: filters.dates[0] ?? undefined,
  end_date: filters.dates[1] ?? undefined,
});
const STATUS_OPTIONS = DEBIT_NOTE_STATUSES.map((s) => ({ value: s.value, label: s.label }));

/** /debit-notes: debit notes raised on sellers, newest first, with search, filters, CSV and New. */
export function DebitNotesPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const navigate = useNavigate();
  const list = useUrlListParams({ ordering: DEBIT_NOTE_DEFAULT_ORDERING });
  const search = useListSearch(list.setSearch, list.params.search);
  const [filters, setFilters] = useUrlFilters(NO_FILTERS);
  const params: DebitNoteListParams = { ...list.params, ...filterParams(filters) };
  const notes = useQuery(debitNoteListQuery(companyId, params));
  const filtered =
    list.params.search !== '' || Object.values(filterParams(filters)).some((value) => value !== undefined);
  const noneYet = !filtered && notes.data?.count === 0 && !notes.isPlaceholderData;
  const mayAdd = canPerform(user, 'add_debit_note');
  const change = (next: Filters) => {
    setFilters(next);
    list.resetPage();
  };
  return (
    <ListPage
      title="Debit Notes"
      addLabel="New Debit Note"
      onAdd={mayAdd ? () => void navigate({ to: PATHS.debitNoteNew }) : undefined}
      dialogOpen={false}
      readOnlyThing={mayAdd ? undefined : 'debit notes'}
      noneYet={noneYet}
      area="debit-notes"
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListSearch search={search} placeholder="Debit note or bill number, seller" />
          <Box w={240}>
            <EntitySelect
              source={sellerSource(companyId)}
              label="Seller"
              placeholder="All"
              value={filters.seller}
              onChange={(seller) => change({ ...filters, seller })}
              includeInactive
            />
          </Box>
          <DateRangeFilter
            label="Date"
            value={filters.dates}
            onChange={(dates) => change({ ...filters, dates })}
          />
          <Select
            label="Status"
            placeholder="All"
            data={STATUS_OPTIONS}
            value={filters.status}
            onChange={(status) => change({ ...filters, status })}
            clearable
            w={160}
          />
        </Group>
      }
      actions={
        <DownloadListCsvButton
          download={() =>
            downloadListCsv(`admin/companies/${companyId}/debit_notes`, params, 'debit-notes.csv')
          }
        />
      }
      table={
        <DataTable
          label="Debit Notes"
          columns={DEBIT_NOTE_COLUMNS}
          rowKey={(n) => n.id}
          {...listTableProps(list, notes)}
          errorTitle={DEBIT_NOTE_MESSAGES.list_load_failed}
          onRowClick={(n) => void navigate({ to: debitNotePath(n.id) })}
          minWidth={1100}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No debit note matches the search or the filters.
            </Text>
          }
        />
      }
    />
  );
}
