import { PRODUCTS_ADS_MESSAGES } from '@b2b/domain/products-ads';
import { Text, Tooltip } from '@mantine/core';

const UNKNOWN = PRODUCTS_ADS_MESSAGES.impression_share_unknown;

/**
 * A search impression share (a percentage, sum-based over the period), or '—' with a tooltip
 * saying the platform gives none (Meta never does; Google not for every campaign).
 */
export function ImpressionShare({ value }: { value: number | null }) {
  if (value === null)
    return (
      <Tooltip label={UNKNOWN} withArrow>
        <Text span size="sm" c="dimmed" role="img" aria-label={UNKNOWN} tabIndex={0}>
          —
        </Text>
      </Tooltip>
    );
  return (
    <Text span size="sm">
      {value.toLocaleString('en-IN', { maximumFractionDigits: 2 })}%
    </Text>
  );
}
