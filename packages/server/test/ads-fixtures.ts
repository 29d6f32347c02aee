import { afterAll, beforeAll, expect } from 'vitest';
import {
  createAdPlatformClients,
  readAdPlatformsConfig,
} from '../src/modules/products-ads/ad-platforms-config.ts';
import { startAdPlatformsStandIn } from './ad-platforms-stand-in.ts';
import { ApiClient } from './api-client.ts';
import { type SignedUpCompany, signUpCompany } from './factories.ts';
import { testAppWith } from './harness.ts';

/** A company with marketing switched on: the product ads pages sit behind that switch. */
export async function marketingCompany() {
  const company = await signUpCompany();
  const res = await company.api.patch(`companies/${company.companyId}`, { is_marketing_enabled: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return company;
}

/** Waits for a bulk job (an ad figures import) to leave its queued and running states. */
export async function waitForJob(company: SignedUpCompany, jobId: number) {
  const started = Date.now();
  for (;;) {
    const res = await company.api.get(`bulk_jobs/${jobId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (!['to_be_processed', 'in_process'].includes(res.body.status) || Date.now() - started > 60_000)
      return res.body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export const csv = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`, 'utf8');

/**
 * For a describe block: the ad platforms' stand-ins (Google Ads, Merchant Center, Meta) and a test
 * app whose OAuth clients point at them, started before its tests and closed after. `connect` runs
 * an account through the code flow and answers the connected account.
 */
export function useAdPlatformsApp() {
  const fixture = {
    /** Set before the block's tests run. */
    standIn: undefined as unknown as Awaited<ReturnType<typeof startAdPlatformsStandIn>>,
    apiOf,
    connect,
  };
  let adsApp: Awaited<ReturnType<typeof testAppWith>>;
  beforeAll(async () => {
    fixture.standIn = await startAdPlatformsStandIn();
    const config = readAdPlatformsConfig(fixture.standIn.env);
    const shared = (await signUpCompany()).t.server.ctx;
    adsApp = await testAppWith({
      adPlatforms: createAdPlatformClients(config),
      config: { ...shared.config, adPlatforms: config },
    });
  }, 120_000);
  afterAll(async () => {
    await adsApp?.close();
    await fixture.standIn?.close();
  });

  function apiOf(company: SignedUpCompany) {
    return new ApiClient(adsApp.baseUrl).as(company.session.access_token);
  }

  async function connect(
    company: SignedUpCompany,
    platform: 'google_ads' | 'meta',
    accountId: string,
    extra: Record<string, unknown> = {},
  ) {
    const api = apiOf(company);
    const start = await api.post(`admin/companies/${company.companyId}/ads_accounts/${platform}/authorize`, {
      account_id: accountId,
      ...extra,
    });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body.account.status).toBe('pending');
    const consent = new URL(start.body.authorization_url);
    const state = consent.searchParams.get('state') as string;
    expect(consent.searchParams.get('redirect_uri')).toMatch(/\/ads-account-verifications$/);
    const connected = await api.post(`admin/companies/${company.companyId}/ads_accounts/connect`, {
      state,
      code: 'good-code',
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect(connected.body.status).toBe('connected');
    return { api, account: connected.body, state };
  }

  return fixture;
}
