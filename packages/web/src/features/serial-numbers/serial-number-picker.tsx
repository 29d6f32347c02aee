import { serialCountLabel } from '@b2b/domain/serial-numbers';
import { Loader, MultiSelect, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import {
  type Control,
  type FieldValues,
  type Path,
  type PathValue,
  useController,
  useWatch,
} from 'react-hook-form';
import { useCurrentUser } from '../../session/current-user';
import { availableSerialNumbersQuery, invoiceSerialNumbersQuery } from './serial-numbers.api';

/**
 * The serial numbers of an invoice line (Generate Invoice, Edit Invoice): a searchable
 * multi-select over the product's units in the line's warehouse, with 'n of q' under it. Nothing
 * for a product that does not track serials. Editing, the units the invoice already holds are
 * offered and chosen to start with.
 */
export function SerialNumberPicker<T extends FieldValues>({
  control,
  name,
  productId,
  productName,
  warehouseId,
  quantityName,
  invoiceId,
}: {
  control: Control<T>;
  name: Path<T>;
  productId: number;
  productName: string;
  warehouseId: number;
  /** The line's quantity field: one serial per unit. */
  quantityName: Path<T>;
  /** Edit Invoice: the invoice whose units of this product are its own. */
  invoiceId?: number;
}) {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const available = useQuery(availableSerialNumbersQuery(companyId, productId, warehouseId));
  const tracked = available.data?.product.tracks_serial_numbers === true;
  const held = useQuery({
    ...invoiceSerialNumbersQuery(companyId, invoiceId ?? 0),
    enabled: invoiceId !== undefined && tracked,
  });
  const { field, fieldState } = useController({ control, name });
  const quantity = useWatch({ control, name: quantityName }) as unknown;
  const own = useMemo(
    () =>
      held.data?.lines
        .filter((line) => line.product.id === productId)
        .flatMap((line) => line.serial_numbers) ?? [],
    [held.data, productId],
  );
  const value = (field.value as string[] | undefined) ?? [];
  const { onChange } = field;
  // Editing: start from the units the invoice holds, once they are known.
  useEffect(() => {
    if (own.length > 0 && value.length === 0) onChange(own as PathValue<T, Path<T>>);
  }, [own, value.length, onChange]);

  if (available.isLoading)
    return <Loader size="xs" aria-label={`Loading serial numbers of ${productName}`} />;
  if (!tracked || !available.data) return null;
  const options = [...new Set([...own, ...available.data.results.map((row) => row.serial_number)])].sort();
  const units = Number.isFinite(Number(quantity)) ? Number(quantity) : 0;
  return (
    <MultiSelect
      mt={6}
      size="xs"
      label={`Serial numbers of ${productName}`}
      placeholder={options.length ? 'Pick serial numbers' : 'No serial numbers in stock'}
      data={options}
      value={value}
      onChange={(next) => onChange(next as PathValue<T, Path<T>>)}
      onBlur={field.onBlur}
      searchable
      hidePickedOptions
      nothingFoundMessage="No such serial number in stock"
      maxValues={units > 0 && Number.isInteger(units) ? units : undefined}
      description={
        <Text span size="xs" c={value.length === units ? 'teal' : 'dimmed'}>
          {serialCountLabel(value.length, units)}
        </Text>
      }
      error={fieldState.error?.message}
    />
  );
}
