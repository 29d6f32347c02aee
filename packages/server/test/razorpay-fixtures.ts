import { afterAll, beforeAll, expect } from 'vitest';
import type { AppContext } from '../src/app-context.ts';
import { createRazorpayClient } from '../src/modules/razorpay/razorpay-client.ts';
import { ApiClient } from './api-client.ts';
import { type SignedUpCompany, unique } from './factories.ts';
import { testServer } from './harness.ts';
import { type RazorpayStandIn, startRazorpayStandIn } from './razorpay-stand-in.ts';

export const accountPath = (company: SignedUpCompany) => `companies/${company.companyId}/razorpay_account`;

/**
 * For a test file: the Razorpay stand-in, with the shared test server's Razorpay client pointed at
 * it while the file runs (no other area uses it), put back after. Its fields are set once
 * beforeAll has run; `connect` gives a company a key pair the stand-in accepts.
 */
export function useRazorpayStandIn() {
  const fixture = {
    standIn: undefined as unknown as RazorpayStandIn,
    app: undefined as unknown as { baseUrl: string },
    ctx: undefined as unknown as AppContext,
    apiOf,
    connect,
  };
  let previous: AppContext['razorpay'];
  beforeAll(async () => {
    fixture.standIn = await startRazorpayStandIn();
    const t = await testServer();
    fixture.ctx = t.server.ctx;
    previous = fixture.ctx.razorpay;
    fixture.ctx.razorpay = createRazorpayClient({ baseUrl: fixture.standIn.url });
    fixture.app = { baseUrl: t.baseUrl };
  }, 300_000);
  afterAll(async () => {
    if (fixture.ctx) fixture.ctx.razorpay = previous;
    await fixture.standIn?.close();
  });

  function apiOf(company: SignedUpCompany) {
    return new ApiClient(fixture.app.baseUrl, company.api.token);
  }

  /** A key pair the stand-in accepts, connected to the company. */
  async function connect(company: SignedUpCompany) {
    const keyId = `rzp_test_${unique()
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(-14)}`;
    const keySecret = `secret${unique()}`;
    const webhookSecret = `whsec${unique()}`;
    fixture.standIn.keys.set(keyId, keySecret);
    const res = await apiOf(company).put(accountPath(company), {
      key_id: keyId,
      key_secret: keySecret,
      webhook_secret: webhookSecret,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { keyId, keySecret, webhookSecret, account: res.body };
  }

  return fixture;
}
