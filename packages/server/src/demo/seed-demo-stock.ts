import { inventoryAdjustmentCreate } from '@b2b/domain/api/inventory-adjustments';
import { addDays, indianToday } from '@b2b/domain/cashpoints';
import type { InventoryAdjustmentReason } from '@b2b/domain/inventory-adjustments';
import type { Principal } from '../core/principal.ts';
import type { Database } from '../db/database.ts';
import { createConfiguration } from '../modules/companies/companies.service.ts';
import { createAdjustment } from '../modules/inventory-adjustments/inventory-adjustments.service.ts';
import { type Branch, lookup, step } from './seed-demo-support.ts';

// The demo's stock: batches switched on, and adjustments after a stock count.

const ADJUSTMENTS: {
  warehouse: Branch;
  reason: InventoryAdjustmentReason;
  notes: string;
  lines: { sku: string; quantity: number; batch_number?: string; manufacturedDaysAgo?: number }[];
}[] = [
  {
    warehouse: 'Mumbai',
    reason: 'extra_inventory_found',
    notes: 'Two lots of battens found in the mezzanine rack during the stock count.',
    lines: [
      { sku: 'HV-LT-BATTEN20', quantity: 24, batch_number: 'HE20-2609', manufacturedDaysAgo: 75 },
      { sku: 'HV-LT-BATTEN20', quantity: 16, batch_number: 'HE20-2610', manufacturedDaysAgo: 40 },
    ],
  },
  {
    warehouse: 'Mumbai',
    reason: 'stock_damaged',
    notes: 'Cartons crushed in the monsoon leak.',
    lines: [{ sku: 'PH-IC-HD4928', quantity: -14 }],
  },
];

/** The batch configuration and the stock adjustments. */
export async function seedDemoStock(
  db: Database,
  actor: Principal,
  refs: { companyId: number; warehouses: Map<string, number>; products: Map<string, number> },
) {
  const { warehouses, products } = refs;
  // Batches are on: LED battens arrive in manufacturing lots. Damaged mixers take one product below
  // its reorder point, so the bell has a warning to show.
  await step('batch configuration', () =>
    createConfiguration(db, actor, {
      configuration_type: 'batch_configuration',
      configurations: { expiry_alert_days: 30, is_batch_mandatory: false },
      is_enabled: true,
    }),
  );
  for (const adjustment of ADJUSTMENTS) {
    const input = inventoryAdjustmentCreate.parse({
      warehouse: lookup(warehouses, adjustment.warehouse, 'warehouse of branch'),
      reason: adjustment.reason,
      notes: adjustment.notes,
      lines: adjustment.lines.map(({ sku, manufacturedDaysAgo, ...line }) => ({
        ...line,
        product: lookup(products, sku, 'product'),
        ...(manufacturedDaysAgo ? { manufactured_on: addDays(indianToday(), -manufacturedDaysAgo) } : {}),
      })),
    });
    await step(`adjustment ${adjustment.reason}`, () => createAdjustment({ db, actor, input }));
  }
}
