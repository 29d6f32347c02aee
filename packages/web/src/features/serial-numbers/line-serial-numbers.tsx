import { parseSerialNumberText, serialCountLabel } from '@b2b/domain/serial-numbers';
import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Control, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { TextareaField } from '../../components/textarea-field';
import { productQuery } from '../products/products.api';

/**
 * The serial numbers of a document line bringing units in or taking them out (an inventory
 * adjustment), for a product that tracks them: typed one a line (or comma separated), with
 * 'n of q' as they are typed. A row of its own under the line; nothing for other products.
 */
export function LineSerialNumbersRow<T extends FieldValues>({
  control,
  productName,
  textName,
  quantityName,
  colSpan,
}: {
  control: Control<T>;
  /** The line's product field (an id or null). */
  productName: Path<T>;
  /** The line's text field the serials are typed into. */
  textName: Path<T>;
  quantityName: Path<T>;
  colSpan: number;
}) {
  const productId = useWatch({ control, name: productName }) as number | null;
  const quantity = Number(useWatch({ control, name: quantityName }) ?? 0);
  const text = (useWatch({ control, name: textName }) as string | undefined) ?? '';
  const product = useQuery({ ...productQuery(productId ?? 0), enabled: productId != null });
  if (!product.data?.tracks_serial_numbers) return null;
  const count = parseSerialNumberText(text).length;
  const units = Number.isFinite(quantity) ? quantity : 0;
  return (
    <Table.Tr style={{ borderTop: 0 }}>
      <Table.Td colSpan={colSpan} pt={0}>
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
      </Table.Td>
    </Table.Tr>
  );
}
