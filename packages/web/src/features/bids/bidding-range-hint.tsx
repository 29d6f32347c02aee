import { biddingRange, describeBiddingRange } from '@b2b/domain/buyer-prices';
import { toPaise } from '@b2b/domain/money';
import { Stack, Text } from '@mantine/core';

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * The bidding range of a product at its selling price (what a buyer without a group price pays),
 * from its cost, margin and max bidding percentage by the domain's rule; null until the selling
 * price is a number.
 */
export function productBiddingHint(values: {
  sellingPrice: unknown;
  costPrice: unknown;
  margin: unknown;
  maxBiddingPercentage: unknown;
}): string | null {
  const selling = numberOrNull(values.sellingPrice);
  if (selling === null || selling <= 0) return null;
  const cost = numberOrNull(values.costPrice);
  const range = biddingRange({
    buyerPricePaise: toPaise(selling),
    costPricePaise: cost === null ? null : toPaise(cost),
    marginPercent: numberOrNull(values.margin),
    maxBiddingPercent: numberOrNull(values.maxBiddingPercentage),
  });
  return describeBiddingRange(range);
}

/** The hint as a read-only field beside margin and max bidding percentage. */
export function BiddingRangeHint(props: Parameters<typeof productBiddingHint>[0]) {
  const hint = productBiddingHint(props);
  return (
    <Stack gap={2} aria-live="polite">
      <Text size="sm" fw={500}>
        Bidding Range
      </Text>
      <Text size="sm" c="dimmed" data-testid="bidding-range-hint">
        {hint ?? 'Set the selling price to see the buyer price and the bidding range.'}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          At the selling price; buyer-group prices have their own range. The floor never goes below cost plus
          margin.
        </Text>
      )}
    </Stack>
  );
}
