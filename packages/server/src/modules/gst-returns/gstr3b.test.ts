import { describe, expect, inject, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
  validGstin,
} from '../../../test/factories.ts';
import { dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';
import { createCreditNote } from '../../../test/returns-fixtures.ts';
import {
  createBuyerWithAddress,
  createInvoicedOrder,
  createTaxedProduct,
  daysFromToday,
  today,
} from '../../../test/sales-fixtures.ts';
import { lockFiledPeriods } from './gst-period-lock.ts';

/**
 * GSTR-3B over real HTTP: figures worked out by hand from the documents made, the documents behind
 * each figure adding up to it, and the filed-period lock on the documents dated in a filed month.
 */

const base = (company: SignedUpCompany) => `admin/companies/${company.companyId}/gst_returns`;
const period = () => today().slice(0, 7);
const PUNE = { address_line_1: '12 MG Road', city: 'Pune', state_id: 27, pincode: '411001' };
const BENGALURU = { address_line_1: '8 Residency Road', city: 'Bengaluru', state_id: 29, pincode: '560025' };

async function gstinOf(company: SignedUpCompany) {
  const branch = await company.api.get(`branches/${company.branchId}`);
  expect(branch.status, JSON.stringify(branch.body)).toBe(200);
  return String(branch.body.gstin ?? branch.body.gst_number);
}

async function createSeller(company: SignedUpCompany, state: '27' | '29') {
  const res = await company.api.post(`companies/${company.companyId}/sellers`, {
    name: `Shree Traders ${unique()}`,
    gst_number: validGstin(state),
    billing_address: state === '27' ? PUNE : BENGALURU,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number };
}

async function receivedBill(company: SignedUpCompany, body: Record<string, unknown>) {
  const res = await company.api.post(`admin/companies/${company.companyId}/bills`, {
    branch: company.branchId,
    warehouse: (await firstWarehouse(company)).id,
    bill_number: `ST/${unique().slice(-8)}`,
    bill_date: today(),
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (res.body.status === 'draft') {
    const received = await company.api.post(`admin/bills/${res.body.id}/receive`, {});
    expect(received.status, JSON.stringify(received.body)).toBe(200);
  }
  return res.body as { id: number; bill_number: string };
}

/**
 * Sales: A, intra-state to a registered buyer, 2 x ₹118 incl. 18% (₹200 + CGST 18 + SGST 18);
 * B, inter-state to an unregistered buyer in Karnataka, 1 x ₹118 (₹100 + IGST 18) and 2 x ₹50 at 0%
 * (nil rated ₹100); a credit note of one unit of A (-₹100, -9, -9); C, to an SEZ unit in
 * Karnataka, 1 x ₹118 (zero rated with IGST paid: ₹100 + IGST 18).
 * Purchases: a bill from Pune, ₹1,000 at 18% (CGST 90 + SGST 90 of ITC); a reverse-charge bill from
 * Bengaluru, ₹500 at 18% (IGST 90, liable to reverse charge and its ITC).
 */
async function setUp() {
  const company = await signUpCompany();
  const gstin = await gstinOf(company);
  const p = await createTaxedProduct(company, { openingStock: 100, name: `Laptop ${unique()}` });
  const nil = await createTaxedProduct(company, {
    openingStock: 100,
    gstRate: 0,
    sellingPrice: 50,
    hsn: '1006',
    name: `Rice ${unique()}`,
  });
  const a = await createInvoicedOrder(company, { lines: [{ product: p.id, quantity: 2 }] });
  const unregistered = await createBuyerWithAddress(company, {
    stateId: 29,
    fields: { gst_number: null, buyer_type: 'unregistered', name: `Walk-in ${unique()}` },
  });
  const b = await createInvoicedOrder(company, {
    buyer: unregistered,
    lines: [
      { product: p.id, quantity: 1 },
      { product: nil.id, quantity: 2 },
    ],
  });
  const note = await createCreditNote(company, a.invoice, [[1, 100]]);
  const sez = await createBuyerWithAddress(company, { stateId: 29, fields: { buyer_type: 'sez' } });
  const c = await createInvoicedOrder(company, { buyer: sez, lines: [{ product: p.id, quantity: 1 }] });
  const local = await createSeller(company, '27');
  const karnataka = await createSeller(company, '29');
  const bill = await receivedBill(company, {
    seller: local.id,
    items: [{ product: p.id, quantity: 1, rate: 1000, tax_rate: 18 }],
  });
  const rcm = await receivedBill(company, {
    seller: karnataka.id,
    is_reverse_charge: true,
    items: [{ product: p.id, quantity: 1, rate: 500, tax_rate: 18 }],
  });
  return { company, gstin, a, b, c, note, bill, rcm };
}
type World = Awaited<ReturnType<typeof setUp>>;

const figures = (taxable_value: number, igst: number, cgst: number, sgst: number, cess = 0) => ({
  taxable_value,
  igst,
  cgst,
  sgst,
  cess,
});

async function documentsOf(world: World, head: string) {
  const res = await world.company.api.get(
    `${base(world.company)}/gstr3b/documents?gstin=${world.gstin}&period=${period()}&head=${head}&limit=-1`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { count: number; results: Record<string, any>[] };
}

const sumOf = (rows: Record<string, any>[]) => {
  const cents = (key: string) => rows.reduce((total, row) => total + Math.round(row[key] * 100), 0) / 100;
  return figures(cents('taxable_value'), cents('igst'), cents('cgst'), cents('sgst'), cents('cess'));
};

describe('GET admin/companies/{companyId}/gst_returns/gstr3b', { timeout: 300_000 }, () => {
  it('sums a month to the paisa, and the documents behind each figure add up to it', async () => {
    const world = await setUp();
    const res = await world.company.api.get(
      `${base(world.company)}/gstr3b?gstin=${world.gstin}&period=${period()}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const table = res.body;
    expect(table.branches).toEqual([expect.objectContaining({ id: world.company.branchId })]);
    expect(table.outward).toEqual({
      '3.1a': figures(200, 18, 9, 9),
      '3.1b': figures(100, 18, 0, 0),
      '3.1c': figures(100, 0, 0, 0),
      '3.1d': figures(500, 90, 0, 0),
      '3.1e': figures(0, 0, 0, 0),
    });
    expect(table.unregistered_inter_state).toEqual([
      { state_code: '29', state_name: 'Karnataka', ...figures(100, 18, 0, 0) },
    ]);
    expect(table.itc.reverse_charge).toEqual(figures(500, 90, 0, 0));
    expect(table.itc.all_other).toEqual(figures(1000, 0, 90, 90));
    expect(table.itc.reversed).toEqual(figures(0, 0, 0, 0));
    expect(table.itc.net).toEqual(figures(1500, 90, 90, 90));
    // IGST credit 90 pays IGST 36 (A's 18 and C's 18), CGST 9 and SGST 9 (rule 88A: IGST first),
    // 36 left; CGST and SGST credit are carried forward whole. The reverse-charge IGST 90 is paid in cash.
    expect(table.payment).toEqual([
      {
        head: 'igst',
        payable: 36,
        paid_by_itc: { igst: 36, cgst: 0, sgst: 0, cess: 0 },
        paid_in_cash: 0,
        reverse_charge: 90,
        carried_forward: 36,
      },
      {
        head: 'cgst',
        payable: 9,
        paid_by_itc: { igst: 9, cgst: 0, sgst: 0, cess: 0 },
        paid_in_cash: 0,
        reverse_charge: 0,
        carried_forward: 90,
      },
      {
        head: 'sgst',
        payable: 9,
        paid_by_itc: { igst: 9, cgst: 0, sgst: 0, cess: 0 },
        paid_in_cash: 0,
        reverse_charge: 0,
        carried_forward: 90,
      },
      {
        head: 'cess',
        payable: 0,
        paid_by_itc: { igst: 0, cgst: 0, sgst: 0, cess: 0 },
        paid_in_cash: 0,
        reverse_charge: 0,
        carried_forward: 0,
      },
    ]);
    expect(table.filed).toEqual([]);

    const outward = await documentsOf(world, '3.1a');
    expect(outward.count).toBe(3);
    expect(sumOf(outward.results)).toEqual(table.outward['3.1a']);
    expect(outward.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'invoice', id: world.a.invoice.id, ...figures(200, 0, 18, 18) }),
        expect.objectContaining({ kind: 'invoice', id: world.b.invoice.id, ...figures(100, 18, 0, 0) }),
        expect.objectContaining({
          kind: 'credit_note',
          id: world.note.id,
          number: world.note.credit_note_number,
          ...figures(-100, 0, -9, -9),
        }),
      ]),
    );
    const nil = await documentsOf(world, '3.1c');
    expect(nil.results.map((row) => [row.kind, row.id, row.taxable_value])).toEqual([
      ['invoice', world.b.invoice.id, 100],
    ]);
    expect(sumOf((await documentsOf(world, '3.2')).results)).toEqual(figures(100, 18, 0, 0));
    const reverseCharge = await documentsOf(world, '3.1d');
    expect(reverseCharge.results.map((row) => [row.kind, row.id, row.number])).toEqual([
      ['bill', world.rcm.id, world.rcm.bill_number],
    ]);
    const itc = await documentsOf(world, '4');
    expect(itc.count).toBe(2);
    expect(sumOf(itc.results)).toEqual(table.itc.net);
    const zeroRated = await documentsOf(world, '3.1b');
    expect(zeroRated.results.map((row) => [row.kind, row.id])).toEqual([['invoice', world.c.invoice.id]]);
    expect(sumOf(zeroRated.results)).toEqual(table.outward['3.1b']);

    // Paged like other lists.
    const first = await world.company.api.get(
      `${base(world.company)}/gstr3b/documents?gstin=${world.gstin}&period=${period()}&head=3.1a&limit=2`,
    );
    expect(first.body.count).toBe(3);
    expect(first.body.results).toHaveLength(2);
    expect(first.body.next).toContain('offset=2');

    // Another month has nothing.
    const empty = await world.company.api.get(
      `${base(world.company)}/gstr3b?gstin=${world.gstin}&period=2020-01`,
    );
    expect(empty.status).toBe(200);
    expect(empty.body.outward['3.1a']).toEqual(figures(0, 0, 0, 0));
  });

  it('answers 400 for a bad period or head, 404 for a GSTIN not the company’s, 403 without the permission', async () => {
    const company = await signUpCompany();
    const gstin = await gstinOf(company);
    const bad = await company.api.get(`${base(company)}/gstr3b?gstin=${gstin}&period=2026-13`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.period).toEqual(['Enter the tax period as YYYY-MM, for example 2026-11.']);
    const badHead = await company.api.get(
      `${base(company)}/gstr3b/documents?gstin=${gstin}&period=2026-11&head=9`,
    );
    expect(badHead.status).toBe(400);
    const foreign = await company.api.get(`${base(company)}/gstr3b?gstin=${validGstin('27')}&period=2026-11`);
    expect(foreign.status).toBe(404);
    const other = await signUpCompany();
    expect((await other.api.get(`${base(company)}/gstr3b?gstin=${gstin}&period=2026-11`)).status).toBe(404);
    const clerk = await createUserWithPermissions(company, ['view_invoice']);
    const denied = await clerk.api.get(`${base(company)}/gstr3b?gstin=${gstin}&period=2026-11`);
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe('You do not have permissions to view GST returns.');
  });

  it('shows a branch-restricted user only the GSTINs of their branches', async () => {
    const company = await signUpCompany();
    const gstin = await gstinOf(company);
    const branch = await company.api.post(`companies/${company.companyId}/branches`, {
      name: `Bengaluru ${unique()}`,
      gstin: validGstin('29'),
      address: BENGALURU,
    });
    expect(branch.status, JSON.stringify(branch.body)).toBe(201);
    const role = await company.api.post(`companies/${company.companyId}/roles`, {
      display_name: `Returns ${unique()}`,
      description: 'GST returns of one branch',
      permissions: ['view_gst_return', 'change_gst_return'],
    });
    const email = `clerk.${unique()}@example.in`;
    const user = await company.api.post(`companies/${company.companyId}/users`, {
      first_name: 'Ravi',
      last_name: 'Kumar',
      email,
      phone: `9${String(Date.now()).slice(-9)}`,
      password: 'Quiet-Harbour@42',
      role: role.body.id,
      branches: [branch.body.id],
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    const login = await company.anonymous.post('admin/auth/login/', {
      username: email,
      password: 'Quiet-Harbour@42',
    });
    const clerk = company.anonymous.as(login.body.access_token);
    const hidden = await clerk.get(`${base(company)}/gstr3b?gstin=${gstin}&period=${period()}`);
    expect(hidden.status).toBe(404);
    const own = await clerk.get(`${base(company)}/gstr3b?gstin=${branch.body.gstin}&period=${period()}`);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.branches).toEqual([{ id: branch.body.id, name: branch.body.name }]);
    // The main branch's filed period is neither listed to them nor theirs to reopen.
    const filed = await company.api.post(`${base(company)}/filed_periods`, {
      gstin,
      period: '2020-01',
      return_type: 'gstr1',
    });
    expect(filed.status).toBe(201);
    expect((await clerk.get(`${base(company)}/filed_periods`)).body.count).toBe(0);
    expect((await clerk.delete(`${base(company)}/filed_periods/${filed.body.id}`)).status).toBe(404);
    expect((await company.api.get(`${base(company)}/filed_periods`)).body.count).toBe(1);
  });
});

describe('filed periods and the lock', { timeout: 300_000 }, () => {
  it('refuses changes to documents dated in a filed period, until it is reopened', async () => {
    const company = await signUpCompany();
    const gstin = await gstinOf(company);
    const p = await createTaxedProduct(company, { openingStock: 100 });
    const { invoice, order, buyer } = await createInvoicedOrder(company, {
      lines: [{ product: p.id, quantity: 3 }],
    });
    const warehouse = (await firstWarehouse(company)).id;

    const filed = await company.api.post(`${base(company)}/filed_periods`, {
      gstin,
      period: period(),
      return_type: 'gstr1',
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    expect(filed.body).toMatchObject({
      gstin,
      period: period(),
      return_type: 'gstr1',
      filed_by: { id: company.userId },
    });
    const twice = await company.api.post(`${base(company)}/filed_periods`, {
      gstin,
      period: period(),
      return_type: 'gstr1',
    });
    expect(twice.status).toBe(409);

    const [year, month] = period().split('-').map(Number);
    const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-IN', {
      month: 'long',
      timeZone: 'UTC',
    });
    const sentence = `GSTR-1 for ${monthName} ${year} is filed: documents dated in it cannot be changed. Reopen the period to change them.`;
    const edit = await company.api.post(`admin/invoices/${invoice.id}/edit_invoice`, {
      items: [{ order_item: order.order_items[0].id, quantity: 2 }],
    });
    expect(edit.status).toBe(409);
    expect(edit.body.detail).toBe(sentence);
    const cancel = await company.api.post(`admin/invoices/${invoice.id}/cancel`, {});
    expect(cancel.status).toBe(409);
    const credit = await company.api.post(`admin/invoices/${invoice.id}/credit_notes`, {
      items: [{ invoice_item: invoice.items[0].id, quantity: 1, additional_discount: 100 }],
    });
    expect(credit.status).toBe(409);
    const challan = await company.api.post(`admin/companies/${company.companyId}/delivery_challans`, {
      purpose: 'supply_on_approval',
      buyer: buyer.id,
      warehouse,
      items: [{ product: p.id, quantity: 1 }],
    });
    expect(challan.status, JSON.stringify(challan.body)).toBe(409);
    // Who pays the shipping and the invoice's notes are refused too, with the same sentence.
    const shipping = await company.api.patch(
      `admin/invoices/${invoice.id}/shipping_charges_paid_by_company`,
      {
        shipping_charges_paid_by_company: true,
      },
    );
    expect(shipping.status, JSON.stringify(shipping.body)).toBe(409);
    expect(shipping.body.detail).toBe(sentence);
    const notes = await company.api.patch(`admin/invoices/${invoice.id}`, {
      notes: 'Delivered to the back gate',
    });
    expect(notes.status, JSON.stringify(notes.body)).toBe(409);
    expect(notes.body.detail).toBe(sentence);
    // Nothing changed.
    const unchanged = await company.api.get(`admin/invoices/${invoice.id}`);
    expect(unchanged.body).toMatchObject({
      status: 'generated',
      invoice_total: invoice.invoice_total,
      shipping_charges_paid_by_company: false,
    });
    expect(unchanged.body.notes ?? null).not.toBe('Delivered to the back gate');
    expect(unchanged.body.items[0].quantity).toBe(3);

    // A document dated outside the filed period is not locked.
    const earlier = await company.api.post(`admin/companies/${company.companyId}/delivery_challans`, {
      purpose: 'supply_on_approval',
      buyer: buyer.id,
      warehouse,
      challan_date: daysFromToday(-40),
      items: [{ product: p.id, quantity: 1 }],
    });
    expect(earlier.status, JSON.stringify(earlier.body)).toBe(201);

    const listed = await company.api.get(`${base(company)}/filed_periods?gstin=${gstin}`);
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((row: { id: number }) => row.id)).toEqual([filed.body.id]);

    const clerk = await createUserWithPermissions(company, ['view_gst_return']);
    expect((await clerk.api.delete(`${base(company)}/filed_periods/${filed.body.id}`)).status).toBe(403);
    expect(
      (
        await clerk.api.post(`${base(company)}/filed_periods`, {
          gstin,
          period: '2020-01',
          return_type: 'gstr3b',
        })
      ).status,
    ).toBe(403);
    const other = await signUpCompany();
    expect((await other.api.delete(`${base(other)}/filed_periods/${filed.body.id}`)).status).toBe(404);

    const reopened = await company.api.delete(`${base(company)}/filed_periods/${filed.body.id}`);
    expect(reopened.status).toBe(204);
    const history = await dbOf(company)
      .selectFrom('history')
      .select(['action', 'user_id'])
      .where('company_id', '=', company.companyId)
      .where('entity_type', '=', 'gst_filed_period')
      .where('entity_id', '=', filed.body.id)
      .orderBy('id')
      .execute();
    expect(history.map((row) => row.action)).toEqual(['filed', 'reopened']);

    const allowed = await company.api.post(`admin/invoices/${invoice.id}/edit_invoice`, {
      items: [{ order_item: order.order_items[0].id, quantity: 2 }],
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.items[0].quantity).toBe(2);
  });

  it.runIf(inject('databaseUrl'))(
    'an edit racing a period being marked filed waits for the mark, then is refused (PostgreSQL)',
    async () => {
      const company = await signUpCompany();
      const gstin = await gstinOf(company);
      const p = await createTaxedProduct(company, { openingStock: 100 });
      const { invoice, order } = await createInvoicedOrder(company, {
        lines: [{ product: p.id, quantity: 3 }],
      });
      const db = dbOf(company);
      // The mark, held open between its lock and its commit (as POST filed_periods runs it).
      let marked!: () => void;
      const markedNow = new Promise<void>((resolve) => {
        marked = resolve;
      });
      let commit!: () => void;
      const committed = new Promise<void>((resolve) => {
        commit = resolve;
      });
      const marking = db.transaction().execute(async (tx) => {
        await lockFiledPeriods(tx, company.companyId);
        await tx
          .insertInto('gst_filed_periods')
          .values({
            company_id: company.companyId,
            gstin,
            period: period(),
            return_type: 'gstr1',
            filed_by: company.userId,
          })
          .execute();
        marked();
        await committed;
      });
      await markedNow;
      let settled = false;
      const editing = company.api
        .post(`admin/invoices/${invoice.id}/edit_invoice`, {
          items: [{ order_item: order.order_items[0].id, quantity: 2 }],
        })
        .finally(() => {
          settled = true;
        });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // It read no filed period yet: it waits on the company's filed-period lock.
      expect(settled).toBe(false);
      commit();
      await marking;
      const edit = await editing;
      expect(edit.status, JSON.stringify(edit.body)).toBe(409);
      expect(edit.body.detail).toMatch(/^GSTR-1 for .* is filed/);
      expect((await company.api.get(`admin/invoices/${invoice.id}`)).body.items[0].quantity).toBe(3);

      // And a mark sent while edits run at once: each edit either lands before the mark or is
      // refused; none lands in the filed month after it.
      await db.deleteFrom('gst_filed_periods').where('company_id', '=', company.companyId).execute();
      const second = await createInvoicedOrder(company, { lines: [{ product: p.id, quantity: 4 }] });
      const [mark, ...edits] = await Promise.all([
        company.api.post(`${base(company)}/filed_periods`, {
          gstin,
          period: period(),
          return_type: 'gstr3b',
        }),
        ...[3, 2, 1].map((quantity) =>
          company.api.post(`admin/invoices/${second.invoice.id}/edit_invoice`, {
            items: [{ order_item: second.order.order_items[0].id, quantity }],
          }),
        ),
      ]);
      expect(mark.status, JSON.stringify(mark.body)).toBe(201);
      for (const edit of edits) expect([200, 409]).toContain(edit.status);
      // After the mark, a further edit is refused.
      const after = await company.api.post(`admin/invoices/${second.invoice.id}/edit_invoice`, {
        items: [{ order_item: second.order.order_items[0].id, quantity: 1 }],
      });
      expect(after.status).toBe(409);
    },
  );

  it('lets the company turn the lock off', async () => {
    const company = await signUpCompany();
    const gstin = await gstinOf(company);
    const { invoice } = await createInvoicedOrder(company);
    const filed = await company.api.post(`${base(company)}/filed_periods`, {
      gstin,
      period: period(),
      return_type: 'gstr3b',
    });
    expect(filed.status).toBe(201);
    const switched = await company.api.post('company_configurations', {
      configuration_type: 'lock_filed_gst_periods',
      configurations: {},
      is_enabled: false,
    });
    expect(switched.status, JSON.stringify(switched.body)).toBe(201);
    const cancel = await company.api.post(`admin/invoices/${invoice.id}/cancel`, {});
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
  });

  it('refuses a month to come and a GSTIN not the company’s', async () => {
    const company = await signUpCompany();
    const gstin = await gstinOf(company);
    const future = await company.api.post(`${base(company)}/filed_periods`, {
      gstin,
      period: daysFromToday(40).slice(0, 7),
      return_type: 'gstr1',
    });
    expect(future.status).toBe(409);
    const foreign = await company.api.post(`${base(company)}/filed_periods`, {
      gstin: validGstin('27'),
      period: '2020-01',
      return_type: 'gstr1',
    });
    expect(foreign.status).toBe(404);
  });
});
