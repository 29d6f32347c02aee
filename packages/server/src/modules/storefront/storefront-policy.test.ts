import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import { insertBuyer, type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';

/** GET storefront/policy (issue 24): the buyers' app reads the company's terms and privacy policy. */

async function storeOf(company: SignedUpCompany) {
  const channels = (await company.api.get('admin/all_sales_channel/')).body.results as { id: number }[];
  const channel = channels[channels.length - 1] as { id: number };
  const credentials = await company.api.post(`sales_channels/${channel.id}/credentials`);
  expect(credentials.status, JSON.stringify(credentials.body)).toBeLessThan(300);
  const buyer = await insertBuyer(company.companyId);
  const headers = {
    'x-client-id': credentials.body.client_id,
    'x-client-secret': credentials.body.client_secret,
  };
  return {
    store: new ApiClient(company.t.baseUrl, undefined, { ...headers, 'x-buyer-id': String(buyer.id) }),
    anonymous: new ApiClient(company.t.baseUrl, undefined, headers),
  };
}

describe('GET storefront/policy', () => {
  it("answers the company's own texts (blank until written) to its channel, nothing without credentials", async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const { store, anonymous } = await storeOf(company);

    const blank = await store.get('storefront/policy');
    expect(blank.status, JSON.stringify(blank.body)).toBe(200);
    expect(blank.body).toEqual({ terms: '', privacy_policy: '', updated_at: null });

    const texts = {
      terms: 'Goods once sold are returnable within 7 days with the invoice.',
      privacy_policy: 'We keep your GSTIN and phone number only to invoice and deliver.',
    };
    const saved = await company.api.put(`admin/companies/${company.companyId}/policy`, texts);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await other.api.put(`admin/companies/${other.companyId}/policy`, {
      terms: 'Another company’s terms.',
      privacy_policy: 'Another company’s policy.',
    });

    const read = await store.get('storefront/policy');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...texts, updated_at: saved.body.updated_at });
    expect((await other.api.get(`admin/companies/${other.companyId}/policy`)).body.terms).toBe(
      'Another company’s terms.',
    );

    // The channel's credentials and a buyer are asked as on every storefront call.
    expect((await anonymous.get('storefront/policy')).status).toBe(400);
    expect((await new ApiClient(company.t.baseUrl).get('storefront/policy')).status).toBe(401);
  }, 90_000);
});
