import '@mantine/dates/styles.css';
import {
  SHIPMENT_DIRECTION_OPTIONS,
  SHIPMENT_DIRECTION_VALUES,
  SHIPMENT_MESSAGES,
  SHIPMENT_STATUS_OPTIONS,
} from '@b2b/domain/shipments';
import { Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DataTable } from '../../components/data-table';
import { DateRangeFilter } from '../../components/date-range-filter';
import { DownloadListCsvButton, downloadListCsv } from '../../components/download-list-csv';
import { ListPage } from '../../components/list-page';
import { ListSearch, useListSearch } from '../../components/list-search';
import { useRowSelection } from '../../components/row-selection';
import { listTableProps } from '../../components/use-list-params';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS, shipmentPath } from '../../session/paths';
import { ShipmentBulkActions } from './shipment-bulk-actions';
import { SHIPMENT_COLUMNS } from './shipment-columns';
import {
  SHIPMENT_DEFAULT_ORDERING,
  type ShipmentFilters,
  type ShipmentListParams,
  type ShipmentSummary,
  shipmentListQuery,
  shipmentLoadErrorTitle,
} from './shipments.api';

/** The shipment list's filters: status (several), direction, shipment date range. */
export interface ShipmentFilterValues {
  status: string[];
  direction: string | null;
  dates: [string | null, string | null];
}

export const NO_SHIPMENT_FILTERS: ShipmentFilterValues = { status: [], direction: null, dates: [null, null] };

export function shipmentFilterParams(values: ShipmentFilterValues): ShipmentFilters {
  return {
    status__in: values.status.length ? values.status.join(',') : undefined,
    // The select offers only the known directions; this narrows its text to one of them.
    direction: SHIPMENT_DIRECTION_VALUES.find((direction) => direction === values.direction),
    start_date: values.dates[0] ?? undefined,
    end_date: values.dates[1] ?? values.dates[0] ?? undefined,
  };
}

const isFiltered = (values: ShipmentFilterValues) =>
  Object.values(shipmentFilterParams(values)).some((value) => value !== undefined);

const options = (items: readonly { value: string; label: string }[]) =>
  items.map(({ value, label }) => ({ value, label }));

function ShipmentFilterBar({
  values,
  onChange,
}: {
  values: ShipmentFilterValues;
  onChange: (values: ShipmentFilterValues) => void;
}) {
  const set =
    <K extends keyof ShipmentFilterValues>(key: K) =>
    (value: ShipmentFilterValues[K]) =>
      onChange({ ...values, [key]: value });
  return (
    <>
      <MultiSelect
        label="Status"
        placeholder={values.status.length ? undefined : 'All'}
        data={options(SHIPMENT_STATUS_OPTIONS)}
        value={values.status}
        onChange={set('status')}
        clearable
        searchable
        w={240}
        comboboxProps={{ withinPortal: true }}
        styles={{ pillsList: { flexWrap: 'nowrap', overflow: 'hidden' } }}
      />
      <Select
        label="Direction"
        placeholder="All"
        data={options(SHIPMENT_DIRECTION_OPTIONS)}
        value={values.direction}
        onChange={set('direction')}
        clearable
        w={150}
        comboboxProps={{ withinPortal: true }}
      />
      <DateRangeFilter label="Shipment Date" value={values.dates} onChange={(range) => set('dates')(range)} />
    </>
  );
}

/** /shipments: the company's shipments, newest shipment date first, with status, direction and date filters. */
export function ShipmentsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const navigate = useNavigate();
  const list = useUrlListParams({ ordering: SHIPMENT_DEFAULT_ORDERING });
  const search = useListSearch(list.setSearch, list.params.search);
  const [filters, setFilters] = useUrlFilters(NO_SHIPMENT_FILTERS);
  const params: ShipmentListParams = { ...list.params, ...shipmentFilterParams(filters) };
  const shipments = useQuery(shipmentListQuery(companyId, params));
  const selection = useRowSelection<ShipmentSummary>();
  const filtered = list.params.search !== '' || isFiltered(filters);
  const noneYet = !filtered && shipments.data?.count === 0 && !shipments.isPlaceholderData;

  return (
    <ListPage
      title="Shipments"
      addLabel="Add"
      // Shipments are made from invoices: the empty card's Add leads there.
      onAdd={noneYet ? () => void navigate({ to: PATHS.invoices }) : undefined}
      dialogOpen={false}
      noneYet={noneYet}
      area="shipments"
      actions={
        <DownloadListCsvButton
          download={() => downloadListCsv(`admin/companies/${companyId}/shipments`, params, 'shipments.csv')}
        />
      }
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListSearch search={search} placeholder="Shipment, tracking number or buyer" />
          <ShipmentFilterBar
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
          <ShipmentBulkActions
            companyId={companyId}
            selection={selection}
            mayChange={canPerform(user, 'change_shipment')}
          />
          <DataTable
            selection={selection}
            label="Shipments"
            columns={SHIPMENT_COLUMNS}
            rowKey={(s) => s.id}
            {...listTableProps(list, shipments)}
            errorTitle={shipmentLoadErrorTitle(shipments.error, SHIPMENT_MESSAGES.list_load_failed)}
            onRowClick={(s) => void navigate({ to: shipmentPath(s.id) })}
            minWidth={1200}
            empty={
              <Text c="dimmed" ta="center" py="xl">
                No shipment matches the search or the filters.
              </Text>
            }
          />
        </Stack>
      }
    />
  );
}
