import {
  AD_PLATFORM_LABELS,
  AD_VERDICT_COLORS,
  AD_VERDICT_LABELS,
  PUSH_FROM_ROAS,
  STOP_BELOW_ROAS,
} from '@b2b/domain/products-ads';
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Money } from '../../components/money';
import { useCurrentUser } from '../../session/current-user';
import { AdsNav, NoFigures, ratio, useAdsPeriod } from './ads-period';
import { ProductNameCell } from './product-name-cell';
import { type SpendRevenue, spendRevenueQuery } from './products-ads.api';

const Chart = lazy(() => import('./spend-revenue-chart'));

function Figure({ label, children, hint }: { label: string; children: React.ReactNode; hint?: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {children}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

function ProductsTable({ data }: { data: SpendRevenue }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table aria-label="Products by ad spend" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Spend</Table.Th>
            <Table.Th ta="right">Revenue</Table.Th>
            <Table.Th ta="right">ROAS</Table.Th>
            <Table.Th ta="right">ACoS</Table.Th>
            <Table.Th ta="right">Clicks</Table.Th>
            <Table.Th ta="right">Orders</Table.Th>
            <Table.Th ta="right">Cost per Order</Table.Th>
            <Table.Th>Do</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.products.map((row) => (
            <Table.Tr key={row.product.id}>
              <ProductNameCell product={row.product} />
              <Table.Td ta="right">
                <Money value={row.spend} />
              </Table.Td>
              <Table.Td ta="right">
                <Money value={row.revenue} />
              </Table.Td>
              <Table.Td ta="right">{ratio(row.roas)}</Table.Td>
              <Table.Td ta="right">{ratio(row.acos, '%')}</Table.Td>
              <Table.Td ta="right">{row.clicks.toLocaleString('en-IN')}</Table.Td>
              <Table.Td ta="right">{row.conversions.toLocaleString('en-IN')}</Table.Td>
              <Table.Td ta="right">
                {row.cost_per_order === null ? '—' : <Money value={row.cost_per_order} />}
              </Table.Td>
              <Table.Td maw={320}>
                <Badge color={AD_VERDICT_COLORS[row.verdict]} variant="light" radius="sm">
                  {AD_VERDICT_LABELS[row.verdict]}
                </Badge>
                <Text size="xs">{row.reason}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CampaignsTable({ data }: { data: SpendRevenue }) {
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table aria-label="Campaigns" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Platform</Table.Th>
            <Table.Th>Campaign</Table.Th>
            <Table.Th ta="right">Spend</Table.Th>
            <Table.Th ta="right">Revenue</Table.Th>
            <Table.Th ta="right">ROAS</Table.Th>
            <Table.Th ta="right">Cost per Order</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.campaigns.map((row) => (
            <Table.Tr key={`${row.platform}-${row.campaign}`}>
              <Table.Td>{AD_PLATFORM_LABELS[row.platform]}</Table.Td>
              <Table.Td>{row.campaign || '(no campaign)'}</Table.Td>
              <Table.Td ta="right">
                <Money value={row.spend} />
              </Table.Td>
              <Table.Td ta="right">
                <Money value={row.revenue} />
              </Table.Td>
              <Table.Td ta="right">{ratio(row.roas)}</Table.Td>
              <Table.Td ta="right">
                {row.cost_per_order === null ? '—' : <Money value={row.cost_per_order} />}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /products-ads (Spend and Revenue): what the ads cost and brought in the period, by day, product
 * and campaign. Each product says what to do (stop, push, watch) and why, so the owner reads the
 * decision first and the figures behind it second.
 */
export function ProductsAdsPage() {
  const user = useCurrentUser();
  const { period, controls } = useAdsPeriod(true);
  const query = useQuery(spendRevenueQuery(user.company.id, period));
  const data = query.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2}>Spend and Revenue</Title>
          <AdsNav />
        </Stack>
        {controls}
      </Group>
      {query.isError && <LoadErrorAlert error={query.error} onRetry={() => query.refetch()} />}
      {!data ? (
        !query.isError && <Skeleton height={320} aria-label="Loading ad figures" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
            <Figure label="Spend">
              <Money value={data.totals.spend} />
            </Figure>
            <Figure
              label="Revenue"
              hint={`Ad conversions; ₹${data.conversion_value} each without a platform value`}
            >
              <Money value={data.totals.revenue} />
            </Figure>
            <Figure label="ROAS" hint="Revenue per rupee spent">
              {ratio(data.totals.roas)}
            </Figure>
            <Figure label="ACoS" hint="Spend as % of revenue">
              {ratio(data.totals.acos, '%')}
            </Figure>
            <Figure label="Cost per Order">
              {data.totals.cost_per_order === null ? '—' : <Money value={data.totals.cost_per_order} />}
            </Figure>
            <Figure label="Orders from Ads">{data.totals.conversions.toLocaleString('en-IN')}</Figure>
          </SimpleGrid>
          {data.products.length === 0 ? (
            <NoFigures />
          ) : (
            <>
              <Card withBorder>
                <Stack gap="xs">
                  <Title order={3} size="h4">
                    What to do
                  </Title>
                  <Group gap="lg">
                    <Text>
                      <Badge color="red" variant="light" radius="sm">
                        Stop
                      </Badge>{' '}
                      {data.verdicts.stop} product{data.verdicts.stop === 1 ? '' : 's'} (ROAS below{' '}
                      {STOP_BELOW_ROAS}, or clicks without orders)
                    </Text>
                    <Text>
                      <Badge color="green" variant="light" radius="sm">
                        Push
                      </Badge>{' '}
                      {data.verdicts.push} product{data.verdicts.push === 1 ? '' : 's'} (ROAS {PUSH_FROM_ROAS}{' '}
                      or more)
                    </Text>
                    <Text>
                      <Badge color="yellow" variant="light" radius="sm">
                        Watch
                      </Badge>{' '}
                      {data.verdicts.watch}
                    </Text>
                  </Group>
                </Stack>
              </Card>
              <Card withBorder>
                <Title order={3} size="h4" mb="sm">
                  Spend and revenue per day
                </Title>
                <Suspense fallback={<Skeleton height={260} />}>
                  <Chart series={data.by_day} />
                </Suspense>
              </Card>
              <Card withBorder>
                <Title order={3} size="h4" mb="sm">
                  Products
                </Title>
                <ProductsTable data={data} />
              </Card>
              <Card withBorder>
                <Title order={3} size="h4" mb="sm">
                  Campaigns
                </Title>
                <CampaignsTable data={data} />
              </Card>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
