import { formatMoney, formatQuantity } from '@b2b/domain/money';
import type { ReceiptWidth } from '@b2b/domain/stores';
import { createPortal } from 'react-dom';
import { formatDay } from '../../components/format-day';
import type { CounterContext, CounterWarehouse, InstoreSale } from './instore-orders.api';
import classes from './sale-receipt.module.css';

export interface SaleReceiptProps {
  sale: InstoreSale;
  company: CounterContext['company'];
  warehouse: CounterWarehouse | undefined;
  /** The printer's copy: hidden from the screen and from assistive technology. */
  printCopy?: boolean;
  /** The store's receipt roll (58 or 80 mm): the printed copy's width. */
  widthMm?: ReceiptWidth;
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`${classes.row} ${strong ? classes.total : ''}`}>
      <span>{label}</span>
      <span className={classes.num}>{value}</span>
    </div>
  );
}

/**
 * A till receipt of a counter sale: the seller (company, branch, its address and GSTIN), the tax
 * invoice's number and date, the lines, the GST split, the total, how it was paid and the change.
 * Printed on its own by the print stylesheet (window.print).
 */
export function SaleReceipt({ sale, company, warehouse, printCopy = false, widthMm }: SaleReceiptProps) {
  const { invoice } = sale;
  const totals = invoice.totals;
  const address = invoice.seller_branch_address;
  return (
    <section
      className={`${classes.receipt} ${widthMm === 58 ? classes.roll58 : ''}`}
      aria-label="Receipt"
      data-testid={printCopy ? undefined : 'sale-receipt'}
      data-width-mm={widthMm}
    >
      <div className={classes.center}>
        <div className={classes.total}>{invoice.seller_company || company.name}</div>
        <div>{invoice.seller_branch.name}</div>
        {address ? (
          <div>
            {[
              address.address_line_1,
              address.address_line_2,
              address.city,
              address.state.name,
              address.pincode,
            ]
              .filter(Boolean)
              .join(', ')}
          </div>
        ) : null}
        {invoice.seller_gstin ? <div>GSTIN: {invoice.seller_gstin}</div> : null}
        <div>Tax Invoice</div>
      </div>
      <hr className={classes.rule} />
      <Row label="Invoice" value={invoice.invoice_number} />
      <Row label="Date" value={formatDay(invoice.invoice_date)} />
      <Row label="Order" value={sale.order.order_number} />
      <Row label="Customer" value={sale.buyer.name} />
      {sale.store ? (
        <Row label="Store" value={sale.store.name} />
      ) : warehouse ? (
        <Row label="Counter" value={warehouse.name} />
      ) : null}
      <hr className={classes.rule} />
      <table className={classes.lines}>
        <thead>
          <tr>
            <th>Item</th>
            <th className={classes.num}>Qty</th>
            <th className={classes.num}>Rate</th>
            <th className={classes.num}>Amount</th>
          </tr>
        </thead>
        <tbody>
          {invoice.items.map((line) => (
            <tr key={line.id}>
              <td>
                {line.product.name}
                {line.discount > 0 ? ` (-${line.discount}%)` : ''}
              </td>
              <td className={classes.num}>{formatQuantity(line.quantity)}</td>
              <td className={classes.num}>{formatMoney(line.rate)}</td>
              <td className={classes.num}>{formatMoney(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <hr className={classes.rule} />
      <Row label="Taxable value" value={formatMoney(totals.taxable_value)} />
      {totals.is_intra_state ? (
        <>
          <Row label="CGST" value={formatMoney(totals.cgst)} />
          <Row label="SGST" value={formatMoney(totals.sgst)} />
        </>
      ) : (
        <Row label="IGST" value={formatMoney(totals.igst)} />
      )}
      {totals.cess > 0 ? <Row label="Cess" value={formatMoney(totals.cess)} /> : null}
      {totals.round_off !== 0 ? <Row label="Round off" value={formatMoney(totals.round_off)} /> : null}
      <Row label="Total" value={formatMoney(invoice.invoice_total)} strong />
      <hr className={classes.rule} />
      {sale.payments.map((payment) => (
        <Row
          key={payment.id}
          label={`${payment.payment_method.name}${payment.reference_number ? ` (${payment.reference_number})` : ''}`}
          value={formatMoney(payment.tendered)}
        />
      ))}
      <Row label="Tendered" value={formatMoney(sale.tendered)} />
      <Row label="Change" value={formatMoney(sale.change_due)} strong />
      <hr className={classes.rule} />
      <div className={classes.center}>Thank you for shopping with us.</div>
    </section>
  );
}

/**
 * The receipt for window.print(): a copy rendered straight under <body> (outside the dialog, whose
 * scrolling and transforms would clip it), which the print stylesheet shows alone.
 */
export function PrintedReceipt(props: Omit<SaleReceiptProps, 'printCopy'>) {
  return createPortal(
    <div className={classes.printCopy} aria-hidden>
      <SaleReceipt {...props} printCopy />
    </div>,
    document.body,
  );
}
