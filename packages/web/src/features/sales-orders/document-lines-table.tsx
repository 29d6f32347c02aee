import type { orderItemOutput, pricedLineOutput } from '@b2b/domain/api/sales-orders';
import { lineTreatmentLabel } from '@b2b/domain/gst/gst-treatment';
import { formatQuantity } from '@b2b/domain/money';
import { Table, Text } from '@mantine/core';
import type { z } from 'zod';
import { Money } from '../../components/money';
import { ProductCell } from '../../components/product-cell';

type PricedLine = z.infer<typeof pricedLineOutput>;
type OrderItem = z.infer<typeof orderItemOutput>;

const isOrderItem = (line: PricedLine | OrderItem): line is OrderItem => 'invoiceable_quantity' in line;

/**
 * The lines of a quotation or order: product, warehouse, rate, discount, quantity and amount with
 * its GST rate; an order's lines also show what is invoiced, shipped and still invoiceable, and
 * what was cancelled without being invoiced (auto_cancel_partially_invoiced_orders) when any was.
 */
export function DocumentLinesTable({
  lines,
  label,
}: {
  lines: readonly (PricedLine | OrderItem)[];
  label: string;
}) {
  const fulfilment = lines.some(isOrderItem);
  const cancelled = lines.some((line) => isOrderItem(line) && line.quantity_cancelled > 0);
  return (
    <Table.ScrollContainer minWidth={fulfilment ? 1000 : 760}>
      <Table aria-label={label} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>Warehouse</Table.Th>
            <Table.Th ta="right">Rate</Table.Th>
            <Table.Th ta="right">Discount</Table.Th>
            <Table.Th ta="right">{fulfilment ? 'Ordered' : 'Quantity'}</Table.Th>
            {fulfilment && <Table.Th ta="right">Invoiced</Table.Th>}
            {fulfilment && <Table.Th ta="right">Shipped</Table.Th>}
            {cancelled && <Table.Th ta="right">Cancelled</Table.Th>}
            {fulfilment && <Table.Th ta="right">Invoiceable</Table.Th>}
            <Table.Th ta="right">GST</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>
                <ProductCell product={line.product} />
                {line.hsn && (
                  <Text size="xs" c="dimmed">
                    HSN {line.hsn}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{line.warehouse.name}</Table.Td>
              <Table.Td ta="right">
                <Money value={line.rate} />
              </Table.Td>
              <Table.Td ta="right">{line.discount > 0 ? `${line.discount}%` : '—'}</Table.Td>
              <Table.Td ta="right">
                {formatQuantity(line.quantity)}
                {line.unit ? ` ${line.unit}` : ''}
              </Table.Td>
              {isOrderItem(line) && <Table.Td ta="right">{formatQuantity(line.quantity_invoiced)}</Table.Td>}
              {isOrderItem(line) && <Table.Td ta="right">{formatQuantity(line.quantity_shipped)}</Table.Td>}
              {cancelled && isOrderItem(line) && (
                <Table.Td ta="right">{formatQuantity(line.quantity_cancelled)}</Table.Td>
              )}
              {isOrderItem(line) && (
                <Table.Td ta="right" fw={line.invoiceable_quantity > 0 ? 600 : undefined}>
                  {formatQuantity(line.invoiceable_quantity)}
                </Table.Td>
              )}
              <Table.Td ta="right">
                {line.gst_rate}%{line.cess_rate > 0 ? ` + ${line.cess_rate}% cess` : ''}
                {lineTreatmentLabel(line.gst_treatment) && (
                  <Text size="xs" c="dimmed">
                    {lineTreatmentLabel(line.gst_treatment)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">
                <Money value={line.amount} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
