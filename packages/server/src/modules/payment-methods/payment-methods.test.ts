import { describe, expect, it } from 'vitest';
import { createUserWithPermissions, type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';

/** The history rows of one payment method, oldest first. */
const historyOf = (company: SignedUpCompany, methodId: number) =>
  historyRows(company, 'payment_method', methodId, ['action', 'user_id', 'changes']);

const methodsOf = async (company: SignedUpCompany) =>
  (await company.api.get(`companies/${company.companyId}/payment_methods`)).body.results;

const reorder = (company: SignedUpCompany, positions: { id: number; position: number }[]) =>
  company.api.post(`companies/${company.companyId}/payment_methods/reorder`, { positions });

describe('payment methods', () => {
  it('edits payment method position and tax display name, with permission', async () => {
    const company = await signUpCompany();
    const c = company.companyId;
    const methods = await methodsOf(company);
    const moved = await company.api.patch(`companies/${c}/payment_methods/${methods[0].id}`, {
      position: 99,
    });
    expect(moved.body.position).toBe(99);
    const list = await methodsOf(company);
    expect(list[list.length - 1].id).toBe(methods[0].id);
    expect(
      (await company.api.patch(`companies/${c}/payment_methods/${methods[0].id}`, { position: -1 })).status,
    ).toBe(400);
    const staff = await createUserWithPermissions(company, []);
    expect(
      (await staff.api.patch(`companies/${c}/payment_methods/${methods[0].id}`, { position: 1 })).status,
    ).toBe(403);
    const taxes = (await company.api.get(`companies/${c}/taxes`)).body.results;
    expect(
      (await company.api.patch(`companies/${c}/taxes/${taxes[0].id}`, { display_name: 'Exempt' })).body
        .display_name,
    ).toBe('Exempt');
  });
});

describe('PATCH companies/{companyId}/payment_methods/{id}', () => {
  it('records who changed what in a history row, and none for a refused change', async () => {
    const company = await signUpCompany();
    const c = company.companyId;
    const [method] = await methodsOf(company);
    const renamed = await company.api.patch(`companies/${c}/payment_methods/${method.id}`, {
      name: 'Cash on delivery',
      is_active: false,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Cash on delivery', is_active: false });
    expect(await historyOf(company, method.id)).toEqual([
      { action: 'updated', user_id: company.userId, changes: { name: 'Cash on delivery', is_active: false } },
    ]);

    const other = await signUpCompany();
    const foreign = await other.api.patch(`companies/${other.companyId}/payment_methods/${method.id}`, {
      name: 'Taken',
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Payment Method Not Found');
    expect(await historyOf(other, method.id)).toEqual([]);
    expect(await historyOf(company, method.id)).toHaveLength(1);
  });
});

describe('POST companies/{companyId}/payment_methods/reorder', () => {
  it('applies all position changes together, or none when one id is foreign', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const [first, second] = await methodsOf(company);
    const swapped = await reorder(company, [
      { id: first.id, position: second.position },
      { id: second.id, position: first.position },
    ]);
    expect(swapped.status).toBe(200);
    expect(swapped.body.results.slice(0, 2).map((m: { id: number }) => m.id)).toEqual([second.id, first.id]);

    const foreign = (await methodsOf(other))[0];
    const mixed = await reorder(company, [
      { id: first.id, position: 50 },
      { id: foreign.id, position: 1 },
    ]);
    expect(mixed.status).toBe(400);
    const after = await methodsOf(company);
    expect(after.find((m: { id: number }) => m.id === first.id).position).toBe(
      first.position === second.position ? first.position : second.position,
    );
    expect((await reorder(company, [])).status).toBe(400);
  });
});

describe('POST companies/{companyId}/payment_methods/reorder (history)', () => {
  it('records one reordered row per method moved, and none when the batch is refused', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const [first, second] = await methodsOf(company);
    const swapped = await reorder(company, [
      { id: first.id, position: 7 },
      { id: second.id, position: 6 },
    ]);
    expect(swapped.status).toBe(200);
    expect(await historyOf(company, first.id)).toEqual([
      { action: 'reordered', user_id: company.userId, changes: { position: 7 } },
    ]);
    expect(await historyOf(company, second.id)).toEqual([
      { action: 'reordered', user_id: company.userId, changes: { position: 6 } },
    ]);

    const foreign = (await methodsOf(other))[0];
    const mixed = await reorder(company, [
      { id: first.id, position: 9 },
      { id: foreign.id, position: 1 },
    ]);
    expect(mixed.status).toBe(400);
    expect(await historyOf(company, first.id)).toHaveLength(1);
  });
});
