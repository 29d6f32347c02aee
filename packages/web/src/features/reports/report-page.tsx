import { reportAtPath } from '@b2b/domain/reports/catalog';
import {
  columnsOf,
  REPORT_MESSAGES,
  type ReportColumn,
  type ReportDefinition,
} from '@b2b/domain/reports/report-definition';
import { Badge, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconClockBolt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useMemo } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { ANY_DAY, DateRangeFilter, type DayRange } from '../../components/date-range-filter';
import { formatDay } from '../../components/format-day';
import { CollapsibleFilters } from '../../components/list-page';
import { listTableProps } from '../../components/use-list-params';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { formatReportCell, isNumeric, ReportCell } from './report-cell';
import { ReportChoiceField, ReportFilterField } from './report-filters';
import { ReportHeader } from './report-header';
import {
  downloadReport,
  type ReportOutput,
  type ReportParams,
  type ReportRow,
  reportQuery,
} from './reports.api';

// The chart and its library load only when a report with a chart opens.
const ReportChart = lazy(() => import('./report-chart'));

/** The filter bar kept in the address: the period's days, then each filter's id and each choice. */
type FilterValues = Record<string, string | number | null | DayRange>;

function tableColumns(columns: readonly ReportColumn[]): Column<ReportRow>[] {
  return columns.map((column) => ({
    key: column.key,
    header: column.label,
    sortField: column.sortable === false ? undefined : column.key,
    sortFirst: isNumeric(column.type) ? 'descending' : 'ascending',
    align: isNumeric(column.type) ? 'right' : 'left',
    render: (row) => <ReportCell column={column} row={row} />,
  }));
}

/** The totals of every matching row under the table; 'Total' where the first column has none. */
function TotalsRow({ columns, totals }: { columns: readonly ReportColumn[]; totals: ReportRow }) {
  return (
    <Table.Tr aria-label="Totals" style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}>
      {columns.map((column, index) => {
        const value = totals[column.key];
        const text =
          value === null && index === 0
            ? 'Total'
            : value === null
              ? ''
              : formatReportCell(column.type, value);
        return (
          <Table.Th
            key={column.key}
            scope={index === 0 ? 'row' : undefined}
            ta={isNumeric(column.type) ? 'right' : 'left'}
          >
            {text}
          </Table.Th>
        );
      })}
    </Table.Tr>
  );
}

function PeriodLine({ data, definition }: { data: ReportOutput | undefined; definition: ReportDefinition }) {
  if (definition.period === 'real_time') {
    return (
      <Group gap="xs">
        <Badge color="teal" variant="light" leftSection={<IconClockBolt size={14} />}>
          Real time
        </Badge>
        <Text size="sm" c="dimmed">
          {REPORT_MESSAGES.real_time}
        </Text>
      </Group>
    );
  }
  if (!data?.period) return null;
  return (
    <Text size="sm" c="dimmed">
      {formatDay(data.period.start_date)} to {formatDay(data.period.end_date)}
    </Text>
  );
}

function DefinedReport({ definition }: { definition: ReportDefinition }) {
  const companyId = useCurrentUser().company.id;
  const list = useUrlListParams({ ordering: definition.defaultOrdering });
  const defaults = useMemo(() => {
    const values: FilterValues = { dates: ANY_DAY };
    for (const filter of definition.filters) values[filter] = null;
    for (const choice of definition.choices ?? []) values[choice.key] = choice.default;
    return values;
  }, [definition]);
  const [filters, setFilters] = useUrlFilters<FilterValues>(defaults);
  const { search: _search, ...paging } = list.params;
  const dates = (filters.dates as DayRange | undefined) ?? ANY_DAY;
  const params: ReportParams = { ...paging };
  if (definition.period === 'range') {
    params.start_date = dates[0] ?? undefined;
    params.end_date = dates[1] ?? undefined;
  }
  for (const key of [...definition.filters, ...(definition.choices ?? []).map((c) => c.key)]) {
    const value = filters[key];
    if (typeof value === 'string' || typeof value === 'number') params[key] = value;
  }
  const report = useQuery(reportQuery(companyId, definition.key, params));
  const data = report.data;
  const columns = data?.columns ?? columnsOf(definition, null);
  const set = (key: string) => (value: string | number | null | DayRange) =>
    setFilters({ ...filters, [key]: value });
  const showChart = Boolean(definition.chart && data?.chart && data.chart.length > 0);

  return (
    <Stack gap="lg">
      <ReportHeader
        title={definition.title}
        download={() => downloadReport(companyId, definition.key, params)}
        downloadDisabled={!data || data.count === 0}
      >
        <Text size="sm" c="dimmed">
          {definition.description}
        </Text>
        <PeriodLine data={data} definition={definition} />
      </ReportHeader>
      <Card withBorder padding="md">
        <CollapsibleFilters>
          <Group gap="sm" align="flex-end" wrap="wrap">
            {definition.period === 'range' && (
              <DateRangeFilter
                label="Period"
                value={dates}
                onChange={set('dates')}
                placeholder={
                  data?.period
                    ? `${formatDay(data.period.start_date)} – ${formatDay(data.period.end_date)}`
                    : undefined
                }
              />
            )}
            {definition.filters.map((filter) => (
              <ReportFilterField
                key={filter}
                filter={filter}
                companyId={companyId}
                value={filters[filter] === null ? null : String(filters[filter])}
                onChange={(value) => set(filter)(value === null || filter === 'city' ? value : Number(value))}
              />
            ))}
            {(definition.choices ?? []).map((choice) => (
              <ReportChoiceField
                key={choice.key}
                choice={choice}
                value={String(filters[choice.key] ?? choice.default)}
                onChange={set(choice.key)}
              />
            ))}
          </Group>
        </CollapsibleFilters>
      </Card>
      {definition.chart && showChart && data?.chart && (
        <Card withBorder padding="md">
          <Suspense fallback={<Skeleton h={260} />}>
            <ReportChart chart={definition.chart} rows={data.chart} title={definition.title} />
          </Suspense>
        </Card>
      )}
      <Card withBorder padding="md">
        <DataTable
          label={definition.title}
          columns={tableColumns(columns)}
          rowKey={(row) => columns.map((column) => row[column.key]).join('\u0000')}
          {...listTableProps(list, report)}
          errorTitle={REPORT_MESSAGES.load_failed}
          minWidth={Math.max(640, columns.length * 120)}
          footer={
            data?.totals && data.count > 0 ? <TotalsRow columns={columns} totals={data.totals} /> : undefined
          }
          empty={
            <Text c="dimmed" ta="center" py="xl">
              {definition.emptyText}
            </Text>
          }
        />
      </Card>
    </Stack>
  );
}

/** Any report of the engine: the definition drawn at this path (REPORT_DEFINITIONS). */
export function ReportPage() {
  const path = useRouterState({ select: (state) => state.location.pathname });
  const definition = reportAtPath(path.length > 1 ? path.replace(/\/+$/, '') : path);
  if (!definition) return null;
  // A new report starts with its own filters and paging state.
  return <DefinedReport key={definition.key} definition={definition} />;
}
