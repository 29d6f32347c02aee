import { parseSerialNumberText, serialCountLabel } from '@b2b/domain/serial-numbers';
import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Control, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { TextareaField } from '../../components/textarea-field';
import { productQuery } from '../products/products.api';

interface LineSerialNumbersProps<T extends FieldValues> {
  control: Control<T>;
  /** The line's product field (an id or null). */
  productName: Path<T>;
  /** The line's text field the serials are typed into. */
  textName: Path<T>;
  quantityName: Path<T>;
}

/**
 * The serial numbers of a document line bringing units in or taking them out (an inventory
 * adjustment, a bill), for a product that tracks them: typed one a line (or comma separated),
 * with 'n of q' as they are typed. Nothing for other products.
 */
export function LineSerialNumbersField<T extends FieldValues>({
  control,
  productName,
  textName,
  quantityName,
}: LineSerialNumbersProps<T>) {
  const productId = useWatch({ control, name: productName }) as number | null;
  const quantity = Number(useWatch({ control, name: quantityName }) ?? 0);
  const text = (useWatch({ control, name: textName }) as string | undefined) ?? '';
  const product = useQuery({ ...productQuery(productId ?? 0), enabled: productId != null });
  if (!product.data?.tracks_serial_numbers) return null;
  const count = parseSerialNumberText(text).length;
  const units = Number.isFinite(quantity) ? quantity : 0;
  return (
    <TextareaField
      control={control}
      name={textName}
      label={`Serial numbers of ${product.data.name}`}
      description={
        <Text span size="xs" c={count === units ? 'teal' : 'dimmed'}>
          One a line, one for each unit: {serialCountLabel(count, units)}
        </Text>
      }
      autosize
      minRows={2}
      maxRows={8}
      styles={{ input: { fontFamily: 'monospace' } }}
    />
  );
}

/** LineSerialNumbersField in a row of its own under a table's line. */
export function LineSerialNumbersRow<T extends FieldValues>({
  colSpan,
  ...props
}: LineSerialNumbersProps<T> & { colSpan: number }) {
  const productId = useWatch({ control: props.control, name: props.productName }) as number | null;
  const product = useQuery({ ...productQuery(productId ?? 0), enabled: productId != null });
  if (!product.data?.tracks_serial_numbers) return null;
  return (
    <Table.Tr style={{ borderTop: 0 }}>
      <Table.Td colSpan={colSpan} pt={0}>
        <LineSerialNumbersField {...props} />
      </Table.Td>
    </Table.Tr>
  );
}
