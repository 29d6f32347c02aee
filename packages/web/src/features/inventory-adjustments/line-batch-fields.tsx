import { todayInIndia } from '@b2b/domain/api/inventory-adjustments';
import type { AdjustmentDirection } from '@b2b/domain/inventory-adjustments';
import { formatQuantity } from '@b2b/domain/money';
import { Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type Control, type UseFormSetValue, useController, useWatch } from 'react-hook-form';
import { DayField } from '../../components/day-field';
import { visibleFieldError } from '../../components/field-error';
import { TextField } from '../../components/text-field';
import { batchDates, batchStatusLabel } from '../stock-batches/batch-status-badge';
import { productBatchesQuery } from '../stock-batches/stock-batches.api';
import type { AdjustmentFormValues } from './inventory-adjustment-form.schema';

const FIRST_EXPIRY = '';

/**
 * A line's batch when the company keeps batches. Stock coming in goes into a batch: its number
 * and, for a new batch, its manufacturing and expiry dates. Stock going out comes from a batch
 * on hand in the warehouse, or first expiry first out when none is chosen.
 */
export function LineBatchFields({
  control,
  setValue,
  index,
  direction,
  warehouseId,
  mandatory,
}: {
  control: Control<AdjustmentFormValues>;
  setValue: UseFormSetValue<AdjustmentFormValues>;
  index: number;
  direction: AdjustmentDirection;
  warehouseId: number | null;
  mandatory: boolean;
}) {
  // A batch typed for stock coming in means nothing for stock going out, and the other way round.
  const previous = useRef(direction);
  useEffect(() => {
    if (previous.current === direction) return;
    previous.current = direction;
    for (const field of ['batch_number', 'manufactured_on', 'expires_on'] as const) {
      setValue(`lines.${index}.${field}`, '');
    }
  }, [direction, index, setValue]);
  if (direction === 'out') {
    return <OutgoingBatch control={control} index={index} warehouseId={warehouseId} />;
  }
  return (
    <Group gap="sm" align="flex-start" grow>
      <TextField
        control={control}
        name={`lines.${index}.batch_number`}
        label={`Batch Number ${index + 1}`}
        required={mandatory}
        placeholder={mandatory ? 'Batch number' : 'Optional'}
      />
      <DayField
        control={control}
        name={`lines.${index}.manufactured_on`}
        label={`Manufacturing Date ${index + 1}`}
        maxDate={todayInIndia()}
        clearable
      />
      <DayField
        control={control}
        name={`lines.${index}.expires_on`}
        label={`Expiry Date ${index + 1}`}
        clearable
      />
    </Group>
  );
}

function OutgoingBatch({
  control,
  index,
  warehouseId,
}: {
  control: Control<AdjustmentFormValues>;
  index: number;
  warehouseId: number | null;
}) {
  const productId = useWatch({ control, name: `lines.${index}.product` });
  const { field, fieldState, formState } = useController({ control, name: `lines.${index}.batch_number` });
  const batches = useQuery({
    ...productBatchesQuery(productId ?? 0, warehouseId ?? undefined),
    enabled: productId != null && warehouseId !== null,
  });
  const options = [
    { value: FIRST_EXPIRY, label: 'First expiry first out' },
    ...(batches.data?.results ?? []).map((row) => ({
      value: row.batch.batch_number,
      label: `${row.batch.batch_number} · ${formatQuantity(row.quantity)} on hand · ${batchDates(row.batch)} (${batchStatusLabel(row)})`,
    })),
  ];
  return (
    <Select
      ref={field.ref}
      name={field.name}
      label={`Batch ${index + 1}`}
      maw={520}
      data={options}
      value={field.value ?? FIRST_EXPIRY}
      onChange={(value) => field.onChange(value ?? FIRST_EXPIRY)}
      onBlur={field.onBlur}
      allowDeselect={false}
      disabled={productId == null || warehouseId === null}
      placeholder={batches.isLoading ? 'Loading batches…' : undefined}
      description={
        productId == null || warehouseId === null ? 'Choose the warehouse and product first.' : undefined
      }
      comboboxProps={{ withinPortal: true }}
      error={visibleFieldError(fieldState, formState.isSubmitted)}
    />
  );
}
