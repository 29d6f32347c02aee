import { sql } from 'kysely';
import type { Tx } from './transaction.ts';

/**
 * THE LOCK ORDER OF EVERY MONEY PATH (placing an order, an instant order or counter sale, invoice
 * generation and its edit or cancel, a payment and its cancel or allocation, a refund, a credit
 * note and its application, refund or cancel, a write-off). A transaction takes its row locks in
 * this order and never goes back to an earlier level, so no two of them wait on each other in a
 * cycle (a deadlock PostgreSQL would break by rolling one back: a 409 to the user).
 *
 *   0. The Idempotency-Key row of the request (http/idempotency.ts), when it has one.
 *   1. The buyer: `lockBuyerMoney` / `lockBuyerOf`, the buyers row FOR NO KEY UPDATE, taken FIRST
 *      by every path that changes what the buyer owes or has paid (its ledger, its credit, its
 *      invoices' settlement). It is the one lock per buyer that queues that buyer's money changes;
 *      beneath it, the buyer's own documents are touched by one money path at a time. NO KEY
 *      UPDATE (not FOR UPDATE) because every document written for the buyer (an order, an invoice,
 *      a payment) takes a KEY SHARE lock on this row through its foreign key: FOR UPDATE would
 *      make a plain order placement, which holds stock rows, wait on it (a cycle with level 3).
 *      The ledger writer and the credit-limit check lock the row the same way.
 *   2. The buyer's documents: its payments with credit (oldest first), its orders (by id), its
 *      invoices (oldest first, by id), its credit notes. Under the buyer's lock their relative
 *      order does not matter to another money path; paths that take them without the buyer (an
 *      order confirmed or cancelled, a shipment) lock one document and what lies below it.
 *  2b. Offers whose limits an order placement counts against (modules/offer-redemptions:
 *      lockOffers, FOR NO KEY UPDATE in offer id order), taken while the order is priced for
 *      placing, before any stock; an order edit takes its edit quotation's offers before it
 *      releases the old version's stock. Giving a use back (cancel, edit) writes redemption rows
 *      only and takes no offer lock. Two orders using one limited offer take turns from here to
 *      commit, so the second counts the first's redemption. A credit note that credits an order
 *      in full gives its uses back and takes back its cashpoints offers' points: that balance is
 *      its last lock (a leaf, after the credit note's counter; nothing waits on it holding more). An offer's edit or its new unique
 *      codes (modules/offers: lockOffer, FOR NO KEY UPDATE) lock that one offer first, then write
 *      its codes and targets only, so they take turns with placements of orders using it.
 *   3. Stock levels, sorted by product then warehouse, every level a document moves in one
 *      statement (inventory.queries: lockAndMoveReservations, the stock movements). A
 *      transaction that moves stock for several documents locks them all first
 *      (`lockStockLevels` in the inventory area), so its later movements take no new lock
 *      out of order.
 *  3b. Serial-numbered units (product_serial_numbers, modules/serial-numbers), after the stock
 *      levels they belong to: an invoice's issue, edit and cancel, a sales return, an inventory
 *      adjustment, a bill's receipt and void and a purchase return and its void move (or lock) the
 *      stock first, then mark the units sold, in stock, removed or returned to the seller (a
 *      conditional update of the named rows, so two documents naming one unit take turns and
 *      the second is refused with a sentence).
 *   4. Document-number counters, LAST: order, then invoice, then payment, refund and credit-note
 *      series (document_sequences rows, the invoice series counter and its advisory lock). A
 *      counter is held from the number's statement to commit, so it is taken as late as can be.
 *
 * PURCHASES (bills, modules/bills/bills.service.ts): 0. the Idempotency-Key row; 1. the bill's row
 * (FOR UPDATE); 2. the stock levels its lines move, in product id order (level 3 above). A bill
 * takes no buyer, sales document or counter lock, so it meets the sales paths only at the stock
 * levels, which both take in product order.
 *
 * PAYMENTS MADE (modules/payments-made): 0. the Idempotency-Key row; 1. the seller: `lockSellerMoney`,
 * the sellers row FOR NO KEY UPDATE (one money change per seller at a time, as the buyer's lock on
 * the sales side); 2. the payment made's row (void, apply advance) and the seller's bills FOR UPDATE in bill id
 * order; 4. the payment-made number counter, last. A bill change locks its bill at level 2 without
 * the seller; it takes no counter and never a seller lock, so the two never wait in a cycle: a bill
 * change holds only its bill and stock rows, a payment only waits on bills.
 *
 * CONTRA ADJUSTMENTS (modules/contra-adjustments: an invoice set off against the same party's
 * bills, and its cancel): 0. the Idempotency-Key row (adjust only); 1. the buyer (`lockBuyerMoney`,
 * level 1 of the sales side), THEN the seller (`lockSellerMoney`, level 1 of payments made); 2. the
 * contra's row (cancel), the invoice (`lockInvoice`, then settleInvoice under it) and the bills FOR
 * UPDATE in bill id order; 4. the contra-number counter, last. It is the one path that holds both
 * a buyer and a seller, always buyer first; no other path takes a seller and then a buyer, so a
 * sales money path (buyer -> invoice) and a payment made (seller -> bills) each wait on it at
 * their level 1 and never in a cycle.
 *
 * PURCHASE ORDERS (modules/purchase-orders): 0. the Idempotency-Key row; 1. the order's row (FOR
 * UPDATE); 4. the PO number counter, last (create). A bill made from an order takes its bill's row
 * (edit, void), then the order's row, then stock levels: a bill never waits on an order while it
 * holds stock, and an order change takes no bill or stock lock.
 *
 * PURCHASE RETURNS AND DEBIT NOTES (modules/purchase-returns, modules/debit-notes): 0. the
 * Idempotency-Key row (a return, a note, a refund); 1. the seller (`lockSellerMoney`), as payments
 * made take it; 2. the return's row (void), the note's row (apply, refund, void), then the bills
 * FOR UPDATE in bill id order (a return locks its bill; an application or a void the bills it
 * credits); 3. the stock levels of a return's lines, product order, in one statement
 * (`lockStockLevels`) before 4. the return and debit-note counters, last. Under the seller, two
 * returns of one bill line queue, so they never take back more than was billed, and a debit note
 * applied to a bill never meets a payment made on it except in that queue. A bill change (void)
 * locks its bill without the seller and refuses a bill with credits, so no cycle: it never waits
 * on a seller.
 *
 * REFERRAL REWARDS (modules/referrals/referral-rewards.ts): the referral row FOR UPDATE, then the
 * cashpoint balances of its two buyers in buyer id order. placeOrder takes them after levels 1-2
 * and before 3-4, only for a buyer with a signed-up referral; the manual reward takes them alone. A
 * cashpoint credit or debit holds only its balance, so nothing holding one waits on a buyer.
 *
 * BIDS (modules/bids): the quotation's row FOR UPDATE (lockOpenQuotation), then the bid's row; the
 * lines are re-priced under the quotation's lock. An order of the quotation takes the same lock
 * first, so it either sees the waiting bid (409) or the bid sees the quotation ordered. No buyer,
 * stock or counter lock.
 *
 * STOREFRONT CARTS (modules/storefront): a cart change takes the buyer's cart row (FOR UPDATE) first
 * and nothing else but its items; a checkout takes the cart's row first (level 0, in place of an
 * Idempotency-Key row: the key is kept on the cart), then places the order through the order
 * path's levels 2-4 (no buyer lock: the order posts nothing to the ledger). The abandonment job
 * changes open carts in one statement and takes no other lock, so it waits on no order.
 *
 * FILED GST PERIODS (modules/gst-returns/gst-period-lock.ts): the company's filed-period lock, a
 * transaction advisory lock keyed on the company. Every dated document change that the lock guards
 * (an invoice's issue, edit, cancel, details and shipping payer; a credit note's issue and cancel; a
 * debit note's issue and void; a delivery challan's issue and cancel; a bill's entry, edit, receipt
 * and void; an IRN's generation and cancellation) takes it SHARED where it
 * checks its date, after its own levels 1-3 rows and before it writes (and before its number, level
 * 4, on an issue), then reads the filed periods in a statement of its own. Marking a period filed
 * takes it EXCLUSIVE first and alone, and holds nothing else while it waits, so it closes no cycle
 * (shared holders never wait on each other for it): a change that passed the check commits before
 * the mark, a later one waits and sees it. Reopening a period takes no lock (it only allows).
 *
 * The retry of inTransaction (db/transaction.ts) stays as a safety net for paths outside this list.
 * docs/locking.md says the same for readers who do not start from the code.
 */

/** The documents whose buyer can be locked by the document's id (each has company_id and buyer_id). */
export type BuyerDocument = 'sales_orders' | 'invoices' | 'payments' | 'credit_notes' | 'quotations';

/**
 * Level 1: the buyer's money lock. Answers whether the buyer exists (in the company); a path that
 * goes on to find nothing answers its own 404.
 */
export async function lockBuyerMoney(tx: Tx, companyId: number, buyerId: number): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM buyers WHERE company_id = ${companyId} AND id = ${buyerId} FOR NO KEY UPDATE`.execute(tx);
  return rows.length > 0;
}

/**
 * Level 1 for a path that starts from one of the buyer's documents: the document's buyer, locked
 * in one statement (a document's buyer never changes). Answers the buyer's id, or undefined when
 * the company has no such document (the path's own lock of the document then answers 404).
 */
export async function lockBuyerOf(
  tx: Tx,
  companyId: number,
  document: BuyerDocument,
  documentId: number,
): Promise<number | undefined> {
  const { rows } = await sql<{ id: number }>`
    SELECT b.id FROM buyers b
    WHERE b.company_id = ${companyId}
      AND b.id = (SELECT d.buyer_id FROM ${sql.table(document)} d
                  WHERE d.company_id = ${companyId} AND d.id = ${documentId})
    FOR NO KEY UPDATE OF b`.execute(tx);
  return rows[0]?.id;
}

/**
 * Payments made, level 1: the seller's money lock (sellers row FOR NO KEY UPDATE), taken first by
 * recording and voiding a payment made. Answers whether the seller exists in the company.
 */
export async function lockSellerMoney(tx: Tx, companyId: number, sellerId: number): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM sellers WHERE company_id = ${companyId} AND id = ${sellerId} FOR NO KEY UPDATE`.execute(
    tx,
  );
  return rows.length > 0;
}
