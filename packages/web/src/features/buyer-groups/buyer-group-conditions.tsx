import {
  BUYER_GROUP_MAX_DAYS,
  BUYER_GROUP_MESSAGES,
  isLastDaysValid,
  isPurchaseRangeValid,
} from '@b2b/domain/buyer-groups';
import { SimpleGrid, Text } from '@mantine/core';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { z } from 'zod';
import { NumberField } from '../../components/number-field';
import type { BuyerGroup, BuyerGroupConditionsBody } from './buyer-groups.api';

/** The dynamic conditions as a form holds them: numbers, or '' while blank. */
export interface ConditionValues {
  min_amount: number | string;
  max_amount: number | string;
  last_days: number | string;
}

export const EMPTY_CONDITIONS: ConditionValues = { min_amount: 0, max_amount: '', last_days: 30 };

const blank = (value: unknown) => value === '' || value === null || value === undefined;
const asNumber = (value: unknown) => (blank(value) ? null : Number(value));

/**
 * The range and the window as the server checks them: a minimum of zero or more, a maximum that
 * is blank (no upper bound) or not below it, and 1 to 3650 days. The range's one message goes
 * on whichever bound is wrong.
 */
export function checkConditions(
  value: ConditionValues,
  report: (field: keyof ConditionValues, message: string) => void,
) {
  const min = asNumber(value.min_amount);
  const max = asNumber(value.max_amount);
  if (!isPurchaseRangeValid({ min_amount: min ?? Number.NaN, max_amount: max })) {
    const minOk = isPurchaseRangeValid({ min_amount: min ?? Number.NaN });
    report(minOk ? 'max_amount' : 'min_amount', BUYER_GROUP_MESSAGES.purchase_range);
  }
  if (!isLastDaysValid(asNumber(value.last_days))) report('last_days', BUYER_GROUP_MESSAGES.last_days);
}

export const conditionsSchema = z
  .object({ min_amount: z.any(), max_amount: z.any(), last_days: z.any() })
  .superRefine((value, ctx) =>
    checkConditions(value as ConditionValues, (field, message) =>
      ctx.addIssue({ code: 'custom', message, path: [field] }),
    ),
  );

export function conditionsBody(value: ConditionValues): BuyerGroupConditionsBody {
  return {
    dynamic_group_sale_condition: {
      min_amount: Number(value.min_amount),
      max_amount: asNumber(value.max_amount),
    },
    dynamic_group_time_condition: { last_days: Number(value.last_days) },
  };
}

/** A group's saved conditions as the form holds them (a static group has none). */
export function conditionValuesOf(
  group: Pick<BuyerGroup, 'dynamic_group_sale_condition' | 'dynamic_group_time_condition'>,
): ConditionValues {
  if (!group.dynamic_group_sale_condition || !group.dynamic_group_time_condition) return EMPTY_CONDITIONS;
  return {
    min_amount: group.dynamic_group_sale_condition.min_amount,
    max_amount: group.dynamic_group_sale_condition.max_amount ?? '',
    last_days: group.dynamic_group_time_condition.last_days,
  };
}

/** Minimum and maximum purchase amount (rupees) and the number of days they are counted over. */
export function ConditionFields<T extends FieldValues>({ control }: { control: Control<T> }) {
  const name = (field: keyof ConditionValues) => field as Path<T>;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NumberField
          control={control}
          name={name('min_amount')}
          label="Minimum Purchase Amount (₹)"
          required
          decimalScale={2}
          thousandSeparator=","
          thousandsGroupStyle="lakh"
          allowNegative
          hideControls
        />
        <NumberField
          control={control}
          name={name('max_amount')}
          label="Maximum Purchase Amount (₹)"
          placeholder="No maximum"
          decimalScale={2}
          thousandSeparator=","
          thousandsGroupStyle="lakh"
          allowNegative
          hideControls
        />
      </SimpleGrid>
      <NumberField
        control={control}
        name={name('last_days')}
        label="Purchases in the Last (days)"
        required
        min={1}
        max={BUYER_GROUP_MAX_DAYS}
        allowDecimal={false}
        clampBehavior="none"
      />
      <Text size="xs" c="dimmed">
        Active buyers whose invoiced purchases over this many days (today included) fall within the range
        belong to the group. Membership is worked out again every night and right after the conditions change.
      </Text>
    </>
  );
}
