import '@mantine/charts/styles.css';
import {
  BI_MESSAGES,
  BI_SECTIONS,
  type BiMetric,
  type BiSection,
  type BiUnit,
} from '@b2b/domain/api/business-intelligence';
import type { BiWindows } from '@b2b/domain/business-intelligence';
import { formatMoney, formatMoneyAxis, formatMoneyShort, formatQuantity } from '@b2b/domain/money';
import { BarChart, LineChart } from '@mantine/charts';
import {
  Anchor,
  Badge,
  Box,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatDay } from '../../components/format-day';
import { LoadErrorAlert } from '../../components/load-error-alert';

/** A BI figure as text: rupees in the K / L / Cr form, counts and quantities in Indian grouping. */
export function formatFigure(value: number | null | undefined, unit: BiUnit): string {
  if (value === null || value === undefined) return '—';
  switch (unit) {
    case 'money':
      return value < 0 ? `-${formatMoneyShort(-value)}` : formatMoneyShort(value);
    case 'percent':
      return `${value.toFixed(2)}%`;
    case 'days':
      return `${formatQuantity(Math.round(value * 10) / 10)} days`;
    default:
      return formatQuantity(value);
  }
}

const sectionLabel = (section: BiSection) => BI_SECTIONS.find((s) => s.value === section)?.label ?? section;
const sectionPath = (section: BiSection, insights: boolean) =>
  `/business-intelligence/${section}${insights ? '/actionable-insights' : ''}`;

/** The frame of every BI page: title, the windows compared, the switch between overview and insights. */
export function BiFrame({
  section,
  insights,
  windows,
  children,
}: {
  section: BiSection;
  insights: boolean;
  windows?: BiWindows;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Business Intelligence
          </Text>
          <Title order={2}>
            {sectionLabel(section)}
            {insights ? ': Actionable Insights' : ''}
          </Title>
          {windows && (
            <Text size="sm" c="dimmed">
              Last 30 days ({formatDay(windows.recent.start_date)} – {formatDay(windows.recent.end_date)})
              against the 30-day average of the 180 days before ({formatDay(windows.baseline.start_date)} –{' '}
              {formatDay(windows.baseline.end_date)}). Brands and buyers ignored for BI are left out.
            </Text>
          )}
        </Stack>
        <SegmentedControl
          aria-label="View"
          value={insights ? 'insights' : 'overview'}
          onChange={(v) => void navigate({ to: sectionPath(section, v === 'insights') })}
          data={[
            { value: 'overview', label: 'Overview' },
            { value: 'insights', label: 'Actionable Insights' },
          ]}
        />
      </Group>
      {children}
    </Stack>
  );
}

/** Loading and error states of a BI page's query. */
export function BiLoading() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={96} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={260} radius="md" />
    </Stack>
  );
}

export function BiError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <LoadErrorAlert error={error} onRetry={onRetry} title={BI_MESSAGES.load_failed} />;
}

/** The change against the average: an arrow, green when it goes the good way. */
export function ChangeBadge({ change, better }: { change: number | null; better: 'higher' | 'lower' }) {
  if (change === null) {
    return (
      <Text size="xs" c="dimmed">
        no average yet
      </Text>
    );
  }
  const up = change > 0;
  const good = change === 0 ? null : up === (better === 'higher');
  const Icon = change === 0 ? IconMinus : up ? IconArrowUpRight : IconArrowDownRight;
  return (
    <Group gap={2} wrap="nowrap" c={good === null ? 'dimmed' : good ? 'teal.7' : 'red.7'}>
      <Icon size={16} aria-hidden />
      <Text size="sm" fw={600} span>
        {up ? '+' : ''}
        {change}%
      </Text>
      <Text size="xs" c="dimmed" span>
        &nbsp;vs average
      </Text>
    </Group>
  );
}

/** The headline figures: each with its 180-day average and the change. */
export function MetricCards({ metrics }: { metrics: BiMetric[] }) {
  return (
    <SimpleGrid
      cols={{ base: 2, md: Math.min(4, metrics.length) }}
      spacing={{ base: 'xs', sm: 'md' }}
      component="section"
      aria-label="Headline figures"
    >
      {metrics.map((m) => (
        <Card key={m.key} withBorder padding="md" radius="md" aria-label={m.label}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {m.hint ? (
              <Tooltip label={m.hint} multiline w={260}>
                <span>{m.label}</span>
              </Tooltip>
            ) : (
              m.label
            )}
          </Text>
          <Text
            fz={24}
            fw={700}
            mt={4}
            data-testid={`metric-${m.key}`}
            title={m.unit === 'money' && m.value !== null ? formatMoney(m.value) : undefined}
          >
            {formatFigure(m.value, m.unit)}
          </Text>
          <ChangeBadge change={m.change_percent} better={m.better} />
          {m.average !== null && (
            <Text size="xs" c="dimmed">
              Average {formatFigure(m.average, m.unit)}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6'];

/** A trend over the seven 30-day buckets. */
export function TrendChart({
  title,
  data,
  series,
  unit,
  kind = 'line',
}: {
  title: string;
  data: Record<string, unknown>[];
  series: { key: string; label: string }[];
  unit: BiUnit;
  kind?: 'line' | 'bar';
}) {
  const common = {
    h: 240,
    data,
    dataKey: 'label',
    series: series.map((s, i) => ({
      name: s.key,
      label: s.label,
      color: COLORS[i % COLORS.length] as string,
    })),
    valueFormatter: (value: number) => formatFigure(value, unit),
    ...(unit === 'money' && { yAxisProps: { tickFormatter: formatMoneyAxis } }),
    withLegend: series.length > 1,
    tickLine: 'y' as const,
  };
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      <Box component="figure" m={0} aria-label={`${title} chart`}>
        {kind === 'line' ? (
          <LineChart {...common} curveType="monotone" />
        ) : (
          <BarChart {...common} maxBarWidth={48} />
        )}
      </Box>
    </Card>
  );
}

export interface RankedColumn<Row> {
  key: string;
  label: string;
  unit?: BiUnit | 'text' | 'date' | 'change';
  value: (row: Row) => unknown;
  /** Where the cell links to (a buyer's or product's page). */
  link?: (row: Row) => string | null;
}

/** A ranked table with its title and what to do when it is empty. */
export function RankedTable<Row>({
  title,
  description,
  rows,
  columns,
  empty,
  rowKey,
}: {
  title: string;
  description?: string;
  rows: Row[];
  columns: RankedColumn<Row>[];
  empty: string;
  rowKey: (row: Row, index: number) => string;
}) {
  const cell = (column: RankedColumn<Row>, row: Row): ReactNode => {
    const value = column.value(row);
    let text: ReactNode;
    if (column.unit === 'change') {
      const n = value as number | null;
      text =
        n === null ? (
          '—'
        ) : (
          <Text span c={n < 0 ? 'red.7' : 'teal.7'} fw={600} size="sm">
            {n > 0 ? '+' : ''}
            {n}%
          </Text>
        );
    } else if (column.unit === 'date') text = value ? formatDay(String(value)) : '—';
    else if (!column.unit || column.unit === 'text')
      text = value === null || value === undefined ? '—' : String(value);
    else text = formatFigure(value as number | null, column.unit);
    const to = column.link?.(row);
    return to ? (
      <Anchor component={Link} to={to} size="sm">
        {text}
      </Anchor>
    ) : (
      text
    );
  };
  const numeric = (c: RankedColumn<Row>) => c.unit && c.unit !== 'text' && c.unit !== 'date';
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb={description ? 2 : 'sm'}>
        <Title order={3} size="h5">
          {title}
        </Title>
        <Badge variant="light" color="gray">
          {rows.length}
        </Badge>
      </Group>
      {description && (
        <Text size="xs" c="dimmed" mb="sm">
          {description}
        </Text>
      )}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.key} ta={numeric(c) ? 'right' : undefined}>
                    {c.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.slice(0, 10).map((row, index) => (
                <Table.Tr key={rowKey(row, index)}>
                  {columns.map((c) => (
                    <Table.Td key={c.key} ta={numeric(c) ? 'right' : undefined}>
                      {cell(c, row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

export { sectionPath };
