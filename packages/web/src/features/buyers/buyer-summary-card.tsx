import { formatMoney } from '@b2b/domain/money';
import { Alert, Card, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { buyerSummaryQuery } from './buyers.api';

function Figure({ label, value, loading }: { label: string; value: string; loading: boolean }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {loading ? (
        <Skeleton height={28} mt={6} width="60%" />
      ) : (
        <Text fz={22} fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} aria-label={label}>
          {value}
        </Text>
      )}
    </Card>
  );
}

/**
 * Outstanding, credit limit, credit used and credit available (GET buyers/{id}/summary), with the
 * last payment. Orders are not counted yet: they arrive with the orders area.
 */
export function BuyerSummaryCard({ buyerId }: { buyerId: number }) {
  const summary = useQuery(buyerSummaryQuery(buyerId));
  if (summary.error && !summary.data) {
    return <LoadErrorAlert error={summary.error} onRetry={() => summary.refetch()} title="Load Error" />;
  }
  const data = summary.data;
  const loading = !data;
  const limit = data?.credit_limit ?? null;
  return (
    <Card withBorder padding="md" aria-label="Buyer summary">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Figure label="Outstanding" value={formatMoney(data?.outstanding)} loading={loading} />
        <Figure
          label="Credit Limit"
          value={limit === null ? 'No limit' : formatMoney(limit)}
          loading={loading}
        />
        <Figure label="Credit Used" value={formatMoney(data?.credit_used)} loading={loading} />
        <Figure
          label="Credit Available"
          value={data?.credit_available == null ? 'No limit' : formatMoney(data.credit_available)}
          loading={loading}
        />
      </SimpleGrid>
      {data && (
        <Group gap="lg" mt="sm">
          <Text size="sm" c="dimmed">
            Opening balance {formatMoney(data.opening_balance)}
          </Text>
          <Text size="sm" c="dimmed">
            {data.last_payment
              ? `Last payment ${formatMoney(data.last_payment.amount)} on ${dayjs(data.last_payment.date).format('DD/MM/YYYY')}`
              : 'No payment recorded yet'}
          </Text>
        </Group>
      )}
      {data?.credit_limit_exceeded && (
        <Alert color={data.credit_limit_restriction_applied ? 'red' : 'yellow'} mt="sm" role="status">
          {data.credit_limit_restriction_applied
            ? 'The credit limit is exceeded: new orders for this buyer are blocked.'
            : 'The credit limit is exceeded (the company does not apply the credit limit restriction).'}
        </Alert>
      )}
    </Card>
  );
}
