import type { BiSection } from '@b2b/domain/api/business-intelligence';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../session/current-user';
import { BiError, BiFrame, BiLoading, MetricCards, RankedTable, sectionPath, TrendChart } from './bi-parts';
import { type SectionOutputs, sectionQuery } from './business-intelligence.api';

const buyerLink = (row: { id: number | null }) => (row.id ? `/buyers/${row.id}` : null);
const productLink = (row: { id: number | null }) => (row.id ? `/products/${row.id}` : null);

/** A section's page: its query's loading, error and empty states, then `render`. */
function SectionPage<S extends BiSection>({
  section,
  render,
}: {
  section: S;
  render: (data: SectionOutputs[S]) => ReactNode;
}) {
  const user = useCurrentUser();
  const query = useQuery(sectionQuery(user.company.id, section));
  return (
    <BiFrame section={section} insights={false} windows={query.data?.windows}>
      {query.isPending ? (
        <BiLoading />
      ) : query.isError ? (
        <BiError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="lg">
          <Group justify="flex-end">
            <Button
              component={Link}
              to={sectionPath(section, true)}
              variant="light"
              leftSection={<IconBulb size={16} />}
            >
              What to do today
            </Button>
          </Group>
          {render(query.data)}
        </Stack>
      )}
    </BiFrame>
  );
}

/** Said when the 210 days hold no sale: the pages show zeros, and this says why. */
function NoSalesNote({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <Alert color="blue" variant="light">
      <Text size="sm">No sales in the last 210 days yet: the figures start with the first invoice.</Text>
    </Alert>
  );
}

export function BusinessPerformancePage() {
  return (
    <SectionPage
      section="business-performance"
      render={(d) => (
        <>
          <NoSalesNote show={d.trend.every((t) => t.revenue === 0 && t.orders === 0)} />
          <MetricCards metrics={d.metrics} />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <TrendChart
              title="Revenue, gross profit and collections by 30 days"
              data={d.trend}
              unit="money"
              series={[
                { key: 'revenue', label: 'Revenue' },
                { key: 'gross_profit', label: 'Gross profit' },
                { key: 'collections', label: 'Collections' },
              ]}
            />
            <TrendChart
              title="Orders by 30 days"
              data={d.trend}
              unit="count"
              kind="bar"
              series={[{ key: 'orders', label: 'Orders' }]}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Buyers owe{' '}
            {d.receivables.amount_due.toLocaleString('en-IN', { style: 'currency', currency: 'INR' })} now,{' '}
            {d.receivables.overdue.toLocaleString('en-IN', { style: 'currency', currency: 'INR' })} of it
            overdue.
          </Text>
        </>
      )}
    />
  );
}

export function BuyerPerformancePage() {
  return (
    <SectionPage
      section="buyer-performance"
      render={(d) => (
        <>
          <MetricCards metrics={d.metrics} />
          <TrendChart
            title="Active and new buyers by 30 days"
            data={d.trend}
            unit="count"
            kind="bar"
            series={[
              { key: 'active_buyers', label: 'Active' },
              { key: 'new_buyers', label: 'New' },
            ]}
          />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <RankedTable
              title="Buying less than usual"
              description="Last 30 days more than 20% below their 180-day average, largest shortfall first."
              rows={d.below_average}
              rowKey={(r) => String(r.id)}
              empty="No buyer fell below their average."
              columns={[
                { key: 'name', label: 'Buyer', value: (r) => r.name, link: buyerLink },
                { key: 'recent', label: 'Last 30 days', unit: 'money', value: (r) => r.recent },
                { key: 'average', label: 'Average', unit: 'money', value: (r) => r.average },
                { key: 'shortfall', label: 'Short by', unit: 'money', value: (r) => r.shortfall },
                { key: 'change', label: 'Change', unit: 'change', value: (r) => r.change_percent },
              ]}
            />
            <RankedTable
              title="Over the credit limit or newly overdue"
              rows={d.credit_risk}
              rowKey={(r) => String(r.id)}
              empty="Every buyer is within their limit and nothing fell overdue this month."
              columns={[
                { key: 'name', label: 'Buyer', value: (r) => r.name, link: buyerLink },
                { key: 'due', label: 'Owes', unit: 'money', value: (r) => r.amount_due },
                { key: 'overdue', label: 'Overdue', unit: 'money', value: (r) => r.overdue },
                { key: 'newly', label: 'New overdue', unit: 'money', value: (r) => r.newly_overdue },
                { key: 'over', label: 'Over limit', unit: 'money', value: (r) => r.over_limit_by },
              ]}
            />
            <RankedTable
              title="Lapsed buyers"
              description="Bought in the 180 days before, nothing in the last 30."
              rows={d.lapsed}
              rowKey={(r) => String(r.id)}
              empty="No lapsed buyers."
              columns={[
                { key: 'name', label: 'Buyer', value: (r) => r.name, link: buyerLink },
                { key: 'phone', label: 'Phone', value: (r) => r.phone },
                { key: 'last', label: 'Last bought', unit: 'date', value: (r) => r.last_purchase_date },
                { key: 'average', label: 'Average month', unit: 'money', value: (r) => r.average },
              ]}
            />
            <RankedTable
              title="Top buyers"
              rows={d.top_buyers}
              rowKey={(r) => String(r.id)}
              empty="No sales in the last 30 days."
              columns={[
                { key: 'name', label: 'Buyer', value: (r) => r.name, link: buyerLink },
                { key: 'recent', label: 'Last 30 days', unit: 'money', value: (r) => r.recent },
                { key: 'average', label: 'Average', unit: 'money', value: (r) => r.average },
                { key: 'change', label: 'Change', unit: 'change', value: (r) => r.change_percent },
              ]}
            />
          </SimpleGrid>
        </>
      )}
    />
  );
}

const movingColumns = [
  { key: 'name', label: 'Product', value: (r: { name: string }) => r.name, link: productLink },
  {
    key: 'recent',
    label: 'Last 30 days',
    unit: 'money' as const,
    value: (r: { recent: number }) => r.recent,
  },
  { key: 'average', label: 'Average', unit: 'money' as const, value: (r: { average: number }) => r.average },
  {
    key: 'change',
    label: 'Change',
    unit: 'change' as const,
    value: (r: { change_percent: number | null }) => r.change_percent,
  },
];

export function ProductPerformancePage() {
  return (
    <SectionPage
      section="product-performance"
      render={(d) => (
        <>
          <MetricCards metrics={d.metrics} />
          <TrendChart
            title="Revenue by 30 days"
            data={d.trend}
            unit="money"
            series={[{ key: 'revenue', label: 'Revenue' }]}
          />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <RankedTable
              title="Rising products"
              rows={d.rising}
              rowKey={(r) => String(r.id)}
              empty="No product rose more than 20% above its average."
              columns={movingColumns}
            />
            <RankedTable
              title="Falling products"
              rows={d.falling}
              rowKey={(r) => String(r.id)}
              empty="No product fell more than 20% below its average."
              columns={movingColumns}
            />
            <RankedTable
              title="Discount view"
              description="Sales down more than 30% against the 180-day average after an offer ended, or despite a live one."
              rows={d.discount_view}
              rowKey={(r) => `${r.id}-${r.offer_id}`}
              empty="No product on an offer fell more than 30%."
              columns={[
                ...movingColumns,
                { key: 'offer', label: 'Offer', value: (r) => `${r.offer_title} (${r.offer_state})` },
              ]}
            />
            <RankedTable
              title="Margin leaders"
              description="Most gross profit in the last 30 days, from the cost at sale."
              rows={d.margin_leaders}
              rowKey={(r) => String(r.id)}
              empty="No product with a cost sold in the last 30 days."
              columns={[
                { key: 'name', label: 'Product', value: (r) => r.name, link: productLink },
                { key: 'sales', label: 'Net Sales', unit: 'money', value: (r) => r.net_sales },
                { key: 'profit', label: 'Profit', unit: 'money', value: (r) => r.profit },
                { key: 'margin', label: 'Margin', unit: 'percent', value: (r) => r.margin },
              ]}
            />
            <RankedTable
              title="Margin laggards"
              description="Lowest margin in the last 30 days."
              rows={d.margin_laggards}
              rowKey={(r) => String(r.id)}
              empty="No product with a cost sold in the last 30 days."
              columns={[
                { key: 'name', label: 'Product', value: (r) => r.name, link: productLink },
                { key: 'sales', label: 'Net Sales', unit: 'money', value: (r) => r.net_sales },
                { key: 'profit', label: 'Profit', unit: 'money', value: (r) => r.profit },
                { key: 'margin', label: 'Margin', unit: 'percent', value: (r) => r.margin },
              ]}
            />
          </SimpleGrid>
        </>
      )}
    />
  );
}

export function InventoryPerformancePage() {
  return (
    <SectionPage
      section="inventory-performance"
      render={(d) => (
        <>
          <MetricCards metrics={d.metrics} />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <RankedTable
              title="Sales down more than 60% with stock"
              description="The inventory view: last 30 days against the 30-day average of the 60 days before."
              rows={d.slow_movers}
              rowKey={(r) => String(r.id)}
              empty="No product with stock fell more than 60%."
              columns={[
                { key: 'name', label: 'Product', value: (r) => r.name, link: productLink },
                { key: 'on_hand', label: 'On hand', unit: 'quantity', value: (r) => r.on_hand },
                { key: 'value', label: 'Stock value', unit: 'money', value: (r) => r.stock_value },
                { key: 'change', label: 'Sales change', unit: 'change', value: (r) => r.change_percent },
                { key: 'cover', label: 'Cover', unit: 'days', value: (r) => r.days_of_cover },
              ]}
            />
            <RankedTable
              title="Below 15 days of cover"
              description="To reorder up to 45 days at the 210-day rate of sale."
              rows={d.below_cover}
              rowKey={(r) => String(r.id)}
              empty="Every selling product has enough stock."
              columns={[
                { key: 'name', label: 'Product', value: (r) => r.name, link: productLink },
                { key: 'on_hand', label: 'On hand', unit: 'quantity', value: (r) => r.on_hand },
                { key: 'daily', label: 'Sells a day', unit: 'quantity', value: (r) => r.daily_quantity },
                { key: 'cover', label: 'Cover', unit: 'days', value: (r) => r.days_of_cover },
                { key: 'reorder', label: 'Reorder', unit: 'quantity', value: (r) => r.reorder_quantity },
              ]}
            />
            <RankedTable
              title="Dead stock"
              description="Stock with no sale in 180 days, at cost."
              rows={d.dead_stock}
              rowKey={(r) => String(r.id)}
              empty="No dead stock."
              columns={[
                { key: 'name', label: 'Product', value: (r) => r.name, link: productLink },
                { key: 'on_hand', label: 'On hand', unit: 'quantity', value: (r) => r.on_hand },
                { key: 'value', label: 'Value', unit: 'money', value: (r) => r.stock_value },
                { key: 'last', label: 'Last sold', unit: 'date', value: (r) => r.last_sold_on },
              ]}
            />
            <RankedTable
              title="Stock-outs losing sales"
              description="Out of stock but selling: what open orders wait for, and a month of sales at the average rate."
              rows={d.stock_outs}
              rowKey={(r) => String(r.id)}
              empty="No selling product is out of stock."
              columns={[
                { key: 'name', label: 'Product', value: (r) => r.name, link: productLink },
                { key: 'waiting', label: 'Waiting', unit: 'quantity', value: (r) => r.waiting_quantity },
                {
                  key: 'waiting_value',
                  label: 'Orders waiting',
                  unit: 'money',
                  value: (r) => r.waiting_value,
                },
                { key: 'monthly', label: 'Sales a month', unit: 'money', value: (r) => r.monthly_sales },
              ]}
            />
          </SimpleGrid>
        </>
      )}
    />
  );
}

export function SalesPerformancePage() {
  return (
    <SectionPage
      section="sales-performance"
      render={(d) => (
        <>
          <MetricCards metrics={d.metrics} />
          <TrendChart
            title="Revenue by 30 days"
            data={d.trend}
            unit="money"
            series={[{ key: 'revenue', label: 'Revenue' }]}
          />
          <RankedTable
            title="Sales people"
            description="Last 30 days; revenue against their 180-day average."
            rows={d.people}
            rowKey={(r) => String(r.id ?? 'none')}
            empty="No sales, orders or quotations in the last 30 days."
            columns={[
              { key: 'name', label: 'Sales person', value: (r) => r.name },
              { key: 'orders', label: 'Orders', unit: 'count', value: (r) => r.orders },
              { key: 'revenue', label: 'Revenue', unit: 'money', value: (r) => r.revenue },
              { key: 'change', label: 'vs average', unit: 'change', value: (r) => r.change_percent },
              { key: 'collections', label: 'Collections', unit: 'money', value: (r) => r.collections },
              { key: 'new', label: 'New buyers', unit: 'count', value: (r) => r.new_buyers },
              {
                key: 'quotes',
                label: 'Quotations → orders',
                value: (r) => `${r.quotations_ordered} of ${r.quotations}`,
              },
              { key: 'conversion', label: 'Conversion', unit: 'percent', value: (r) => r.conversion_percent },
              { key: 'leads', label: 'Leads converted', value: (r) => `${r.leads_converted} of ${r.leads}` },
            ]}
          />
        </>
      )}
    />
  );
}
