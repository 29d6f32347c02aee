import {
  addDays,
  INVENTORY_AGE_BUCKET_KEYS,
  inventoryAgeOf,
  type StockReceipt,
} from '@b2b/domain/stock-reports';
import { todayInIndia } from '@b2b/domain/validation';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import {
  adjust,
  createProduct,
  createWarehouse,
  dbOf,
  firstWarehouse,
} from '../../../test/inventory-fixtures.ts';

const BATCHES = 'admin/reports/batch_inventory';
const AGES = 'admin/reports/inventory_age';

/** A movement written straight to the ledger, `daysAgo` days back, with the level kept in step. */
interface PastMovement {
  quantity: number;
  daysAgo: number;
  ratePaise?: number | null;
  batchId?: number | null;
  /** An exact wall-clock time in India ('2025-01-31 00:10') instead of `daysAgo` days before now. */
  atInIndia?: string;
}

/**
 * The ledger is insert-only and stamps rows now(); a report over months needs rows from the past,
 * so the test writes them itself, keeping the level equal to the ledger's sum (the invariant the
 * inventory area keeps) and, for batch rows, batch_stock equal to the batch's ledger sum.
 */
async function postPast(
  company: SignedUpCompany,
  productId: number,
  warehouseId: number,
  movements: PastMovement[],
) {
  await dbOf(company)
    .transaction()
    .execute(async (tx) => {
      const key = { company_id: company.companyId, product_id: productId, warehouse_id: warehouseId };
      await tx
        .insertInto('stock_levels')
        .values(key)
        .onConflict((oc) => oc.columns(['company_id', 'product_id', 'warehouse_id']).doNothing())
        .execute();
      for (const m of [...movements].sort((a, b) => b.daysAgo - a.daysAgo)) {
        const level = await tx
          .updateTable('stock_levels')
          .set({ available_stock: sql`available_stock + ${m.quantity}::numeric` })
          .where('company_id', '=', company.companyId)
          .where('product_id', '=', productId)
          .where('warehouse_id', '=', warehouseId)
          .returning(['available_stock', 'df_quantity'])
          .executeTakeFirstOrThrow();
        if (m.batchId && m.quantity < 0) {
          // An upsert would check its proposed row (a negative quantity) against the CHECK first.
          await tx
            .updateTable('batch_stock')
            .set({ quantity: sql`quantity + ${m.quantity}::numeric` })
            .where('company_id', '=', company.companyId)
            .where('product_id', '=', productId)
            .where('warehouse_id', '=', warehouseId)
            .where('batch_id', '=', m.batchId)
            .executeTakeFirstOrThrow();
        } else if (m.batchId) {
          await sql`
            INSERT INTO batch_stock (company_id, product_id, warehouse_id, batch_id, quantity, received_at)
            VALUES (${company.companyId}, ${productId}, ${warehouseId}, ${m.batchId}, ${m.quantity},
              now() - make_interval(days => ${m.daysAgo}))
            ON CONFLICT (company_id, product_id, warehouse_id, batch_id)
              DO UPDATE SET quantity = batch_stock.quantity + excluded.quantity`.execute(tx);
        }
        await tx
          .insertInto('stock_ledger')
          .values({
            ...key,
            quantity: String(m.quantity),
            balance_after: level.available_stock,
            reserved_after: level.df_quantity,
            rate_paise: m.ratePaise ?? null,
            reason: m.quantity > 0 ? 'extra_inventory_found' : 'stock_lost',
            user_id: company.userId,
            batch_id: m.batchId ?? null,
            created_at: (m.atInIndia
              ? sql`${m.atInIndia}::timestamp AT TIME ZONE 'Asia/Kolkata'`
              : sql`now() - make_interval(days => ${m.daysAgo})`) as never,
          } as never)
          .execute();
      }
    });
}

async function insertBatch(
  company: SignedUpCompany,
  productId: number,
  batch: { number: string; expiresOn?: string | null; manufacturedOn?: string | null },
) {
  return dbOf(company)
    .insertInto('product_batches')
    .values({
      company_id: company.companyId,
      product_id: productId,
      batch_number: batch.number,
      expires_on: batch.expiresOn ?? null,
      manufactured_on: batch.manufacturedOn ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const csvText = async (company: SignedUpCompany, path: string) => {
  const res = await fetch(`${company.t.baseUrl}/${path}`, {
    headers: { authorization: `Bearer ${company.api.token}` },
  });
  return {
    res,
    text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()),
  };
};

const emptyBuckets = (value: number | null = 0) =>
  Object.fromEntries(INVENTORY_AGE_BUCKET_KEYS.map((k) => [k, { quantity: 0, value }]));

describe('GET admin/reports/inventory_age', () => {
  it('splits stock on hand into age buckets first in first out, with values where rates are known', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company, { name: `Ghee ${unique()}`, sku: 'GHEE-1' });
    // In: 10 (200 days ago, ₹1.00), 5 (70 days ago, no rate); out: 8 (50 days ago); in: 4 (10 days ago, ₹2.50).
    await postPast(company, product.id, warehouse.id, [
      { quantity: 10, daysAgo: 200, ratePaise: 100 },
      { quantity: 5, daysAgo: 70 },
      { quantity: -8, daysAgo: 50 },
      { quantity: 4, daysAgo: 10, ratePaise: 250 },
    ]);
    const today = todayInIndia();
    const res = await company.api.get(AGES);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.as_of).toBe(today);
    expect(res.body.count).toBe(1);
    // 11 on hand: the newest 4, then the 5, then 2 of the oldest 10.
    expect(res.body.results[0]).toEqual({
      product: { id: product.id, name: product.name, sku: 'GHEE-1' },
      warehouse: { id: warehouse.id, name: warehouse.name },
      on_hand: 11,
      buckets: {
        days_0_30: { quantity: 4, value: 10 },
        days_31_60: { quantity: 0, value: 0 },
        days_61_90: { quantity: 5, value: null },
        days_91_180: { quantity: 0, value: 0 },
        over_180: { quantity: 2, value: 2 },
      },
      value: null,
      oldest_stock_on: addDays(today, -200),
    });
    expect(res.body.totals).toEqual({
      on_hand: 11,
      buckets: res.body.results[0].buckets,
      value: null,
    });
  });

  it('counts ages in India’s calendar days, whatever the server’s zone', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company);
    const today = todayInIndia();
    // 00:10 in India is 18:40 the evening before in UTC: still the later day here.
    await postPast(company, product.id, warehouse.id, [
      { quantity: 2, daysAgo: 30, atInIndia: `${addDays(today, -30)} 00:10`, ratePaise: 100 },
      { quantity: 3, daysAgo: 31, atInIndia: `${addDays(today, -31)} 23:50`, ratePaise: 100 },
    ]);
    const [row] = (await company.api.get(`${AGES}?product=${product.id}`)).body.results;
    expect(row.oldest_stock_on).toBe(addDays(today, -31));
    expect(row.buckets.days_0_30).toEqual({ quantity: 2, value: 2 });
    expect(row.buckets.days_31_60).toEqual({ quantity: 3, value: 3 });
  });

  it('ages stock brought in by the API as today’s, valued at the opening rate', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company, { openingStock: 10, openingRate: 2 });
    const found = await company.api.post(`companies/${company.companyId}/inventory_adjustments`, {
      warehouse: warehouse.id,
      reason: 'extra_inventory_found',
      lines: [{ product: product.id, quantity: 5 }],
    });
    expect(found.status, JSON.stringify(found.body)).toBe(201);
    const lost = await company.api.post(`companies/${company.companyId}/inventory_adjustments`, {
      warehouse: warehouse.id,
      reason: 'stock_lost',
      lines: [{ product: product.id, quantity: -12 }],
    });
    expect(lost.status, JSON.stringify(lost.body)).toBe(201);
    const res = await company.api.get(AGES);
    expect(res.status).toBe(200);
    const [row] = res.body.results;
    // 3 on hand, all from the newest receipt (the 5 found), received today.
    expect(row).toMatchObject({ on_hand: 3, oldest_stock_on: todayInIndia() });
    expect(row.buckets.days_0_30.quantity).toBe(3);
    expect(row.buckets.over_180.quantity).toBe(0);

    const opening = await createProduct(company, { openingStock: 7, openingRate: 2.5 });
    const again = await company.api.get(`${AGES}?product=${opening.id}`);
    expect(again.body.results).toEqual([
      expect.objectContaining({
        on_hand: 7,
        buckets: { ...emptyBuckets(), days_0_30: { quantity: 7, value: 17.5 } },
        value: 17.5,
      }),
    ]);
  });

  it('agrees with the domain’s FIFO rule on random ledgers', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const today = todayInIndia();
    let seed = 20250630;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const expected = new Map<number, ReturnType<typeof inventoryAgeOf> & { onHand: number }>();
    for (let n = 0; n < 6; n += 1) {
      const product = await createProduct(company);
      const movements: PastMovement[] = [];
      let onHand = 0;
      // Distinct days, oldest first, so "newest first" is unambiguous.
      const days = [...new Set(Array.from({ length: 12 }, () => Math.floor(random() * 400)))].sort(
        (a, b) => b - a,
      );
      for (const daysAgo of days) {
        const out = onHand > 0 && random() < 0.35;
        const quantity = out
          ? -Math.max(0.5, Math.round(random() * onHand * 1000) / 1000)
          : Math.round((1 + random() * 20) * 1000) / 1000;
        if (out && -quantity > onHand) continue;
        movements.push({
          quantity,
          daysAgo,
          ratePaise: random() < 0.8 ? Math.round(random() * 10_000) : null,
        });
        onHand = Math.round((onHand + quantity) * 1000) / 1000;
      }
      if (onHand <= 0) movements.push({ quantity: 3, daysAgo: 0, ratePaise: 100 });
      onHand = Math.round(movements.reduce((s, m) => s + m.quantity * 1000, 0)) / 1000;
      await postPast(company, product.id, warehouse.id, movements);
      const receipts: StockReceipt[] = movements
        .filter((m) => m.quantity > 0)
        .sort((a, b) => a.daysAgo - b.daysAgo)
        .map((m) => ({
          quantity: m.quantity,
          received_on: addDays(today, -m.daysAgo),
          rate_paise: m.ratePaise ?? null,
        }));
      expected.set(product.id, { ...inventoryAgeOf(receipts, onHand, today), onHand });
    }
    const res = await company.api.get(`${AGES}?limit=-1`);
    expect(res.body.count).toBe(6);
    for (const row of res.body.results) {
      const want = expected.get(row.product.id);
      expect(want, `product ${row.product.id}`).toBeDefined();
      if (!want) continue;
      expect(row.on_hand).toBe(want.onHand);
      expect(row.oldest_stock_on).toBe(want.oldest_stock_on);
      for (const key of INVENTORY_AGE_BUCKET_KEYS) {
        expect(row.buckets[key].quantity, `${key} of ${row.product.id}`).toBeCloseTo(
          want.buckets[key].quantity,
          3,
        );
        const value = want.buckets[key].value_paise;
        expect(row.buckets[key].value, `${key} value of ${row.product.id}`).toBe(
          value === null ? null : value / 100,
        );
      }
    }
  });

  it('filters by warehouse, product and search, pages with totals over every row, and orders', async () => {
    const company = await signUpCompany();
    const main = await firstWarehouse(company);
    const other = await createWarehouse(company, { name: `Annex ${unique()}` });
    const tag = unique();
    const apples = await createProduct(company, { name: `Apples ${tag}`, sku: `APL-${tag}` });
    const bananas = await createProduct(company, { name: `Bananas ${tag}`, sku: `BAN-${tag}` });
    await postPast(company, apples.id, main.id, [{ quantity: 3, daysAgo: 1, ratePaise: 100 }]);
    await postPast(company, apples.id, other.id, [{ quantity: 7, daysAgo: 100, ratePaise: 100 }]);
    await postPast(company, bananas.id, main.id, [{ quantity: 5, daysAgo: 40, ratePaise: 200 }]);
    // Stock that went to zero is not in the report.
    const gone = await createProduct(company, { name: `Cherries ${tag}` });
    await postPast(company, gone.id, main.id, [
      { quantity: 2, daysAgo: 9 },
      { quantity: -2, daysAgo: 8 },
    ]);

    const all = await company.api.get(`${AGES}?limit=2`);
    expect(all.body.count).toBe(3);
    // By product, then warehouse name.
    const apple = (name: string) => [apples.name, name];
    expect(
      all.body.results.map((r: { product: { name: string }; warehouse: { name: string } }) => [
        r.product.name,
        r.warehouse.name,
      ]),
    ).toEqual(
      [apple(other.name), apple(main.name)].sort((a, b) =>
        a[1].toLowerCase().localeCompare(b[1].toLowerCase()),
      ),
    );
    expect(all.body.next).toContain('offset=2');
    // Totals cover every row, not only the page.
    expect(all.body.totals).toEqual({
      on_hand: 15,
      buckets: {
        days_0_30: { quantity: 3, value: 3 },
        days_31_60: { quantity: 5, value: 10 },
        days_61_90: { quantity: 0, value: 0 },
        days_91_180: { quantity: 7, value: 7 },
        over_180: { quantity: 0, value: 0 },
      },
      value: 20,
    });

    const byWarehouse = await company.api.get(`${AGES}?warehouse=${other.id}`);
    expect(byWarehouse.body.results.map((r: { on_hand: number }) => r.on_hand)).toEqual([7]);
    expect(byWarehouse.body.totals.on_hand).toBe(7);
    const bySku = await company.api.get(`${AGES}?search=ban-${tag}`);
    expect(bySku.body.results.map((r: { product: { id: number } }) => r.product.id)).toEqual([bananas.id]);
    const byProduct = await company.api.get(`${AGES}?product=${apples.id}&ordering=-on_hand`);
    expect(byProduct.body.results.map((r: { on_hand: number }) => r.on_hand)).toEqual([7, 3]);
    const byName = await company.api.get(`${AGES}?ordering=-product,warehouse`);
    expect(byName.body.results[0].product.id).toBe(bananas.id);
    const none = await company.api.get(`${AGES}?search=${encodeURIComponent('%')}`);
    expect(none.body).toMatchObject({ count: 0, results: [], totals: { on_hand: 0, value: 0 } });
  });

  it('answers the whole report as a CSV file', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company, { name: 'Tea, "Assam"', sku: 'TEA-1' });
    await postPast(company, product.id, warehouse.id, [
      { quantity: 4, daysAgo: 100, ratePaise: 150 },
      { quantity: 2.5, daysAgo: 3, ratePaise: 200 },
    ]);
    const other = await createProduct(company, { name: 'Sugar', sku: 'SUG-1' });
    await postPast(company, other.id, warehouse.id, [{ quantity: 1, daysAgo: 400 }]);
    const { res, text } = await csvText(company, `${AGES}?format=csv&limit=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = todayInIndia();
    expect(res.headers.get('content-disposition')).toContain(`inventory-age-${today}.csv`);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFProduct,SKU,Warehouse,On Hand,0–30 days Quantity,0–30 days Value,31–60 days Quantity,' +
        '31–60 days Value,61–90 days Quantity,61–90 days Value,91–180 days Quantity,91–180 days Value,' +
        'Over 180 days Quantity,Over 180 days Value,Total Value,Oldest Stock On',
    );
    expect(lines.slice(1)).toEqual([
      `Sugar,SUG-1,${warehouse.name},1,0,0.00,0,0.00,0,0.00,0,0.00,1,,,${addDays(today, -400)}`,
      `"Tea, ""Assam""",TEA-1,${warehouse.name},6.5,2.5,5.00,0,0.00,0,0.00,4,6.00,0,0.00,11.00,${addDays(today, -100)}`,
      '',
    ]);
  });

  it('needs view_reports, sees only the caller’s company, and refuses bad parameters', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const theirs = await firstWarehouse(other);
    const product = await createProduct(other, { openingStock: 5 });
    const clerk = await createUserWithPermissions(company, ['view_product']);
    expect((await clerk.api.get(AGES)).status).toBe(403);
    const analyst = await createUserWithPermissions(company, ['view_reports']);
    expect((await analyst.api.get(AGES)).body).toMatchObject({ count: 0, results: [] });
    const foreign = await company.api.get(`${AGES}?warehouse=${theirs.id}&product=${product.id}`);
    expect(foreign.body).toMatchObject({ count: 0, results: [] });
    expect((await other.api.get(AGES)).body.count).toBe(1);
    for (const bad of ['ordering=expires_on', 'warehouse=abc', 'product=-1', 'format=xlsx', 'limit=abc']) {
      const res = await company.api.get(`${AGES}?${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });
});

describe('GET admin/reports/batch_inventory', () => {
  async function batchWorld(company: SignedUpCompany) {
    const today = todayInIndia();
    const main = await firstWarehouse(company);
    const annex = await createWarehouse(company, { name: `Annex ${unique()}` });
    const tag = unique();
    const syrup = await createProduct(company, { name: `Cough Syrup ${tag}`, sku: `CS-${tag}` });
    const balm = await createProduct(company, { name: `Pain Balm ${tag}`, sku: `PB-${tag}` });
    const expired = await insertBatch(company, syrup.id, {
      number: 'CS-OLD',
      manufacturedOn: addDays(today, -400),
      expiresOn: addDays(today, -5),
    });
    const soon = await insertBatch(company, syrup.id, { number: 'CS-SOON', expiresOn: addDays(today, 10) });
    const later = await insertBatch(company, balm.id, { number: 'PB-LATER', expiresOn: addDays(today, 100) });
    const undated = await insertBatch(company, balm.id, { number: 'PB-NODATE' });
    const emptied = await insertBatch(company, balm.id, {
      number: 'PB-GONE',
      expiresOn: addDays(today, -50),
    });
    await postPast(company, syrup.id, main.id, [
      { quantity: 4, daysAgo: 300, batchId: expired.id },
      { quantity: 6, daysAgo: 20, batchId: soon.id },
      // Stock without a batch is not in this report.
      { quantity: 9, daysAgo: 5 },
    ]);
    await postPast(company, syrup.id, annex.id, [{ quantity: 2, daysAgo: 15, batchId: soon.id }]);
    await postPast(company, balm.id, main.id, [
      { quantity: 8, daysAgo: 30, batchId: later.id },
      { quantity: 1.5, daysAgo: 30, batchId: undated.id },
      { quantity: 3, daysAgo: 90, batchId: emptied.id },
      { quantity: -3, daysAgo: 60, batchId: emptied.id },
    ]);
    return { today, main, annex, syrup, balm, expired, soon, later, undated };
  }

  const keyOf = (r: { batch_number: string; warehouse: { name: string } }) =>
    `${r.batch_number}@${r.warehouse.name}`;

  it('lists each batch on hand per warehouse, soonest expiry first, with days to expiry and status', async () => {
    const company = await signUpCompany();
    const w = await batchWorld(company);
    const res = await company.api.get(BATCHES);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results.map(keyOf)).toEqual([
      `CS-OLD@${w.main.name}`,
      ...[`CS-SOON@${w.main.name}`, `CS-SOON@${w.annex.name}`].sort((a, b) =>
        a.split('@')[1].toLowerCase().localeCompare(b.split('@')[1].toLowerCase()),
      ),
      `PB-LATER@${w.main.name}`,
      `PB-NODATE@${w.main.name}`,
    ]);
    expect(res.body.results[0]).toMatchObject({
      product: { id: w.syrup.id, name: w.syrup.name, sku: w.syrup.sku },
      warehouse: { id: w.main.id, name: w.main.name },
      batch_id: w.expired.id,
      batch_number: 'CS-OLD',
      manufactured_on: addDays(w.today, -400),
      expires_on: addDays(w.today, -5),
      quantity: 4,
      days_to_expiry: -5,
      status: 'expired',
    });
    const statuses = Object.fromEntries(
      res.body.results.map((r: { batch_number: string; status: string; days_to_expiry: number | null }) => [
        r.batch_number,
        [r.status, r.days_to_expiry],
      ]),
    );
    expect(statuses).toEqual({
      'CS-OLD': ['expired', -5],
      'CS-SOON': ['expiring_soon', 10],
      'PB-LATER': ['ok', 100],
      'PB-NODATE': ['no_expiry', null],
    });
    expect(res.body).toMatchObject({
      count: 5,
      as_of: w.today,
      batch_configuration: { is_enabled: false, expiry_alert_days: 30 },
      summary: {
        total: { count: 5, quantity: 21.5 },
        expired: { count: 1, quantity: 4 },
        expiring_soon: { count: 2, quantity: 8 },
      },
    });
    // Descending keeps batches without an expiry last.
    const latest = await company.api.get(`${BATCHES}?ordering=-expires_on`);
    expect(latest.body.results.map((r: { batch_number: string }) => r.batch_number)).toEqual([
      'PB-LATER',
      'CS-SOON',
      'CS-SOON',
      'CS-OLD',
      'PB-NODATE',
    ]);
    const byQuantity = await company.api.get(`${BATCHES}?ordering=-quantity&limit=2`);
    expect(byQuantity.body.results.map((r: { quantity: number }) => r.quantity)).toEqual([8, 6]);
    expect(byQuantity.body.next).toContain('offset=2');
  });

  it('filters by status, warehouse, product and search; the summary ignores the status filter', async () => {
    const company = await signUpCompany();
    const w = await batchWorld(company);
    const numbers = async (query: string) => {
      const res = await company.api.get(`${BATCHES}?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.results.map((r: { batch_number: string }) => r.batch_number);
    };
    expect(await numbers('status=expired')).toEqual(['CS-OLD']);
    expect(await numbers('status=expiring_soon')).toEqual(['CS-SOON', 'CS-SOON']);
    expect(await numbers('status=ok')).toEqual(['PB-LATER']);
    expect(await numbers('status=no_expiry')).toEqual(['PB-NODATE']);
    expect(await numbers(`warehouse=${w.annex.id}`)).toEqual(['CS-SOON']);
    expect(await numbers(`product=${w.balm.id}`)).toEqual(['PB-LATER', 'PB-NODATE']);
    expect(await numbers('search=nodate')).toEqual(['PB-NODATE']);
    expect(await numbers(`search=${encodeURIComponent(w.syrup.sku.toLowerCase())}&status=expired`)).toEqual([
      'CS-OLD',
    ]);
    const summary = (await company.api.get(`${BATCHES}?status=ok&product=${w.syrup.id}`)).body;
    expect(summary.count).toBe(0);
    expect(summary.summary).toEqual({
      total: { count: 3, quantity: 12 },
      expired: { count: 1, quantity: 4 },
      expiring_soon: { count: 2, quantity: 8 },
    });
  });

  it('counts "expiring soon" by the company’s expiry alert days', async () => {
    const company = await signUpCompany();
    await batchWorld(company);
    const config = await company.api.post('company_configurations', {
      configuration_type: 'batch_configuration',
      configurations: { expiry_alert_days: 5, is_batch_mandatory: false },
      is_enabled: true,
    });
    expect(config.status, JSON.stringify(config.body)).toBe(201);
    const res = await company.api.get(`${BATCHES}?status=ok`);
    expect(res.body.batch_configuration).toEqual({ is_enabled: true, expiry_alert_days: 5 });
    expect(res.body.results.map((r: { batch_number: string }) => r.batch_number)).toEqual([
      'CS-SOON',
      'CS-SOON',
      'PB-LATER',
    ]);
    expect(res.body.summary.expiring_soon).toEqual({ count: 0, quantity: 0 });
    const wider = await company.api.patch(`company_configurations/${config.body.id}`, {
      configurations: { expiry_alert_days: 100, is_batch_mandatory: false },
    });
    expect(wider.status, JSON.stringify(wider.body)).toBe(200);
    const again = await company.api.get(`${BATCHES}?status=expiring_soon`);
    expect(again.body.results.map((r: { batch_number: string }) => r.batch_number)).toEqual([
      'CS-SOON',
      'CS-SOON',
      'PB-LATER',
    ]);
  });

  it('shows batches brought in and taken out by inventory adjustments', async () => {
    const company = await signUpCompany();
    const today = todayInIndia();
    const config = await company.api.post('company_configurations', {
      configuration_type: 'batch_configuration',
      configurations: { expiry_alert_days: 15, is_batch_mandatory: false },
      is_enabled: true,
    });
    expect(config.status, JSON.stringify(config.body)).toBe(201);
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company, { name: `Paracetamol ${unique()}` });
    await adjust(company, {
      warehouse: warehouse.id,
      reason: 'extra_inventory_found',
      lines: [
        { product: product.id, quantity: 10, batch_number: 'LOT-A', expires_on: addDays(today, 12) },
        { product: product.id, quantity: 6, batch_number: 'LOT-B', expires_on: addDays(today, 90) },
      ],
    });
    // Out without a batch: first expiry first out, so LOT-A goes first.
    await adjust(company, {
      warehouse: warehouse.id,
      reason: 'stock_damaged',
      lines: [{ product: product.id, quantity: -4 }],
    });
    const res = await company.api.get(`${BATCHES}?product=${product.id}`);
    expect(res.body.batch_configuration).toEqual({ is_enabled: true, expiry_alert_days: 15 });
    expect(
      res.body.results.map((r: { batch_number: string; quantity: number; status: string }) => [
        r.batch_number,
        r.quantity,
        r.status,
      ]),
    ).toEqual([
      ['LOT-A', 6, 'expiring_soon'],
      ['LOT-B', 6, 'ok'],
    ]);
    const age = await company.api.get(`${AGES}?product=${product.id}`);
    expect(age.body.results[0]).toMatchObject({ on_hand: 12, buckets: { days_0_30: { quantity: 12 } } });
  });

  it('answers every row as a CSV file', async () => {
    const company = await signUpCompany();
    const w = await batchWorld(company);
    const { res, text } = await csvText(company, `${BATCHES}?format=csv&limit=1&warehouse=${w.main.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(`batch-inventory-${w.today}.csv`);
    expect(text.split('\r\n')).toEqual([
      '\uFEFFProduct,SKU,Warehouse,Batch Number,Manufactured On,Expires On,Days to Expiry,Status,Quantity',
      `${w.syrup.name},${w.syrup.sku},${w.main.name},CS-OLD,${addDays(w.today, -400)},${addDays(w.today, -5)},-5,Expired,4`,
      `${w.syrup.name},${w.syrup.sku},${w.main.name},CS-SOON,,${addDays(w.today, 10)},10,Expiring soon,6`,
      `${w.balm.name},${w.balm.sku},${w.main.name},PB-LATER,,${addDays(w.today, 100)},100,OK,8`,
      `${w.balm.name},${w.balm.sku},${w.main.name},PB-NODATE,,,,No expiry,1.5`,
      '',
    ]);
  });

  it('needs view_reports, sees only the caller’s company, and refuses bad parameters', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const theirs = await batchWorld(other);
    const clerk = await createUserWithPermissions(company, ['view_inventory_adjustment']);
    expect((await clerk.api.get(BATCHES)).status).toBe(403);
    const analyst = await createUserWithPermissions(company, ['view_reports']);
    const empty = await analyst.api.get(BATCHES);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      count: 0,
      results: [],
      batch_configuration: { is_enabled: false, expiry_alert_days: 30 },
      summary: { total: { count: 0, quantity: 0 } },
    });
    const foreign = await company.api.get(
      `${BATCHES}?warehouse=${theirs.main.id}&product=${theirs.syrup.id}`,
    );
    expect(foreign.body).toMatchObject({ count: 0, results: [] });
    for (const bad of ['status=soon', 'ordering=age', 'warehouse=1.5', 'format=pdf', 'offset=-1']) {
      const res = await company.api.get(`${BATCHES}?${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });
});
