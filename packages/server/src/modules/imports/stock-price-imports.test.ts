import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import {
  createProduct,
  createWarehouse,
  dbOf,
  firstWarehouse,
  levelOf,
} from '../../../test/inventory-fixtures.ts';

// The import centre's stock levels and prices kinds (issue 26), and .xlsx files, over real HTTP.

async function upload(
  api: SignedUpCompany['api'],
  baseUrl: string,
  path: string,
  body: string | Uint8Array,
  fileName: string,
) {
  const form = new FormData();
  form.append('file', new Blob([body]), fileName);
  const res = await fetch(`${baseUrl}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: res.status, body: parsed };
}

const send = (
  company: SignedUpCompany,
  kind: 'stock_levels' | 'prices',
  path: string,
  body: string | Uint8Array,
  fileName = `${kind}.csv`,
) =>
  upload(
    company.api,
    company.t.baseUrl,
    `companies/${company.companyId}/imports/${kind}${path}`,
    body,
    fileName,
  );

async function waitForJob(company: SignedUpCompany, jobId: number, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const res = await company.api.get(`bulk_jobs/${jobId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (!['to_be_processed', 'in_process'].includes(res.body.status) || Date.now() - started > timeoutMs)
      return res.body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The stock of a product in a warehouse as the product's page shows it. */
async function pageStock(company: SignedUpCompany, productId: number, warehouseId: number) {
  const res = await company.api.get(`products/${productId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  for (const branch of res.body.stock.stock_by_branches)
    for (const w of branch.stock_by_warehouses) if (w.id === warehouseId) return w.available_stock;
  return 0;
}

const ledgerOf = (company: SignedUpCompany, productId: number) =>
  dbOf(company)
    .selectFrom('stock_ledger')
    .select([
      'warehouse_id',
      'quantity',
      'balance_after',
      'rate_paise',
      'reason',
      'document_type',
      'document_id',
    ])
    .where('company_id', '=', company.companyId)
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();

const pricesOf = (company: SignedUpCompany, productId: number) =>
  dbOf(company)
    .selectFrom('products')
    .select(['mrp_paise', 'selling_price_paise', 'cost_price_paise'])
    .where('company_id', '=', company.companyId)
    .where('id', '=', productId)
    .executeTakeFirstOrThrow()
    .then((p) => [
      Number(p.mrp_paise),
      Number(p.selling_price_paise),
      p.cost_price_paise === null ? null : Number(p.cost_price_paise),
    ]);

async function world() {
  const company = await signUpCompany();
  const main = await firstWarehouse(company);
  const tag = unique().slice(-8).toUpperCase();
  const second = await createWarehouse(company, { name: `Godown ${tag}` });
  const tea = await createProduct(company, { sku: `TEA-${tag}`, openingStock: 10, warehouseId: main.id });
  const coffee = await createProduct(company, { sku: `COF-${tag}` });
  return { company, main, second, tag, tea, coffee };
}

/** The rows as an .xlsx workbook of one sheet (and a second sheet the import must ignore). */
async function xlsxOf(rows: (string | number | Date | null)[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Stock');
  for (const row of rows) sheet.addRow(row);
  workbook.addWorksheet('Notes').addRow(['not', 'imported']);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('POST companies/{id}/imports/stock_levels', () => {
  it('lists every error of a stock file at once and moves nothing; the corrected file sets the levels', async () => {
    const { company, main, second, tag, tea, coffee } = await world();
    const header = 'SKU,Warehouse,Quantity,Rate';
    const bad = [
      header,
      `TEA-${tag},${main.name},25,`,
      `NOPE-${tag},${main.name},5,`,
      `COF-${tag},Nowhere ${tag},5,`,
      `COF-${tag},${second.name},-3,`,
      `tea-${tag},${main.name},7,`,
      `COF-${tag},${main.name},4,12.345`,
    ].join('\n');
    const dry = await send(company, 'stock_levels', '/dry_run', bad);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.mapping).toMatchObject({
      sku: 'SKU',
      warehouse: 'Warehouse',
      quantity: 'Quantity',
      rate: 'Rate',
    });
    expect(dry.body).toMatchObject({ total_rows: 6, valid_rows: 1, error_count: 5 });
    expect(dry.body.errors).toEqual([
      { row: 3, column: 'SKU', message: 'No product with this SKU.' },
      { row: 4, column: 'Warehouse', message: `No warehouse named 'Nowhere ${tag}'.` },
      { row: 5, column: 'Quantity', message: expect.stringMatching(/negative/i) },
      {
        row: 6,
        column: 'SKU',
        message: 'This SKU in this warehouse is repeated in an earlier row of the file.',
      },
      { row: 7, column: 'Rate', message: expect.any(String) },
    ]);

    // The import of the file as it is: refused whole, nothing moves.
    const refused = await send(company, 'stock_levels', '', bad);
    expect(refused.status, JSON.stringify(refused.body)).toBe(201);
    expect(refused.body.status).toBe('validation_error');
    expect(refused.body.errors).toHaveLength(5);
    expect(await levelOf(company, tea.id, main.id)).toBe(10);
    expect(await ledgerOf(company, coffee.id)).toEqual([]);

    const good = [
      header,
      `TEA-${tag},${main.name},25,`,
      `COF-${tag},${second.name},"1,200.5",12.34`,
      `tea-${tag},${second.name},0,`,
    ];
    const started = await send(company, 'stock_levels', '', good.join('\n'));
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const job = await waitForJob(company, started.body.id);
    expect(job).toMatchObject({
      kind: 'import_stock_levels',
      status: 'success',
      total_rows: 3,
      processed_rows: 3,
      created_count: 1,
      updated_count: 1,
    });
    expect(job.created_by.id).toBe(company.userId);

    // The product page shows the levels; each change is a movement naming the import.
    expect(await pageStock(company, tea.id, main.id)).toBe(25);
    expect(await pageStock(company, coffee.id, second.id)).toBe(1200.5);
    expect(await levelOf(company, tea.id, second.id)).toBe(0);
    const teaLedger = await ledgerOf(company, tea.id);
    expect(teaLedger.map((l) => [Number(l.quantity), Number(l.balance_after), l.reason])).toEqual([
      [10, 10, 'opening_stock'],
      [15, 25, 'bulk_update'],
    ]);
    expect(teaLedger[1]).toMatchObject({ document_type: 'bulk_inventory_update', document_id: job.id });
    const coffeeLedger = await ledgerOf(company, coffee.id);
    expect(coffeeLedger.map((l) => [l.warehouse_id, Number(l.quantity), Number(l.rate_paise)])).toEqual([
      [second.id, 1200.5, 1234],
    ]);

    // The same file again changes nothing: the levels already agree.
    const again = await send(company, 'stock_levels', '', good.join('\n'));
    expect(await waitForJob(company, again.body.id)).toMatchObject({
      status: 'success',
      created_count: 0,
      updated_count: 0,
    });
    expect(await ledgerOf(company, tea.id)).toHaveLength(2);

    // A lower count takes the difference out.
    const lower = await send(company, 'stock_levels', '', [header, `TEA-${tag},${main.name},4,`].join('\n'));
    expect(await waitForJob(company, lower.body.id)).toMatchObject({ status: 'success', updated_count: 1 });
    expect(await pageStock(company, tea.id, main.id)).toBe(4);
    expect(Number((await ledgerOf(company, tea.id))[2].quantity)).toBe(-21);
  });

  it('takes batch columns only when batches are on, and puts stock coming in into the named batch', async () => {
    const { company, main, tag, tea } = await world();
    const csv = [
      'SKU,Warehouse,Quantity,Batch No,Expiry Date',
      `TEA-${tag},${main.name},30,B1,2030-01-31`,
    ].join('\n');
    const off = await send(company, 'stock_levels', '/dry_run', csv);
    expect(off.body.errors).toEqual([
      {
        row: 2,
        column: 'Batch No',
        message: 'Batches are not turned on for this company; leave the batch columns blank.',
      },
    ]);
    const config = await company.api.post('company_configurations', {
      configuration_type: 'batch_configuration',
      configurations: { expiry_alert_days: 30, is_batch_mandatory: true },
      is_enabled: true,
    });
    expect(config.status, JSON.stringify(config.body)).toBeLessThan(300);
    const unbatched = await send(
      company,
      'stock_levels',
      '/dry_run',
      ['SKU,Warehouse,Quantity', `TEA-${tag},${main.name},30`, `TEA-${tag},Godown ${tag},0`].join('\n'),
    );
    expect(unbatched.body.errors).toEqual([
      { row: 2, column: 'Batch number', message: 'Batch number is required.' },
    ]);
    const started = await send(company, 'stock_levels', '', csv);
    expect(await waitForJob(company, started.body.id)).toMatchObject({ status: 'success', updated_count: 1 });
    const batches = await dbOf(company)
      .selectFrom('batch_stock as bs')
      .innerJoin('product_batches as pb', 'pb.id', 'bs.batch_id')
      .select([
        'pb.batch_number',
        sql<string>`to_char(pb.expires_on, 'YYYY-MM-DD')`.as('expires_on'),
        'bs.quantity',
      ])
      .where('bs.company_id', '=', company.companyId)
      .where('bs.product_id', '=', tea.id)
      .execute();
    expect(batches.map((b) => [b.batch_number, b.expires_on, Number(b.quantity)])).toEqual([
      ['B1', '2030-01-31', 20],
    ]);
    expect(await levelOf(company, tea.id, main.id)).toBe(30);

    // A count that takes stock out of a batch the product does not have is refused at the write,
    // at its row, and nothing of the file is kept.
    const out = ['SKU,Warehouse,Quantity,Batch No', `TEA-${tag},${main.name},5,B9`].join('\n');
    const refused = await send(company, 'stock_levels', '', out);
    expect(await waitForJob(company, refused.body.id)).toMatchObject({
      status: 'validation_error',
      errors: [{ row: 2, column: 'Batch No', message: expect.stringContaining('has no batch B9') }],
    });
    expect(await levelOf(company, tea.id, main.id)).toBe(30);
  });

  it('needs change_inventory', async () => {
    const { company, main, tag } = await world();
    const viewer = await createUserWithPermissions(company, ['view_inventory', 'view_product']);
    const res = await upload(
      viewer.api,
      company.t.baseUrl,
      `companies/${company.companyId}/imports/stock_levels/dry_run`,
      `SKU,Warehouse,Quantity\nTEA-${tag},${main.name},1\n`,
      'stock.csv',
    );
    expect(res.status).toBe(403);
    const template = await company.api.get(`companies/${company.companyId}/imports/stock_levels/template`);
    expect(template.status).toBe(200);
    const text =
      typeof template.body === 'string' ? template.body : ((template as { text?: string }).text ?? '');
    expect(String(text || template.body)).toContain(
      'sku,warehouse,quantity,rate,batch_number,manufactured_on,expires_on',
    );
  });
});

describe('POST companies/{id}/imports/prices', () => {
  it('checks prices by the product rules, then changes them with a history row; blank leaves a price as it is', async () => {
    const { company, tag, tea, coffee } = await world();
    const header = 'SKU,MRP,Selling Price,Cost Price';
    const bad = [
      header,
      `TEA-${tag},120,110,`,
      `COF-${tag},,150,`, // The stored MRP is 100.
      `NOPE-${tag},10,5,`,
      `TEA-${tag},130,,`,
      `COF-${tag}x,abc,,`,
    ].join('\n');
    const dry = await send(company, 'prices', '/dry_run', bad);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.errors).toEqual([
      { row: 3, column: 'Selling Price', message: 'Selling price cannot be more than MRP.' },
      { row: 4, column: 'SKU', message: 'No product with this SKU.' },
      { row: 5, column: 'SKU', message: 'This SKU is repeated in an earlier row of the file.' },
      { row: 6, column: 'SKU', message: 'No product with this SKU.' },
      { row: 6, column: 'MRP', message: expect.any(String) },
    ]);
    const refused = await send(company, 'prices', '', bad);
    expect(refused.body.status).toBe('validation_error');
    expect(await pricesOf(company, tea.id)).toEqual([10000, 9000, null]);

    const good = [header, `TEA-${tag},120,110,`, `cof-${tag},,95.5,"1,050.25"`].join('\n');
    const started = await send(company, 'prices', '', good);
    const job = await waitForJob(company, started.body.id);
    expect(job).toMatchObject({
      kind: 'import_prices',
      status: 'success',
      created_count: 0,
      updated_count: 2,
    });
    expect(await pricesOf(company, tea.id)).toEqual([12000, 11000, null]);
    expect(await pricesOf(company, coffee.id)).toEqual([10000, 9550, 105025]);

    const history = await company.api.get(`products/${coffee.id}/history`);
    expect(history.status).toBe(200);
    const change = history.body.results.find(
      (h: { actions: { action: string } }) => h.actions.action === 'updated',
    );
    expect(change, JSON.stringify(history.body)).toBeDefined();
    expect(JSON.stringify(change)).toContain('95.5');
    expect(JSON.stringify(change)).toContain('1050.25');

    // Prices as they are stored change nothing and leave no history row.
    const same = await send(company, 'prices', '', good);
    expect(await waitForJob(company, same.body.id)).toMatchObject({ status: 'success', updated_count: 0 });
    const after = await company.api.get(`products/${coffee.id}/history`);
    expect(after.body.results.length).toBe(history.body.results.length);
  });

  it('needs change_product', async () => {
    const { company, tag } = await world();
    const adder = await createUserWithPermissions(company, ['add_product', 'view_product']);
    const res = await upload(
      adder.api,
      company.t.baseUrl,
      `companies/${company.companyId}/imports/prices/dry_run`,
      `SKU,MRP\nTEA-${tag},100\n`,
      'prices.csv',
    );
    expect(res.status).toBe(403);
  });
});

describe('XLSX files', () => {
  it('imports a sheet the same as its CSV: first sheet, first row the header, numbers and dates as text', async () => {
    const { company, main, second, tag, tea, coffee } = await world();
    const rows: (string | number | Date | null)[][] = [
      ['SKU', 'Warehouse', 'Quantity', 'Rate'],
      [`TEA-${tag}`, main.name, 40, null],
      [],
      [`COF-${tag}`, second.name, 2.5, 12.5],
    ];
    const csv = [
      'SKU,Warehouse,Quantity,Rate',
      `TEA-${tag},${main.name},40,`,
      '',
      `COF-${tag},${second.name},2.5,12.5`,
    ].join('\n');
    const xlsx = await xlsxOf(rows);
    const fromSheet = await send(company, 'stock_levels', '/dry_run', xlsx, 'stock.xlsx');
    const fromCsv = await send(company, 'stock_levels', '/dry_run', csv);
    expect(fromSheet.status, JSON.stringify(fromSheet.body)).toBe(200);
    expect(fromSheet.body).toEqual(fromCsv.body);
    expect(fromSheet.body).toMatchObject({ total_rows: 2, valid_rows: 2, error_count: 0 });

    // A bad row of the sheet is named by its sheet row.
    const badSheet = await xlsxOf([...rows, [`NOPE-${tag}`, main.name, 1, null]]);
    const bad = await send(company, 'stock_levels', '/dry_run', badSheet, 'stock.xlsx');
    expect(bad.body.errors).toEqual([{ row: 5, column: 'SKU', message: 'No product with this SKU.' }]);

    const started = await send(company, 'stock_levels', '', xlsx, 'stock.xlsx');
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body.file_name).toBe('stock.xlsx');
    expect(await waitForJob(company, started.body.id)).toMatchObject({ status: 'success', total_rows: 2 });
    expect(await pageStock(company, tea.id, main.id)).toBe(40);
    expect(await pageStock(company, coffee.id, second.id)).toBe(2.5);

    // Dates of a sheet read as YYYY-MM-DD (a batch's expiry), formulas as their result.
    const dated = new ExcelJS.Workbook();
    const sheet = dated.addWorksheet('Prices');
    sheet.addRow(['SKU', 'MRP', 'Selling Price']);
    sheet.addRow([`TEA-${tag}`, { formula: '100+50', result: 150 }, 0.1 + 0.2 + 139.7]);
    const prices = await send(
      company,
      'prices',
      '',
      new Uint8Array(await dated.xlsx.writeBuffer()),
      'prices.xlsx',
    );
    expect(await waitForJob(company, prices.body.id)).toMatchObject({ status: 'success', updated_count: 1 });
    expect(await pricesOf(company, tea.id)).toEqual([15000, 14000, null]);
  });

  it('refuses a file that is neither CSV nor a workbook with a sentence', async () => {
    const { company } = await world();
    const res = await send(
      company,
      'prices',
      '/dry_run',
      new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]),
      'x.xlsx',
    );
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(
      'The file is neither a CSV text file (UTF-8) nor an XLSX workbook. Save the sheet as CSV or XLSX and upload it again.',
    );
  });
});
