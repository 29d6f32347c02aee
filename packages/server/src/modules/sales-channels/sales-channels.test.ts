import { SALES_CHANNEL_MESSAGES } from '@b2b/domain/sales-channels';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { createBuyerWithAddress } from '../../../test/sales-fixtures.ts';

const channelsPath = (company: SignedUpCompany) => `companies/${company.companyId}/sales_channels`;

/** A storefront client signed with a channel's credentials, acting for `buyerId`. */
const storefrontAs = (company: SignedUpCompany, clientId: string, secret: string, buyerId: number) =>
  new ApiClient(company.t.baseUrl, undefined, {
    'x-client-id': clientId,
    'x-client-secret': secret,
    'x-buyer-id': String(buyerId),
  });

describe('GET admin/sales_channel and admin/all_sales_channel', () => {
  it("answers the active channels, or all of them, of the caller's own company", async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    // Read from the table, not the API: a channel is switched off below behind the API's back, and
    // the API's read cache only forgets an answer when the company changes through the API.
    const all = await company.t.server.ctx.db
      .selectFrom('sales_channels')
      .select([
        'id',
        'name',
        'display_name',
        'channel_type',
        'is_active',
        'is_marketing_enabled',
        'client_id',
        'credentials_created_at',
        'cart_abandon_after_hours',
      ])
      .where('company_id', '=', company.companyId)
      .orderBy('id')
      .execute();
    expect(all.length).toBeGreaterThan(1);
    const [off, ...rest] = all;
    await company.t.server.ctx.db
      .updateTable('sales_channels')
      .set({ is_active: false })
      .where('company_id', '=', company.companyId)
      .where('id', '=', off.id)
      .execute();

    const active = (await company.api.get('admin/sales_channel/')).body;
    expect(active.results.map((ch: { id: number }) => ch.id)).toEqual(
      rest.map((ch: { id: number }) => ch.id),
    );
    const everyOne = (await company.api.get('admin/all_sales_channel/')).body;
    expect(everyOne.results).toEqual([{ ...off, is_active: false }, ...rest]);
    const theirs = (await other.api.get('admin/all_sales_channel/')).body.results;
    expect(theirs.some((ch: { id: number }) => ch.id === off.id)).toBe(false);
  });
});

describe('POST companies/{companyId}/sales_channels', () => {
  it('adds a channel with a code from its name and answers its secret once; the cart API accepts it', async () => {
    const company = await signUpCompany();
    const name = `Amazon India ${unique()}`;
    const res = await company.api.post(channelsPath(company), {
      display_name: name,
      channel_type: 'marketplace',
      is_marketing_enabled: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      display_name: name,
      name: name.toLowerCase().replace(/[^a-z0-9]+/g, '_'),
      channel_type: 'marketplace',
      is_marketing_enabled: true,
      is_active: true,
      cart_abandon_after_hours: 24,
    });
    expect(res.body.client_id).toMatch(new RegExp(`^sc_${company.companyId}_`));
    expect(res.body.client_secret).toMatch(/^scs_/);

    // Never read back: neither in the lists nor in the history.
    const listed = (await company.api.get('admin/all_sales_channel/')).body.results;
    const mine = listed.find((c: { id: number }) => c.id === res.body.id);
    expect(mine).toMatchObject({ client_id: res.body.client_id, channel_type: 'marketplace' });
    expect(JSON.stringify(listed)).not.toContain(res.body.client_secret);
    const history = await historyRows(company, 'sales_channel', res.body.id, [
      'action',
      'user_id',
      'changes',
    ]);
    expect(history.map((h) => [h.action, h.user_id])).toEqual([['created', company.userId]]);
    expect(JSON.stringify(history)).not.toContain(res.body.client_secret);

    const buyer = await createBuyerWithAddress(company);
    const shop = storefrontAs(company, res.body.client_id, res.body.client_secret, buyer.id);
    expect((await shop.get('storefront/products')).status).toBe(200);

    // Rotate secret: the old one stops working at once, the new one works.
    const rotated = await company.api.post(`sales_channels/${res.body.id}/credentials`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.client_id).toBe(res.body.client_id);
    const old = await shop.get('storefront/products');
    expect(old.status).toBe(401);
    expect(old.body.detail).toBe('Invalid client id or client secret.');
    const fresh = storefrontAs(company, rotated.body.client_id, rotated.body.client_secret, buyer.id);
    expect((await fresh.get('storefront/products')).status).toBe(200);
  });

  it('gives a second channel of the same code a suffix, and refuses a taken name, no name or an unknown type', async () => {
    const company = await signUpCompany();
    const first = await company.api.post(channelsPath(company), {
      display_name: 'Flip Kart',
      channel_type: 'other',
    });
    const second = await company.api.post(channelsPath(company), {
      display_name: 'Flip-Kart',
      channel_type: 'other',
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect([first.body.name, second.body.name]).toEqual(['flip_kart', 'flip_kart_2']);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { display_name: 'FLIP KART', channel_type: 'other' },
        'display_name',
        SALES_CHANNEL_MESSAGES.name_taken,
      ],
      [
        { display_name: 'Web Store', channel_type: 'web_store' },
        'display_name',
        SALES_CHANNEL_MESSAGES.name_taken,
      ],
      [{ display_name: '  ', channel_type: 'other' }, 'display_name', SALES_CHANNEL_MESSAGES.name_required],
      [
        { display_name: 'Meesho', channel_type: 'bazaar' },
        'channel_type',
        SALES_CHANNEL_MESSAGES.type_required,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await company.api.post(channelsPath(company), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field]?.[0], JSON.stringify(res.body)).toBe(message);
    }
  });

  it("needs add_sales_channel, and acts only on the caller's company", async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const clerk = await createUserWithPermissions(company, ['view_sales_channel']);
    const body = { display_name: `Shop ${unique()}`, channel_type: 'web_store' };
    expect((await clerk.api.post(channelsPath(company), body)).status).toBe(403);
    expect((await other.api.post(channelsPath(company), body)).status).toBe(404);
    const mine = await company.api.post(channelsPath(company), body);
    expect((await other.api.patch(`sales_channels/${mine.body.id}`, { is_active: false })).status).toBe(404);
    expect((await clerk.api.patch(`sales_channels/${mine.body.id}`, { is_active: false })).status).toBe(403);
  });
});

describe('PATCH sales_channels/{id}', () => {
  it("renames, retypes and switches a channel off with history rows; an inactive channel's cart API refuses", async () => {
    const company = await signUpCompany();
    const created = (
      await company.api.post(channelsPath(company), {
        display_name: `App ${unique()}`,
        channel_type: 'mobile_app',
      })
    ).body;
    const renamed = `Shop App ${unique()}`;
    const res = await company.api.patch(`sales_channels/${created.id}`, {
      display_name: renamed,
      channel_type: 'web_store',
      is_marketing_enabled: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name: created.name,
      display_name: renamed,
      channel_type: 'web_store',
      is_marketing_enabled: true,
      is_active: true,
    });
    expect(res.body).not.toHaveProperty('client_secret');
    const off = await company.api.patch(`sales_channels/${created.id}`, { is_active: false });
    expect(off.body.is_active).toBe(false);
    const active = (await company.api.get('admin/sales_channel/')).body.results;
    expect(active.some((c: { id: number }) => c.id === created.id)).toBe(false);

    const buyer = await createBuyerWithAddress(company);
    const shop = storefrontAs(company, created.client_id, created.client_secret, buyer.id);
    expect((await shop.get('storefront/products')).status).toBe(403);

    const history = await historyRows(company, 'sales_channel', created.id, ['action', 'changes']);
    expect(history.map((h) => h.action)).toEqual(['created', 'updated', 'deactivated']);
    expect(history[1]?.changes).toMatchObject({ channel_type: { from: 'mobile_app', to: 'web_store' } });

    const empty = await company.api.patch(`sales_channels/${created.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe(SALES_CHANNEL_MESSAGES.nothing_to_change);
    const taken = await company.api.patch(`sales_channels/${created.id}`, { display_name: 'instore' });
    expect(taken.status).toBe(400);
    expect(taken.body.errors.display_name[0]).toBe(SALES_CHANNEL_MESSAGES.name_taken);
  });
});
