import type { DashboardOutput, DashboardPeriodSales, DashboardWaiting } from '@b2b/domain/api/dashboard';
import { DASHBOARD_MESSAGES } from '@b2b/domain/api/dashboard';
import { routePermission } from '@b2b/domain/app-routes';
import { formatMoney, formatMoneyShort } from '@b2b/domain/money';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconChartLine } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense } from 'react';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useCurrentUser } from '../../session/current-user';
import { canOpen, canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { dashboardQuery } from './dashboard.api';

// The charting library comes with these, loaded when the dashboard has figures to draw.
const SalesTrendChart = lazy(() =>
  import('./dashboard-charts').then((m) => ({ default: m.SalesTrendChart })),
);
const CashFlowChart = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.CashFlowChart })));

const PRODUCT_SALES_REPORT = '/reports/product-reports/product-sales';
const BUYER_SALES_REPORT = '/reports/business-reports/monthly-buyer-sales';
const PATHS_TO = {
  receivables: '/payments-to-be-received',
  payables: '/reports/amount-payables',
};

/** Whether the user may open the screen at `path` (a screen without a permission: yes). */
function useMayOpen() {
  const user = useCurrentUser();
  return (path: string) => {
    const permission = routePermission(path);
    return permission === undefined || canOpen(user, permission);
  };
}

/** A link to a screen the user may open; plain text otherwise. */
function ScreenLink({
  to,
  search,
  children,
  label,
}: {
  to: string;
  search?: Record<string, string[]>;
  children: ReactNode;
  label?: string;
}) {
  const mayOpen = useMayOpen();
  if (!mayOpen(to)) return <>{children}</>;
  return (
    <Anchor component={Link} to={to} search={search as never} aria-label={label} size="sm">
      {children}
    </Anchor>
  );
}

function ChangeBadge({ sales }: { sales: DashboardPeriodSales }) {
  const change = sales.change_percent;
  if (change === null) return null;
  const up = change >= 0;
  return (
    <Badge
      variant="light"
      color={up ? 'teal' : 'red'}
      leftSection={up ? <IconArrowUpRight size={12} /> : <IconArrowDownRight size={12} />}
    >
      {`${up ? '+' : ''}${change.toLocaleString('en-IN')}%`}
    </Badge>
  );
}

function SalesCard({ title, sales }: { title: string; sales: DashboardPeriodSales }) {
  return (
    <Card withBorder padding="lg" aria-label={title} component="section">
      <Text size="sm" c="dimmed" fw={500}>
        {title}
      </Text>
      <Group gap="xs" align="baseline" mt={4}>
        <Text fz={28} fw={700} title={formatMoney(sales.net_sales)}>
          {formatMoneyShort(sales.net_sales)}
        </Text>
        <ChangeBadge sales={sales} />
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        Net Sales · {formatMoneyShort(sales.last_year)} same period last year
      </Text>
    </Card>
  );
}

function MoneyCard({
  title,
  figures,
  to,
}: {
  title: string;
  figures: { amount_due: number; overdue: number };
  to: string;
}) {
  return (
    <Card withBorder padding="lg" aria-label={title} component="section">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" fw={500}>
          {title}
        </Text>
        <ScreenLink to={to} label={`View ${title.toLowerCase()}`}>
          View
        </ScreenLink>
      </Group>
      <Text fz={24} fw={700} mt={4} title={formatMoney(figures.amount_due)}>
        {formatMoneyShort(figures.amount_due)}
      </Text>
      <Text size="sm" c={figures.overdue > 0 ? 'red.7' : 'dimmed'} mt={4}>
        Overdue {formatMoneyShort(figures.overdue)}
      </Text>
    </Card>
  );
}

const WAITING_ROWS = [
  ['to_confirm', 'To confirm'],
  ['to_invoice', 'To invoice'],
  ['to_ship', 'To ship'],
] as const;

function WaitingCard({ waiting }: { waiting: DashboardOutput['waiting'] }) {
  const row = (label: string, item: DashboardWaiting) => (
    <Group key={label} justify="space-between">
      <Text size="sm">{label}</Text>
      <ScreenLink to={item.path} search={item.query} label={`${label}: ${item.count}`}>
        <Text span fw={700} size="sm">
          {item.count.toLocaleString('en-IN')}
        </Text>
      </ScreenLink>
    </Group>
  );
  return (
    <Card withBorder padding="lg" aria-label="Orders waiting" component="section">
      <Text size="sm" c="dimmed" fw={500} mb="xs">
        Orders waiting
      </Text>
      <Stack gap={6}>{WAITING_ROWS.map(([key, label]) => row(label, waiting[key]))}</Stack>
    </Card>
  );
}

function LowStockCard({ lowStock }: { lowStock: DashboardOutput['low_stock'] }) {
  return (
    <Card withBorder padding="lg" aria-label="Low stock" component="section">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" fw={500}>
          Low stock
        </Text>
        <ScreenLink to={lowStock.path} label="View under-stocked products">
          View
        </ScreenLink>
      </Group>
      <Text fz={24} fw={700} mt={4} c={lowStock.count > 0 ? 'orange.7' : undefined}>
        {lowStock.count.toLocaleString('en-IN')}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {lowStock.count === 1 ? 'product below its reorder point' : 'products below their reorder point'}
      </Text>
    </Card>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" aria-label={title} component="section">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      <Suspense fallback={<Skeleton h={260} />}>{children}</Suspense>
    </Card>
  );
}

function RankedCard({
  title,
  rows,
  report,
}: {
  title: string;
  rows: DashboardOutput['top_products'];
  report: string;
}) {
  return (
    <Card withBorder padding="lg" aria-label={title} component="section">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        <ScreenLink to={report} label={`${title}: view report`}>
          View report
        </ScreenLink>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No sales this month yet.
        </Text>
      ) : (
        <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((row, index) => (
            <Group key={row.id} component="li" justify="space-between" wrap="nowrap">
              <Text size="sm" truncate>
                {index + 1}. {row.name}
              </Text>
              <Text size="sm" fw={600} title={formatMoney(row.net_sales)}>
                {formatMoneyShort(row.net_sales)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function NoSalesYet() {
  const user = useCurrentUser();
  return (
    <Card withBorder padding="xl" aria-label={DASHBOARD_MESSAGES.no_sales} component="section">
      <Group wrap="nowrap">
        <ThemeIcon size={44} radius="md" variant="light">
          <IconChartLine />
        </ThemeIcon>
        <div style={{ flex: 1 }}>
          <Text fw={600}>{DASHBOARD_MESSAGES.no_sales}</Text>
          <Text size="sm" c="dimmed">
            Your sales, money due and orders waiting show here once you invoice your first order.
          </Text>
        </div>
        {canPerform(user, 'add_order') && (
          <Button component={Link} to={PATHS.orderNew}>
            Create an order
          </Button>
        )}
      </Group>
    </Card>
  );
}

function DashboardSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the dashboard">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {[1, 2, 3].map((n) => (
          <Skeleton key={n} h={112} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {[1, 2, 3, 4].map((n) => (
          <Skeleton key={n} h={120} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={320} radius="md" />
    </Stack>
  );
}

/** The figures of the Home dashboard for every branch the user sees, or one (`branch`). */
export function Dashboard({ branch }: { branch: number | null }) {
  const user = useCurrentUser();
  const dashboard = useQuery(dashboardQuery(user.company.id, branch));
  if (dashboard.isPending) return <DashboardSkeleton />;
  if (dashboard.isError) {
    return (
      <LoadErrorAlert
        error={dashboard.error}
        onRetry={() => void dashboard.refetch()}
        title={DASHBOARD_MESSAGES.load_failed}
      />
    );
  }
  const d = dashboard.data;
  return (
    <Stack gap="md" style={{ opacity: dashboard.isPlaceholderData ? 0.6 : 1 }}>
      {!d.has_sales && <NoSalesYet />}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <SalesCard title="Sales today" sales={d.sales.today} />
        <SalesCard title="Sales this month" sales={d.sales.this_month} />
        <SalesCard title="Sales this financial year" sales={d.sales.this_financial_year} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <MoneyCard title="Receivables" figures={d.receivables} to={PATHS_TO.receivables} />
        <MoneyCard title="Payables" figures={d.payables} to={PATHS_TO.payables} />
        <WaitingCard waiting={d.waiting} />
        <LowStockCard lowStock={d.low_stock} />
      </SimpleGrid>
      {d.has_sales && (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <ChartCard title="Sales trend (last 12 months)">
            <SalesTrendChart trend={d.sales_trend} />
          </ChartCard>
          <ChartCard title="Money in and out (last 6 months)">
            <CashFlowChart months={d.cash_flow} />
          </ChartCard>
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <RankedCard title="Top products this month" rows={d.top_products} report={PRODUCT_SALES_REPORT} />
        <RankedCard title="Top buyers this month" rows={d.top_buyers} report={BUYER_SALES_REPORT} />
      </SimpleGrid>
    </Stack>
  );
}
