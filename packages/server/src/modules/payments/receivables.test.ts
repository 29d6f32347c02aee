import { describe, expect, it } from 'vitest';
import { createUserWithPermissions } from '../../../test/factories.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import {
  companyPath,
  invoicedOrder,
  makeOverdue,
  outstandingPaise,
  type PaymentWorld,
  payInvoices,
  paymentWorld,
} from '../../../test/payments-fixtures.ts';
import { createBuyerWithAddress, daysFromToday } from '../../../test/sales-fixtures.ts';

/** Moves a ledger line's date into the past (the API dates an opening balance on the day the buyer is made). */
async function backdateOpeningBalance(world: PaymentWorld, days: number) {
  await dbOf(world.company)
    .updateTable('buyer_ledger_entries')
    .set({ entry_date: daysFromToday(-days) })
    .where('company_id', '=', world.company.companyId)
    .where('buyer_id', '=', world.buyer.id)
    .where('entry_type', '=', 'opening_balance')
    .execute();
}

/** The three places a buyer's receivable shows: Payments to be Received, the buyer list, the ledger. */
async function threeFigures(world: PaymentWorld) {
  const api = world.company.api;
  const receivable = await api.get(companyPath(world, `payments_to_be_received?buyer=${world.buyer.id}`));
  expect(receivable.status, JSON.stringify(receivable.body)).toBe(200);
  const buyers = await api.get(
    `companies/${world.company.companyId}/buyers?search=${encodeURIComponent(world.buyer.name)}`,
  );
  expect(buyers.status).toBe(200);
  const ledger = await api.get(companyPath(world, `transactions?buyer=${world.buyer.id}&limit=1`));
  expect(ledger.status).toBe(200);
  return {
    row: receivable.body.results[0],
    receivable: receivable.body.results[0]?.amount_due,
    buyerList: buyers.body.results.find((b: { id: number }) => b.id === world.buyer.id)?.outstanding,
    ledgerClosing: ledger.body.results[0]?.balance_after,
  };
}

describe('GET admin/companies/{companyId}/payments_to_be_received with opening balances', {
  timeout: 120_000,
}, () => {
  it('agrees to the paisa with the buyer list and the ledger, the opening balance its own aged row', async () => {
    const base = await paymentWorld();
    const buyer = await createBuyerWithAddress(base.company, { fields: { opening_balance: 1000 } });
    const world = { ...base, buyer };
    await backdateOpeningBalance(world, 100);
    const a = await invoicedOrder(world, 3); // 354
    await makeOverdue(world, a.invoice.id, 45);
    const b = await invoicedOrder(world, 5); // 590, due today
    // A part payment of A, then a payment with an excess: 150 to B, 50.25 kept as buyer credit.
    await payInvoices(world, { amount: 100, allocations: [{ invoice: a.invoice.id, amount: 100 }] });
    const excess = await payInvoices(world, {
      amount: 200.25,
      allocations: [{ invoice: b.invoice.id, amount: 150 }],
    });
    expect(excess.unallocated).toBe(50.25);
    // A debit adjustment recorded by hand, after the opening balance.
    const adjustment = await world.company.api.post(companyPath(world, 'transactions'), {
      buyer: buyer.id,
      transaction_type: 'debit_adjustment',
      amount: 20.1,
    });
    expect(adjustment.status, JSON.stringify(adjustment.body)).toBe(201);

    // By hand: 1000 + 354 + 590 + 20.10 - 100 - 200.25 = 1663.85; invoices A 254 and B 440 due;
    // the 50.25 of credit on no invoice settles the oldest debit first: the opening balance is 949.75.
    const figures = await threeFigures(world);
    expect(figures.receivable).toBe(1663.85);
    expect(figures.buyerList).toBe(1663.85);
    expect(figures.ledgerClosing).toBe(1663.85);
    expect(await outstandingPaise(world.company, buyer.id)).toBe(166_385);
    const { row } = figures;
    expect(row.invoices.map((i: any) => [i.id, i.amount_due, i.bucket])).toEqual([
      [a.invoice.id, 254, 'days_31_60'],
      [b.invoice.id, 440, 'not_due'],
    ]);
    expect(row.account_lines).toEqual([
      {
        kind: 'opening_balance',
        label: 'Opening Balance',
        date: daysFromToday(-100),
        days_overdue: 100,
        bucket: 'days_90_plus',
        amount_due: 949.75,
      },
      {
        kind: 'adjustment',
        label: 'Debit Adjustment',
        date: daysFromToday(0),
        days_overdue: 0,
        bucket: 'not_due',
        amount_due: 20.1,
      },
    ]);
    expect(row.buckets).toEqual({
      not_due: 460.1,
      days_0_30: 0,
      days_31_60: 254,
      days_61_90: 0,
      days_90_plus: 949.75,
    });
    expect(row.overdue).toBe(1203.75);
    expect(row.max_days_overdue).toBe(100);
    expect(row.oldest_due_date).toBe(daysFromToday(-100));
    expect(row.invoice_count).toBe(2);

    // A user of some branches: the opening balance and credit on no invoice are the company's,
    // so such a user sees the invoices of their branches only.
    const clerk = await createUserWithPermissions(world.company, ['view_payment_to_be_received']);
    const scoped = await clerk.api.get(companyPath(world, `payments_to_be_received?buyer=${buyer.id}`));
    expect(scoped.status, JSON.stringify(scoped.body)).toBe(200);
    expect(scoped.body.results[0]).toMatchObject({ amount_due: 694, account_lines: [], invoice_count: 2 });
  });

  it('lists every buyer with a balance, credit too, so the total due is the sum of Outstanding', async () => {
    const world = await paymentWorld();
    const owes = await createBuyerWithAddress(world.company, { fields: { opening_balance: 500.5 } });
    const advance = { ...world, buyer: await createBuyerWithAddress(world.company) };
    await payInvoices(advance, { amount: 30 }); // no invoice: all of it is credit
    await invoicedOrder(world, 1); // 118
    const res = await world.company.api.get(companyPath(world, 'payments_to_be_received?limit=-1'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byBuyer = new Map(res.body.results.map((r: any) => [r.buyer.id, r]));
    expect((byBuyer.get(owes.id) as any).account_lines).toMatchObject([
      { kind: 'opening_balance', amount_due: 500.5, bucket: 'not_due' },
    ]);
    expect((byBuyer.get(advance.buyer.id) as any).account_lines).toMatchObject([
      { kind: 'unallocated_credit', label: 'Unallocated Credit', amount_due: -30, bucket: 'not_due' },
    ]);
    expect((byBuyer.get(advance.buyer.id) as any).amount_due).toBe(-30);
    const buyers = await world.company.api.get(`companies/${world.company.companyId}/buyers?limit=-1`);
    const outstanding = buyers.body.results.reduce(
      (sum: number, b: any) => sum + Math.round(b.outstanding * 100),
      0,
    );
    expect(outstanding).toBe(11_800 + 50_050 - 3_000);
    expect(Math.round(res.body.totals.amount_due * 100)).toBe(outstanding);
    expect(res.body.count).toBe(3);
    // Overdue only: nothing here is overdue.
    const overdue = await world.company.api.get(
      companyPath(world, 'payments_to_be_received?overdue_only=true'),
    );
    expect(overdue.body.count).toBe(0);
  });
});
