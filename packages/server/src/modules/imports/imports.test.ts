import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';
import { runImport } from './imports.service.ts';

async function upload(api: SignedUpCompany['api'], baseUrl: string, path: string, csv: string) {
  const form = new FormData();
  form.append('file', new Blob([csv]), 'products.csv');
  const res = await fetch(`${baseUrl}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body, headers: res.headers };
}

const send = (company: SignedUpCompany, path: string, csv: string) =>
  upload(company.api, company.t.baseUrl, `companies/${company.companyId}/imports/products${path}`, csv);

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

const productsOf = (company: SignedUpCompany, skus: string[]) =>
  dbOf(company)
    .selectFrom('products')
    .select(['id', 'sku', 'name', 'mrp_paise', 'selling_price_paise', 'hsn', 'tax_id', 'category_id'])
    .where('company_id', '=', company.companyId)
    .where('sku', 'in', skus)
    .orderBy('sku')
    .execute();

const header = 'SKU,Product Name,Category,HSN,GST %,MRP,Selling Price,Warehouse,Opening Stock';

async function world() {
  const company = await signUpCompany();
  const warehouse = await firstWarehouse(company);
  const tag = unique().slice(-8).toUpperCase();
  return { company, warehouse, tag };
}

describe('GET companies/{id}/imports/products/template', () => {
  it('gives the CSV template with its headers and an example row', async () => {
    const { company } = await world();
    const res = await company.api.get(`companies/${company.companyId}/imports/products/template`);
    expect(res.status).toBe(200);
    const text = typeof res.body === 'string' ? res.body : ((res as { text?: string }).text ?? '');
    expect(String(text || res.body)).toContain('sku,name,category,brand,hsn,gst_rate,mrp,selling_price');
  });
});

describe('POST companies/{id}/imports/products/dry_run', () => {
  it('lists every error of the file at once (row, column, message) and writes nothing', async () => {
    const { company, warehouse, tag } = await world();
    const csv = [
      header,
      `A-${tag},Good ${tag},,0902,5,100,90,${warehouse.name},4`,
      `B-${tag},,,0902,5,100,90,,`,
      `C-${tag},Dear ${tag},,0902,5,100,120,,`,
      `D-${tag},Odd ${tag},No Such Category,0902,7,100,90,,`,
      `A-${tag},Again ${tag},,0902,5,100,90,,`,
      `E-${tag},Stock ${tag},,0902,5,1,1,,5`,
    ].join('\n');
    const res = await send(company, '/dry_run', csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total_rows).toBe(6);
    expect(res.body.valid_rows).toBe(1);
    expect(res.body.mapping).toMatchObject({ sku: 'SKU', name: 'Product Name', gst_rate: 'GST %' });
    expect(res.body.errors).toEqual([
      { row: 3, column: 'Product Name', message: 'Product name is required.' },
      { row: 4, column: 'Selling Price', message: 'Selling price cannot be more than MRP.' },
      { row: 5, column: 'Category', message: "No category named 'No Such Category'." },
      { row: 5, column: 'GST %', message: 'No GST rate of 7% in Taxes.' },
      { row: 6, column: 'SKU', message: 'This SKU is repeated in an earlier row of the file.' },
      { row: 7, column: 'Warehouse', message: 'Choose the warehouse that receives the opening stock.' },
    ]);
    const report = await send(company, '/dry_run?error_report=csv', csv);
    expect(report.status).toBe(200);
    expect(String(report.body)).toContain('row,column,message');
    expect(String(report.body)).toContain("5,Category,No category named 'No Such Category'.");
    expect(await productsOf(company, [`A-${tag}`])).toEqual([]);
  });

  it('answers 400 with a sentence for a mapping to a column the file does not have', async () => {
    const { company } = await world();
    const res = await send(
      company,
      `/dry_run?mapping=${encodeURIComponent('{"sku":"Code"}')}`,
      `${header}\n`,
    );
    expect(res.status).toBe(200);
    expect(res.body.errors[0]).toEqual({ row: 1, column: 'Code', message: "The file has no column 'Code'." });
    const bad = await send(company, '/dry_run?mapping=nope', `${header}\n`);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('The column mapping is not valid JSON.');
  });
});

describe('POST companies/{id}/imports/products', () => {
  it('refuses a file with errors whole, then imports the corrected file with its opening stock', async () => {
    const { company, warehouse, tag } = await world();
    const bad = [header, `A-${tag},Tea ${tag},,0902,5,100,90,${warehouse.name},4`, `B-${tag},,,,,100,90,,`];
    const refused = await send(company, '', bad.join('\n'));
    expect(refused.status, JSON.stringify(refused.body)).toBe(201);
    expect(refused.body.status).toBe('validation_error');
    expect(refused.body.errors).toEqual([
      { row: 3, column: 'Product Name', message: 'Product name is required.' },
    ]);
    expect(await productsOf(company, [`A-${tag}`, `B-${tag}`])).toEqual([]);

    bad[2] = `B-${tag},Coffee ${tag},,,,"1,200",999.50,,`;
    const started = await send(company, '', bad.join('\n'));
    expect(started.status).toBe(201);
    const job = await waitForJob(company, started.body.id);
    expect(job).toMatchObject({ status: 'success', total_rows: 2, processed_rows: 2, created_count: 2 });
    expect(job.created_by.id).toBe(company.userId);
    const products = await productsOf(company, [`A-${tag}`, `B-${tag}`]);
    expect(products.map((p) => [p.sku, p.name, Number(p.mrp_paise), Number(p.selling_price_paise)])).toEqual([
      [`A-${tag}`, `Tea ${tag}`, 10000, 9000],
      [`B-${tag}`, `Coffee ${tag}`, 120000, 99950],
    ]);
    const level = await dbOf(company)
      .selectFrom('stock_levels')
      .select('available_stock')
      .where('company_id', '=', company.companyId)
      .where('product_id', '=', products[0].id)
      .where('warehouse_id', '=', warehouse.id)
      .executeTakeFirstOrThrow();
    expect(Number(level.available_stock)).toBe(4);
    const history = await dbOf(company)
      .selectFrom('history')
      .select(['action', 'entity_id'])
      .where('company_id', '=', company.companyId)
      .where('entity_type', '=', 'product')
      .where(
        'entity_id',
        'in',
        products.map((p) => p.id),
      )
      .execute();
    expect(history.map((h) => h.action).sort()).toEqual(['created', 'created']);

    // The same SKUs again update (by SKU, any case); opening stock of an existing product is refused.
    const again = await send(
      company,
      '',
      [header, `a-${tag},Tea ${tag},,0902,5,110,95,,`, `B-${tag},Coffee ${tag},,,,1200,999,,`].join('\n'),
    );
    const updated = await waitForJob(company, again.body.id);
    expect(updated).toMatchObject({ status: 'success', created_count: 0, updated_count: 2 });
    const after = await productsOf(company, [`A-${tag}`]);
    expect(Number(after[0].mrp_paise)).toBe(11000);

    const list = await company.api.get(`companies/${company.companyId}/bulk_jobs?kind=import_products`);
    expect(list.body.count).toBe(3);
    expect(list.body.results.map((j: { status: string }) => j.status)).toEqual([
      'success',
      'success',
      'validation_error',
    ]);
  });

  it("imports the valid rows only when asked ('import the valid rows'): partial success", async () => {
    const { company, tag } = await world();
    const csv = [header, `A-${tag},Tea ${tag},,,,100,90,,`, `B-${tag},Bad ${tag},,,,100,190,,`].join('\n');
    const started = await send(company, '?import_valid_rows=true', csv);
    const job = await waitForJob(company, started.body.id);
    expect(job).toMatchObject({ status: 'partial_success', created_count: 1, failed_count: 1 });
    expect(job.errors).toEqual([
      { row: 3, column: 'Selling Price', message: 'Selling price cannot be more than MRP.' },
    ]);
    expect((await productsOf(company, [`A-${tag}`, `B-${tag}`])).map((p) => p.sku)).toEqual([`A-${tag}`]);
  });

  it('a job stopped part way leaves nothing of its file, and says it was abandoned', async () => {
    const { company, warehouse, tag } = await world();
    const rows = Array.from(
      { length: 4500 },
      (_, i) => `K${i}-${tag},Item ${i} ${tag},,,,100,90,${warehouse.name},1`,
    );
    const db = dbOf(company);
    // A job recorded as the start route records it, run here by hand so that it can be stopped.
    const { id } = await db
      .insertInto('bulk_jobs')
      .values({
        company_id: company.companyId,
        kind: 'import_products',
        status: 'to_be_processed',
        file_name: 'big.csv',
        file_data: Buffer.from([header, ...rows].join('\n')),
        options: JSON.stringify({
          import_kind: 'products',
          mapping: {
            sku: 'SKU',
            name: 'Product Name',
            mrp: 'MRP',
            selling_price: 'Selling Price',
            warehouse: 'Warehouse',
            opening_stock: 'Opening Stock',
          },
          import_valid_rows: false,
          can_update: true,
        }),
        total_rows: rows.length,
        created_by: company.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      runImport({
        db,
        companyId: company.companyId,
        jobId: Number(id),
        beforeBatch: (n) => {
          if (n === 2) throw new Error('killed part way');
        },
      }),
    ).rejects.toThrow('killed part way');
    const job = await company.api.get(`bulk_jobs/${id}`);
    expect(job.body).toMatchObject({
      status: 'abundanded_due_to_deadlock',
      created_count: 0,
      processed_rows: 0,
    });
    const written = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', company.companyId)
      .where('name', 'like', `%${tag}`)
      .executeTakeFirstOrThrow();
    expect(Number(written.n)).toBe(0);
    const ledger = await db
      .selectFrom('stock_ledger')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    expect(Number(ledger.n)).toBe(0);
    // Logs and Errors lists the stopped imports: the bulk jobs of that status.
    const stopped = await company.api.get(
      `companies/${company.companyId}/bulk_jobs?status=abundanded_due_to_deadlock`,
    );
    expect(stopped.body.results.map((j: { id: number }) => j.id)).toEqual([Number(id)]);
    const bad = await company.api.get(`companies/${company.companyId}/bulk_jobs?status=broken`);
    expect(bad.status).toBe(400);
  });

  it('needs add_product; updating existing products also needs change_product', async () => {
    const { company, tag } = await world();
    const csv = [header, `A-${tag},Tea ${tag},,,,100,90,,`].join('\n');
    const viewer = await createUserWithPermissions(company, ['view_product']);
    const denied = await upload(
      viewer.api,
      company.t.baseUrl,
      `companies/${company.companyId}/imports/products/dry_run`,
      csv,
    );
    expect(denied.status).toBe(403);
    const first = await send(company, '', csv);
    expect((await waitForJob(company, first.body.id)).status).toBe('success');
    const adder = await createUserWithPermissions(company, ['add_product', 'view_product']);
    const res = await upload(
      adder.api,
      company.t.baseUrl,
      `companies/${company.companyId}/imports/products/dry_run`,
      csv,
    );
    expect(res.body.errors).toEqual([
      { row: 2, column: 'SKU', message: 'You do not have permissions to change products.' },
    ]);
  });
});
