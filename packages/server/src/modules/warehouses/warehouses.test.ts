import { describe, expect, inject, it } from 'vitest';
import {
  createUserWithPermissions,
  insertBuyer,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';
import {
  WAREHOUSE_ADDRESS as ADDRESS,
  createProduct,
  createWarehouse,
  dbOf,
  warehouseInput,
} from '../../../test/inventory-fixtures.ts';
import { inTransaction } from '../../db/transaction.ts';
import { insertBranch } from '../branches/create-branch.ts';
import { buyerStockOfProducts } from '../inventory/stock-levels.ts';
import { postStockMovement } from '../inventory/stock-movements.ts';

async function addBranch(company: SignedUpCompany, active = true) {
  const db = dbOf(company);
  const branch = await insertBranch(db, { company_id: company.companyId, name: `Branch ${unique()}` });
  if (!active)
    await db.updateTable('branches').set({ is_active: false }).where('id', '=', branch.id).execute();
  return branch;
}

const setBranchActive = (company: SignedUpCompany, branchId: number, active: boolean) =>
  dbOf(company).updateTable('branches').set({ is_active: active }).where('id', '=', branchId).execute();

const historyOf = (company: SignedUpCompany, warehouseId: number) =>
  historyRows(company, 'warehouse', warehouseId, ['action', 'user_id', 'changes']);

describe('GET companies/{companyId}/warehouses', () => {
  it('lists the warehouses with their branch, filtered by status and branch', async () => {
    const company = await signUpCompany();
    const path = `companies/${company.companyId}/warehouses`;
    const res = await company.api.get(path);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      expect.objectContaining({
        name: 'Pune Warehouse',
        is_active: true,
        is_private: false,
        branch: { id: company.branchId, name: 'Pune', is_active: true },
      }),
    ]);
    expect(res.body.results[0].addresses).toBeUndefined();
    expect((await company.api.get(`${path}?is_active=false`)).body.count).toBe(0);
    expect((await company.api.get(`${path}?branch=${company.branchId}`)).body.count).toBe(1);
    expect((await company.api.get(`${path}?branch=abc`)).status).toBe(400);
    const other = await signUpCompany();
    expect((await other.api.get(path)).status).toBe(404);
  });

  it('searches, filters by privacy, orders by position, expands addresses and pages', async () => {
    const company = await signUpCompany();
    const path = `companies/${company.companyId}/warehouses`;
    const tag = unique();
    await createWarehouse(company, { name: `Zeta ${tag}`, position: 1, is_private: true });
    await createWarehouse(company, {
      name: `Alpha ${tag}`,
      position: 5,
      tally_warehouse_name: `Godown ${tag}`,
    });
    const byPosition = await company.api.get(`${path}?search=${tag}`);
    expect(byPosition.body.results.map((w: { name: string }) => w.name)).toEqual([
      `Zeta ${tag}`,
      `Alpha ${tag}`,
    ]);
    const byName = await company.api.get(`${path}?search=${tag}&ordering=name`);
    expect(byName.body.results.map((w: { name: string }) => w.name)).toEqual([`Alpha ${tag}`, `Zeta ${tag}`]);
    expect((await company.api.get(`${path}?search=Godown ${tag}`)).body.count).toBe(1);
    expect((await company.api.get(`${path}?is_private=true`)).body.results).toEqual([
      expect.objectContaining({ name: `Zeta ${tag}`, is_private: true }),
    ]);
    const expanded = await company.api.get(`${path}?expand=addresses&search=Alpha ${tag}`);
    expect(expanded.body.results[0].addresses).toEqual([
      expect.objectContaining({ address_line_1: ADDRESS.address_line_1, is_visible: true }),
    ]);
    const paged = await company.api.get(`${path}?limit=1&offset=1`);
    expect(paged.body).toMatchObject({ count: 3, results: [expect.anything()] });
    expect(paged.body.previous).not.toBeNull();
    expect((await company.api.get(`${path}?ordering=colour`)).status).toBe(400);
    expect((await company.api.get(`${path}?is_private=maybe`)).status).toBe(400);
    // The list is open to every signed-in user: the warehouse pickers of other screens read it.
    const staff = await createUserWithPermissions(company, ['view_order']);
    expect((await staff.api.get(path)).status).toBe(200);
  });
});

describe('POST branches/{branchId}/warehouses', () => {
  it('creates a warehouse under a branch with its address, and records it', async () => {
    const company = await signUpCompany();
    const name = `Bhiwandi ${unique()}`;
    const res = await company.api.post(`branches/${company.branchId}/warehouses`, {
      name: `  ${name}  `,
      tally_warehouse_name: 'Bhiwandi Godown (Main)/1',
      contact_person_name: 'Ravi Kumar',
      contact_person_phone: '9876543210',
      position: 3,
      is_private: true,
      address: { ...ADDRESS, landmark: 'Near toll naka', is_visible: false },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name,
      tally_warehouse_name: 'Bhiwandi Godown (Main)/1',
      contact_person_name: 'Ravi Kumar',
      contact_person_phone: '9876543210',
      position: 3,
      is_active: true,
      is_private: true,
      branch: { id: company.branchId, name: 'Pune', is_active: true },
      addresses: [
        expect.objectContaining({
          address_line_1: ADDRESS.address_line_1,
          landmark: 'Near toll naka',
          city: 'Pune',
          pincode: '411019',
          state: expect.objectContaining({ id: 27 }),
          is_visible: false,
        }),
      ],
    });
    const history = await historyOf(company, res.body.id);
    expect(history).toEqual([expect.objectContaining({ action: 'created', user_id: company.userId })]);
    expect(history[0].changes).toMatchObject({ name, is_private: true, branch: company.branchId });
  });

  it('applies the defaults: public, position 0, no Tally name or contact, a visible address', async () => {
    const company = await signUpCompany();
    const created = await company.api.post(`branches/${company.branchId}/warehouses`, warehouseInput());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      position: 0,
      is_private: false,
      tally_warehouse_name: null,
      contact_person_name: null,
      contact_person_phone: null,
      addresses: [expect.objectContaining({ is_visible: true })],
    });
    const blanks = await company.api.post(
      `branches/${company.branchId}/warehouses`,
      warehouseInput({ tally_warehouse_name: '', contact_person_phone: '', position: '' }),
    );
    expect(blanks.status).toBe(201);
    expect(blanks.body).toMatchObject({
      tally_warehouse_name: null,
      contact_person_phone: null,
      position: 0,
    });
  });

  it('checks every field with the spec’s messages', async () => {
    const company = await signUpCompany();
    const path = `branches/${company.branchId}/warehouses`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: undefined }, 'name', 'Warehouse name is required.'],
      [{ name: '   ' }, 'name', 'Warehouse name is required.'],
      [{ name: 'w'.repeat(65) }, 'name', 'Cannot exceed more than 64 characters.'],
      [{ name: 'Main & Co' }, 'name', 'Name can only contain (a-z A-Z 0-9 - _ .)'],
      [{ name: 42 }, 'name', 'Warehouse name is required.'],
      [
        { tally_warehouse_name: 'Godown #1' },
        'tally_warehouse_name',
        'Tally Name can only contain a-z A-Z 0-9 . - _ \\/ ()',
      ],
      [
        { contact_person_phone: '98765' },
        'contact_person_phone',
        'Please enter a valid 10-digit phone number.',
      ],
      [
        { contact_person_phone: '98765432101' },
        'contact_person_phone',
        'Please enter a valid 10-digit phone number.',
      ],
      [
        { contact_person_name: 'n'.repeat(65) },
        'contact_person_name',
        'Cannot exceed more than 64 characters.',
      ],
      [{ position: -1 }, 'position', 'Please enter a whole number.'],
      [{ position: 1.5 }, 'position', 'Please enter a whole number.'],
      [{ position: 'first' }, 'position', 'Please enter a whole number.'],
      [{ position: 2_000_000 }, 'position', 'Value cannot be more than 1000000.'],
      [{ is_private: 'yes' }, 'is_private', 'is_private must be true or false.'],
      [
        { address: { ...ADDRESS, pincode: '011001' } },
        'address.pincode',
        'Please enter a valid 6 digit pincode.',
      ],
      [{ address: { ...ADDRESS, city: ' ' } }, 'address.city', 'City is required.'],
      [
        { address: { ...ADDRESS, is_visible: 'no' } },
        'address.is_visible',
        'is_visible must be true or false.',
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await company.api.post(path, warehouseInput(overrides));
      expect(res.status, `${JSON.stringify(overrides)} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
    }
    const noAddress = await company.api.post(path, { name: `WH ${unique()}` });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.errors.address).toBeDefined();
    const unknownField = await company.api.post(path, warehouseInput({ is_active: false }));
    expect(unknownField.status).toBe(400);
    const badState = await company.api.post(path, warehouseInput({ address: { ...ADDRESS, state_id: 999 } }));
    expect(badState.status).toBe(400);
    expect(badState.body.errors.state_id).toEqual(['State Not Found']);
    const count = await dbOf(company)
      .selectFrom('warehouses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('keeps names unique in the company, whatever the case', async () => {
    const company = await signUpCompany();
    const name = `Central ${unique()}`;
    await createWarehouse(company, { name });
    const again = await company.api.post(
      `branches/${company.branchId}/warehouses`,
      warehouseInput({ name: name.toUpperCase() }),
    );
    expect(again.status).toBe(400);
    expect(again.body.errors.name).toEqual(['A warehouse with this name already exists.']);
    const other = await signUpCompany();
    await createWarehouse(other, { name });
  });

  it('refuses an inactive branch (400) and a branch of another company (404)', async () => {
    const company = await signUpCompany();
    const closed = await addBranch(company, false);
    const refused = await company.api.post(`branches/${closed.id}/warehouses`, warehouseInput());
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(`Branch ${closed.name} is inactive.`);
    const other = await signUpCompany();
    const foreign = await company.api.post(`branches/${other.branchId}/warehouses`, warehouseInput());
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Branch Not Found');
    expect((await company.api.post('branches/999999999/warehouses', warehouseInput())).status).toBe(404);
  });

  it('needs add_warehouse', async () => {
    const company = await signUpCompany();
    const viewer = await createUserWithPermissions(company, ['view_warehouse', 'change_warehouse']);
    const denied = await viewer.api.post(`branches/${company.branchId}/warehouses`, warehouseInput());
    expect(denied.status).toBe(403);
    const adder = await createUserWithPermissions(company, ['add_warehouse']);
    expect((await adder.api.post(`branches/${company.branchId}/warehouses`, warehouseInput())).status).toBe(
      201,
    );
  });
});

describe('GET branches/{id}/warehouses', () => {
  it('lists one branch’s warehouses, with addresses when expanded', async () => {
    const company = await signUpCompany();
    const second = await addBranch(company);
    const there = await createWarehouse(company, { branchId: second.id });
    const res = await company.api.get(`branches/${second.id}/warehouses?expand=addresses`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.results[0]).toMatchObject({
      id: there.id,
      branch: { id: second.id },
      addresses: [expect.objectContaining({ city: 'Pune' })],
    });
    const first = await company.api.get(`branches/${company.branchId}/warehouses`);
    expect(first.body.results.map((w: { name: string }) => w.name)).toEqual(['Pune Warehouse']);
    expect(first.body.results[0].addresses).toBeUndefined();
    const other = await signUpCompany();
    expect((await company.api.get(`branches/${other.branchId}/warehouses`)).status).toBe(404);
    expect((await company.api.get('branches/abc/warehouses')).status).toBe(400);
    const staff = await createUserWithPermissions(company, ['view_order']);
    expect((await staff.api.get(`branches/${second.id}/warehouses`)).status).toBe(403);
  });
});

describe('GET and PATCH warehouses/{id}', () => {
  it('reads one warehouse; another company’s is Not Found', async () => {
    const company = await signUpCompany();
    const warehouse = await createWarehouse(company, { contact_person_name: 'Asha' });
    const res = await company.api.get(`warehouses/${warehouse.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: warehouse.id,
      contact_person_name: 'Asha',
      addresses: [expect.anything()],
    });
    const other = await signUpCompany();
    const foreign = await other.api.get(`warehouses/${warehouse.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Warehouse Not Found');
    expect((await company.api.get('warehouses/0')).status).toBe(400);
    const staff = await createUserWithPermissions(company, ['view_order']);
    expect((await staff.api.get(`warehouses/${warehouse.id}`)).status).toBe(403);
  });

  it('edits the fields, clears the optional ones and records the change', async () => {
    const company = await signUpCompany();
    const warehouse = await createWarehouse(company, {
      tally_warehouse_name: 'Old Godown',
      contact_person_phone: '9123456780',
    });
    const name = `Renamed ${unique()}`;
    const res = await company.api.patch(`warehouses/${warehouse.id}`, {
      name,
      tally_warehouse_name: null,
      contact_person_phone: '',
      contact_person_name: 'Meera',
      position: 9,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name,
      tally_warehouse_name: null,
      contact_person_phone: null,
      contact_person_name: 'Meera',
      position: 9,
    });
    expect((await historyOf(company, warehouse.id)).map((h) => h.action)).toEqual(['created', 'updated']);
    // Only what is sent changes.
    const partial = await company.api.patch(`warehouses/${warehouse.id}`, { position: 2 });
    expect(partial.body).toMatchObject({ name, contact_person_name: 'Meera', position: 2 });
  });

  it('refuses bad input, a taken name, status or branch changes, and foreign ids', async () => {
    const company = await signUpCompany();
    const warehouse = await createWarehouse(company);
    const path = `warehouses/${warehouse.id}`;
    expect((await company.api.patch(path, { name: '' })).body.errors.name).toEqual([
      'Warehouse name is required.',
    ]);
    expect(
      (await company.api.patch(path, { contact_person_phone: '12' })).body.errors.contact_person_phone,
    ).toEqual(['Please enter a valid 10-digit phone number.']);
    expect((await company.api.patch(path, { position: -3 })).status).toBe(400);
    for (const body of [{ is_active: false }, { is_private: true }, { branch: company.branchId }]) {
      expect((await company.api.patch(path, body)).status, JSON.stringify(body)).toBe(400);
    }
    const taken = await company.api.patch(path, { name: 'pune warehouse' });
    expect(taken.status).toBe(400);
    expect(taken.body.errors.name).toEqual(['A warehouse with this name already exists.']);
    // Its own name in another case is fine.
    expect((await company.api.patch(path, { name: warehouse.name.toUpperCase() })).status).toBe(200);
    const other = await signUpCompany();
    expect((await other.api.patch(path, { position: 1 })).status).toBe(404);
    const viewer = await createUserWithPermissions(company, ['view_warehouse']);
    expect((await viewer.api.patch(path, { position: 1 })).status).toBe(403);
  });
});

describe('POST warehouses/{id}/activate, /deactivate, /private, /public', () => {
  it('switches status and privacy, each change recorded once', async () => {
    const company = await signUpCompany();
    const warehouse = await createWarehouse(company);
    const privateRes = await company.api.post(`warehouses/${warehouse.id}/private`);
    expect(privateRes.status).toBe(200);
    expect(privateRes.body.is_private).toBe(true);
    expect((await company.api.post(`warehouses/${warehouse.id}/private`)).body.is_private).toBe(true);
    expect((await company.api.post(`warehouses/${warehouse.id}/public`)).body.is_private).toBe(false);
    const off = await company.api.post(`warehouses/${warehouse.id}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    expect((await company.api.post(`warehouses/${warehouse.id}/deactivate`)).body.is_active).toBe(false);
    expect((await company.api.post(`warehouses/${warehouse.id}/activate`)).body.is_active).toBe(true);
    expect((await historyOf(company, warehouse.id)).map((h) => h.action)).toEqual([
      'created',
      'made_private',
      'made_public',
      'deactivated',
      'activated',
    ]);
  });

  it('deactivates the last active warehouse of an active branch', async () => {
    const company = await signUpCompany();
    const [only] = (await company.api.get(`branches/${company.branchId}/warehouses`)).body.results;
    const res = await company.api.post(`warehouses/${only.id}/deactivate`);
    expect(res.status).toBe(200);
    expect(res.body.is_active).toBe(false);
    expect(
      (await company.api.get(`companies/${company.companyId}/warehouses?is_active=true`)).body.count,
    ).toBe(0);
  });

  it('refuses to activate a warehouse of an inactive branch, but lets it be deactivated', async () => {
    const company = await signUpCompany();
    const branch = await addBranch(company);
    const warehouse = await createWarehouse(company, { branchId: branch.id });
    await setBranchActive(company, branch.id, false);
    expect((await company.api.post(`warehouses/${warehouse.id}/deactivate`)).status).toBe(200);
    const refused = await company.api.post(`warehouses/${warehouse.id}/activate`);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(`Branch ${branch.name} is inactive.`);
  });

  it('answers 404 for foreign ids, 400 for junk ids and 403 without change_warehouse', async () => {
    const company = await signUpCompany();
    const warehouse = await createWarehouse(company);
    const other = await signUpCompany();
    const viewer = await createUserWithPermissions(company, ['view_warehouse']);
    for (const action of ['activate', 'deactivate', 'private', 'public']) {
      expect((await other.api.post(`warehouses/${warehouse.id}/${action}`)).status).toBe(404);
      expect((await company.api.post(`warehouses/abc/${action}`)).status).toBe(400);
      expect((await viewer.api.post(`warehouses/${warehouse.id}/${action}`)).status).toBe(403);
    }
    expect((await company.api.get(`warehouses/${warehouse.id}`)).body).toMatchObject({
      is_active: true,
      is_private: false,
    });
  });
});

describe('an inactive warehouse or branch blocks all operations', () => {
  it('refuses edits, privacy, addresses and assignments with a clear 400', async () => {
    const company = await signUpCompany();
    const warehouse = await createWarehouse(company);
    const buyer = await insertBuyer(company.companyId);
    const product = await createProduct(company);
    const assigned = await company.api.post(`warehouses/${warehouse.id}/assign_buyers`, {
      buyers: [buyer.id],
    });
    const assignmentId = assigned.body.results[0].id;
    await company.api.post(`warehouses/${warehouse.id}/deactivate`);
    const message = `Warehouse ${warehouse.name} is inactive.`;
    const attempts = [
      company.api.patch(`warehouses/${warehouse.id}`, { position: 4 }),
      company.api.post(`warehouses/${warehouse.id}/private`),
      company.api.post(`warehouses/${warehouse.id}/public`),
      company.api.post(`warehouses/${warehouse.id}/addresses`, ADDRESS),
      company.api.post(`warehouses/${warehouse.id}/assign_buyers`, { buyers: [buyer.id] }),
      company.api.post(`warehouses/${warehouse.id}/assign_products`, { products: [product.id] }),
      company.api.patch(`warehouse_buyers/${assignmentId}`, { priority: 2 }),
      company.api.post(`warehouse_buyers/${assignmentId}/unassign`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.detail).toBe(message);
      expect(res.body.errors).toEqual({ warehouse: [message] });
    }
    // Reads still work, and nothing changed.
    const after = await company.api.get(`warehouses/${warehouse.id}`);
    expect(after.body).toMatchObject({ position: 0, is_private: false, addresses: [expect.anything()] });
    expect((await company.api.get(`warehouses/${warehouse.id}/buyers`)).body.results).toEqual([
      expect.objectContaining({ id: assignmentId, priority: 0 }),
    ]);
    expect((await company.api.get(`warehouses/${warehouse.id}/product_inventory`)).body.count).toBe(0);
  });

  it('refuses them as well for an active warehouse of an inactive branch', async () => {
    const company = await signUpCompany();
    const branch = await addBranch(company);
    const warehouse = await createWarehouse(company, { branchId: branch.id });
    const product = await createProduct(company);
    await setBranchActive(company, branch.id, false);
    const message = `Branch ${branch.name} is inactive.`;
    for (const res of [
      await company.api.patch(`warehouses/${warehouse.id}`, { position: 4 }),
      await company.api.post(`warehouses/${warehouse.id}/private`),
      await company.api.post(`warehouses/${warehouse.id}/assign_products`, { products: [product.id] }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(message);
    }
    await setBranchActive(company, branch.id, true);
    expect((await company.api.patch(`warehouses/${warehouse.id}`, { position: 4 })).status).toBe(200);
  });

  it('refuses stock movements into or out of an inactive warehouse or one of an inactive branch', async () => {
    const company = await signUpCompany();
    const branch = await addBranch(company);
    const warehouse = await createWarehouse(company, { branchId: branch.id });
    const product = await createProduct(company, { openingStock: 10, warehouseId: warehouse.id });
    const move = (quantity: number) =>
      inTransaction(dbOf(company), (tx) =>
        postStockMovement(tx, {
          companyId: company.companyId,
          productId: product.id,
          warehouseId: warehouse.id,
          quantity,
          reason: 'stock_damaged',
          userId: company.userId,
        }),
      );
    await move(-1);
    await setBranchActive(company, branch.id, false);
    await expect(move(-1)).rejects.toMatchObject({
      code: 'validation_error',
      message: `Branch ${branch.name} is inactive.`,
    });
    // Opening stock goes through the same posting.
    const viaProduct = await company.api.post(`companies/${company.companyId}/products`, {
      name: `Product ${unique()}`,
      category: (
        await company.api.post(`companies/${company.companyId}/categories`, { name: `C ${unique()}` })
      ).body.id,
      mrp: 10,
      selling_price: 10,
      warehouse: warehouse.id,
      opening_stock: 5,
    });
    expect(viaProduct.status).toBe(400);
    expect(viaProduct.body.errors.warehouse).toEqual([`Branch ${branch.name} is inactive.`]);
    await setBranchActive(company, branch.id, true);
    await company.api.post(`warehouses/${warehouse.id}/deactivate`);
    await expect(move(1)).rejects.toMatchObject({
      code: 'validation_error',
      message: `Warehouse ${warehouse.name} is inactive.`,
    });
    await company.api.post(`warehouses/${warehouse.id}/activate`);
    await move(1);
    const stock = await company.api.get(`warehouses/${warehouse.id}/product_inventory`);
    expect(stock.body.results).toEqual([expect.objectContaining({ available_stock: 10 })]);
  });
});

describe('stock buyers may see', () => {
  it('never includes a private warehouse’s stock, nor an inactive one’s', async () => {
    const company = await signUpCompany();
    const open = await createWarehouse(company);
    const hidden = await createWarehouse(company, { is_private: true });
    const product = await createProduct(company, { openingStock: 4, warehouseId: open.id });
    const onlyHidden = await createProduct(company, { openingStock: 9, warehouseId: hidden.id });
    await inTransaction(dbOf(company), (tx) =>
      postStockMovement(tx, {
        companyId: company.companyId,
        productId: product.id,
        warehouseId: hidden.id,
        quantity: 100,
        reason: 'extra_inventory_found',
        userId: company.userId,
      }),
    );
    const seen = () => buyerStockOfProducts(dbOf(company), company.companyId, [product.id, onlyHidden.id]);
    expect(await seen()).toEqual(
      new Map([
        [product.id, 4],
        [onlyHidden.id, 0],
      ]),
    );
    // Staff still see every warehouse's stock.
    const staffView = await company.api.get(`products/${product.id}`);
    const staffStock = staffView.body.stock.stock_by_branches.flatMap(
      (branch: { stock_by_warehouses: { id: number; available_stock: number }[] }) =>
        branch.stock_by_warehouses,
    );
    expect(staffStock).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: open.id, available_stock: 4 }),
        expect.objectContaining({ id: hidden.id, available_stock: 100 }),
      ]),
    );
    await company.api.post(`warehouses/${hidden.id}/public`);
    expect((await seen()).get(onlyHidden.id)).toBe(9);
    await company.api.post(`warehouses/${open.id}/deactivate`);
    expect((await seen()).get(product.id)).toBe(100);
  });
});

describe('POST warehouses/{id}/addresses', () => {
  it('adds an address, visible or not, and records it', async () => {
    const company = await signUpCompany();
    const warehouse = await createWarehouse(company);
    const res = await company.api.post(`warehouses/${warehouse.id}/addresses`, {
      ...ADDRESS,
      address_line_2: 'Gate 2',
      is_visible: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ address_line_2: 'Gate 2', is_visible: false, state: { id: 27 } });
    const read = await company.api.get(`warehouses/${warehouse.id}`);
    expect(read.body.addresses).toHaveLength(2);
    expect((await historyOf(company, warehouse.id)).map((h) => h.action)).toEqual([
      'created',
      'address_added',
    ]);
  });

  it('applies the warehouse’s rules on the shared address routes (visibility, edit, delete)', async () => {
    const company = await signUpCompany();
    const warehouse = await createWarehouse(company);
    const [address] = (await company.api.get(`warehouses/${warehouse.id}`)).body.addresses;
    expect(address.address_type).toBe('office');
    const hidden = await company.api.post(`addresses/${address.id}/invisible`);
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body.is_visible).toBe(false);
    const keeper = await createUserWithPermissions(company, ['change_warehouse']);
    expect((await keeper.api.post(`addresses/${address.id}/visible`)).body.is_visible).toBe(true);
    const branchStaff = await createUserWithPermissions(company, ['change_branch']);
    expect((await branchStaff.api.post(`addresses/${address.id}/invisible`)).status).toBe(403);
    await company.api.post(`warehouses/${warehouse.id}/deactivate`);
    const message = `Warehouse ${warehouse.name} is inactive.`;
    for (const res of [
      await company.api.patch(`addresses/${address.id}`, { city: 'Mumbai' }),
      await company.api.post(`addresses/${address.id}/invisible`),
      await company.api.post(`addresses/${address.id}/delete`),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(message);
    }
    expect((await company.api.get(`warehouses/${warehouse.id}`)).body.addresses).toEqual([
      expect.objectContaining({ id: address.id, city: 'Pune', is_visible: true }),
    ]);
    expect((await historyOf(company, warehouse.id)).map((h) => h.action)).toEqual([
      'created',
      'address_made_invisible',
      'address_made_visible',
      'deactivated',
    ]);
  });

  it('checks the address and who asks', async () => {
    const company = await signUpCompany();
    const warehouse = await createWarehouse(company);
    const path = `warehouses/${warehouse.id}/addresses`;
    const bad = await company.api.post(path, { ...ADDRESS, pincode: '4110' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.pincode).toEqual(['Please enter a valid 6 digit pincode.']);
    expect((await company.api.post(path, { city: 'Pune' })).body.errors.address_line_1).toBeDefined();
    expect((await company.api.post(path, { ...ADDRESS, state_id: 999 })).body.errors.state_id).toEqual([
      'State Not Found',
    ]);
    const other = await signUpCompany();
    expect((await other.api.post(path, ADDRESS)).status).toBe(404);
    const viewer = await createUserWithPermissions(company, ['view_warehouse']);
    expect((await viewer.api.post(path, ADDRESS)).status).toBe(403);
  });
});

describe('assigned buyers', () => {
  it('assigns buyers with a priority, lists, searches, re-prioritises and unassigns them', async () => {
    const company = await signUpCompany();
    const warehouse = await createWarehouse(company);
    const tag = unique();
    const asha = await insertBuyer(company.companyId, { name: `Asha Traders ${tag}`, gst_number: null });
    const bala = await insertBuyer(company.companyId, { name: `Bala Stores ${tag}` });
    const chitra = await insertBuyer(company.companyId, { name: `Chitra Mart ${tag}` });
    const path = `warehouses/${warehouse.id}/assign_buyers`;
    const first = await company.api.post(path, { buyers: [bala.id, asha.id], priority: 2 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ detail: 'Buyers assigned successfully.', assigned: 2 });
    expect(first.body.results.map((r: { buyer: { id: number } }) => r.buyer.id).sort()).toEqual(
      [asha.id, bala.id].sort(),
    );
    // Already assigned buyers keep their assignment; the new one gets the default priority 0.
    const second = await company.api.post(path, { buyers: [asha.id, chitra.id] });
    expect(second.body.assigned).toBe(1);
    const list = await company.api.get(`warehouses/${warehouse.id}/buyers`);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(3);
    expect(
      list.body.results.map((r: { buyer: { name: string }; priority: number }) => [r.buyer.name, r.priority]),
    ).toEqual([
      [chitra.name, 0],
      [asha.name, 2],
      [bala.name, 2],
    ]);
    expect(list.body.results[1]).toMatchObject({
      warehouse: warehouse.id,
      buyer: { id: asha.id, is_active: true, gst_number: null },
    });
    const searched = await company.api.get(`warehouses/${warehouse.id}/buyers?search=bala`);
    expect(searched.body.results.map((r: { buyer: { id: number } }) => r.buyer.id)).toEqual([bala.id]);
    const byName = await company.api.get(`warehouses/${warehouse.id}/buyers?ordering=-name`);
    expect(byName.body.results[0].buyer.id).toBe(chitra.id);

    const balaRow = list.body.results[2];
    const patched = await company.api.patch(`warehouse_buyers/${balaRow.id}`, { priority: 1 });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: balaRow.id, priority: 1, buyer: { id: bala.id } });
    const unassigned = await company.api.post(`warehouse_buyers/${balaRow.id}/unassign`);
    expect(unassigned.status).toBe(200);
    expect(unassigned.body).toEqual({ detail: 'Buyer unassigned successfully.' });
    expect((await company.api.post(`warehouse_buyers/${balaRow.id}/unassign`)).status).toBe(404);
    expect((await company.api.get(`warehouses/${warehouse.id}/buyers`)).body.count).toBe(2);
    expect((await historyOf(company, warehouse.id)).map((h) => h.action)).toEqual([
      'created',
      'buyers_assigned',
      'buyers_assigned',
      'buyer_priority_changed',
      'buyer_unassigned',
    ]);
  });

  it('refuses empty lists, unknown, foreign and inactive buyers, and bad priorities', async () => {
    const company = await signUpCompany();
    const warehouse = await createWarehouse(company);
    const path = `warehouses/${warehouse.id}/assign_buyers`;
    const buyer = await insertBuyer(company.companyId);
    const other = await signUpCompany();
    const foreign = await insertBuyer(other.companyId);
    const inactive = await insertBuyer(company.companyId, { is_active: false });
    const cases: [unknown, string, string][] = [
      [{ buyers: [] }, 'buyers', 'Select at least one buyer.'],
      [{}, 'buyers', 'Select at least one buyer.'],
      [{ buyers: ['x'] }, 'buyers.0', 'A valid id is required.'],
      [{ buyers: [buyer.id, foreign.id] }, 'buyers.1', 'Buyer Not Found'],
      [{ buyers: [999999999] }, 'buyers.0', 'Buyer Not Found'],
      [{ buyers: [inactive.id] }, 'buyers.0', `Buyer ${inactive.name} is inactive.`],
      [{ buyers: [buyer.id], priority: -1 }, 'priority', 'Please enter a whole number.'],
      [{ buyers: [buyer.id], priority: 'high' }, 'priority', 'Please enter a whole number.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await company.api.post(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
    }
    expect(
      (await company.api.post(path, { buyers: Array.from({ length: 1001 }, (_, i) => i + 1) })).status,
    ).toBe(400);
    expect((await company.api.get(`warehouses/${warehouse.id}/buyers`)).body.count).toBe(0);
    expect((await other.api.post(path, { buyers: [foreign.id] })).status).toBe(404);
    const viewer = await createUserWithPermissions(company, ['view_warehouse']);
    expect((await viewer.api.post(path, { buyers: [buyer.id] })).status).toBe(403);
    expect((await viewer.api.get(`warehouses/${warehouse.id}/buyers`)).status).toBe(200);
    const outsider = await createUserWithPermissions(company, ['view_order']);
    expect((await outsider.api.get(`warehouses/${warehouse.id}/buyers`)).status).toBe(403);
    expect((await other.api.get(`warehouses/${warehouse.id}/buyers`)).status).toBe(404);
  });

  it('checks PATCH warehouse_buyers/{id} and unassign: priority, foreign ids, permission', async () => {
    const company = await signUpCompany();
    const warehouse = await createWarehouse(company);
    const buyer = await insertBuyer(company.companyId);
    const assigned = await company.api.post(`warehouses/${warehouse.id}/assign_buyers`, {
      buyers: [buyer.id],
    });
    const id = assigned.body.results[0].id;
    for (const body of [
      {},
      { priority: null },
      { priority: -2 },
      { priority: 0.5 },
      { priority: 1, buyer: 3 },
    ]) {
      const res = await company.api.patch(`warehouse_buyers/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await company.api.patch(`warehouse_buyers/${id}`, {})).body.errors.priority).toEqual([
      'This field is required.',
    ]);
    const other = await signUpCompany();
    const foreign = await other.api.patch(`warehouse_buyers/${id}`, { priority: 3 });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Warehouse Buyer Not Found');
    expect((await other.api.post(`warehouse_buyers/${id}/unassign`)).status).toBe(404);
    const viewer = await createUserWithPermissions(company, ['view_warehouse']);
    expect((await viewer.api.patch(`warehouse_buyers/${id}`, { priority: 3 })).status).toBe(403);
    expect((await viewer.api.post(`warehouse_buyers/${id}/unassign`)).status).toBe(403);
    expect((await company.api.get(`warehouses/${warehouse.id}/buyers`)).body.results[0].priority).toBe(0);
  });
});

describe('assigned products and product inventory', () => {
  it('lists unassigned products, assigns them with zero stock, then shows them in the inventory', async () => {
    const company = await signUpCompany();
    const warehouse = await createWarehouse(company);
    const tag = unique();
    const soap = await createProduct(company, { name: `Soap ${tag}`, sku: `SOAP-${tag}` });
    const rice = await createProduct(company, { name: `Rice ${tag}`, sku: null });
    const gone = await createProduct(company, { name: `Gone ${tag}` });
    await company.api.post(`products/${gone.id}/delete`);
    const unassigned = await company.api.get(`warehouses/${warehouse.id}/unassigned_products?search=${tag}`);
    expect(unassigned.status).toBe(200);
    expect(unassigned.body.results).toEqual([
      { id: rice.id, name: rice.name, sku: null, is_active: true },
      { id: soap.id, name: soap.name, sku: `SOAP-${tag}`, is_active: true },
    ]);
    const bySku = await company.api.get(`warehouses/${warehouse.id}/unassigned_products?search=soap-${tag}`);
    expect(bySku.body.results.map((p: { id: number }) => p.id)).toEqual([soap.id]);

    const assign = await company.api.post(`warehouses/${warehouse.id}/assign_products`, {
      products: [soap.id, rice.id, soap.id],
    });
    expect(assign.status, JSON.stringify(assign.body)).toBe(200);
    expect(assign.body).toEqual({ detail: 'Products assigned successfully.', assigned: 2 });
    expect(
      (await company.api.post(`warehouses/${warehouse.id}/assign_products`, { products: [soap.id] })).body
        .assigned,
    ).toBe(0);
    expect(
      (await company.api.get(`warehouses/${warehouse.id}/unassigned_products?search=${tag}`)).body.count,
    ).toBe(0);

    const inventory = await company.api.get(`warehouses/${warehouse.id}/product_inventory`);
    expect(inventory.status).toBe(200);
    expect(inventory.body.results).toEqual([
      expect.objectContaining({
        product: { id: rice.id, name: rice.name, sku: null, is_active: true },
        available_stock: 0,
        df_quantity: 0,
        stock: 0,
        in_stock: false,
      }),
      expect.objectContaining({ product: expect.objectContaining({ id: soap.id }), stock: 0 }),
    ]);
    // No stock moved, so the ledger has nothing for these products.
    const ledger = await dbOf(company)
      .selectFrom('stock_ledger')
      .select('id')
      .where('company_id', '=', company.companyId)
      .where('warehouse_id', '=', warehouse.id)
      .execute();
    expect(ledger).toEqual([]);
    expect((await historyOf(company, warehouse.id)).map((h) => h.action)).toEqual([
      'created',
      'products_assigned',
    ]);
  });

  it('shows each product’s stock with the displayed stock |available - committed|, search, in-stock filter and paging', async () => {
    const company = await signUpCompany();
    const warehouse = await createWarehouse(company);
    const tag = unique();
    const full = await createProduct(company, {
      name: `Full ${tag}`,
      sku: `FULL-${tag}`,
      openingStock: 12.5,
      warehouseId: warehouse.id,
    });
    const empty = await createProduct(company, { name: `Empty ${tag}` });
    await company.api.post(`warehouses/${warehouse.id}/assign_products`, { products: [empty.id] });
    await dbOf(company)
      .updateTable('stock_levels')
      .set({ df_quantity: 15 })
      .where('company_id', '=', company.companyId)
      .where('product_id', '=', full.id)
      .execute();
    const path = `warehouses/${warehouse.id}/product_inventory`;
    const all = await company.api.get(path);
    expect(all.body.count).toBe(2);
    expect(all.body.results[1]).toMatchObject({
      product: { id: full.id, sku: `FULL-${tag}` },
      available_stock: 12.5,
      df_quantity: 15,
      stock: 2.5,
      in_stock: true,
    });
    expect(
      (await company.api.get(`${path}?in_stock=true`)).body.results.map((r: any) => r.product.id),
    ).toEqual([full.id]);
    expect(
      (await company.api.get(`${path}?in_stock=false`)).body.results.map((r: any) => r.product.id),
    ).toEqual([empty.id]);
    expect((await company.api.get(`${path}?search=full-${tag}`)).body.count).toBe(1);
    expect((await company.api.get(`${path}?search=nothing-${tag}`)).body.count).toBe(0);
    const byStock = await company.api.get(`${path}?ordering=-available_stock`);
    expect(byStock.body.results[0].product.id).toBe(full.id);
    const paged = await company.api.get(`${path}?limit=1&offset=1`);
    expect(paged.body).toMatchObject({ count: 2, next: null, results: [expect.anything()] });
    expect((await company.api.get(`${path}?in_stock=perhaps`)).status).toBe(400);
    expect((await company.api.get(`${path}?ordering=price`)).status).toBe(400);
    // Another warehouse holds none of it.
    const [main] = (await company.api.get(`branches/${company.branchId}/warehouses?search=Pune`)).body
      .results;
    expect((await company.api.get(`warehouses/${main.id}/product_inventory`)).body.count).toBe(0);
  });

  it('refuses empty, unknown, foreign and deleted products; reads need view_warehouse', async () => {
    const company = await signUpCompany();
    const warehouse = await createWarehouse(company);
    const product = await createProduct(company);
    const deleted = await createProduct(company);
    await company.api.post(`products/${deleted.id}/delete`);
    const other = await signUpCompany();
    const foreign = await createProduct(other);
    const path = `warehouses/${warehouse.id}/assign_products`;
    const cases: [unknown, string, string][] = [
      [{ products: [] }, 'products', 'Select at least one product.'],
      [{ products: 'all' }, 'products', 'Select at least one product.'],
      [{ products: [product.id, foreign.id] }, 'products.1', 'Product Not Found'],
      [{ products: [deleted.id] }, 'products.0', 'Product Not Found'],
      [{ products: [0] }, 'products.0', 'A valid id is required.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await company.api.post(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
    }
    expect((await company.api.get(`warehouses/${warehouse.id}/product_inventory`)).body.count).toBe(0);
    expect((await other.api.post(path, { products: [foreign.id] })).status).toBe(404);
    expect((await other.api.get(`warehouses/${warehouse.id}/product_inventory`)).status).toBe(404);
    expect((await other.api.get(`warehouses/${warehouse.id}/unassigned_products`)).status).toBe(404);
    const outsider = await createUserWithPermissions(company, ['view_product']);
    expect((await outsider.api.get(`warehouses/${warehouse.id}/product_inventory`)).status).toBe(403);
    expect((await outsider.api.get(`warehouses/${warehouse.id}/unassigned_products`)).status).toBe(403);
    const viewer = await createUserWithPermissions(company, ['view_warehouse']);
    expect((await viewer.api.post(path, { products: [product.id] })).status).toBe(403);
    expect((await viewer.api.get(`warehouses/${warehouse.id}/product_inventory`)).status).toBe(200);
  });
});

describe.runIf(inject('databaseUrl'))('concurrency (PostgreSQL)', () => {
  it('lets one of several parallel creates with the same name through', async () => {
    const company = await signUpCompany();
    const name = `Race ${unique()}`;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        company.api.post(
          `branches/${company.branchId}/warehouses`,
          warehouseInput({ name: i % 2 ? name : name.toLowerCase() }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const res of results.filter((r) => r.status !== 201)) {
      expect(res.status).toBe(400);
      expect(res.body.errors.name).toEqual(['A warehouse with this name already exists.']);
    }
  });

  it('waits for a stock movement in flight before deactivating, and refuses the next one', async () => {
    const company = await signUpCompany();
    const warehouse = await createWarehouse(company);
    const product = await createProduct(company, { openingStock: 5, warehouseId: warehouse.id });
    const movement = (quantity: number) => ({
      companyId: company.companyId,
      productId: product.id,
      warehouseId: warehouse.id,
      quantity,
      reason: 'extra_inventory_found',
      userId: company.userId,
    });
    let deactivatedAt = 0;
    let committedAt = 0;
    const deactivation = await inTransaction(dbOf(company), async (tx) => {
      await postStockMovement(tx, movement(1));
      const pending = company.api.post(`warehouses/${warehouse.id}/deactivate`).then((res) => {
        deactivatedAt = Date.now();
        return res;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(deactivatedAt).toBe(0);
      committedAt = Date.now();
      // Wrapped: returning the promise itself would make the transaction wait for it.
      return { pending };
    });
    const res = await deactivation.pending;
    expect(res.status).toBe(200);
    expect(deactivatedAt).toBeGreaterThanOrEqual(committedAt);
    await expect(
      inTransaction(dbOf(company), (tx) => postStockMovement(tx, movement(1))),
    ).rejects.toMatchObject({
      message: `Warehouse ${warehouse.name} is inactive.`,
    });
    const [row] = (await company.api.get(`warehouses/${warehouse.id}/product_inventory`)).body.results;
    expect(row.available_stock).toBe(6);
  });
});
