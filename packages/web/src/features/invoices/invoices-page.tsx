import { INVOICE_MESSAGES } from '@b2b/domain/invoices';
import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DataTable } from '../../components/data-table';
import { DownloadListCsvButton } from '../../components/download-list-csv';
import { ListPage } from '../../components/list-page';
import { ListSearch, useListSearch } from '../../components/list-search';
import { useRowSelection } from '../../components/row-selection';
import { listTableProps } from '../../components/use-list-params';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { invoicePath, PATHS } from '../../session/paths';
import { InvoiceBulkActions } from './invoice-bulk-actions';
import { INVOICE_COLUMNS } from './invoice-columns';
import { InvoiceFilterBar, invoiceFilterParams, isFiltered, NO_INVOICE_FILTERS } from './invoice-filters';
import {
  downloadInvoicesCsv,
  EXPORT_FAILED,
  INVOICE_DEFAULT_ORDERING,
  type InvoiceListParams,
  type InvoiceSummary,
  invoiceListQuery,
  invoiceLoadErrorTitle,
} from './invoices.api';

export { EXPORT_FAILED };

/** /invoices: the company's invoices, newest invoice date first, with the spec's filters and a CSV export. */
export function InvoicesPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const navigate = useNavigate();
  const list = useUrlListParams({ ordering: INVOICE_DEFAULT_ORDERING });
  const search = useListSearch(list.setSearch, list.params.search);
  const [filters, setFilters] = useUrlFilters(NO_INVOICE_FILTERS);
  const selection = useRowSelection<InvoiceSummary>();

  const params: InvoiceListParams = { ...list.params, ...invoiceFilterParams(filters) };
  const invoices = useQuery(invoiceListQuery(companyId, params));
  const filtered = list.params.search !== '' || isFiltered(filters);
  const noneYet = !filtered && invoices.data?.count === 0 && !invoices.isPlaceholderData;

  return (
    <ListPage
      title="Invoices"
      addLabel="Add"
      // Invoices are generated from orders: the empty card's Add leads there.
      onAdd={noneYet ? () => void navigate({ to: PATHS.orders }) : undefined}
      dialogOpen={false}
      noneYet={noneYet}
      area="invoices"
      actions={
        <DownloadListCsvButton
          download={() => downloadInvoicesCsv(companyId, params)}
          failure={EXPORT_FAILED}
        />
      }
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListSearch search={search} placeholder="Invoice, order or buyer" />
          <InvoiceFilterBar
            companyId={companyId}
            values={filters}
            onChange={(values) => {
              setFilters(values);
              list.resetPage();
            }}
          />
        </Group>
      }
      table={
        <Stack gap="sm">
          <InvoiceBulkActions
            companyId={companyId}
            selection={selection}
            maySend={canPerform(user, 'change_invoice')}
          />
          <DataTable
            selection={selection}
            label="Invoices"
            columns={INVOICE_COLUMNS}
            rowKey={(i) => i.id}
            {...listTableProps(list, invoices)}
            errorTitle={invoiceLoadErrorTitle(invoices.error, INVOICE_MESSAGES.list_load_failed)}
            onRowClick={(i) => void navigate({ to: invoicePath(i.id) })}
            minWidth={1100}
            empty={
              <Text c="dimmed" ta="center" py="xl">
                No invoice matches the search or the filters.
              </Text>
            }
          />
        </Stack>
      }
    />
  );
}
