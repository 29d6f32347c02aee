import { AD_PLATFORM_LABELS, PRICE_FLAG_LABELS, type PriceFlag } from '@b2b/domain/products-ads';
import { Alert, Badge, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDay } from '../../components/format-day';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Money } from '../../components/money';
import { useCurrentUser } from '../../session/current-user';
import { AdsNav, useAdsPeriod } from './ads-period';
import { ImpressionShare } from './impression-share';
import { ProductNameCell } from './product-name-cell';
import { competitivenessQuery } from './products-ads.api';

const FLAG_COLORS: Record<PriceFlag, string> = { above: 'red', in_line: 'gray', below: 'green' };
const sourceLabel = (source: 'google_ads' | 'meta' | 'csv') =>
  source === 'csv' ? 'CSV' : AD_PLATFORM_LABELS[source];

/**
 * /products-ads/competitiveness-overall: each product's selling price against the latest
 * competitor price, the most overpriced first, and the search impression share of the period
 * where the platform gives it. An advertised product priced above the market pays for clicks that
 * buy elsewhere; a low share of a product priced well means budget or bids hold it back.
 */
export function CompetitivenessPage() {
  const user = useCurrentUser();
  const { period, controls } = useAdsPeriod(true);
  const query = useQuery(competitivenessQuery(user.company.id, period));
  const data = query.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2}>Competitiveness</Title>
          <AdsNav />
        </Stack>
        {controls}
      </Group>
      {data && (
        <Card withBorder w="fit-content">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Search Impression Share
          </Text>
          <Text size="xl" fw={700} component="div">
            <ImpressionShare value={data.impression_share_percent} />
          </Text>
          <Text size="xs" c="dimmed">
            Of the impressions the campaigns were eligible for, {formatDay(data.start_date)} to{' '}
            {formatDay(data.end_date)}
          </Text>
        </Card>
      )}
      {query.isError && <LoadErrorAlert error={query.error} onRetry={() => query.refetch()} />}
      {!data ? (
        !query.isError && <Skeleton height={240} aria-label="Loading prices" />
      ) : data.products.length === 0 ? (
        <Text size="sm" c="dimmed">
          No competitor prices yet. Add a competitor_price column to the CSV of ad figures on Connect Ads
          Account.
        </Text>
      ) : (
        <>
          {data.above_count > 0 && (
            <Alert color="red" variant="light" title="Priced above competitors">
              {data.above_count} product{data.above_count === 1 ? ' is' : 's are'} priced more than{' '}
              {data.tolerance_percent}% above the competitors' price. Lower the price or pause their ads.
            </Alert>
          )}
          <Card withBorder>
            <Table.ScrollContainer minWidth={900}>
              <Table aria-label="Price competitiveness by product" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Product</Table.Th>
                    <Table.Th ta="right">Our Price</Table.Th>
                    <Table.Th ta="right">Competitor Price</Table.Th>
                    <Table.Th ta="right">Difference</Table.Th>
                    <Table.Th>Position</Table.Th>
                    <Table.Th ta="right">Ad Spend (30 days)</Table.Th>
                    <Table.Th ta="right">Impression Share</Table.Th>
                    <Table.Th>Seen</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.products.map((row) => (
                    <Table.Tr key={row.product.id}>
                      <ProductNameCell product={row.product} />
                      <Table.Td ta="right">
                        <Money value={row.our_price} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <Money value={row.competitor_price} />
                      </Table.Td>
                      <Table.Td ta="right">
                        {row.difference_percent > 0 ? '+' : ''}
                        {row.difference_percent.toLocaleString('en-IN')}%
                      </Table.Td>
                      <Table.Td>
                        <Badge color={FLAG_COLORS[row.flag]} variant="light" radius="sm">
                          {PRICE_FLAG_LABELS[row.flag]}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Money value={row.spend_30_days} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <ImpressionShare value={row.impression_share_percent} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Text size="xs">{formatDay(row.observed_on)}</Text>
                          <Text size="xs" c="dimmed">
                            ({sourceLabel(row.source)})
                          </Text>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </>
      )}
    </Stack>
  );
}
