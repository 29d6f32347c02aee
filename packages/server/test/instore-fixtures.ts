import { randomUUID } from 'node:crypto';
import { type SignedUpCompany, signUpCompany, unique } from './factories.ts';
import { dbOf, firstWarehouse } from './inventory-fixtures.ts';
import { createTaxedProduct, setRoundOff } from './sales-fixtures.ts';

/**
 * Test data for the instore counter: a company (round-off off), its first warehouse, two products
 * with stock and barcodes (₹118 at 18% GST, ₹105 at 5%), and its seeded Cash, Card and UPI methods.
 */
export interface CounterWorld {
  company: SignedUpCompany;
  warehouseId: number;
  pen: { id: number; sku: string; upc: string };
  tea: { id: number; sku: string; upc: string };
  methods: { cash: number; card: number; upi: number };
}

export async function counterWorld(): Promise<CounterWorld> {
  const company = await signUpCompany();
  await setRoundOff(company, false);
  const warehouseId = (await firstWarehouse(company)).id;
  // UPC-A: twelve digits.
  const barcode = () => String(Math.floor(Math.random() * 1e12)).padStart(12, '0');
  const penSku = `PEN-${unique()}`;
  const penUpc = barcode();
  const pen = await createTaxedProduct(company, {
    name: `Pen ${unique()}`,
    sku: penSku,
    openingStock: 50,
    fields: { upc: penUpc },
  });
  const teaSku = `TEA-${unique()}`;
  const teaUpc = barcode();
  const tea = await createTaxedProduct(company, {
    name: `Tea ${unique()}`,
    sku: teaSku,
    gstRate: 5,
    sellingPrice: 105,
    hsn: '0902',
    openingStock: 20,
    fields: { upc: teaUpc },
  });
  const rows = await dbOf(company)
    .selectFrom('payment_methods')
    .select(['id', 'code'])
    .where('company_id', '=', company.companyId)
    .execute();
  const idOf = (code: string) => {
    const row = rows.find((r) => r.code === code);
    if (!row) throw new Error(`no ${code} payment method`);
    return row.id;
  };
  return {
    company,
    warehouseId,
    pen: { id: pen.id, sku: penSku, upc: penUpc },
    tea: { id: tea.id, sku: teaSku, upc: teaUpc },
    methods: { cash: idOf('cash'), card: idOf('credit_card'), upi: idOf('upi') },
  };
}

export const salePath = (world: CounterWorld) => `admin/companies/${world.company.companyId}/instore_orders`;

/** POSTs a sale with a fresh Idempotency-Key (unless given). */
export function sell(world: CounterWorld, body: Record<string, unknown>, key: string = randomUUID()) {
  return world.company.api.post(
    salePath(world),
    { warehouse: world.warehouseId, ...body },
    { 'Idempotency-Key': key },
  );
}

export async function countOrders(world: CounterWorld) {
  const row = await dbOf(world.company)
    .selectFrom('sales_orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', world.company.companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
