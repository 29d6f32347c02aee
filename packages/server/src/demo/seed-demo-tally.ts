import { productUpdate } from '@b2b/domain/api/products';
import { warehouseUpdate } from '@b2b/domain/api/warehouses';
import type { Principal } from '../core/principal.ts';
import type { Database } from '../db/database.ts';
import { saveTallySetting } from '../modules/branches/tally-settings.ts';
import { updateProduct } from '../modules/products/change-product.ts';
import { updateWarehouse } from '../modules/warehouses/warehouses.service.ts';

/** The ledgers a demo branch posts to in Tally: the names an Indian accountant's company has. */
const DEMO_LEDGERS = {
  sales: 'Sales GST',
  purchase: 'Purchase GST',
  output_cgst: 'Output CGST',
  output_sgst: 'Output SGST',
  output_igst: 'Output IGST',
  output_cess: 'Output Cess',
  input_cgst: 'Input CGST',
  input_sgst: 'Input SGST',
  input_igst: 'Input IGST',
  input_cess: 'Input Cess',
  round_off: 'Round Off',
  shipping_charges: 'Freight Outward',
};

/** A name Tally's rule accepts (letters, digits, space and . - _ / ( )). */
const tallyName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9 ._/()-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);

/**
 * The Tally export's demo (issue 22): every branch maps its ledgers, every warehouse is a godown,
 * and every product but the last has its stock item name, so the Tally Export screen shows the
 * check listing the one product to name before the vouchers can be exported.
 */
export async function seedDemoTally(
  db: Database,
  actor: Principal,
  refs: { branches: Map<string, number>; warehouses: Map<string, number>; products: Map<string, number> },
) {
  for (const branchId of new Set(refs.branches.values())) {
    await saveTallySetting({ db, actor, branchId, setting: 'ledger_mappings', names: DEMO_LEDGERS });
  }
  for (const [branch, warehouseId] of refs.warehouses) {
    await updateWarehouse({
      db,
      actor,
      warehouseId,
      changes: warehouseUpdate.parse({ tally_warehouse_name: tallyName(`${branch} Godown`) }),
    });
  }
  const products = [...refs.products];
  for (const [name, productId] of products.slice(0, -1)) {
    await updateProduct({
      db,
      actor,
      productId,
      changes: productUpdate.parse({ tally_product_name: tallyName(name) }),
    });
  }
}
