import { describe, expect, it } from 'vitest';
import { connectionPath, useAmazonApp } from '../../../test/amazon-fixtures.ts';
import type { StandInOrder } from '../../../test/amazon-stand-in.ts';
import type { ApiClient } from '../../../test/api-client.ts';
import { type SignedUpCompany, unique } from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { dbOf, stockLevelOf } from '../../../test/inventory-fixtures.ts';
import { invoiceOrder } from '../../../test/sales-fixtures.ts';

// Amazon orders cancelled on Amazon after their import (issue 26), against test/amazon-stand-in.ts:
// the sync asks with LastUpdatedAfter, under which a status change is an update, so a Canceled
// order comes back. Faked: Amazon only.

const amazon = useAmazonApp();
const { connectedWorld } = amazon;

const amazonOrder = (id: string, sku: string, quantity: number, status = 'Unshipped'): StandInOrder => ({
  AmazonOrderId: id,
  PurchaseDate: new Date(Date.now() - 3600_000).toISOString(),
  LastUpdateDate: new Date(Date.now() - 1800_000).toISOString(),
  OrderStatus: status,
  items: [
    {
      SellerSKU: sku,
      Title: `Item ${sku}`,
      QuantityOrdered: quantity,
      ItemPrice: { CurrencyCode: 'INR', Amount: (590 * quantity).toFixed(2) },
    },
  ],
});

/** Amazon cancels the order: its status changes, which is an update (LastUpdateDate now). */
function cancelOnAmazon(order: StandInOrder) {
  order.OrderStatus = 'Canceled';
  order.LastUpdateDate = new Date().toISOString();
}

const importOrders = async (api: ApiClient, company: SignedUpCompany) => {
  const res = await api.post(`${connectionPath(company)}/import_orders`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { ok: boolean; orders_imported: number; problems: string[] };
};

const importedOrders = (company: SignedUpCompany) =>
  dbOf(company)
    .selectFrom('amazon_orders as a')
    .innerJoin('sales_orders as o', (j) =>
      j.onRef('o.company_id', '=', 'a.company_id').onRef('o.id', '=', 'a.order_id'),
    )
    .select(['a.amazon_order_id', 'o.id', 'o.order_number', 'o.status', 'o.is_stock_reserved'])
    .where('a.company_id', '=', company.companyId)
    .orderBy('a.amazon_order_id')
    .execute();

/** What the warehouse holds reserved for orders (df_quantity). */
const reserved = async (company: SignedUpCompany, productId: number, warehouseId: number) =>
  Number((await stockLevelOf(company, productId, warehouseId))?.df_quantity);

describe('import_orders with orders cancelled on Amazon', { timeout: 120_000 }, () => {
  it('cancels an imported order not yet invoiced, releasing its stock, with a history row and a log line', async () => {
    amazon.standIn.orders.length = 0;
    const { company, api, warehouse, kurta } = await connectedWorld();
    const placed = amazonOrder(`171-${unique()}-1`, kurta.sku, 2);
    const born = amazonOrder(`171-${unique()}-2`, kurta.sku, 1, 'Canceled');
    amazon.standIn.orders.push(placed, born);
    const first = await importOrders(api, company);
    // The order that arrived already cancelled is not imported.
    expect(first).toMatchObject({ ok: true, orders_imported: 1, problems: [] });
    const [order] = await importedOrders(company);
    expect(order).toMatchObject({ amazon_order_id: placed.AmazonOrderId, status: 'confirmed' });
    expect(await reserved(company, kurta.id, warehouse.id)).toBe(2);

    cancelOnAmazon(placed);
    const second = await importOrders(api, company);
    expect(second.ok).toBe(true);
    expect(second.problems).toEqual([
      `Order ${placed.AmazonOrderId} was cancelled on Amazon: order ${order?.order_number} is cancelled here and its reserved stock released.`,
    ]);
    expect(amazon.standIn.requests.filter((r) => /LastUpdatedAfter=/.test(r.path)).length).toBeGreaterThan(0);
    expect(await importedOrders(company)).toEqual([
      {
        amazon_order_id: placed.AmazonOrderId,
        id: order?.id,
        order_number: order?.order_number,
        status: 'cancelled',
        is_stock_reserved: false,
      },
    ]);
    expect(await reserved(company, kurta.id, warehouse.id)).toBe(0);
    const history = await historyRows(company, 'sales_order', Number(order?.id), [
      'action',
      'user_id',
      'changes',
    ]);
    expect(history.at(-1)).toEqual({
      action: 'cancelled',
      user_id: null,
      changes: {
        status: { from: 'confirmed', to: 'cancelled' },
        stock_released: true,
        reason: `Cancelled on Amazon (Amazon order ${placed.AmazonOrderId}).`,
      },
    });

    // Amazon reports the same cancellation again: nothing more happens.
    placed.LastUpdateDate = new Date().toISOString();
    const third = await importOrders(api, company);
    expect(third).toMatchObject({ ok: true, problems: [] });
    expect(await reserved(company, kurta.id, warehouse.id)).toBe(0);
    expect(
      (await historyRows(company, 'sales_order', Number(order?.id), ['action'])).filter(
        (h) => h.action === 'cancelled',
      ),
    ).toHaveLength(1);
  });

  it('leaves an invoiced order as it is, and the log asks for a credit note', async () => {
    amazon.standIn.orders.length = 0;
    const { company, api, warehouse, kurta } = await connectedWorld();
    const placed = amazonOrder(`402-${unique()}-1`, kurta.sku, 3);
    amazon.standIn.orders.push(placed);
    expect((await importOrders(api, company)).orders_imported).toBe(1);
    const [order] = await importedOrders(company);
    const read = await company.api.get(`admin/orders/${order?.id}`);
    expect(read.status).toBe(200);
    await invoiceOrder(company, read.body);
    const before = await reserved(company, kurta.id, warehouse.id);

    cancelOnAmazon(placed);
    const run = await importOrders(api, company);
    expect(run.ok).toBe(false);
    expect(run.problems).toEqual([
      `Order ${placed.AmazonOrderId} was cancelled on Amazon, but its order here is invoiced: issue a credit note by hand.`,
    ]);
    const [after] = await importedOrders(company);
    expect(after?.status).not.toBe('cancelled');
    expect(await reserved(company, kurta.id, warehouse.id)).toBe(before);
    const history = await historyRows(company, 'sales_order', Number(order?.id), ['action']);
    expect(history.some((h) => h.action === 'cancelled')).toBe(false);
    const log = await api.get(`admin/companies/${company.companyId}/amazon_sync_logs`);
    expect(log.body.results[0].problems[0]).toContain('credit note');
  });
});
