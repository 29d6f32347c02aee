import { readFileSync, writeFileSync } from 'node:fs';
import { voucherBalance } from '@b2b/domain/tally/tally-xml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  validGstin,
} from '../../../test/factories.ts';
import { testAppWith } from '../../../test/harness.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { adjust, createWarehouse, dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';
import { createCreditNote } from '../../../test/returns-fixtures.ts';
import {
  createBuyerWithAddress,
  createInvoicedOrder,
  createTaxedProduct,
  setRoundOff,
  today,
} from '../../../test/sales-fixtures.ts';
import { startTallyStandIn } from '../../../test/tally-stand-in.ts';
import { createHttpTallyClient } from './tally-client.ts';
import { voucherGuid } from './tally-documents.ts';

const GOLDEN = new URL('./__fixtures__/vouchers.golden.xml', import.meta.url);

const LEDGERS = {
  sales: 'Sales GST',
  purchase: 'Purchase GST',
  output_cgst: 'Output CGST',
  output_sgst: 'Output SGST',
  output_igst: 'Output IGST',
  input_cgst: 'Input CGST',
  input_sgst: 'Input SGST',
  input_igst: 'Input IGST',
  round_off: 'Round Off',
  shipping_charges: 'Freight Outward',
};

const path = (company: SignedUpCompany, rest: string) => `admin/companies/${company.companyId}/tally/${rest}`;
const range = (company: SignedUpCompany) => ({
  branch_id: company.branchId,
  start_date: today(),
  end_date: today(),
});
const query = (company: SignedUpCompany) =>
  `branch_id=${company.branchId}&start_date=${today()}&end_date=${today()}`;

async function exportXml(company: SignedUpCompany, part: 'masters' | 'vouchers', api = company.api) {
  return api.post(path(company, 'export'), { ...range(company), part });
}

/**
 * A company whose branch maps its Tally ledgers, with: an intra-state invoice (Maharashtra buyer),
 * an inter-state invoice (Karnataka buyer), a credit note against the first, a payment received by
 * bank transfer, a received bill from a seller with a Tally ledger name, an inventory adjustment
 * (one ink bottle damaged) and a transfer of 5 pens, dispatched and received, to a second
 * warehouse. The second product (the ink) and the second warehouse have no Tally name until `name`
 * is called.
 */
async function tallyWorld() {
  const company = await signUpCompany();
  await setRoundOff(company, false);
  const db = dbOf(company);
  const warehouse = await firstWarehouse(company);
  await db
    .updateTable('warehouses')
    .set({ tally_warehouse_name: 'Main Godown' })
    .where('company_id', '=', company.companyId)
    .where('id', '=', warehouse.id)
    .execute();
  const ledgers = await company.api.put(`v1/branches/${company.branchId}/ledger-mappings/update`, {
    ledger_mappings: LEDGERS,
  });
  expect(ledgers.status, JSON.stringify(ledgers.body)).toBe(200);
  const bank = await company.api.post(`v1/branches/${company.branchId}/bank_accounts`, {
    bank_name: 'HDFC Bank',
    account_holder_name: 'Tally Test',
    account_number: '50100012349012',
    ifsc_code: 'HDFC0001234',
  });
  expect(bank.status, JSON.stringify(bank.body)).toBe(201);
  const pen = await createTaxedProduct(company, { openingStock: 100, sellingPrice: 118 });
  const ink = await createTaxedProduct(company, { openingStock: 100, sellingPrice: 59, gstRate: 18 });
  await db
    .updateTable('products')
    .set({ tally_product_name: 'Blue Pen' })
    .where('company_id', '=', company.companyId)
    .where('id', '=', pen.id)
    .execute();
  const local = await createBuyerWithAddress(company, { name: 'Sharma & Sons' });
  const karnataka = await createBuyerWithAddress(company, { name: 'Bengaluru Stores', stateId: 29 });
  const intra = await createInvoicedOrder(company, {
    buyer: local,
    lines: [
      { product: pen.id, quantity: 2 },
      { product: ink.id, quantity: 1 },
    ],
  });
  const inter = await createInvoicedOrder(company, {
    buyer: karnataka,
    lines: [{ product: pen.id, quantity: 3 }],
  });
  const credit = await createCreditNote(company, intra.invoice, [[1, 100], null]);
  const method = await db
    .selectFrom('payment_methods')
    .select('id')
    .where('company_id', '=', company.companyId)
    .where('code', '=', 'bank_transfer')
    .executeTakeFirstOrThrow();
  const payment = await company.api.post(`admin/companies/${company.companyId}/payments`, {
    buyer: karnataka.id,
    payment_method: method.id,
    amount: 354,
    reference_number: 'UTR-77',
  });
  expect(payment.status, JSON.stringify(payment.body)).toBe(201);
  const seller = await company.api.post(`companies/${company.companyId}/sellers`, {
    name: 'Shree Traders',
    gst_number: validGstin('27'),
    tally_ledger_name: 'Shree Traders (Pune)',
    billing_address: { address_line_1: '12 MG Road', city: 'Pune', state_id: 27, pincode: '411001' },
  });
  expect(seller.status, JSON.stringify(seller.body)).toBe(201);
  const bill = await company.api.post(`admin/companies/${company.companyId}/bills`, {
    seller: seller.body.id,
    branch: company.branchId,
    warehouse: warehouse.id,
    bill_number: 'ST/1001',
    bill_date: today(),
    items: [{ product: pen.id, quantity: 10, rate: 45.5, tax_rate: 18 }],
  });
  expect(bill.status, JSON.stringify(bill.body)).toBe(201);
  const received = await company.api.post(`admin/bills/${bill.body.id}/receive`, {});
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  // Stock journals: the ink at its opening rate (2.00), the pens at the bill's rate (45.50).
  const adjustment = await adjust(company, {
    reason: 'stock_damaged',
    notes: 'Cap broken',
    lines: [{ product: ink.id, quantity: -1 }],
  });
  const thane = await createWarehouse(company, { name: 'Thane Store' });
  const transfer = await company.api.post(`companies/${company.companyId}/inventory_transfers`, {
    source_warehouse: warehouse.id,
    destination_warehouse: thane.id,
    notes: 'Restock Thane',
    lines: [{ product: pen.id, quantity: 5 }],
  });
  expect(transfer.status, JSON.stringify(transfer.body)).toBe(201);
  const dispatched = await company.api.post(`inventory_transfers/${transfer.body.id}/dispatch`);
  expect(dispatched.status, JSON.stringify(dispatched.body)).toBe(200);
  const arrived = await company.api.post(`inventory_transfers/${transfer.body.id}/receive`, {
    lines: [{ line: dispatched.body.lines[0].id, quantity: 5 }],
  });
  expect(arrived.status, JSON.stringify(arrived.body)).toBe(200);
  const name = async () => {
    await db
      .updateTable('products')
      .set({ tally_product_name: 'Ink Bottle' })
      .where('company_id', '=', company.companyId)
      .where('id', '=', ink.id)
      .execute();
    await db
      .updateTable('warehouses')
      .set({ tally_warehouse_name: 'Thane Godown' })
      .where('company_id', '=', company.companyId)
      .where('id', '=', thane.id)
      .execute();
  };
  return {
    company,
    pen,
    ink,
    intra: intra.invoice,
    inter: inter.invoice,
    credit,
    payment: payment.body,
    bill: bill.body,
    adjustment: adjustment as { id: number; number: string },
    transfer: dispatched.body as { id: number; number: string },
    thane,
    name,
  };
}
type World = Awaited<ReturnType<typeof tallyWorld>>;

/** The file with what changes from run to run (ids, dates, numbers, the company) put in words. */
function normalised(world: World, xml: string) {
  const { company } = world;
  const docs = [
    ['invoice', world.intra.id, world.intra.invoice_number, 'INV-INTRA'],
    ['invoice', world.inter.id, world.inter.invoice_number, 'INV-INTER'],
    ['credit_note', world.credit.id, world.credit.credit_note_number, 'CN-1'],
    ['payment', world.payment.id, world.payment.payment_number, 'RCPT-1'],
    ['bill', world.bill.id, 'ST/1001', 'ST/1001'],
    ['inventory_adjustment', world.adjustment.id, world.adjustment.number, 'ADJ-1'],
    ['inventory_transfer', world.transfer.id, world.transfer.number, 'TRF-1'],
  ] as const;
  let out = xml.replaceAll(today().replaceAll('-', ''), 'YYYYMMDD');
  for (const [kind, id, number, label] of docs) {
    out = out
      .replaceAll(voucherGuid(company.companyId, kind, id), `GUID-${label}`)
      .replaceAll(`>${number}<`, `>${label}<`);
  }
  return out.replace(/<SVCURRENTCOMPANY>[^<]*</, '<SVCURRENTCOMPANY>COMPANY<');
}

/** Each voucher's ledger amounts and allocations, read back from the file, sum to zero. */
function balances(xml: string) {
  return [...xml.matchAll(/<VOUCHER [\s\S]*?<\/VOUCHER>/g)].map((m) => {
    const voucher = m[0];
    const amounts = (list: string) =>
      [...voucher.matchAll(new RegExp(`<${list}>[\\s\\S]*?<AMOUNT>(-?[\\d.]+)</AMOUNT>`, 'g'))].map((a) =>
        Math.round(Number(a[1]) * 100),
      );
    const ledgerLines = amounts('ALLLEDGERENTRIES.LIST').map((amountPaise) => ({ ledger: '', amountPaise }));
    const inventoryLines = amounts('ACCOUNTINGALLOCATIONS.LIST').map((amountPaise) => ({ amountPaise }));
    return voucherBalance({ ledgerLines, inventoryLines } as never);
  });
}

describe('Tally export', { timeout: 400_000 }, () => {
  let world: World;
  beforeAll(async () => {
    world = await tallyWorld();
  }, 400_000);

  it('GET .../tally/check lists the document whose product has no Tally name, with where to fix it', async () => {
    const { company } = world;
    const check = await company.api.get(`${path(company, 'check')}?${query(company)}`);
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.documents).toBe(7);
    // The credit note credits the pen only: the invoice and the adjustment name the ink; the
    // transfer sends goods to the unnamed warehouse.
    expect(check.body.incomplete).toBe(3);
    expect(check.body.problems.map((p: any) => [p.document_kind, p.document_id, p.missing, p.fix])).toEqual([
      [
        'invoice',
        world.intra.id,
        `Product ${world.ink.name} has no Tally name.`,
        { target: 'product', id: world.ink.id },
      ],
      [
        'inventory_adjustment',
        world.adjustment.id,
        `Product ${world.ink.name} has no Tally name.`,
        { target: 'product', id: world.ink.id },
      ],
      [
        'inventory_transfer',
        world.transfer.id,
        'Warehouse Thane Store has no Tally name.',
        { target: 'warehouse', id: world.thane.id },
      ],
    ]);
    const refused = await exportXml(company, 'vouchers');
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      '3 documents need Tally names before the export. Fix what the check lists, then export again.',
    );
  });

  it('POST .../tally/export writes the golden vouchers file, then alters them on the second export', async () => {
    const { company } = world;
    await world.name();
    const first = await exportXml(company, 'vouchers');
    expect(first.status, String(first.body)).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(first.headers.get('content-disposition')).toContain(`tally-vouchers-${today()}-to-${today()}.xml`);
    expect(balances(first.body)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    // The stock journals: the damaged ink out at its opening rate, the pens out of the main godown and
    // into Thane's at the bill's rate (the latest receipt with a rate before the dispatch).
    const journal = (number: string) =>
      [...first.body.matchAll(/<VOUCHER [\s\S]*?<\/VOUCHER>/g)]
        .map((m) => m[0])
        .find((v) => v.includes('VCHTYPE="Stock Journal"') && v.includes(`<VOUCHERNUMBER>${number}<`)) ?? '';
    const goods = (xml: string) =>
      [
        ...xml.matchAll(
          /<(INVENTORYENTRIES(?:IN|OUT)).LIST>\n<STOCKITEMNAME>([^<]+)<[\s\S]*?<AMOUNT>(-?[\d.]+)<\/AMOUNT>\n<ACTUALQTY>([^<]+)<[\s\S]*?<GODOWNNAME>([^<]+)</g,
        ),
      ].map((m) => m.slice(1));
    const adjustment = journal(world.adjustment.number);
    expect(adjustment).toContain('<NARRATION>Stock damaged: Cap broken</NARRATION>');
    expect(goods(adjustment)).toEqual([
      ['INVENTORYENTRIESOUT', 'Ink Bottle', '2.00', '1 Nos', 'Main Godown'],
    ]);
    expect(goods(journal(world.transfer.number))).toEqual([
      ['INVENTORYENTRIESIN', 'Blue Pen', '-227.50', '5 Nos', 'Thane Godown'],
      ['INVENTORYENTRIESOUT', 'Blue Pen', '227.50', '5 Nos', 'Main Godown'],
    ]);
    const golden = normalised(world, first.body);
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, golden);
    expect(golden).toBe(readFileSync(GOLDEN, 'utf8'));

    const second = await exportXml(company, 'vouchers');
    expect(second.status).toBe(200);
    expect([...second.body.matchAll(/ACTION="(\w+)"/g)].map((m) => m[1])).toEqual(Array(7).fill('Alter'));
    // Same GUIDs: Tally alters the vouchers it has instead of adding new ones.
    const guids = (xml: string) => [...xml.matchAll(/<GUID>([^<]+)<\/GUID>/g)].map((m) => m[1]);
    expect(guids(second.body)).toEqual(guids(first.body));

    const posts = await dbOf(company)
      .selectFrom('tally_posts')
      .select(['id', 'mode', 'documents', 'created', 'altered'])
      .where('company_id', '=', company.companyId)
      .orderBy('id')
      .execute();
    expect(posts.map((p) => [p.mode, p.documents, p.created, p.altered])).toEqual([
      ['download', 7, 7, 0],
      ['download', 7, 0, 7],
    ]);
    expect(
      (await historyRows(company, 'tally_post', posts[0]?.id as number, ['action'])).map((h) => h.action),
    ).toEqual(['downloaded']);
  });

  it('POST .../tally/export part=masters writes ledgers, stock items, godowns and units', async () => {
    const { company } = world;
    const masters = await exportXml(company, 'masters');
    expect(masters.status).toBe(200);
    const xml = masters.body;
    expect(xml).toContain('<REPORTNAME>All Masters</REPORTNAME>');
    expect(xml).toContain('<LEDGER NAME="Sharma &amp; Sons" RESERVEDNAME="">');
    expect(xml).toMatch(/<NAME>Bengaluru Stores<\/NAME>\n<PARENT>Sundry Debtors<\/PARENT>/);
    expect(xml).toMatch(/<NAME>Shree Traders \(Pune\)<\/NAME>\n<PARENT>Sundry Creditors<\/PARENT>/);
    expect(xml).toMatch(/<NAME>Output IGST<\/NAME>\n<PARENT>Duties &amp; Taxes<\/PARENT>/);
    expect(xml).toContain('<GSTDUTYHEAD>Integrated Tax</GSTDUTYHEAD>');
    expect(xml).toMatch(/<PARENT>Bank Accounts<\/PARENT>/);
    expect(xml).toContain('<STOCKITEM NAME="Blue Pen" RESERVEDNAME="">');
    expect(xml).toContain('<HSNCODE>8471</HSNCODE>');
    expect(xml).toContain('<GODOWN NAME="Main Godown" RESERVEDNAME="">');
    expect(xml).toContain('<GODOWN NAME="Thane Godown" RESERVEDNAME="">');
    expect(xml).toContain('<STOCKITEM NAME="Ink Bottle" RESERVEDNAME="">');
    expect(xml).toContain('<UNIT NAME=');
  });

  it('a cancelled document that went to Tally is cancelled there', async () => {
    const { company } = world;
    // A transfer dispatched and exported, then cancelled (its stock back at the source).
    const made = await company.api.post(`companies/${company.companyId}/inventory_transfers`, {
      source_warehouse: (await firstWarehouse(company)).id,
      destination_warehouse: world.thane.id,
      lines: [{ product: world.pen.id, quantity: 1 }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await company.api.post(`inventory_transfers/${made.body.id}/dispatch`)).status).toBe(200);
    const sent = await exportXml(company, 'vouchers');
    expect(sent.body).toContain(`<VOUCHERNUMBER>${made.body.number}</VOUCHERNUMBER>`);
    expect((await company.api.post(`inventory_transfers/${made.body.id}/cancel`)).status).toBe(200);
    const cancel = await company.api.post(`admin/bills/${world.bill.id}/void`, {});
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const third = await exportXml(company, 'vouchers');
    expect(third.status).toBe(200);
    const bill =
      /<VOUCHER [^>]*>\n<DATE>\d+<\/DATE>\n<GUID>[^<]+<\/GUID>\n<VOUCHERTYPENAME>Purchase<\/VOUCHERTYPENAME>[\s\S]*?<\/VOUCHER>/.exec(
        third.body,
      )?.[0];
    expect(bill).toContain('ACTION="Cancel"');
    expect(bill).not.toContain('ALLLEDGERENTRIES');
    const transfer = [...third.body.matchAll(/<VOUCHER [\s\S]*?<\/VOUCHER>/g)]
      .map((m) => m[0])
      .find((v) => v.includes(`<VOUCHERNUMBER>${made.body.number}<`));
    expect(transfer).toContain('VCHTYPE="Stock Journal" ACTION="Cancel"');
    expect(transfer).not.toContain('INVENTORYENTRIES');
  });
});

describe('Stock journals with batches', { timeout: 400_000 }, () => {
  it('allocates each batch an adjustment brought in and a transfer sent, valued at the last receipt rate', async () => {
    const company = await signUpCompany();
    const db = dbOf(company);
    const main = await firstWarehouse(company);
    const nashik = await createWarehouse(company, {
      name: 'Nashik Store',
      tally_warehouse_name: 'Nashik Godown',
    });
    await db
      .updateTable('warehouses')
      .set({ tally_warehouse_name: 'Main Godown' })
      .where('company_id', '=', company.companyId)
      .where('id', '=', main.id)
      .execute();
    // 2 pens opened at 2.00 each, in no batch.
    const pen = await createTaxedProduct(company, {
      openingStock: 2,
      fields: { tally_product_name: 'Red Pen' },
    });
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const found = await adjust(company, {
      reason: 'extra_inventory_found',
      lines: [
        { product: pen.id, quantity: 5, batch_number: 'LATE', expires_on: inDays(200) },
        { product: pen.id, quantity: 3, batch_number: 'SOON', expires_on: inDays(20) },
      ],
    });
    // 4 sent: the batch expiring first (3 of SOON), then 1 of LATE.
    const made = await company.api.post(`companies/${company.companyId}/inventory_transfers`, {
      source_warehouse: main.id,
      destination_warehouse: nashik.id,
      lines: [{ product: pen.id, quantity: 4 }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await company.api.post(`inventory_transfers/${made.body.id}/dispatch`)).status).toBe(200);

    const check = await company.api.get(`${path(company, 'check')}?${query(company)}`);
    expect(check.body).toMatchObject({ documents: 2, incomplete: 0, problems: [] });
    const file = await exportXml(company, 'vouchers');
    expect(file.status).toBe(200);
    const voucher = (number: string) =>
      [...file.body.matchAll(/<VOUCHER [\s\S]*?<\/VOUCHER>/g)]
        .map((m) => m[0])
        .find((v) => v.includes(`<VOUCHERNUMBER>${number}<`)) ?? '';
    const allocations = (xml: string) =>
      [
        ...xml.matchAll(
          /<GODOWNNAME>([^<]+)<\/GODOWNNAME>\n<BATCHNAME>([^<]+)<\/BATCHNAME>\n<AMOUNT>(-?[\d.]+)<\/AMOUNT>\n<ACTUALQTY>([^<]+)</g,
        ),
      ].map((m) => m.slice(1));
    const adjustment = voucher(found.number);
    expect(adjustment).toContain(
      '<INVENTORYENTRIESIN.LIST>\n<STOCKITEMNAME>Red Pen</STOCKITEMNAME>\n<ISDEEMEDPOSITIVE>Yes</ISDEEMEDPOSITIVE>\n<RATE>2.00/Nos</RATE>\n<AMOUNT>-16.00</AMOUNT>\n<ACTUALQTY>8 Nos</ACTUALQTY>',
    );
    expect(allocations(adjustment)).toEqual([
      ['Main Godown', 'LATE', '-10.00', '5 Nos'],
      ['Main Godown', 'SOON', '-6.00', '3 Nos'],
    ]);
    expect(allocations(voucher(made.body.number))).toEqual([
      ['Nashik Godown', 'SOON', '-6.00', '3 Nos'],
      ['Nashik Godown', 'LATE', '-2.00', '1 Nos'],
      ['Main Godown', 'SOON', '6.00', '3 Nos'],
      ['Main Godown', 'LATE', '2.00', '1 Nos'],
    ]);
  });
});

describe('Purchases: debit notes and payments made with TDS', { timeout: 400_000 }, () => {
  it('a goods-return debit note credits the goods back; a TDS payment needs the TDS Payable ledger, then pays the bank the net', async () => {
    const company = await signUpCompany();
    await setRoundOff(company, false);
    const mapped = await company.api.put(`v1/branches/${company.branchId}/ledger-mappings/update`, {
      ledger_mappings: LEDGERS,
    });
    expect(mapped.status).toBe(200);
    const bank = await company.api.post(`v1/branches/${company.branchId}/bank_accounts`, {
      bank_name: 'HDFC Bank',
      account_holder_name: 'Tally Test',
      account_number: '50100012349012',
      ifsc_code: 'HDFC0001234',
    });
    expect(bank.status, JSON.stringify(bank.body)).toBe(201);
    const warehouse = await firstWarehouse(company);
    await dbOf(company)
      .updateTable('warehouses')
      .set({ tally_warehouse_name: 'Main Godown' })
      .where('company_id', '=', company.companyId)
      .where('id', '=', warehouse.id)
      .execute();
    const product = await createTaxedProduct(company, { openingStock: 10 });
    await dbOf(company)
      .updateTable('products')
      .set({ tally_product_name: 'Steel Rack' })
      .where('company_id', '=', company.companyId)
      .where('id', '=', product.id)
      .execute();
    const seller = await company.api.post(`companies/${company.companyId}/sellers`, {
      name: 'Rack Works',
      gst_number: validGstin('27'),
      tally_ledger_name: 'Rack Works',
      billing_address: { address_line_1: '12 MG Road', city: 'Pune', state_id: 27, pincode: '411001' },
    });
    expect(seller.status, JSON.stringify(seller.body)).toBe(201);
    const bill = await company.api.post(`admin/companies/${company.companyId}/bills`, {
      seller: seller.body.id,
      branch: company.branchId,
      warehouse: warehouse.id,
      bill_number: 'RW/1',
      bill_date: today(),
      items: [{ product: product.id, quantity: 10, rate: 1000, tax_rate: 18 }],
    });
    expect(bill.status, JSON.stringify(bill.body)).toBe(201);
    expect((await company.api.post(`admin/bills/${bill.body.id}/receive`, {})).status).toBe(200);
    const tds = await company.api.patch(`companies/${company.companyId}`, {
      tds_configuration: { enabled: true, section: '194C', rate: 2, threshold: 0 },
    });
    expect(tds.status, JSON.stringify(tds.body)).toBe(200);
    const method = await dbOf(company)
      .selectFrom('payment_methods')
      .select('id')
      .where('company_id', '=', company.companyId)
      .where('code', '=', 'bank_transfer')
      .executeTakeFirstOrThrow();
    const paid = await company.api.post(`admin/companies/${company.companyId}/payments_made`, {
      seller: seller.body.id,
      payment_method: method.id,
      amount: 11800,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.tds_amount).toBe(200);
    // 2 of the 10 racks go back to the seller: a debit note of 2,000 + 180 + 180.
    const returned = await company.api.post(`admin/companies/${company.companyId}/purchase_returns`, {
      bill: bill.body.id,
      reason: 'Damaged in transit',
      items: [{ bill_item: bill.body.items[0].id, quantity: 2 }],
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    const debitNoteNumber =
      returned.body.debit_note_detail.debit_note_number ?? returned.body.debit_note.debit_note_number;

    const check = await company.api.get(`${path(company, 'check')}?${query(company)}`);
    expect(check.body.problems.map((p: any) => [p.document_kind, p.missing])).toEqual([
      ['payment_made', 'The branch has no Tally ledger for TDS Payable.'],
    ]);
    const remapped = await company.api.put(`v1/branches/${company.branchId}/ledger-mappings/update`, {
      ledger_mappings: { ...LEDGERS, tds_payable: 'TDS Payable 194C' },
    });
    expect(remapped.status).toBe(200);
    const file = await exportXml(company, 'vouchers');
    expect(file.status).toBe(200);
    const payment = /<VOUCHER [^>]*VCHTYPE="Payment"[\s\S]*?<\/VOUCHER>/.exec(file.body)?.[0] ?? '';
    const entries = [
      ...payment.matchAll(/<LEDGERNAME>([^<]+)<\/LEDGERNAME>[\s\S]*?<AMOUNT>(-?[\d.]+)<\/AMOUNT>/g),
    ].map((m) => [m[1], m[2]]);
    expect(entries).toEqual([
      ['Rack Works', '-11800.00'],
      ['HDFC Bank ••9012', '11600.00'],
      ['TDS Payable 194C', '200.00'],
    ]);
    const debit = /<VOUCHER [^>]*VCHTYPE="Debit Note"[\s\S]*?<\/VOUCHER>/.exec(file.body)?.[0] ?? '';
    expect(debit).toContain(`<VOUCHERNUMBER>${debitNoteNumber}</VOUCHERNUMBER>`);
    expect(debit).toContain('<REFERENCE>RW/1</REFERENCE>');
    const debitEntries = [
      ...debit.matchAll(
        /<LEDGERNAME>([^<]+)<\/LEDGERNAME>\n<ISDEEMEDPOSITIVE>(\w+)<\/ISDEEMEDPOSITIVE>[\s\S]*?<AMOUNT>(-?[\d.]+)<\/AMOUNT>/g,
      ),
    ].map((m) => [m[1], m[2], m[3]]);
    expect(debitEntries).toEqual([
      ['Rack Works', 'Yes', '-2360.00'],
      ['Input CGST', 'No', '180.00'],
      ['Input SGST', 'No', '180.00'],
      ['Purchase GST', 'No', '2000.00'],
    ]);
    expect(debit).toContain('<ACTUALQTY>2 Nos</ACTUALQTY>');
    expect(balances(file.body)).toEqual([0, 0, 0]);
  });
});

describe('POST .../tally/post', { timeout: 400_000 }, () => {
  let standIn: Awaited<ReturnType<typeof startTallyStandIn>>;
  let tallyApp: Awaited<ReturnType<typeof testAppWith>>;
  beforeAll(async () => {
    standIn = await startTallyStandIn();
    tallyApp = await testAppWith({ tally: createHttpTallyClient({ url: standIn.url, company: 'Tally Co' }) });
  }, 400_000);
  afterAll(async () => {
    await tallyApp?.close();
    await standIn?.close();
  });

  it('posts masters and vouchers, records each answer, one LINEERROR among them, and alters next time', async () => {
    const world = await tallyWorld();
    await world.name();
    const { company } = world;
    const api = new ApiClient(tallyApp.baseUrl).as(company.session.access_token);
    standIn.refuse(world.inter.invoice_number, 'Voucher date is before the Books beginning date!');
    const posted = await api.post(path(company, 'post'), range(company));
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body).toMatchObject({ documents: 7, created: 6, errors: 1, master_errors: [] });
    const byNumber = Object.fromEntries(posted.body.results.map((r: any) => [r.voucher_number, r]));
    expect(byNumber[world.inter.invoice_number]).toMatchObject({
      action: 'Create',
      result: 'error',
      error: 'Voucher date is before the Books beginning date!',
    });
    expect(byNumber[world.intra.invoice_number]).toMatchObject({
      action: 'Create',
      result: 'created',
      error: null,
    });
    expect(standIn.vouchers.size).toBe(6);
    // The stock journals went in like the others, naming the godowns and items Tally was sent.
    expect(byNumber[world.transfer.number]).toMatchObject({ action: 'Create', result: 'created' });
    expect(byNumber[world.adjustment.number]).toMatchObject({ action: 'Create', result: 'created' });
    expect(standIn.ledgers.has('Sharma & Sons')).toBe(true);
    expect(standIn.requests[0]).toContain('<SVCURRENTCOMPANY>Tally Co</SVCURRENTCOMPANY>');

    const status = await api.get(`${path(company, 'status')}?branch_id=${company.branchId}`);
    expect(status.status).toBe(200);
    expect(status.body.configured).toBe(true);
    expect(status.body.last_post.id).toBe(posted.body.id);

    // The refused invoice is created again, the others altered; no voucher is duplicated.
    standIn.refuse(world.inter.invoice_number, '');
    const again = await api.post(path(company, 'post'), range(company));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ documents: 7, created: 1, altered: 6, errors: 0 });
    expect(standIn.vouchers.size).toBe(7);
    const history = await historyRows(company, 'tally_post', again.body.id, ['action', 'changes']);
    expect(history.map((h) => h.action)).toEqual(['posted']);
  });

  it('answers 503 with a sentence when Tally does not answer, and records nothing', async () => {
    const company = await signUpCompany();
    const mapped = await company.api.put(`v1/branches/${company.branchId}/ledger-mappings/update`, {
      ledger_mappings: LEDGERS,
    });
    expect(mapped.status).toBe(200);
    const down = await startTallyStandIn();
    await down.close();
    const app = await testAppWith({ tally: createHttpTallyClient({ url: down.url, company: null }) });
    try {
      const api = new ApiClient(app.baseUrl).as(company.session.access_token);
      const posted = await api.post(path(company, 'post'), range(company));
      expect(posted.status).toBe(503);
      expect(posted.body.detail).toBe(
        'Tally did not answer. Check that Tally is running with its HTTP server on, and try again.',
      );
      const posts = await dbOf(company)
        .selectFrom('tally_posts')
        .select('id')
        .where('company_id', '=', company.companyId)
        .execute();
      expect(posts).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('answers 409 with the sentence when Tally is not configured', async () => {
    const company = await signUpCompany();
    const posted = await company.api.post(path(company, 'post'), range(company));
    expect(posted.status).toBe(409);
    expect(posted.body.detail).toBe(
      "Tally is not configured: set TALLY_URL to your Tally's address (port 9000).",
    );
    const status = await company.api.get(`${path(company, 'status')}?branch_id=${company.branchId}`);
    expect(status.body).toEqual({ configured: false, last_post: null });
  });
});

describe('Tally routes: input, permissions and tenancy', { timeout: 400_000 }, () => {
  it('refuses bad dates with sentences, other users without permission, and other companies’ branches', async () => {
    const company = await signUpCompany();
    const bad = await company.api.get(
      `${path(company, 'check')}?branch_id=${company.branchId}&start_date=2026-02-30&end_date=2026-01-01`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.start_date).toEqual(['Enter a valid start date (YYYY-MM-DD).']);
    const backwards = await company.api.get(
      `${path(company, 'check')}?branch_id=${company.branchId}&start_date=2026-02-01&end_date=2026-01-01`,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.end_date).toEqual(['The end date cannot be before the start date.']);
    const part = await company.api.post(path(company, 'export'), { ...range(company), part: 'everything' });
    expect(part.status).toBe(400);

    const outsider = await createUserWithPermissions(company, ['view_invoice']);
    expect((await outsider.api.get(`${path(company, 'check')}?${query(company)}`)).status).toBe(403);
    const viewer = await createUserWithPermissions(company, ['view_tally_export']);
    expect((await viewer.api.get(`${path(company, 'check')}?${query(company)}`)).status).toBe(200);
    expect((await viewer.api.post(path(company, 'post'), range(company))).status).toBe(403);
    // The viewer works in the first branch only: another branch of the company is refused.
    const second = await company.api.post(`companies/${company.companyId}/branches`, { name: 'Nashik' });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const elsewhere = await viewer.api.get(
      `${path(company, 'check')}?branch_id=${second.body.id}&start_date=${today()}&end_date=${today()}`,
    );
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.detail).toBe('You do not have permissions to act on this branch.');
    expect(
      (
        await company.api.get(
          `${path(company, 'check')}?branch_id=${second.body.id}&start_date=${today()}&end_date=${today()}`,
        )
      ).status,
    ).toBe(200);

    const other = await signUpCompany();
    const foreign = await company.api.get(
      `${path(company, 'check')}?branch_id=${other.branchId}&start_date=${today()}&end_date=${today()}`,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Branch Not Found');
    const foreignExport = await company.api.post(path(company, 'export'), {
      ...range(company),
      branch_id: other.branchId,
      part: 'vouchers',
    });
    expect(foreignExport.status).toBe(404);
  });
});
