import '@mantine/dates/styles.css';
import { Group, MultiSelect, Text } from '@mantine/core';
import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ListParams, Paged } from '../api/types';
import { useCurrentUser } from '../session/current-user';
import { canPerform } from '../session/has-permission';
import { type Column, DataTable } from './data-table';
import { DateRangeFilter } from './date-range-filter';
import { DownloadListCsvButton, downloadListCsv } from './download-list-csv';
import type { EmptyArea } from './empty-state-card';
import { ListPage } from './list-page';
import { ListSearch, useListSearch } from './list-search';
import { listTableProps } from './use-list-params';
import { useUrlFilters, useUrlListParams } from './use-url-list-params';

interface Filters {
  status: string[];
  dates: [string | null, string | null];
}
const NO_FILTERS: Filters = { status: [], dates: [null, null] };

const filterParams = (values: Filters) => ({
  status__in: values.status.length ? values.status.join(',') : undefined,
  start_date: values.dates[0] ?? undefined,
  end_date: values.dates[1] ?? values.dates[0] ?? undefined,
});

/** The list call's parameters: paging, search and ordering, with the status and date filters. */
export type InvoiceDocumentListParams = ListParams & {
  status__in?: string | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
};

export interface InvoiceDocumentListConfig<T extends { id: number }, K extends readonly unknown[]> {
  /** 'Sales Returns', 'Credit Notes': the page title and the table's name. */
  title: string;
  /** 'sales return': for the empty-search sentence. */
  singular: string;
  /** The empty card's sentence. */
  area: EmptyArea;
  /** The area's own create page and the permission it needs, for the empty card's Add; absent: no Add. */
  create?: { path: string; permission: string };
  searchPlaceholder: string;
  dateLabel: string;
  statusOptions: readonly { value: string; label: string }[];
  columns: Column<T>[];
  defaultOrdering: string;
  listQuery: (
    companyId: number,
    params: InvoiceDocumentListParams,
  ) => UseQueryOptions<Paged<T>, Error, Paged<T>, K>;
  errorTitle: (error: unknown) => string;
  pathOf: (id: number) => string;
  /** The list route that answers `format=csv` (every row of the filters as a file). */
  csvPath?: (companyId: number) => string;
}

/**
 * The list of a document made from invoices (sales returns, credit notes): newest first, search,
 * status and date filters; the empty card's Add leads to the document's own create page.
 */
export function InvoiceDocumentListPage<T extends { id: number }, K extends readonly unknown[]>({
  config,
}: {
  config: InvoiceDocumentListConfig<T, K>;
}) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const list = useUrlListParams({ ordering: config.defaultOrdering });
  const search = useListSearch(list.setSearch, list.params.search);
  const [filters, setFilters] = useUrlFilters(NO_FILTERS);
  const params: InvoiceDocumentListParams = { ...list.params, ...filterParams(filters) };
  const documents = useQuery(config.listQuery(user.company.id, params));
  const filtered =
    list.params.search !== '' || Object.values(filterParams(filters)).some((v) => v !== undefined);
  const noneYet = !filtered && documents.data?.count === 0 && !documents.isPlaceholderData;
  const create = config.create;
  const mayAdd = noneYet && create !== undefined && canPerform(user, create.permission);
  const change = (values: Filters) => {
    setFilters(values);
    list.resetPage();
  };

  return (
    <ListPage
      title={config.title}
      addLabel="Add"
      onAdd={mayAdd ? () => void navigate({ to: create.path }) : undefined}
      dialogOpen={false}
      noneYet={noneYet}
      area={config.area}
      actions={
        config.csvPath && (
          <DownloadListCsvButton
            download={() => downloadListCsv(config.csvPath?.(user.company.id) ?? '', params, 'export.csv')}
          />
        )
      }
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListSearch search={search} placeholder={config.searchPlaceholder} />
          <MultiSelect
            label="Status"
            placeholder={filters.status.length ? undefined : 'All'}
            data={config.statusOptions.map(({ value, label }) => ({ value, label }))}
            value={filters.status}
            onChange={(status) => change({ ...filters, status })}
            clearable
            w={240}
            comboboxProps={{ withinPortal: true }}
          />
          <DateRangeFilter
            label={config.dateLabel}
            value={filters.dates}
            onChange={(range) => change({ ...filters, dates: range })}
          />
        </Group>
      }
      table={
        <DataTable
          label={config.title}
          columns={config.columns}
          rowKey={(row) => row.id}
          {...listTableProps(list, documents)}
          errorTitle={config.errorTitle(documents.error)}
          onRowClick={(row) => void navigate({ to: config.pathOf(row.id) })}
          minWidth={1100}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No {config.singular} matches the search or the filters.
            </Text>
          }
        />
      }
    />
  );
}
