import { taxExclusiveLine } from '@b2b/domain/gst';
import { lineTreatmentLabel } from '@b2b/domain/gst/gst-treatment';
import { formatQuantity, toPaise, toRupees } from '@b2b/domain/money';
import { Table, Text } from '@mantine/core';
import { Money } from '../../components/money';
import type { Invoice, InvoiceLine } from './invoices.api';

/** A tax amount with its rate under it: '₹90.00' over '9%'. */
export function TaxCell({ amount, rate }: { amount: number; rate: number }) {
  return (
    <Table.Td ta="right">
      <Money value={amount} />
      <Text size="xs" c="dimmed">
        {rate}%
      </Text>
    </Table.Td>
  );
}

const half = (rate: number) => Math.round(rate * 50) / 100;

/** The line's rate and discount before tax, as the tax invoice (PDF) prints them. */
export function printedFigures(line: InvoiceLine) {
  const printed = taxExclusiveLine({
    ratePaise: toPaise(line.rate),
    grossPaise: toPaise(line.gross),
    taxablePaise: toPaise(line.taxable_value),
    gstRatePercent: line.gst_rate,
    cessRatePercent: line.cess_rate,
  });
  return { rate: toRupees(printed.ratePaise), discount: toRupees(printed.discountPaise) };
}

function LineRow({ line, intraState }: { line: InvoiceLine; intraState: boolean }) {
  const printed = printedFigures(line);
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {line.product.name}
        </Text>
        <Text size="xs" c="dimmed">
          {line.product.sku ?? 'No SKU'} · {line.warehouse.name}
        </Text>
      </Table.Td>
      <Table.Td>
        {line.hsn ?? 'N/A'}
        {lineTreatmentLabel(line.gst_treatment) && (
          <Text size="xs" c="dimmed">
            {lineTreatmentLabel(line.gst_treatment)}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">{formatQuantity(line.quantity)}</Table.Td>
      <Table.Td>{line.unit ?? 'N/A'}</Table.Td>
      <Table.Td ta="right">
        <Money value={printed.rate} />
      </Table.Td>
      <Table.Td ta="right">
        <Money value={printed.discount} />
        {line.discount > 0 && (
          <Text size="xs" c="dimmed">
            {line.discount}%
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">
        <Money value={line.taxable_value} />
      </Table.Td>
      {intraState ? (
        <>
          <TaxCell amount={line.cgst} rate={half(line.gst_rate)} />
          <TaxCell amount={line.sgst} rate={half(line.gst_rate)} />
        </>
      ) : (
        <TaxCell amount={line.igst} rate={line.gst_rate} />
      )}
      <TaxCell amount={line.cess} rate={line.cess_rate} />
      <Table.Td ta="right" fw={500}>
        <Money value={line.amount} />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The invoice's lines with the figures the tax invoice prints (rate and discount before tax, the
 * taxable value): CGST and SGST columns for an intra-state supply, IGST for an inter-state one.
 */
export function InvoiceLinesTable({ invoice }: { invoice: Invoice }) {
  const intraState = invoice.totals.is_intra_state;
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table aria-label="Invoice lines" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>HSN</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th>Unit</Table.Th>
            <Table.Th ta="right">Rate excl. GST</Table.Th>
            <Table.Th ta="right">Discount</Table.Th>
            <Table.Th ta="right">Taxable Value</Table.Th>
            {intraState ? (
              <>
                <Table.Th ta="right">CGST</Table.Th>
                <Table.Th ta="right">SGST</Table.Th>
              </>
            ) : (
              <Table.Th ta="right">IGST</Table.Th>
            )}
            <Table.Th ta="right">Cess</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.items.map((line) => (
            <LineRow key={line.id} line={line} intraState={intraState} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
