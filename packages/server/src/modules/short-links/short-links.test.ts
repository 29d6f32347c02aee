import { MESSAGES } from '@b2b/domain/field-checks';
import { SHORT_LINK_MESSAGES } from '@b2b/domain/short-links';
import { addDays, todayInIndia } from '@b2b/domain/validation';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  PNG_1x1,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { uploadFile } from '../../../test/uploads.ts';

/** A company with marketing switched on (the URL shortener is behind the switch). */
async function marketingCompany(): Promise<SignedUpCompany> {
  const company = await signUpCompany();
  const on = await company.api.patch(`companies/${company.companyId}`, { is_marketing_enabled: true });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  return company;
}

const linksPath = (company: SignedUpCompany) => `admin/companies/${company.companyId}/short_links`;

async function createLink(company: SignedUpCompany, input: Record<string, unknown> = {}) {
  const res = await company.api.post(linksPath(company), {
    target_url: 'https://shop.example.in/diwali',
    ...input,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const origin = (company: SignedUpCompany) => company.t.baseUrl.replace(/\/api$/, '');

/** A public hit as a browser makes it, from its own address (the redirect's rate limit is per address). */
function hit(company: SignedUpCompany, path: string, headers: Record<string, string> = {}) {
  return fetch(`${origin(company)}${path}`, {
    redirect: 'manual',
    headers: {
      'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`,
      ...headers,
    },
  });
}

/** A minimal .ico: the ICONDIR header (00 00 01 00, one image) and a directory entry. */
const ICO = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]), Buffer.alloc(80, 7)]);

// The worker's server starts (and migrates) here, under the hook's longer timeout.
beforeAll(async () => {
  await signUpCompany();
});

describe('short links behind the marketing switch and permissions', () => {
  it('refuses a company without marketing with 403 and a sentence', async () => {
    const company = await signUpCompany();
    const res = await company.api.get(linksPath(company));
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe(
      'Marketing is not enabled for your company. Ask your Company Admin to enable it.',
    );
    expect((await company.api.post(linksPath(company), { target_url: 'https://a.example.in' })).status).toBe(
      403,
    );
  });

  it('refuses a user without view_url_shortener', async () => {
    const company = await marketingCompany();
    const staff = await createUserWithPermissions(company, ['view_contact']);
    expect((await staff.api.get(linksPath(company))).status).toBe(403);
  });
});

describe('POST admin/companies/{companyId}/short_links', () => {
  it('creates a link with a generated path, its short URL, its redirect URL and a history row', async () => {
    const company = await marketingCompany();
    const link = await createLink(company, {
      target_url: 'shop.example.in/offers?ref=sms',
      utm_source: 'sms',
      utm_campaign: 'diwali sale',
    });
    expect(link.path).toMatch(/^[a-z0-9]{7}$/);
    expect(link).toMatchObject({
      target_url: 'https://shop.example.in/offers?ref=sms',
      domain: null,
      short_url: `${origin(company)}/s/${link.path}`,
      redirect_url: 'https://shop.example.in/offers?ref=sms&utm_source=sms&utm_campaign=diwali+sale',
      status: 'active',
      is_active: true,
      is_permanent: false,
      click_count: 0,
      favicon_url: null,
    });
    const rows = await historyRows(company, 'short_link', link.id, ['action', 'user_id']);
    expect(rows).toEqual([{ action: 'created', user_id: company.userId }]);
  });

  it('answers the spec’s messages under the fields', async () => {
    const company = await marketingCompany();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ target_url: 'not-a-url' }, 'target_url', MESSAGES.url],
      [{ target_url: 'javascript:alert(1)' }, 'target_url', SHORT_LINK_MESSAGES.http_only],
      [{ target_url: 'data:text/html,hi' }, 'target_url', SHORT_LINK_MESSAGES.http_only],
      [{ target_url: 'https://shop.example.in/a b' }, 'target_url', MESSAGES.no_spaces],
      [{ target_url: 'https://shop.example.in', path: 'Diwali' }, 'path', MESSAGES.url_path],
      [{ target_url: 'https://shop.example.in', path: 'di wali' }, 'path', MESSAGES.no_spaces],
      [
        { target_url: 'https://shop.example.in', path: 'a'.repeat(65) },
        'path',
        'Cannot exceed more than 64 characters.',
      ],
      [{ target_url: 'https://shop.example.in', domain: 'https://go.example.in' }, 'domain', MESSAGES.domain],
      [{ target_url: 'https://shop.example.in', domain: 'www.example.in' }, 'domain', MESSAGES.domain],
    ];
    for (const [body, field, message] of cases) {
      const res = await company.api.post(linksPath(company), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(body)).toEqual([message]);
    }
  });

  it('refuses a path taken on the same domain with 409, by any company', async () => {
    const first = await marketingCompany();
    const second = await marketingCompany();
    const path = `offer-${unique()}`.toLowerCase();
    await createLink(first, { path });
    const again = await second.api.post(linksPath(second), { target_url: 'https://b.example.in', path });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(SHORT_LINK_MESSAGES.path_taken);
    expect(again.body.errors.path).toEqual([SHORT_LINK_MESSAGES.path_taken]);
    // The same path on a custom domain is another address.
    const domain = `go-${unique()}.example.in`.toLowerCase();
    const custom = await createLink(second, { path, domain });
    expect(custom.short_url).toBe(`https://${domain}/${path}`);
    // A custom domain serves one company.
    const taken = await first.api.post(linksPath(first), { target_url: 'https://a.example.in', domain });
    expect(taken.status).toBe(409);
    expect(taken.body.errors.domain).toEqual([SHORT_LINK_MESSAGES.domain_taken]);
  });
});

describe('GET/PATCH/DELETE admin/short_links/{id}', () => {
  it('lists with search and paging, changes with a history row, deletes', async () => {
    const company = await marketingCompany();
    const a = await createLink(company, { path: `spring-${unique()}`.toLowerCase() });
    const b = await createLink(company, { target_url: 'https://blog.example.in/post' });
    const list = await company.api.get(`${linksPath(company)}?search=blog&limit=10`);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.results[0].id).toBe(b.id);
    const page = await company.api.get(`${linksPath(company)}?limit=1&offset=1&ordering=-created_at`);
    expect(page.body.count).toBe(2);
    expect(page.body.results.map((r: { id: number }) => r.id)).toEqual([a.id]);

    const changed = await company.api.patch(`admin/short_links/${a.id}`, {
      utm_medium: 'email',
      is_active: false,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      utm_medium: 'email',
      is_active: false,
      status: 'inactive',
      path: a.path,
    });
    const inactive = await company.api.get(`${linksPath(company)}?status=inactive`);
    expect(inactive.body.results.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const rows = await historyRows(company, 'short_link', a.id, ['action', 'changes']);
    expect(rows.map((r) => r.action)).toEqual(['created', 'updated']);
    expect(rows[1].changes).toMatchObject({ utm_medium: 'email', is_active: false });

    expect((await company.api.delete(`admin/short_links/${a.id}`)).status).toBe(204);
    expect((await company.api.get(`admin/short_links/${a.id}`)).status).toBe(404);
    expect((await hit(company, `/s/${a.path}`)).status).toBe(404);
  });

  it('answers 404 for another company’s link on every call', async () => {
    const owner = await marketingCompany();
    const other = await marketingCompany();
    const link = await createLink(owner);
    const foreign = `admin/short_links/${link.id}`;
    expect((await other.api.get(foreign)).status).toBe(404);
    expect((await other.api.patch(foreign, { utm_source: 'x' })).status).toBe(404);
    expect((await other.api.get(`${foreign}/clicks`)).status).toBe(404);
    expect((await other.api.get(`${foreign}/history`)).status).toBe(404);
    expect((await uploadFile(other, `${foreign}/favicon`, ICO, 'icon.ico')).status).toBe(404);
    expect((await other.api.delete(foreign)).status).toBe(404);
    expect((await other.api.get(`admin/companies/${owner.companyId}/short_links`)).status).toBe(404);
    expect((await owner.api.get(foreign)).status).toBe(200);
  });
});

describe('POST admin/short_links/{id}/favicon', () => {
  it('takes an .ico by name and magic bytes, serves it at the link’s favicon route, refuses others', async () => {
    const company = await marketingCompany();
    const link = await createLink(company);
    const path = `admin/short_links/${link.id}/favicon`;
    const png = await uploadFile(company, path, PNG_1x1, 'icon.ico');
    expect(png.status).toBe(400);
    expect(png.body.errors.file).toEqual([MESSAGES.ico_file]);
    const named = await uploadFile(company, path, ICO, 'icon.png');
    expect(named.status).toBe(400);
    expect(named.body.errors.file).toEqual([MESSAGES.ico_file]);
    const big = await uploadFile(company, path, Buffer.concat([ICO, Buffer.alloc(70 * 1024)]), 'big.ico');
    expect(big.status).toBe(413);

    const ok = await uploadFile(company, path, ICO, 'icon.ico');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.favicon_url).toMatch(new RegExp(`/s/${link.path}/favicon\\.ico\\?v=\\d+$`));
    const served = await hit(company, `/s/${link.path}/favicon.ico`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/x-icon');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(ICO);
  });
});

describe('GET s/{path}: the public redirect', () => {
  it('sends a hit to the target with the UTM parameters merged, uncached, 302 or 301 when permanent', async () => {
    const company = await marketingCompany();
    const link = await createLink(company, {
      target_url: 'https://shop.example.in/p?utm_source=old&ref=1',
      utm_source: 'sms',
      utm_medium: 'text',
    });
    const res = await hit(company, `/s/${link.path}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('private, max-age=0');
    const location = new URL(res.headers.get('location') as string);
    expect(location.origin + location.pathname).toBe('https://shop.example.in/p');
    expect(location.searchParams.getAll('utm_source')).toEqual(['sms']);
    expect(location.searchParams.get('utm_medium')).toBe('text');
    expect(location.searchParams.get('ref')).toBe('1');

    await company.api.patch(`admin/short_links/${link.id}`, { is_permanent: true });
    expect((await hit(company, `/s/${link.path}`)).status).toBe(301);
    const unknown = await hit(company, `/s/no-such-${unique()}`.toLowerCase());
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(SHORT_LINK_MESSAGES.not_found_page);
  });

  it('answers 410 with a sentence once the link has expired', async () => {
    const company = await marketingCompany();
    const link = await createLink(company, { expiry_date: addDays(todayInIndia(), 3) });
    expect((await hit(company, `/s/${link.path}`)).status).toBe(302);
    const expired = await company.api.patch(`admin/short_links/${link.id}`, {
      expiry_date: addDays(todayInIndia(), -1),
    });
    expect(expired.body.status).toBe('expired');
    const res = await hit(company, `/s/${link.path}`);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain(SHORT_LINK_MESSAGES.expired_page);
  });

  it('serves the new target right after an edit, and nothing once switched off', async () => {
    const company = await marketingCompany();
    const link = await createLink(company, { target_url: 'https://old.example.in/' });
    expect((await hit(company, `/s/${link.path}`)).headers.get('location')).toBe('https://old.example.in/');
    await company.api.patch(`admin/short_links/${link.id}`, { target_url: 'https://new.example.in/x' });
    expect((await hit(company, `/s/${link.path}`)).headers.get('location')).toBe('https://new.example.in/x');
    const moved = await company.api.patch(`admin/short_links/${link.id}`, {
      path: `moved-${unique()}`.toLowerCase(),
    });
    expect((await hit(company, `/s/${link.path}`)).status).toBe(404);
    expect((await hit(company, `/s/${moved.body.path}`)).status).toBe(302);
    await company.api.patch(`admin/short_links/${link.id}`, { is_active: false });
    expect((await hit(company, `/s/${moved.body.path}`)).status).toBe(404);
  });

  it('serves a custom domain’s links when the request’s host is that domain, and only then', async () => {
    const company = await marketingCompany();
    const domain = `go-${unique()}.example.in`.toLowerCase();
    const link = await createLink(company, { domain, path: 'sale', utm_source: 'qr' });
    const res = await hit(company, '/sale', { 'x-forwarded-host': domain });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://shop.example.in/diwali?utm_source=qr');
    expect((await hit(company, '/nothing-here', { 'x-forwarded-host': domain })).status).toBe(404);
    // The link is not at /s/ on the app's domain, and the app's host never serves custom-domain paths.
    expect((await hit(company, `/s/${link.path}`)).status).toBe(404);
    expect((await hit(company, '/sale')).status).not.toBe(302);
    // The API still answers on the app's host.
    expect((await company.api.get(`admin/short_links/${link.id}`)).status).toBe(200);
  });

  it('counts clicks with device class and referrer host, flushed in a batch', async () => {
    const company = await marketingCompany();
    const link = await createLink(company);
    const agents = [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
    ];
    for (const agent of agents) {
      const res = await hit(company, `/s/${link.path}`, {
        'user-agent': agent,
        referer: 'https://www.facebook.com/some/post?id=1',
      });
      expect(res.status).toBe(302);
    }
    let clicks: Record<string, any> = {};
    for (let i = 0; i < 40; i++) {
      clicks = (await company.api.get(`admin/short_links/${link.id}/clicks?interval=day`)).body;
      if (clicks.total === 4) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(clicks.total).toBe(4);
    expect(clicks.series).toHaveLength(30);
    expect(clicks.series.at(-1)).toEqual({ date: todayInIndia(), clicks: 4 });
    expect(clicks.devices).toEqual([
      { device: 'mobile', clicks: 1 },
      { device: 'tablet', clicks: 0 },
      { device: 'desktop', clicks: 2 },
      { device: 'bot', clicks: 1 },
    ]);
    expect(clicks.referrers).toEqual([{ host: 'facebook.com', clicks: 4 }]);
    const row = await company.api.get(`admin/short_links/${link.id}`);
    expect(row.body.click_count).toBe(4);
    expect(row.body.last_clicked_at).not.toBeNull();
    // Nothing but the time, the device class and the referrer's host is kept; the two desktop hits
    // of one second are one row of 2 (when they fell in the same second).
    const stored = await company.t.server.ctx.db
      .selectFrom('short_link_clicks')
      .selectAll()
      .where('short_link_id', '=', link.id)
      .execute();
    expect(Object.keys(stored[0]).sort()).toEqual([
      'clicked_at',
      'clicks',
      'company_id',
      'device',
      'referrer_host',
      'short_link_id',
    ]);
    expect(stored.reduce((sum, row) => sum + row.clicks, 0)).toBe(4);
    expect(stored.length).toBeGreaterThanOrEqual(3);

    const range = await company.api.get(
      `admin/short_links/${link.id}/clicks?start_date=2026-02-10&end_date=2026-02-01`,
    );
    expect(range.status).toBe(400);
  });
});
