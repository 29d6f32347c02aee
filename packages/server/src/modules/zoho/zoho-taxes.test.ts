import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import { type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { testAppWith } from '../../../test/harness.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { type PaymentWorld, paymentWorld } from '../../../test/payments-fixtures.ts';
import { createCreditNote } from '../../../test/returns-fixtures.ts';
import {
  createBuyerWithAddress,
  createOrder,
  createTaxedProduct,
  invoiceOrder,
} from '../../../test/sales-fixtures.ts';
import {
  indiaDefaultTaxes,
  type StandInRecord,
  startZohoStandIn,
  type ZohoStandIn,
} from '../../../test/zoho-books-stand-in.ts';
import { readZohoConfig } from './zoho-books-client.ts';

// GST per line through the Zoho organisation's taxes (issue 26): the stand-in answers an India
// organisation's default taxes at GET /settings/taxes and works out Zoho's totals of each pushed
// invoice and credit note the way Zoho does (each line's tax per component, rounded to the paisa).

const zohoPath = (company: SignedUpCompany, rest = '') => `companies/${company.companyId}/zoho${rest}`;

describe('Zoho Books: GST per line through the organisation’s taxes', { timeout: 600_000 }, () => {
  let standIn: ZohoStandIn;
  let zohoApp: Awaited<ReturnType<typeof testAppWith>>;
  beforeAll(async () => {
    standIn = await startZohoStandIn();
    const shared = (await signUpCompany()).t.server.ctx;
    zohoApp = await testAppWith({ config: { ...shared.config, zoho: readZohoConfig(standIn.env) } });
  }, 600_000);
  // Each company numbers its invoices from 1, and the stand-in is one organisation: each test
  // starts from an empty one, so that a number is not found as another test's record.
  afterEach(() => {
    standIn.taxes = indiaDefaultTaxes();
    standIn.taxRounding = 'item_level';
    for (const store of Object.values(standIn.records)) store.clear();
  });
  afterAll(async () => {
    await zohoApp?.close();
    await standIn?.close();
  });

  async function connect(company: SignedUpCompany) {
    const api = new ApiClient(zohoApp.baseUrl).as(company.session.access_token);
    const start = await api.post(zohoPath(company, '/authorize'), {});
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const consent = await fetch(start.body.authorization_url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') as string);
    const connected = await api.post(zohoPath(company, '/connect'), {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    return api;
  }

  const taxId = (name: string) => standIn.taxes.find((tax) => tax.tax_name === name)?.tax_id;
  const pushed = (module: 'invoices' | 'creditnotes', field: string, number: string) => {
    const found = [...standIn.records[module].values()].filter((r) => r[field] === number);
    expect(found).toHaveLength(1);
    return found[0] as StandInRecord & {
      line_items: { tax_id?: string; rate: number; quantity: number }[];
      adjustment: number;
      total: number;
      tax_total: number;
    };
  };
  const paiseOf = (rupees: number) => Math.round(rupees * 100);

  /** Our invoice's total and GST in paise. */
  const ours = (company: SignedUpCompany, table: 'invoices' | 'credit_notes', id: number) =>
    dbOf(company)
      .selectFrom(table)
      .select(['total_paise', 'cgst_paise', 'sgst_paise', 'igst_paise'])
      .where('company_id', '=', company.companyId)
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
      .then((row) => ({
        total: Number(row.total_paise),
        gst: Number(row.cgst_paise) + Number(row.sgst_paise) + Number(row.igst_paise),
      }));

  /** An invoice of 3 of a ₹105.55 (5% GST) product and 2 of the world's ₹118 (18%) one, to this buyer. */
  async function mixedInvoice(world: PaymentWorld, buyer = world.buyer) {
    const five = await createTaxedProduct(world.company, {
      gstRate: 5,
      sellingPrice: 105.55,
      openingStock: 100,
    });
    const { order } = await createOrder(world.company, {
      buyer,
      lines: [
        { product: five.id, quantity: 3 },
        { product: world.productId, quantity: 2 },
      ],
      confirm: true,
    });
    return (await invoiceOrder(world.company, order)) as { id: number; invoice_number: string };
  }

  it('an intra-state invoice takes the CGST + SGST groups per line, and Zoho’s total is ours to the paisa', async () => {
    const world = await paymentWorld();
    const { company } = world;
    const api = await connect(company);
    const invoice = await mixedInvoice(world);
    const taxReadsBefore = standIn.requests.filter((r) =>
      r.path.startsWith('/books/v3/settings/taxes'),
    ).length;

    const sync = await api.post(zohoPath(company, '/sync'), {});
    expect(sync.status, JSON.stringify(sync.body)).toBe(200);
    expect(sync.body).toMatchObject({ pushed: 2, failed: 0 });

    const zoho = pushed('invoices', 'invoice_number', invoice.invoice_number);
    expect(zoho.line_items.map((line) => line.tax_id)).toEqual([taxId('GST5'), taxId('GST18')]);
    expect(zoho).toMatchObject({
      // The sign-up branch and the buyer are both in Maharashtra.
      place_of_supply: 'MH',
      gst_treatment: 'business_gst',
      gst_no: expect.stringMatching(/^27/),
      adjustment_description: 'Charges and round-off',
      is_inclusive_tax: false,
    });
    const our = await ours(company, 'invoices', invoice.id);
    expect(paiseOf(zoho.total)).toBe(our.total);
    // The GST is on the lines now, not in the adjustment (a paisa of line rounding at most).
    expect(Math.abs(paiseOf(zoho.tax_total) - our.gst)).toBeLessThanOrEqual(2);
    expect(Math.abs(paiseOf(zoho.adjustment))).toBeLessThanOrEqual(2);
    // The taxes were read once, and logged.
    expect(standIn.requests.filter((r) => r.path.startsWith('/books/v3/settings/taxes')).length).toBe(
      taxReadsBefore + 1,
    );
    const calls = await dbOf(company)
      .selectFrom('integration_calls')
      .select(['operation', 'ok'])
      .where('company_id', '=', company.companyId)
      .where('operation', '=', 'list_taxes')
      .execute();
    expect(calls).toEqual([{ operation: 'list_taxes', ok: true }]);
    const log = await api.get(zohoPath(company, '/sync_log?entity_type=invoice'));
    expect(log.body.results[0]).toMatchObject({ label: invoice.invoice_number, ok: true, error: null });
  });

  it('an inter-state invoice and its credit note take the IGST taxes, with the buyer’s state as place of supply', async () => {
    const world = await paymentWorld();
    const { company } = world;
    const api = await connect(company);
    const karnataka = await createBuyerWithAddress(company, { stateId: 29 });
    const invoice = await mixedInvoice(world, karnataka);
    const full = (await company.api.get(`admin/invoices/${invoice.id}`)).body;
    const note = await createCreditNote(company, full, [null, [1, 100]]);

    const sync = await api.post(zohoPath(company, '/sync'), {});
    // Both buyers' contacts (contacts are pushed), the invoice and the credit note.
    expect(sync.body).toMatchObject({ pushed: 4, failed: 0 });
    const zoho = pushed('invoices', 'invoice_number', invoice.invoice_number);
    expect(zoho.line_items.map((line) => line.tax_id)).toEqual([taxId('IGST5'), taxId('IGST18')]);
    expect(zoho).toMatchObject({ place_of_supply: 'KA', gst_no: expect.stringMatching(/^29/) });
    expect(paiseOf(zoho.total)).toBe((await ours(company, 'invoices', invoice.id)).total);

    const credit = pushed('creditnotes', 'creditnote_number', note.credit_note_number);
    expect(credit.line_items.map((line) => line.tax_id)).toEqual([taxId('IGST18')]);
    expect(credit).toMatchObject({ place_of_supply: 'KA', invoice_id: zoho.invoice_id });
    const ourNote = await ours(company, 'credit_notes', note.id);
    expect(paiseOf(credit.total)).toBe(ourNote.total);
    expect(paiseOf(credit.tax_total)).toBe(ourNote.gst);
  });

  it('a rate the organisation has no tax for: the document goes with its GST as an adjustment, and the log says so', async () => {
    standIn.taxes = indiaDefaultTaxes().filter((tax) => tax.tax_name !== 'IGST28');
    const world = await paymentWorld();
    const { company } = world;
    const api = await connect(company);
    const delhi = await createBuyerWithAddress(company, { stateId: 7 });
    const luxury = await createTaxedProduct(company, { gstRate: 28, sellingPrice: 1280, openingStock: 10 });
    const { order } = await createOrder(company, {
      buyer: delhi,
      lines: [{ product: luxury.id, quantity: 1 }],
      confirm: true,
    });
    const invoice = (await invoiceOrder(company, order)) as { id: number; invoice_number: string };

    const sync = await api.post(zohoPath(company, '/sync'), {});
    expect(sync.body).toMatchObject({ pushed: 3, failed: 0 });
    const zoho = pushed('invoices', 'invoice_number', invoice.invoice_number);
    expect(zoho.line_items[0]?.tax_id).toBeUndefined();
    expect(zoho).toMatchObject({
      place_of_supply: 'DL',
      adjustment_description: 'GST, charges and round-off',
      tax_total: 0,
      line_items: [{ rate: 1000, quantity: 1 }],
      adjustment: 280,
    });
    expect(paiseOf(zoho.total)).toBe((await ours(company, 'invoices', invoice.id)).total);
    const log = await api.get(zohoPath(company, '/sync_log?entity_type=invoice'));
    expect(log.body.results[0]).toMatchObject({
      label: invoice.invoice_number,
      ok: true,
      action: 'created',
      error: `Zoho has no IGST 28% tax: GST sent as an adjustment on ${invoice.invoice_number}; add the tax in Zoho Books.`,
    });
  });

  it('Zoho rounding the tax on the whole document: the paisa it differs by goes to the adjustment', async () => {
    standIn.taxRounding = 'entity_level';
    const world = await paymentWorld();
    const { company } = world;
    const api = await connect(company);
    // ₹105.21 with 5% GST is ₹100.20 taxable: CGST and SGST of 2.5% are ₹2.505 each, ₹2.51 each
    // when rounded per line, ₹5.01 together when rounded once.
    const product = await createTaxedProduct(company, { gstRate: 5, sellingPrice: 105.21, openingStock: 10 });
    const { order } = await createOrder(company, {
      buyer: world.buyer,
      lines: [{ product: product.id, quantity: 1 }],
      confirm: true,
    });
    const invoice = (await invoiceOrder(company, order)) as { id: number; invoice_number: string };
    const sync = await api.post(zohoPath(company, '/sync'), {});
    expect(sync.body).toMatchObject({ pushed: 2, failed: 0 });
    const zoho = pushed('invoices', 'invoice_number', invoice.invoice_number);
    expect(zoho.line_items.map((line) => line.tax_id)).toEqual([taxId('GST5')]);
    expect(paiseOf(zoho.total)).toBe((await ours(company, 'invoices', invoice.id)).total);
    expect(zoho.tax_total).toBe(5.01);
    // Created with the per-line estimate, then corrected once.
    const pushes = await dbOf(company)
      .selectFrom('integration_calls')
      .select(['operation', 'target'])
      .where('company_id', '=', company.companyId)
      .where('operation', '=', 'push_invoice')
      .orderBy('id')
      .execute();
    expect(pushes.map((p) => p.target)).toEqual([
      '/books/v3/invoices',
      `/books/v3/invoices/${zoho.invoice_id}`,
    ]);
  });
});
