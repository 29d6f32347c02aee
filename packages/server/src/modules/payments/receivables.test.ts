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

describe('GET admin/companies/{companyId}/payments_to_be_received paged by the database', {
  timeout: 180_000,
}, () => {
  it('orders, pages, searches and totals every buyer, the rows adding up to the totals', async () => {
    const base = await paymentWorld();
    const buyer = async (name: string, openingBalance?: number) => ({
      ...base,
      buyer: await createBuyerWithAddress(base.company, {
        name,
        fields: openingBalance === undefined ? {} : { opening_balance: openingBalance },
      }),
    });
    // Anil: opening 1000 (100 days old) + 354 due 45 days ago, paid 200.25 of which 100 on the
    // invoice: 254 in 31-60 days, the 100.25 of credit settles the opening balance to 899.75 (90+).
    const anil = await buyer('Anil Traders', 1000);
    await backdateOpeningBalance(anil, 100);
    const a = await invoicedOrder(anil, 3);
    await makeOverdue(anil, a.invoice.id, 45);
    await payInvoices(anil, { amount: 200.25, allocations: [{ invoice: a.invoice.id, amount: 100 }] });
    // Bela: an advance of 30 on no invoice (-30, not due).
    const bela = await buyer('Bela Stores');
    await payInvoices(bela, { amount: 30 });
    // Chand: an opening balance of today, 500.50 not due.
    await buyer('Chand Mart', 500.5);
    // Esha: an opening balance of 50 and a payment of 80: the 30 beyond it is unallocated credit.
    const esha = await buyer('Esha Foods', 50);
    await backdateOpeningBalance(esha, 20);
    await payInvoices(esha, { amount: 80 });
    // Farid: 236 due 5 days ago.
    const farid = await buyer('Farid & Sons');
    const f = await invoicedOrder(farid, 2);
    await makeOverdue(farid, f.invoice.id, 5);
    // Dev (invoiced last: its invoice is dated ahead): 118 due in ten days (sorts below every buyer with nothing overdue).
    const dev = await buyer('Dev Agencies');
    const d = await invoicedOrder(dev, 1);
    await makeOverdue(dev, d.invoice.id, -10);

    const path = (query: string) => companyPath(base, `payments_to_be_received?${query}`);
    const get = async (query: string) => {
      const res = await base.company.api.get(path(query));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const names = (page: { results: { buyer: { name: string } }[] }) => page.results.map((r) => r.buyer.name);
    const paise = (rupees: number) => Math.round(rupees * 100);

    const all = await get('limit=-1');
    expect(names(all)).toEqual([
      'Anil Traders',
      'Farid & Sons',
      'Chand Mart',
      'Bela Stores',
      'Esha Foods',
      'Dev Agencies',
    ]);
    expect(all.count).toBe(6);
    expect(all.results.map((r: any) => r.amount_due)).toEqual([1153.75, 236, 500.5, -30, -30, 118]);
    expect(all.totals).toEqual({
      amount_due: 1948.25,
      overdue: 1389.75,
      not_due: 558.5,
      days_0_30: 236,
      days_31_60: 254,
      days_61_90: 0,
      days_90_plus: 899.75,
    });
    // The database's totals are the sum of the rows the domain draws, bucket by bucket.
    for (const key of ['amount_due', 'overdue', 'not_due', 'days_0_30', 'days_31_60', 'days_90_plus']) {
      const sum = all.results.reduce(
        (total: number, r: any) => total + paise(key in r.buckets ? r.buckets[key] : r[key]),
        0,
      );
      expect(sum, key).toBe(paise(all.totals[key]));
    }
    expect(all.results[4].account_lines).toMatchObject([{ kind: 'unallocated_credit', amount_due: -30 }]);

    // Pages of two, one after the other, are the whole list; the totals stay those of every buyer.
    const pages = [
      await get('limit=2&offset=0'),
      await get('limit=2&offset=2'),
      await get('limit=2&offset=4'),
    ];
    expect(pages.flatMap(names)).toEqual(names(all));
    expect(pages.map((p) => p.count)).toEqual([6, 6, 6]);
    expect(pages[0].totals).toEqual(all.totals);
    expect(pages[0].next).toContain('offset=2');
    expect(pages[2].next).toBeNull();
    expect((await get('limit=2&offset=6')).results).toEqual([]);

    expect(names(await get('ordering=buyer_name&limit=-1'))).toEqual([
      'Anil Traders',
      'Bela Stores',
      'Chand Mart',
      'Dev Agencies',
      'Esha Foods',
      'Farid & Sons',
    ]);
    expect(names(await get('ordering=amount_due&limit=-1'))).toEqual([
      'Bela Stores',
      'Esha Foods',
      'Dev Agencies',
      'Farid & Sons',
      'Chand Mart',
      'Anil Traders',
    ]);
    const searched = await get('search=ar');
    expect(names(searched)).toEqual(['Farid & Sons', 'Chand Mart']);
    expect(searched.totals.amount_due).toBe(736.5);
    const overdue = await get('overdue_only=true');
    expect(names(overdue)).toEqual(['Anil Traders', 'Farid & Sons']);
    expect(overdue.count).toBe(2);
    expect(overdue.totals.amount_due).toBe(1389.75);
    expect((await base.company.api.get(path('ordering=secret'))).status).toBe(400);

    // A user of some branches: invoices only, so the buyers with invoices.
    const clerk = await createUserWithPermissions(base.company, ['view_payment_to_be_received']);
    const scoped = await clerk.api.get(path('limit=-1'));
    expect(scoped.status).toBe(200);
    expect(names(scoped.body)).toEqual(['Anil Traders', 'Farid & Sons', 'Dev Agencies']);
    expect(scoped.body.totals.amount_due).toBe(608);
    expect(scoped.body.count).toBe(3);
  });
});
