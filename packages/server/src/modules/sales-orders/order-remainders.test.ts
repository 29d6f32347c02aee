import { describe, expect, it } from 'vitest';
import { type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { dbOf, firstWarehouse, stockLevelOf } from '../../../test/inventory-fixtures.ts';
import {
  createBuyerWithAddress,
  createOrder,
  createTaxedProduct,
  invoiceOrder,
} from '../../../test/sales-fixtures.ts';
import { cancelOrderRemainders } from './order-remainders.ts';

const DAY_MS = 86_400_000;
const daysLater = (days: number) => new Date(Date.now() + days * DAY_MS);

async function setAutoCancel(company: SignedUpCompany, afterDays: number, enabled = true) {
  const res = await company.api.post('company_configurations', {
    configuration_type: 'auto_cancel_partially_invoiced_orders',
    configurations: { after_days: afterDays },
    is_enabled: enabled,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function stock(company: SignedUpCompany, productId: number) {
  const level = await stockLevelOf(company, productId, (await firstWarehouse(company)).id);
  return { available: Number(level?.available_stock ?? 0), reserved: Number(level?.df_quantity ?? 0) };
}

const orderOf = async (company: SignedUpCompany, orderId: number) =>
  (await company.api.get(`admin/orders/${orderId}`)).body;

/** An order of 5 of one product and 3 of another, confirmed, with 2 of the first invoiced. */
async function partlyInvoicedOrder(company: SignedUpCompany) {
  const buyer = await createBuyerWithAddress(company);
  const soap = await createTaxedProduct(company, { name: `Soap ${Date.now()}`, openingStock: 10 });
  const oil = await createTaxedProduct(company, { name: `Oil ${Date.now()}`, openingStock: 20 });
  const { order } = await createOrder(company, {
    buyer,
    lines: [
      { product: soap.id, quantity: 5 },
      { product: oil.id, quantity: 3 },
    ],
    confirm: true,
  });
  await invoiceOrder(company, order, [2, 0]);
  return { order, soap, oil };
}

// Each test builds its company, products, order and invoice over HTTP: slow on a shared machine.
describe('auto_cancel_partially_invoiced_orders (the daily job)', { timeout: 400_000 }, () => {
  it('cancels the remainder of a partly invoiced order after the configured days, releasing its stock, once', async () => {
    const company = await signUpCompany();
    await setAutoCancel(company, 10);
    const { order, soap, oil } = await partlyInvoicedOrder(company);
    expect(await stock(company, soap.id)).toEqual({ available: 8, reserved: 3 });
    expect(await stock(company, oil.id)).toEqual({ available: 20, reserved: 3 });
    const run = (now: Date) =>
      cancelOrderRemainders({ db: dbOf(company), now, companyId: company.companyId });

    // Nine days on (Indian calendar) the order is not old enough.
    expect(await run(daysLater(9))).toEqual({ cancelled: [] });
    expect((await orderOf(company, order.id)).total_quantity_cancelled).toBe(0);

    // Ten days on its remainder is cancelled and its reservation goes back.
    expect(await run(daysLater(10))).toEqual({
      cancelled: [{ companyId: company.companyId, orderId: order.id }],
    });
    expect(await stock(company, soap.id)).toEqual({ available: 8, reserved: 0 });
    expect(await stock(company, oil.id)).toEqual({ available: 20, reserved: 0 });
    const after = await orderOf(company, order.id);
    expect(
      after.order_items.map((item: Record<string, unknown>) => [
        item.quantity,
        item.quantity_invoiced,
        item.quantity_cancelled,
        item.invoiceable_quantity,
      ]),
    ).toEqual([
      [5, 2, 3, 0],
      [3, 0, 3, 0],
    ]);
    expect(after).toMatchObject({
      // Everything still ordered is invoiced; it completes when the goods are delivered.
      status: 'processing',
      partially_invoiced: false,
      total_quantity: 8,
      total_quantity_invoiced: 2,
      total_quantity_cancelled: 6,
    });
    expect(after.allowed_actions).not.toContain('invoice');
    const invoiceMore = await company.api.get(`admin/orders/${order.id}/initiate_invoice/`);
    expect(invoiceMore.status).toBe(409);

    const rows = await historyRows(company, 'sales_order', order.id, ['action', 'user_id', 'changes']);
    const cancelledRows = rows.filter((row) => row.action === 'remainder_cancelled');
    expect(cancelledRows).toHaveLength(1);
    expect(cancelledRows[0].user_id).toBeNull();
    expect(cancelledRows[0].changes).toMatchObject({
      stock_released: true,
      lines: [
        { product: soap.name, quantity_cancelled: 3 },
        { product: oil.name, quantity_cancelled: 3 },
      ],
    });

    // A second run (the same day, or later) changes nothing.
    expect(await run(daysLater(10))).toEqual({ cancelled: [] });
    expect(await run(daysLater(40))).toEqual({ cancelled: [] });
    expect(await stock(company, soap.id)).toEqual({ available: 8, reserved: 0 });
    expect((await orderOf(company, order.id)).total_quantity_cancelled).toBe(6);
    const again = await historyRows(company, 'sales_order', order.id, ['action']);
    expect(again.filter((row) => row.action === 'remainder_cancelled')).toHaveLength(1);

    // The committed-stock report no longer counts the cancelled remainder.
    const committed = await dbOf(company)
      .selectFrom('sales_order_items')
      .select((eb) =>
        eb.fn
          .sum<number>(
            eb(eb(eb.ref('quantity'), '-', eb.ref('quantity_invoiced')), '-', eb.ref('quantity_cancelled')),
          )
          .as('left'),
      )
      .where('company_id', '=', company.companyId)
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(Number(committed.left)).toBe(0);
  });

  it('leaves orders alone when the setting is off, and orders with nothing invoiced', async () => {
    const off = await signUpCompany();
    await setAutoCancel(off, 1, false);
    const { order, soap } = await partlyInvoicedOrder(off);
    expect(
      await cancelOrderRemainders({ db: dbOf(off), now: daysLater(30), companyId: off.companyId }),
    ).toEqual({ cancelled: [] });
    expect(await stock(off, soap.id)).toEqual({ available: 8, reserved: 3 });
    expect((await orderOf(off, order.id)).order_items[0].invoiceable_quantity).toBe(3);

    const on = await signUpCompany();
    await setAutoCancel(on, 1);
    const product = await createTaxedProduct(on, { openingStock: 10 });
    const { order: untouched } = await createOrder(on, {
      lines: [{ product: product.id, quantity: 4 }],
      confirm: true,
    });
    expect(
      await cancelOrderRemainders({ db: dbOf(on), now: daysLater(30), companyId: on.companyId }),
    ).toEqual({ cancelled: [] });
    expect(await stock(on, product.id)).toEqual({ available: 10, reserved: 4 });
    expect((await orderOf(on, untouched.id)).status).toBe('confirmed');
  });
});
