import { Card, Group, Progress, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Money } from '../../components/money';
import { useCurrentUser } from '../../session/current-user';
import { AdsNav, NoFigures, ratio, useAdsPeriod } from './ads-period';
import { ProductNameCell } from './product-name-cell';
import { organicStatQuery } from './products-ads.api';

const orders = (n: number) => n.toLocaleString('en-IN', { maximumFractionDigits: 2 });

/**
 * /products-ads/organic-non-organic-stat: each product's invoiced orders and revenue split into
 * what its ads brought and organic sales. A product selling mostly organically needs less ad
 * money; one that sells only through ads stops selling when they stop.
 */
export function OrganicStatPage() {
  const user = useCurrentUser();
  const { period, controls } = useAdsPeriod(false);
  const query = useQuery(organicStatQuery(user.company.id, period));
  const data = query.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2}>Organic and Non-organic</Title>
          <AdsNav />
        </Stack>
        {controls}
      </Group>
      {query.isError && <LoadErrorAlert error={query.error} onRetry={() => query.refetch()} />}
      {!data ? (
        !query.isError && <Skeleton height={320} aria-label="Loading sales" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Card withBorder>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Revenue from Ads
              </Text>
              <Text size="xl" fw={700}>
                <Money value={data.totals.ad_revenue} />
              </Text>
              <Text size="xs" c="dimmed">
                {orders(data.totals.ad_orders)} orders · {ratio(data.totals.ad_share_percent, '%')} of revenue
              </Text>
            </Card>
            <Card withBorder>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Organic Revenue
              </Text>
              <Text size="xl" fw={700}>
                <Money value={data.totals.organic_revenue} />
              </Text>
              <Text size="xs" c="dimmed">
                {orders(data.totals.organic_orders)} orders
              </Text>
            </Card>
            <Card withBorder>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Ad Spend
              </Text>
              <Text size="xl" fw={700}>
                <Money value={data.totals.spend} />
              </Text>
              <Text size="xs" c="dimmed">
                Invoiced revenue (before tax) <Money value={data.totals.revenue} />
              </Text>
            </Card>
          </SimpleGrid>
          {data.products.length === 0 ? (
            <NoFigures />
          ) : (
            <Card withBorder>
              <Table.ScrollContainer minWidth={900}>
                <Table aria-label="Organic and non-organic sales by product" striped highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Product</Table.Th>
                      <Table.Th ta="right">Orders</Table.Th>
                      <Table.Th ta="right">Revenue</Table.Th>
                      <Table.Th ta="right">Ad Orders</Table.Th>
                      <Table.Th ta="right">Ad Revenue</Table.Th>
                      <Table.Th ta="right">Organic Orders</Table.Th>
                      <Table.Th ta="right">Organic Revenue</Table.Th>
                      <Table.Th w={160}>From Ads</Table.Th>
                      <Table.Th ta="right">Spend</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.products.map((row) => (
                      <Table.Tr key={row.product.id}>
                        <ProductNameCell product={row.product} />
                        <Table.Td ta="right">{orders(row.orders)}</Table.Td>
                        <Table.Td ta="right">
                          <Money value={row.revenue} />
                        </Table.Td>
                        <Table.Td ta="right">{orders(row.ad_orders)}</Table.Td>
                        <Table.Td ta="right">
                          <Money value={row.ad_revenue} />
                        </Table.Td>
                        <Table.Td ta="right">{orders(row.organic_orders)}</Table.Td>
                        <Table.Td ta="right">
                          <Money value={row.organic_revenue} />
                        </Table.Td>
                        <Table.Td>
                          {row.ad_share_percent === null ? (
                            <Text size="xs" c="dimmed">
                              Advertised, not sold
                            </Text>
                          ) : (
                            <Stack gap={2}>
                              <Progress
                                value={row.ad_share_percent}
                                aria-label={`${row.product.name}: ${row.ad_share_percent}% from ads`}
                              />
                              <Text size="xs">{ratio(row.ad_share_percent, '%')}</Text>
                            </Stack>
                          )}
                        </Table.Td>
                        <Table.Td ta="right">
                          <Money value={row.spend} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          )}
        </>
      )}
    </Stack>
  );
}
