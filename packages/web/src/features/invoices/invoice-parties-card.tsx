import type { DocumentAddressOutput } from '@b2b/domain/api/sales-orders';
import { formatAddress } from '@b2b/domain/money';
import { Anchor, Card } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { formatDay } from '../../components/format-day';
import { orderPath } from '../../session/paths';
import type { Invoice } from './invoices.api';

/** An address as documents print it: lines, then city, state and pincode. */
export function addressText(address: DocumentAddressOutput | null): string | null {
  if (!address) return null;
  return `${formatAddress(address)}\n${address.city}, ${address.state.name} ${address.pincode}`;
}

const withGstin = (name: string, gstin: string | null) => `${name}\nGSTIN: ${gstin ?? 'Unregistered'}`;

/** Who sells to whom, where and when: the head of the tax invoice. */
export function InvoicePartiesCard({ invoice }: { invoice: Invoice }) {
  const person = invoice.sales_person;
  return (
    <Card withBorder padding="md">
      <DetailGrid>
        <DetailField label="Invoice Date">{formatDay(invoice.invoice_date)}</DetailField>
        <DetailField label="Due Date">{formatDay(invoice.due_date)}</DetailField>
        <DetailField label="Order">
          <Anchor component={Link} to={orderPath(invoice.order.id)} size="sm">
            {invoice.order.order_number}
          </Anchor>
        </DetailField>
        <DetailField label="Seller">
          {withGstin(`${invoice.seller_company} · ${invoice.seller_branch.name}`, invoice.seller_gstin)}
        </DetailField>
        <DetailField label="Buyer">
          {withGstin(
            invoice.buyer_company && invoice.buyer_company !== invoice.buyer.name
              ? `${invoice.buyer.name} (${invoice.buyer_company})`
              : invoice.buyer.name,
            invoice.buyer_gstin,
          )}
        </DetailField>
        <DetailField label="Place of Supply">
          {`${invoice.place_of_supply.name} (${invoice.place_of_supply.gst_code})`}
        </DetailField>
        <DetailField label="Seller Address">{addressText(invoice.seller_branch_address)}</DetailField>
        <DetailField label="Billing Address">{addressText(invoice.billing_address)}</DetailField>
        <DetailField label="Shipping Address">{addressText(invoice.shipping_address)}</DetailField>
        <DetailField label="Reference">{invoice.reference_number}</DetailField>
        <DetailField label="Sales Person">
          {person ? `${person.first_name} ${person.last_name}`.trim() : null}
        </DetailField>
        <DetailField label="Notes">{invoice.notes}</DetailField>
      </DetailGrid>
    </Card>
  );
}
