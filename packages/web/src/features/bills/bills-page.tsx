import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DataTable } from '../../components/data-table';
import { DownloadListCsvButton } from '../../components/download-list-csv';
import { ListPage } from '../../components/list-page';
import { ListSearch, useListSearch } from '../../components/list-search';
import { listTableProps } from '../../components/use-list-params';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { billPath, PATHS } from '../../session/paths';
import { BILL_COLUMNS } from './bill-columns';
import { BillFilterBar, billFilterParams, isBillFiltered, NO_BILL_FILTERS } from './bill-filters';
import {
  BILL_DEFAULT_ORDERING,
  BILL_TOASTS,
  type BillListParams,
  billListQuery,
  downloadBillsCsv,
} from './bills.api';

/** /bills: the purchase invoices of our sellers, newest bill date first, with filters and a CSV download. */
export function BillsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const navigate = useNavigate();
  const list = useUrlListParams({ ordering: BILL_DEFAULT_ORDERING });
  const search = useListSearch(list.setSearch, list.params.search);
  const [filters, setFilters] = useUrlFilters(NO_BILL_FILTERS);
  const params: BillListParams = { ...list.params, ...billFilterParams(filters) };
  const bills = useQuery(billListQuery(companyId, params));
  const filtered = list.params.search !== '' || isBillFiltered(filters);
  const noneYet = !filtered && bills.data?.count === 0 && !bills.isPlaceholderData;
  const add = canPerform(user, 'add_bill') ? () => void navigate({ to: PATHS.billNew }) : undefined;

  return (
    <ListPage
      title="Bills"
      addLabel="New Bill"
      onAdd={add}
      dialogOpen={false}
      noneYet={noneYet}
      area="bills"
      actions={
        <DownloadListCsvButton
          download={() => downloadBillsCsv(companyId, params)}
          failure={BILL_TOASTS.export_failed}
        />
      }
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListSearch search={search} placeholder="Bill number or seller" />
          <BillFilterBar companyId={companyId} values={filters} onChange={setFilters} />
        </Group>
      }
      table={
        <DataTable
          label="Bills"
          columns={BILL_COLUMNS}
          rowKey={(b) => b.id}
          {...listTableProps(list, bills)}
          errorTitle={BILL_TOASTS.list_load_failed}
          onRowClick={(b) => void navigate({ to: billPath(b.id) })}
          minWidth={1000}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No bill matches the search or the filters.
            </Text>
          }
        />
      }
    />
  );
}
