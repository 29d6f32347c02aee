import { serialCountLabel } from '@b2b/domain/serial-numbers';
import { MultiSelect, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  type Control,
  type FieldValues,
  type Path,
  type PathValue,
  useController,
  useWatch,
} from 'react-hook-form';
import { useCurrentUser } from '../../session/current-user';
import { invoiceSerialNumbersQuery } from './serial-numbers.api';

/**
 * The units of an invoice line coming back on a sales return: a multi-select over the serials sold
 * on that line, with 'n of q'. Left empty for a whole line, the server takes the line's units.
 * Nothing for a line without serial numbers.
 */
export function ReturnSerialNumbersPicker<T extends FieldValues>({
  control,
  name,
  quantityName,
  invoiceId,
  invoiceItemId,
  productName,
}: {
  control: Control<T>;
  name: Path<T>;
  quantityName: Path<T>;
  invoiceId: number;
  invoiceItemId: number;
  productName: string;
}) {
  const user = useCurrentUser();
  const sold = useQuery(invoiceSerialNumbersQuery(user.company.id, invoiceId));
  const { field, fieldState } = useController({ control, name });
  const quantity = Number(useWatch({ control, name: quantityName }) ?? 0);
  const serials =
    sold.data?.lines.find((line) => line.invoice_item_id === invoiceItemId)?.serial_numbers ?? [];
  if (serials.length === 0) return null;
  const value = (field.value as string[] | undefined) ?? [];
  const units = Number.isFinite(quantity) ? quantity : 0;
  return (
    <MultiSelect
      mt={6}
      size="xs"
      label={`Serial numbers of ${productName} coming back`}
      placeholder={units === serials.length ? 'All of the line’s units' : 'Pick serial numbers'}
      data={serials}
      value={value}
      onChange={(next) => field.onChange(next as PathValue<T, Path<T>>)}
      onBlur={field.onBlur}
      searchable
      hidePickedOptions
      maxValues={units > 0 && Number.isInteger(units) ? units : undefined}
      description={
        <Text span size="xs" c="dimmed">
          {serialCountLabel(value.length, units)}
        </Text>
      }
      error={fieldState.error?.message}
    />
  );
}
