import { describe, expect, it } from 'vitest';
import { connectionPath, useAmazonApp } from '../../../test/amazon-fixtures.ts';
import { type SignedUpCompany, unique } from '../../../test/factories.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { jobQueueNames } from '../../jobs/register-jobs.ts';
import { pushAmazonStock } from './amazon-sync.ts';

// The stock push covers every SKU the seller lists on Amazon that is one of our products, not only
// those seen in imported orders (issue 26): Sync stock reads the listings first (searchListingsItems,
// page by page). Faked: Amazon only (test/amazon-stand-in.ts).

const amazon = useAmazonApp();
const { connectedWorld } = amazon;

const listingsOf = (company: SignedUpCompany) =>
  dbOf(company)
    .selectFrom('amazon_listings')
    .select(['sku', 'last_pushed_quantity'])
    .where('company_id', '=', company.companyId)
    .orderBy('sku')
    .execute();

const patchedSkus = (from: number) =>
  amazon.standIn.requests
    .slice(from)
    .filter((r) => r.method === 'PATCH')
    .map((r) => decodeURIComponent(r.path.split('?')[0]?.split('/').pop() ?? ''))
    .sort();

describe('POST admin/companies/{companyId}/amazon_connection/sync_stock', () => {
  it('reads the seller’s listings page by page and pushes those that are our products, never ordered, ignoring the others', async () => {
    const { company, api, kurta, dupatta } = await connectedWorld();
    const foreign = `NOT-OURS-${unique()}`;
    amazon.standIn.listings = [kurta.sku, foreign, dupatta.sku];
    amazon.standIn.listingsPageSize = 2;
    expect(await listingsOf(company)).toEqual([]);

    const before = amazon.standIn.requests.length;
    const res = await api.post(`${connectionPath(company)}/sync_stock`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'push_stock',
      trigger: 'manual',
      ok: true,
      listings_pushed: 2,
      listings_failed: 0,
    });
    expect(res.body.problems).toEqual([
      `Listed on Amazon and added to the stock push: ${[kurta.sku, dupatta.sku].sort().join(', ')}.`,
    ]);

    // Both pages asked for: the second by the first's nextToken, summaries only, 20 a page.
    const searches = amazon.standIn.requests
      .slice(before)
      .filter((r) => r.method === 'GET' && r.path.startsWith('/listings/'));
    expect(searches.map((r) => r.path)).toEqual([
      `/listings/2021-08-01/items/${amazon.standIn.sellerId}?marketplaceIds=A21TJRUUN4KGV&pageSize=20&includedData=summaries`,
      `/listings/2021-08-01/items/${amazon.standIn.sellerId}?marketplaceIds=A21TJRUUN4KGV&pageSize=20&includedData=summaries&pageToken=2`,
    ]);
    expect(patchedSkus(before)).toEqual([kurta.sku, dupatta.sku].sort());
    expect(await listingsOf(company)).toEqual(
      [
        { sku: kurta.sku, last_pushed_quantity: 10 },
        { sku: dupatta.sku, last_pushed_quantity: 5 },
      ].sort((a, b) => a.sku.localeCompare(b.sku)),
    );

    // Each page is logged as its own call to Amazon.
    const calls = await dbOf(company)
      .selectFrom('integration_calls')
      .select(['operation', 'target', 'ok'])
      .where('company_id', '=', company.companyId)
      .where('operation', '=', 'search_listings')
      .orderBy('id')
      .execute();
    expect(calls).toEqual([
      { operation: 'search_listings', target: 'listings page 1', ok: true },
      { operation: 'search_listings', target: 'listings page 2', ok: true },
    ]);

    // A second Sync stock finds nothing new: both are pushed again, no note.
    const again = await api.post(`${connectionPath(company)}/sync_stock`, {});
    expect(again.body).toMatchObject({ ok: true, listings_pushed: 2, problems: [] });
  });

  it('leaves the listings alone on the stock watch’s push, and reads them on the daily run', async () => {
    const { company, kurta } = await connectedWorld();
    amazon.standIn.listings = [kurta.sku];
    amazon.standIn.listingsPageSize = 20;
    const deps = amazon.syncDepsOf(company);
    const before = amazon.standIn.requests.length;
    // No listing yet: the watch has nothing to push and asks Amazon nothing.
    expect(await pushAmazonStock(deps, company.companyId, 'stock_change', { changedOnly: true })).toBeNull();
    expect(amazon.standIn.requests.length).toBe(before);

    const daily = await pushAmazonStock(deps, company.companyId, 'schedule', { changedOnly: false });
    expect(daily).toMatchObject({ trigger: 'schedule', ok: true, listings_pushed: 1 });
    expect(patchedSkus(before)).toEqual([kurta.sku]);
    expect(await listingsOf(company)).toEqual([{ sku: kurta.sku, last_pushed_quantity: 10 }]);
  });

  it('reads 1,000 SKUs on the button and says the daily run reads the rest, which it does; a 429 is asked again', async () => {
    const { company, api, kurta, dupatta } = await connectedWorld();
    // 51 pages of 20: ours on the first page and on the last, which the button does not reach.
    const others = Array.from({ length: 1_005 }, (_, i) => `OTHER-${i}-${unique()}`);
    amazon.standIn.listings = [kurta.sku, ...others, dupatta.sku];
    amazon.standIn.listingsPageSize = 20;

    const res = await api.post(`${connectionPath(company)}/sync_stock`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ok: true, listings_pushed: 1 });
    expect(res.body.problems).toContain(
      'Amazon lists more than 1000 SKUs; the first 1000 were matched to products now, and the daily run reads them all.',
    );
    expect((await listingsOf(company)).map((l) => l.sku)).toEqual([kurta.sku]);

    const deps = amazon.syncDepsOf(company);
    // Amazon's rate is passed once on the way: that page is asked again, not lost.
    amazon.standIn.throttleNext = 1;
    const daily = await pushAmazonStock(deps, company.companyId, 'schedule', { changedOnly: false });
    expect(amazon.standIn.throttleNext).toBe(0);
    expect(daily).toMatchObject({ trigger: 'schedule', ok: true, listings_pushed: 2 });
    expect((await listingsOf(company)).map((l) => l.sku).sort()).toEqual([kurta.sku, dupatta.sku].sort());
  });

  it('registers the daily stock run', async () => {
    expect(await jobQueueNames()).toContain('amazon.daily-stock');
  });
});
