import { randomUUID } from 'node:crypto';
import { STORE_MESSAGES } from '@b2b/domain/stores';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { counterWorld, salePath } from '../../../test/instore-fixtures.ts';
import { createWarehouse, dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';

const storesPath = (company: SignedUpCompany) => `companies/${company.companyId}/stores`;

async function createBranch(company: SignedUpCompany) {
  const res = await company.api.post(`companies/${company.companyId}/branches`, {
    name: `Nashik ${unique()}`,
    address: { address_line_1: '4 College Road', city: 'Nashik', state_id: 27, pincode: '422005' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number };
}

async function createStore(company: SignedUpCompany, body: Record<string, unknown> = {}) {
  const warehouse = await firstWarehouse(company);
  const res = await company.api.post(storesPath(company), {
    name: `FC Road Counter ${unique()}`,
    branch: company.branchId,
    warehouse: warehouse.id,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('POST companies/{companyId}/stores', () => {
  it('creates a store of a branch selling from its warehouse, 80 mm by default, with a history row', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const name = `Koregaon Park ${unique()}`;
    const res = await company.api.post(storesPath(company), {
      name,
      branch: company.branchId,
      warehouse: warehouse.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name,
      branch: { id: company.branchId },
      warehouse: { id: warehouse.id, name: warehouse.name },
      sales_channel: null,
      receipt_width_mm: 80,
      is_active: true,
    });
    const rows = await historyRows(company, 'store', res.body.id, ['action', 'user_id']);
    expect(rows).toEqual([{ action: 'created', user_id: company.userId }]);
    const list = await company.api.get(storesPath(company));
    expect(list.body.results.map((s: { id: number }) => s.id)).toEqual([res.body.id]);
  });

  it('refuses with a sentence: no name, a taken name, a width of 60 mm, a warehouse of another branch', async () => {
    const company = await signUpCompany();
    const store = await createStore(company);
    const warehouse = await firstWarehouse(company);
    const branch = await createBranch(company);
    const theirs = await createWarehouse(company, { branchId: branch.id });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', STORE_MESSAGES.name_required],
      [{ name: store.name.toUpperCase() }, 'name', STORE_MESSAGES.name_taken],
      [{ receipt_width_mm: 60 }, 'receipt_width_mm', STORE_MESSAGES.receipt_width],
      [{ warehouse: theirs.id }, 'warehouse', STORE_MESSAGES.warehouse_of_branch],
      [{ branch: undefined }, 'branch', STORE_MESSAGES.branch_required],
      [{ sales_channel: 999_999_999 }, 'sales_channel', STORE_MESSAGES.sales_channel_not_found],
    ];
    for (const [body, field, message] of cases) {
      const res = await company.api.post(storesPath(company), {
        name: `Store ${unique()}`,
        branch: company.branchId,
        warehouse: warehouse.id,
        ...body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
    }
  });

  it('needs add_store to create and change_store to edit; view_store reads', async () => {
    const company = await signUpCompany();
    const store = await createStore(company);
    const viewer = await createUserWithPermissions(company, ['view_store']);
    expect((await viewer.api.get(storesPath(company))).body.count).toBe(1);
    const warehouse = await firstWarehouse(company);
    const refused = await viewer.api.post(storesPath(company), {
      name: `Store ${unique()}`,
      branch: company.branchId,
      warehouse: warehouse.id,
    });
    expect(refused.status).toBe(403);
    expect((await viewer.api.patch(`stores/${store.id}`, { is_active: false })).status).toBe(403);
    const nobody = await createUserWithPermissions(company, ['view_order']);
    expect((await nobody.api.get(storesPath(company))).status).toBe(403);
  });
});

describe('PATCH stores/{id}', () => {
  it('edits, deactivates and reactivates a store, each with its history row; another company’s is Not Found', async () => {
    const company = await signUpCompany();
    const store = await createStore(company);
    const channels = await company.api.get('admin/all_sales_channel/');
    const website = channels.body.results.find((c: { name: string }) => c.name !== 'instore');
    const edited = await company.api.patch(`stores/${store.id}`, {
      name: `Renamed ${unique()}`,
      receipt_width_mm: 58,
      sales_channel: website.id,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ receipt_width_mm: 58, sales_channel: { id: website.id } });
    const off = await company.api.patch(`stores/${store.id}`, { is_active: false });
    expect(off.body.is_active).toBe(false);
    const on = await company.api.patch(`stores/${store.id}`, { is_active: true, sales_channel: null });
    expect(on.body).toMatchObject({ is_active: true, sales_channel: null });
    const rows = await historyRows(company, 'store', store.id, ['action']);
    expect(rows.map((r) => r.action)).toEqual(['created', 'updated', 'deactivated', 'activated']);

    const other = await signUpCompany();
    expect((await other.api.get(`stores/${store.id}`)).status).toBe(404);
    const foreign = await other.api.patch(`stores/${store.id}`, { name: 'Taken over' });
    expect(foreign.status).toBe(404);
    expect((await company.api.get(`stores/${store.id}`)).body.name).toBe(edited.body.name);
  });
});

describe('the instore counter sells from a store', { timeout: 120_000 }, () => {
  it('offers the active stores, and a sale from a store takes its warehouse, branch, channel and receipt width', async () => {
    const world = await counterWorld();
    const { company } = world;
    const channels = await company.api.get('admin/all_sales_channel/');
    const website = channels.body.results.find((c: { name: string }) => c.name !== 'instore');
    const store = await createStore(company, { receipt_width_mm: 58, sales_channel: website.id });
    const closed = await createStore(company);
    await company.api.patch(`stores/${closed.id}`, { is_active: false });

    const counter = await company.api.get(`admin/companies/${company.companyId}/instore/counter`);
    expect(counter.body.stores).toEqual([
      {
        id: store.id,
        name: store.name,
        warehouse_id: world.warehouseId,
        branch_id: company.branchId,
        receipt_width_mm: 58,
        sales_channel: { id: website.id, display_name: website.display_name },
      },
    ]);

    const sale = await company.api.post(
      salePath(world),
      {
        store: store.id,
        items: [{ product: world.pen.id, quantity: 1 }],
        tenders: [{ payment_method: world.methods.cash, amount: 118 }],
      },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body.store).toEqual({ id: store.id, name: store.name, receipt_width_mm: 58 });
    const order = await dbOf(company)
      .selectFrom('sales_orders')
      .select(['branch_id', 'sales_channel_id'])
      .where('company_id', '=', company.companyId)
      .where('id', '=', sale.body.order.id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ branch_id: company.branchId, sales_channel_id: website.id });

    const refusals: [Record<string, unknown>, string, string][] = [
      [{ store: closed.id }, 'store', STORE_MESSAGES.store_inactive],
      [{ store: 999_999_999 }, 'store', STORE_MESSAGES.not_found],
      [
        { store: store.id, warehouse: (await createWarehouse(company)).id },
        'warehouse',
        STORE_MESSAGES.store_warehouse_mismatch,
      ],
      [{}, 'store', STORE_MESSAGES.store_or_warehouse],
    ];
    for (const [body, field, message] of refusals) {
      const res = await company.api.post(
        salePath(world),
        {
          ...body,
          items: [{ product: world.pen.id, quantity: 1 }],
          tenders: [{ payment_method: world.methods.cash, amount: 118 }],
        },
        { 'Idempotency-Key': randomUUID() },
      );
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
    }
  });
});
