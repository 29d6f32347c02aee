import { GSTIN_STATE_MISMATCH } from '@b2b/domain/gstin';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  validGstin,
} from '../../../test/factories.ts';
import { validationError } from '../../core/errors.ts';
import { registerAddressOwnerRules } from './addresses.service.ts';

const PUNE = { address_line_1: '4 FC Road', city: 'Pune', state_id: 27, pincode: '411004' };

async function branchAddressId(company: SignedUpCompany) {
  const branch = await company.api.get(`branches/${company.branchId}?expand=addresses`);
  return branch.body.addresses[0].id as number;
}

async function companyAddressId(company: SignedUpCompany) {
  const res = await company.api.get(`companies/${company.companyId}?expand=addresses`);
  return res.body.addresses[0].id as number;
}

const branchAddresses = async (company: SignedUpCompany) =>
  (await company.api.get(`branches/${company.branchId}?expand=addresses`)).body.addresses;

describe('PATCH addresses/{id}', () => {
  it('edits any field of an address and says whose it is', async () => {
    const company = await signUpCompany();
    const id = await branchAddressId(company);
    const res = await company.api.patch(`addresses/${id}`, {
      address_line_1: '  7 Main Street ',
      address_line_2: 'Camp',
      landmark: 'Near the clock tower',
      city: 'Pune Cantonment',
      pincode: '411001',
      address_type: 'office',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id,
      owner_type: 'branch',
      owner_id: company.branchId,
      address_type: 'office',
      address_line_1: '7 Main Street',
      address_line_2: 'Camp',
      landmark: 'Near the clock tower',
      city: 'Pune Cantonment',
      state: { id: 27, name: 'Maharashtra' },
      is_visible: true,
    });
    const cleared = await company.api.patch(`addresses/${id}`, { address_line_2: null, landmark: '' });
    expect(cleared.body).toMatchObject({ address_line_2: null, landmark: 'Near the clock tower' });
    expect((await branchAddresses(company))[0]).toMatchObject({
      city: 'Pune Cantonment',
      address_line_2: null,
    });
    // An empty body changes nothing.
    expect((await company.api.patch(`addresses/${id}`, {})).body.city).toBe('Pune Cantonment');
    const history = await company.t.server.ctx.db
      .selectFrom('history')
      .select(['action'])
      .where('company_id', '=', company.companyId)
      .where('entity_type', '=', 'branch')
      .where('entity_id', '=', company.branchId)
      .execute();
    expect(history.map((h) => h.action)).toEqual(['address_updated', 'address_updated', 'address_updated']);
  });

  it('checks the values', async () => {
    const company = await signUpCompany();
    const id = await branchAddressId(company);
    const bad = await company.api.patch(`addresses/${id}`, {
      address_line_1: '',
      city: '',
      pincode: '41100A',
      address_type: 'home',
      is_visible: 'no',
      owner_id: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      address_line_1: ['Address line 1 is required.'],
      city: ['City is required.'],
      pincode: ['Please enter a valid 6 digit pincode.'],
    });
    for (const stateId of [99, 99_999_999_999]) {
      const noState = await company.api.patch(`addresses/${id}`, { state_id: stateId });
      expect(noState.status).toBe(400);
      expect(noState.body.errors.state_id).toEqual(['State Not Found']);
    }
    expect((await branchAddresses(company))[0]).toMatchObject({ city: 'Pune', pincode: '411001' });
  });

  it("keeps a branch's billing address in its GSTIN's state", async () => {
    const company = await signUpCompany();
    const branch = await company.api.post(`companies/${company.companyId}/branches`, {
      name: 'GST branch',
      gstin: validGstin('27'),
      address: PUNE,
    });
    const id = branch.body.addresses[0].id;
    const moved = await company.api.patch(`addresses/${id}`, {
      state_id: 29,
      city: 'Bengaluru',
      pincode: '560001',
    });
    expect(moved.status).toBe(400);
    expect(moved.body.errors.state_id).toEqual([GSTIN_STATE_MISMATCH]);
    // As a shipping address it may be anywhere.
    const shipping = await company.api.patch(`addresses/${id}`, {
      state_id: 29,
      city: 'Bengaluru',
      pincode: '560001',
      address_type: 'shipping_address',
    });
    expect(shipping.status).toBe(200);
    expect((await company.api.patch(`addresses/${id}`, { address_type: 'billing_address' })).status).toBe(
      400,
    );
  });

  it("needs the owner's change permission: change_branch for a branch's, change_company for the company's", async () => {
    const company = await signUpCompany();
    const branchAddress = await branchAddressId(company);
    const companyAddress = await companyAddressId(company);
    const branchEditor = await createUserWithPermissions(company, ['change_branch']);
    const companyEditor = await createUserWithPermissions(company, ['change_company']);
    expect((await branchEditor.api.patch(`addresses/${branchAddress}`, { city: 'Hadapsar' })).status).toBe(
      200,
    );
    const refused = await branchEditor.api.patch(`addresses/${companyAddress}`, { city: 'Hadapsar' });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('You do not have permissions to perform this action.');
    expect((await companyEditor.api.patch(`addresses/${branchAddress}`, { city: 'Kothrud' })).status).toBe(
      403,
    );
    expect((await companyEditor.api.patch(`addresses/${companyAddress}`, { city: 'Kothrud' })).status).toBe(
      200,
    );
    expect((await branchEditor.api.post(`addresses/${companyAddress}/invisible`)).status).toBe(403);
    expect((await branchEditor.api.post(`addresses/${companyAddress}/delete`)).status).toBe(403);
    expect((await branchAddresses(company))[0].city).toBe('Hadapsar');
  });

  it("answers 404 for another company's address or a deleted one", async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const id = await branchAddressId(company);
    for (const res of [
      await other.api.patch(`addresses/${id}`, { city: 'Stolen' }),
      await other.api.post(`addresses/${id}/visible`),
      await other.api.post(`addresses/${id}/delete`),
      await company.api.patch('addresses/987654321', { city: 'Nowhere' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe('Address Not Found');
    }
    expect((await branchAddresses(company))[0].city).toBe('Pune');
  });
});

describe('POST addresses/{id}/visible and /invisible', () => {
  it('shows or hides an address to buyers and sellers', async () => {
    const company = await signUpCompany();
    const id = await branchAddressId(company);
    const hidden = await company.api.post(`addresses/${id}/invisible`);
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ id, is_visible: false, owner_type: 'branch' });
    expect((await branchAddresses(company))[0].is_visible).toBe(false);
    expect((await company.api.post(`addresses/${id}/visible`, '')).body.is_visible).toBe(true);
    const viewer = await createUserWithPermissions(company, ['view_branch']);
    expect((await viewer.api.post(`addresses/${id}/invisible`)).status).toBe(403);
    expect((await branchAddresses(company))[0].is_visible).toBe(true);
  });
});

describe('POST addresses/{id}/delete', () => {
  it('deletes softly, once', async () => {
    const company = await signUpCompany();
    const added = await company.api.post(`branches/${company.branchId}/addresses`, {
      ...PUNE,
      address_type: 'shipping_address',
    });
    const res = await company.api.post(`addresses/${added.body.id}/delete`);
    expect(res.status).toBe(200);
    expect(res.body.detail).toBe('Address deleted successfully.');
    expect((await branchAddresses(company)).map((a: { id: number }) => a.id)).not.toContain(added.body.id);
    expect((await company.api.post(`addresses/${added.body.id}/delete`)).status).toBe(404);
    expect((await company.api.patch(`addresses/${added.body.id}`, { city: 'X' })).status).toBe(404);
    const row = await company.t.server.ctx.db
      .selectFrom('addresses')
      .select('is_deleted')
      .where('id', '=', added.body.id)
      .executeTakeFirstOrThrow();
    expect(row.is_deleted).toBe(true);
  });
});

describe('registerAddressOwnerRules', () => {
  it("lets an owner's area refuse a change, which is then rolled back", async () => {
    const company = await signUpCompany();
    const id = await branchAddressId(company);
    const db = company.t.server.ctx.db;
    // A lead's address: no area has registered rules for leads, so the test borrows the type.
    await db.updateTable('addresses').set({ owner_type: 'lead' }).where('id', '=', id).execute();
    const seen: string[] = [];
    registerAddressOwnerRules('lead', {
      permission: 'change_branch',
      assertOwnerWritable: async (_db, companyId, ownerId) => {
        seen.push(`writable ${companyId} ${ownerId}`);
      },
      afterChange: async (tx, companyId, _ownerId, change) => {
        seen.push(`after ${change.action}`);
        const row = await tx
          .selectFrom('addresses')
          .select(['city', 'is_deleted'])
          .where('company_id', '=', companyId)
          .where('id', '=', change.addressId)
          .executeTakeFirstOrThrow();
        if (row.city === 'Forbidden') throw validationError('city', 'Not this city.');
        if (row.is_deleted) throw validationError('address', 'A lead keeps its last address.');
      },
    });
    try {
      const refused = await company.api.patch(`addresses/${id}`, { city: 'Forbidden' });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.city).toEqual(['Not this city.']);
      expect((await company.api.post(`addresses/${id}/delete`)).status).toBe(400);
      expect((await company.api.patch(`addresses/${id}`, { city: 'Allowed' })).status).toBe(200);
      const row = await db
        .selectFrom('addresses')
        .select(['city', 'is_deleted'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ city: 'Allowed', is_deleted: false });
      expect(seen).toEqual([
        `writable ${company.companyId} ${company.branchId}`,
        'after updated',
        `writable ${company.companyId} ${company.branchId}`,
        'after deleted',
        `writable ${company.companyId} ${company.branchId}`,
        'after updated',
      ]);
      // The registered permission decides: change_lead alone is no longer enough.
      const leadEditor = await createUserWithPermissions(company, ['change_lead']);
      expect((await leadEditor.api.patch(`addresses/${id}`, { city: 'Other' })).status).toBe(403);
    } finally {
      registerAddressOwnerRules('lead', {});
    }
  });
});
