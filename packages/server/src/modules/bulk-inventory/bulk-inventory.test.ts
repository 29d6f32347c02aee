import { describe, expect, inject, it } from 'vitest';
import type { ApiClient } from '../../../test/api-client.ts';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import {
  countAdjustments,
  createProduct,
  createWarehouse,
  dbOf,
  firstWarehouse,
  levelOf,
} from '../../../test/inventory-fixtures.ts';

const ledgerSum = async (company: SignedUpCompany, productId: number, warehouseId: number) =>
  Number(
    (
      await dbOf(company)
        .selectFrom('stock_ledger')
        .select((eb) => eb.fn.sum<string>('quantity').as('n'))
        .where('company_id', '=', company.companyId)
        .where('product_id', '=', productId)
        .where('warehouse_id', '=', warehouseId)
        .executeTakeFirstOrThrow()
    ).n ?? 0,
  );

type Kind = 'bulk_inventory_adjustment' | 'bulk_inventory_update' | 'bulk_adjustment_as_per_tally';

/** Uploads `content` as the multipart field `file`. */
async function upload(
  api: ApiClient,
  kind: Kind,
  warehouseId: number,
  content: string | Uint8Array,
  query = '',
  field = 'file',
) {
  const form = new FormData();
  form.append(field, new Blob([content]), 'stock.csv');
  const res = await fetch(`${api.baseUrl}/admin/warehouses/${warehouseId}/${kind}/${query}`, {
    method: kind === 'bulk_inventory_update' ? 'PATCH' : 'POST',
    headers: api.token ? { authorization: `Bearer ${api.token}` } : {},
    body: form,
  });
  const text = await res.text();
  const json = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
  return { status: res.status, body: json, text, headers: res.headers };
}

describe('POST admin/warehouses/{id}/bulk_inventory_adjustment/', () => {
  it('makes one adjustment per reason and moves the stock (BOM, CRLF, header case, labels)', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const a = await createProduct(company, { openingStock: 10 });
    const b = await createProduct(company);
    const csv =
      '\uFEFFSKU,Quantity,Reason,Notes\r\n' +
      `${a.sku},-3,stock_damaged,"Broken, in transit"\r\n` +
      `${b.sku.toLowerCase()},5,Extra inventory found,\r\n` +
      `${a.sku},2,item_return,returned\r\n`;
    const res = await upload(company.api, 'bulk_inventory_adjustment', warehouse.id, csv);
    expect(res.status, res.text).toBe(200);
    expect(res.body.rows_applied).toBe(3);
    expect(res.body.adjustments.map((x: { reason: string }) => x.reason).sort()).toEqual([
      'extra_inventory_found',
      'item_return',
      'stock_damaged',
    ]);
    expect(await levelOf(company, a.id, warehouse.id)).toBe(9);
    expect(await levelOf(company, b.id, warehouse.id)).toBe(5);
    expect(await ledgerSum(company, a.id, warehouse.id)).toBe(9);
    const damaged = res.body.adjustments.find((x: { reason: string }) => x.reason === 'stock_damaged');
    const doc = await company.api.get(`inventory_adjustments/${damaged.id}`);
    expect(doc.body).toMatchObject({
      notes: 'Broken, in transit',
      lines: [{ product: { id: a.id }, quantity: -3 }],
    });
  });

  it('writes nothing when any row is wrong and lists every error; ?error_report=csv downloads them', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const a = await createProduct(company, { openingStock: 4 });
    const csv = `sku,quantity,reason\n${a.sku},2,extra_inventory_found\nNOPE,1,item_return\n${a.sku},-1,stock_won\n${a.sku},1,stock_lost\n`;
    const before = await countAdjustments(company);
    const res = await upload(company.api, 'bulk_inventory_adjustment', warehouse.id, csv);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'validation_error',
      detail: 'The file has errors; nothing was changed.',
    });
    expect(res.body.row_errors).toEqual([
      { row: 3, column: 'sku', message: 'No product with this SKU.' },
      { row: 4, column: 'reason', message: expect.stringContaining('Use one of') },
      {
        row: 5,
        column: 'quantity',
        message: 'Stock lost only takes stock out: the quantity must be negative.',
      },
    ]);
    expect(await countAdjustments(company)).toBe(before);
    expect(await levelOf(company, a.id, warehouse.id)).toBe(4);

    const report = await upload(
      company.api,
      'bulk_inventory_adjustment',
      warehouse.id,
      csv,
      '?error_report=csv',
    );
    expect(report.status).toBe(400);
    expect(report.headers.get('content-type')).toContain('text/csv');
    expect(report.headers.get('content-disposition')).toContain('attachment');
    expect(report.text.split('\r\n')[0]).toBe('row,column,message'); // fetch drops the BOM
    expect(report.text).toContain('3,sku,No product with this SKU.');
  });

  it('refuses a file that would take stock below zero, naming every short row', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const a = await createProduct(company, { openingStock: 2 });
    const csv = `sku,quantity,reason\n${a.sku},-2,stock_damaged\n${a.sku},-1,stock_lost\n`;
    const res = await upload(company.api, 'bulk_inventory_adjustment', warehouse.id, csv);
    expect(res.status).toBe(400);
    expect(res.body.row_errors).toEqual([
      { row: 2, column: 'quantity', message: expect.stringContaining('Not enough stock') },
      { row: 3, column: 'quantity', message: expect.stringContaining('Not enough stock') },
    ]);
    expect(await levelOf(company, a.id, warehouse.id)).toBe(2);
  });

  it('refuses bad files: not multipart, no file, binary, missing column, empty, too large', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const path = `admin/warehouses/${warehouse.id}/bulk_inventory_adjustment/`;
    expect((await company.api.post(path, {})).status).toBe(415);
    expect(
      (await upload(company.api, 'bulk_inventory_adjustment', warehouse.id, 'x', '', 'other')).status,
    ).toBe(400);
    const binary = await upload(
      company.api,
      'bulk_inventory_adjustment',
      warehouse.id,
      new Uint8Array([0x89, 0x50, 0xff, 0, 1]),
    );
    expect(binary.status).toBe(400);
    expect(binary.body.detail).toBe('The file is not a UTF-8 CSV file.');
    const missing = await upload(
      company.api,
      'bulk_inventory_adjustment',
      warehouse.id,
      'sku,quantity\nA,1\n',
    );
    expect(missing.body.row_errors).toEqual([
      { row: 1, column: 'reason', message: "The column 'reason' is missing." },
    ]);
    const empty = await upload(company.api, 'bulk_inventory_adjustment', warehouse.id, '');
    expect(empty.body.row_errors).toEqual([{ row: 0, column: '', message: 'The file has no rows.' }]);
    const big = await upload(
      company.api,
      'bulk_inventory_adjustment',
      warehouse.id,
      'x'.repeat(2 * 1024 * 1024 + 10),
    );
    expect(big.status).toBe(413);
    const quote = await upload(
      company.api,
      'bulk_inventory_adjustment',
      warehouse.id,
      'sku,quantity,reason\n"A,1,x\n',
    );
    expect(quote.body.row_errors[0].message).toBe('A quoted field is not closed.');
  });

  it('needs add_inventory_adjustment; a foreign warehouse is 404 and an inactive one refused', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const a = await createProduct(company, { openingStock: 5 });
    const csv = `sku,quantity,reason\n${a.sku},-1,stock_damaged\n`;
    const viewer = await createUserWithPermissions(company, [
      'view_inventory_adjustment',
      'change_inventory',
    ]);
    expect((await upload(viewer.api, 'bulk_inventory_adjustment', warehouse.id, csv)).status).toBe(403);
    const maker = await createUserWithPermissions(company, ['add_inventory_adjustment']);
    expect((await upload(maker.api, 'bulk_inventory_adjustment', warehouse.id, csv)).status).toBe(200);
    const foreign = await upload(other.api, 'bulk_inventory_adjustment', warehouse.id, csv);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Warehouse Not Found');
    const spare = await createWarehouse(company, { name: `Spare ${unique()}` });
    expect((await company.api.post(`warehouses/${spare.id}/deactivate`)).status).toBe(200);
    const inactive = await upload(company.api, 'bulk_inventory_adjustment', spare.id, csv);
    expect(inactive.status).toBe(400);
    expect(inactive.body.detail).toContain('inactive');
    expect(await levelOf(company, a.id, warehouse.id)).toBe(4);
  });
});

describe('bulk adjustments with batches', () => {
  it('brings batches in with their dates and takes a named batch out; a mandatory batch is asked for by row', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const a = await createProduct(company);
    const csv =
      'sku,quantity,reason,batch_number,manufactured_on,expires_on\n' +
      `${a.sku},6,extra_inventory_found,LOT-1,2026-01-05,2099-01-05\n` +
      `${a.sku},4,extra_inventory_found,LOT-2,,2098-06-30\n` +
      `${a.sku},-1,stock_damaged,LOT-1,,\n`;
    const res = await upload(company.api, 'bulk_inventory_adjustment', warehouse.id, csv);
    expect(res.status, res.text).toBe(200);
    const batches = await company.api.get(`products/${a.id}/batches`);
    expect(
      batches.body.results.map(
        (r: { batch: { batch_number: string; expires_on: string }; quantity: number }) => [
          r.batch.batch_number,
          r.batch.expires_on,
          r.quantity,
        ],
      ),
    ).toEqual([
      ['LOT-2', '2098-06-30', 4],
      ['LOT-1', '2099-01-05', 5],
    ]);

    // Batches made mandatory: a row bringing stock in without one is refused, naming its row.
    const config = await company.api.post('company_configurations', {
      configuration_type: 'batch_configuration',
      configurations: { is_batch_mandatory: true },
      is_enabled: true,
    });
    expect(config.status).toBe(201);
    const missing = await upload(
      company.api,
      'bulk_inventory_adjustment',
      warehouse.id,
      `sku,quantity,reason\n${a.sku},-1,stock_damaged\n${a.sku},2,item_return\n`,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.row_errors).toEqual([
      { row: 3, column: 'batch_number', message: 'Batch number is required.' },
    ]);
    expect(await levelOf(company, a.id, warehouse.id)).toBe(9);
  });
});

describe('PATCH admin/warehouses/{id}/bulk_inventory_update/', () => {
  it('sets levels by posting the difference with reason bulk_update', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const a = await createProduct(company, { openingStock: 10 });
    const b = await createProduct(company);
    const c = await createProduct(company, { openingStock: 3 });
    const csv = `Sku,Stock\n${a.sku},4\n${b.sku},7.5\n${c.sku},3\n`;
    const res = await upload(company.api, 'bulk_inventory_update', warehouse.id, csv);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ rows_applied: 3, movements: 2, adjustments: [] });
    expect(await levelOf(company, a.id, warehouse.id)).toBe(4);
    expect(await levelOf(company, b.id, warehouse.id)).toBe(7.5);
    expect(await levelOf(company, c.id, warehouse.id)).toBe(3);
    expect(await ledgerSum(company, a.id, warehouse.id)).toBe(4);
    const last = await dbOf(company)
      .selectFrom('stock_ledger')
      .select(['reason', 'quantity', 'document_type'])
      .where('product_id', '=', a.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({ reason: 'bulk_update', document_type: 'bulk_inventory_update' });
    expect(Number(last.quantity)).toBe(-6);
  });

  it('writes nothing when a row is wrong, and needs change_inventory', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const a = await createProduct(company, { openingStock: 10 });
    const bad = `sku,stock\n${a.sku},1\nNOPE,2\n${a.sku.toLowerCase()},3\nX,-1\n`;
    const res = await upload(company.api, 'bulk_inventory_update', warehouse.id, bad);
    expect(res.status).toBe(400);
    expect(res.body.row_errors).toEqual([
      { row: 3, column: 'sku', message: 'No product with this SKU.' },
      { row: 4, column: 'sku', message: 'This product is already in the file.' },
      { row: 5, column: 'stock', message: 'Stock cannot be negative.' },
    ]);
    expect(await levelOf(company, a.id, warehouse.id)).toBe(10);
    const adjuster = await createUserWithPermissions(company, ['add_inventory_adjustment']);
    expect(
      (await upload(adjuster.api, 'bulk_inventory_update', warehouse.id, `sku,stock\n${a.sku},1\n`)).status,
    ).toBe(403);
    const keeper = await createUserWithPermissions(company, ['change_inventory']);
    expect(
      (await upload(keeper.api, 'bulk_inventory_update', warehouse.id, `sku,stock\n${a.sku},1\n`)).status,
    ).toBe(200);
    expect(await levelOf(company, a.id, warehouse.id)).toBe(1);
  });
});

describe('POST admin/warehouses/{id}/bulk_adjustment_as_per_tally/', () => {
  it("sets levels from Tally's stock summary by the products' Tally names", async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const name = `Blue Pen ${unique()}`;
    const a = await createProduct(company, { openingStock: 10, fields: { tally_product_name: name } });
    const csv = `Name of Item,Quantity,Rate\n"${name.toUpperCase()}","1,200.000 Nos",5\nUnknown item,1,1\n`;
    const refused = await upload(company.api, 'bulk_adjustment_as_per_tally', warehouse.id, csv);
    expect(refused.status).toBe(400);
    expect(refused.body.row_errors).toEqual([
      { row: 3, column: 'Name of Item', message: 'No product with this Tally name.' },
    ]);
    const res = await upload(
      company.api,
      'bulk_adjustment_as_per_tally',
      warehouse.id,
      csv.split('\n').slice(0, 2).join('\n'),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ rows_applied: 1, movements: 1 });
    expect(await levelOf(company, a.id, warehouse.id)).toBe(1200);
  });
});

describe.runIf(inject('databaseUrl'))('bulk files under concurrency (PostgreSQL)', () => {
  it('parallel set-stock files leave the level equal to the ledger', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const a = await createProduct(company, { openingStock: 10 });
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        upload(company.api, 'bulk_inventory_update', warehouse.id, `sku,stock\n${a.sku},${n}\n`),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const level = await levelOf(company, a.id, warehouse.id);
    expect([1, 2, 3, 4, 5, 6]).toContain(level);
    expect(await ledgerSum(company, a.id, warehouse.id)).toBe(level);
  });
});
