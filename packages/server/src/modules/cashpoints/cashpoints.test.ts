import { addDays, earliestCashpointExpiry, indianToday } from '@b2b/domain/cashpoints';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import {
  createUserWithPermissions,
  insertBuyer,
  type SignedUpCompany,
  signUpCompany,
} from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { EXPIRE_CASHPOINTS_JOB } from './cashpoints.jobs.ts';
import { expireCashpoints } from './cashpoints.service.ts';

const today = () => indianToday();
const tomorrow = () => earliestCashpointExpiry();
const inDays = (n: number) => addDays(today(), n);

const credit = (company: SignedUpCompany, buyerId: number, body: Record<string, unknown>) =>
  company.api.post(`buyers/${buyerId}/credit_cash_points`, body);
const debit = (company: SignedUpCompany, buyerId: number, body: Record<string, unknown>) =>
  company.api.post(`buyers/${buyerId}/debit_cash_points`, body);
const summary = async (company: SignedUpCompany, buyerId: number, query = '') => {
  const res = await company.api.get(`admin/buyers/${buyerId}/cash_point${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const history = async (company: SignedUpCompany, buyerId: number, query = '') => {
  const res = await company.api.get(`buyers/${buyerId}/cash_points_history/${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

async function channelId(company: SignedUpCompany, name: string) {
  const row = await company.t.server.ctx.db
    .selectFrom('sales_channels')
    .select('id')
    .where('company_id', '=', company.companyId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A credit lot written directly (the API refuses past expiry days), with its balance. */
async function insertLot(
  company: SignedUpCompany,
  buyerId: number,
  lot: {
    channel: string;
    amount: number;
    expired_on: string;
    type?: 'credited' | 'redeemed';
    order?: number;
  },
) {
  const db = company.t.server.ctx.db;
  const key = {
    company_id: company.companyId,
    buyer_id: buyerId,
    sales_channel_id: await channelId(company, lot.channel),
  };
  const credited = (lot.type ?? 'credited') === 'credited';
  await db
    .insertInto('cashpoint_balances')
    .values({ ...key, balance: credited ? lot.amount : 0 })
    .onConflict((oc) =>
      oc
        .columns(['company_id', 'buyer_id', 'sales_channel_id'])
        .doUpdateSet({ balance: sql`cashpoint_balances.balance + ${credited ? lot.amount : 0}::numeric` }),
    )
    .execute();
  return db
    .insertInto('cashpoint_entries')
    .values({
      ...key,
      transaction_type: lot.type ?? 'credited',
      amount: lot.amount,
      expired_on: credited ? lot.expired_on : null,
      remaining: credited ? lot.amount : null,
      order_id: lot.order ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function balanceOf(company: SignedUpCompany, buyerId: number, channel = 'admin') {
  const row = await company.t.server.ctx.db
    .selectFrom('cashpoint_balances')
    .select('balance')
    .where('company_id', '=', company.companyId)
    .where('buyer_id', '=', buyerId)
    .where('sales_channel_id', '=', await channelId(company, channel))
    .executeTakeFirst();
  return row ? Number(row.balance) : undefined;
}

async function lotsOf(company: SignedUpCompany, buyerId: number) {
  return company.t.server.ctx.db
    .selectFrom('cashpoint_entries')
    .select(['amount', 'remaining', sql<string>`to_char(expired_on, 'YYYY-MM-DD')`.as('expired_on')])
    .where('company_id', '=', company.companyId)
    .where('buyer_id', '=', buyerId)
    .where('transaction_type', '=', 'credited')
    .orderBy('id')
    .execute();
}

describe('POST buyers/{id}/credit_cash_points', () => {
  it('credits a lot to the buyer’s only channel and answers the entry and the new summary', async () => {
    const company = await signUpCompany();
    const buyer = await insertBuyer(company.companyId, { sales_channels: ['admin'] });
    const res = await credit(company, buyer.id, { amount: 500, expired_on: inDays(60) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      detail: 'Cashpoint credited to buyer successfully.',
      entry: {
        transaction_type: 'credited',
        amount: 500,
        expired_on: inDays(60),
        order: null,
        order_number: null,
        sales_channel: { name: 'admin', display_name: 'Admin Panel' },
      },
      summary: { total_cashpoints: 500, expiring_cash_points: 0, redeemed_cashpoints: 0 },
    });
    const second = await credit(company, buyer.id, {
      amount: '12.25',
      expired_on: tomorrow(),
      sales_channel: await channelId(company, 'admin'),
    });
    expect(second.status).toBe(201);
    expect(await summary(company, buyer.id)).toEqual({
      total_cashpoints: 512.25,
      expiring_cash_points: 12.25,
      redeemed_cashpoints: 0,
    });
    expect(await balanceOf(company, buyer.id)).toBe(512.25);
    const audit = await historyRows(company, 'buyer', buyer.id, ['action', 'user_id']);
    expect(audit).toEqual([
      { action: 'cashpoints_credited', user_id: company.userId },
      { action: 'cashpoints_credited', user_id: company.userId },
    ]);
  });

  it('checks the amount and the expiry day with the spec’s messages', async () => {
    const company = await signUpCompany();
    const buyer = await insertBuyer(company.companyId, { sales_channels: ['admin'] });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ expired_on: tomorrow() }, 'amount', 'Cashpoint is required'],
      [{ amount: '', expired_on: tomorrow() }, 'amount', 'Cashpoint is required'],
      [{ amount: null, expired_on: tomorrow() }, 'amount', 'Cashpoint is required'],
      [{ amount: 0, expired_on: tomorrow() }, 'amount', 'Cashpoint cannot be zero'],
      [{ amount: -5, expired_on: tomorrow() }, 'amount', 'Cashpoint should be a positive number.'],
      [{ amount: 'ten', expired_on: tomorrow() }, 'amount', 'Cashpoint should be a positive number.'],
      [{ amount: 1.005, expired_on: tomorrow() }, 'amount', 'Cashpoint can have at most 2 decimals.'],
      [{ amount: 1e12, expired_on: tomorrow() }, 'amount', 'Cashpoint cannot exceed 1,00,00,000.'],
      [{ amount: 10 }, 'expired_on', 'Expiry Date is required'],
      [{ amount: 10, expired_on: '' }, 'expired_on', 'Expiry Date is required'],
      [{ amount: 10, expired_on: today() }, 'expired_on', 'Expiry Date must be tomorrow or later.'],
      [{ amount: 10, expired_on: '2020-01-01' }, 'expired_on', 'Expiry Date must be tomorrow or later.'],
      [{ amount: 10, expired_on: '31/12/2099' }, 'expired_on', 'Please enter a valid date (YYYY-MM-DD).'],
      [{ amount: 10, expired_on: '2099-02-30' }, 'expired_on', 'Please enter a valid date (YYYY-MM-DD).'],
      [
        { amount: 10, expired_on: tomorrow(), sales_channel: 'web' },
        'sales_channel',
        'A valid id is required.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await credit(company, buyer.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(body)).toEqual([message]);
    }
    expect((await credit(company, buyer.id, { amount: 1, expired_on: tomorrow(), extra: 1 })).status).toBe(
      400,
    );
    expect(await summary(company, buyer.id)).toMatchObject({ total_cashpoints: 0 });
  });

  it('needs one of the buyer’s enabled channels when it has several', async () => {
    const company = await signUpCompany();
    const two = await insertBuyer(company.companyId, { sales_channels: ['admin', 'web_store'] });
    const none = await insertBuyer(company.companyId);
    const missing = await credit(company, two.id, { amount: 10, expired_on: tomorrow() });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.sales_channel).toEqual(['Sales Channel is required']);
    const other = await credit(company, two.id, {
      amount: 10,
      expired_on: tomorrow(),
      sales_channel: await channelId(company, 'whatsapp'),
    });
    expect(other.body.errors.sales_channel).toEqual(['This sales channel is not enabled for the buyer.']);
    const foreign = await signUpCompany();
    const foreignChannel = await channelId(foreign, 'admin');
    expect(
      (await credit(company, two.id, { amount: 10, expired_on: tomorrow(), sales_channel: foreignChannel }))
        .status,
    ).toBe(400);
    const noChannel = await credit(company, none.id, { amount: 10, expired_on: tomorrow() });
    expect(noChannel.body.errors.sales_channel).toEqual(['This buyer has no sales channel enabled.']);

    // A disabled channel is not one of the buyer's any more.
    await company.t.server.ctx.db
      .updateTable('buyer_sales_channels')
      .set({ is_enabled: false })
      .where('company_id', '=', company.companyId)
      .where('buyer_id', '=', two.id)
      .where('sales_channel_id', '=', await channelId(company, 'admin'))
      .execute();
    const web = await credit(company, two.id, { amount: 10, expired_on: tomorrow() });
    expect(web.status).toBe(201);
    expect(web.body.entry.sales_channel.name).toBe('web_store');
  });

  it('refuses an inactive buyer, another company’s buyer, and callers without add_cashpoint', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const inactive = await insertBuyer(company.companyId, { is_active: false, sales_channels: ['admin'] });
    const res = await credit(company, inactive.id, { amount: 10, expired_on: tomorrow() });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Cashpoints cannot be changed for an inactive buyer.');
    const buyer = await insertBuyer(company.companyId, { sales_channels: ['admin'] });
    const foreign = await credit(other, buyer.id, { amount: 10, expired_on: tomorrow() });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Buyer Not Found');
    const viewer = await createUserWithPermissions(company, ['view_cashpoint', 'view_buyer']);
    const denied = await viewer.api.post(`buyers/${buyer.id}/credit_cash_points`, {
      amount: 10,
      expired_on: tomorrow(),
    });
    expect(denied.status).toBe(403);
    expect(await summary(company, buyer.id)).toMatchObject({ total_cashpoints: 0 });
    const clerk = await createUserWithPermissions(company, ['add_cashpoint']);
    expect(
      (await clerk.api.post(`buyers/${buyer.id}/credit_cash_points`, { amount: 10, expired_on: tomorrow() }))
        .status,
    ).toBe(201);
    expect((await clerk.api.get(`admin/buyers/${buyer.id}/cash_point`)).status).toBe(403);
  });
});

describe('POST buyers/{id}/debit_cash_points', () => {
  it('consumes the lots earliest expiry first and never more than is available', async () => {
    const company = await signUpCompany();
    const buyer = await insertBuyer(company.companyId, { sales_channels: ['admin'] });
    await credit(company, buyer.id, { amount: 100, expired_on: inDays(90) });
    await credit(company, buyer.id, { amount: 30, expired_on: inDays(10) });
    await credit(company, buyer.id, { amount: 20, expired_on: inDays(10) });
    const res = await debit(company, buyer.id, { amount: 45.5 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      detail: 'Cashpoint debited from buyer successfully.',
      entry: { transaction_type: 'debited', amount: 45.5, expired_on: null },
      summary: { total_cashpoints: 104.5, expiring_cash_points: 4.5, redeemed_cashpoints: 0 },
    });
    expect((await lotsOf(company, buyer.id)).map((lot) => lot.remaining)).toEqual([100, 0, 4.5]);

    const short = await debit(company, buyer.id, { amount: 104.51 });
    expect(short.status).toBe(409);
    expect(short.body.detail).toBe('Insufficient cashpoints. Available: 104.50');
    expect(short.body.errors.amount).toEqual(['Insufficient cashpoints. Available: 104.50']);
    expect((await debit(company, buyer.id, { amount: 104.5 })).status).toBe(201);
    expect(await balanceOf(company, buyer.id)).toBe(0);
    expect((await debit(company, buyer.id, { amount: 0.01 })).body.detail).toBe(
      'Insufficient cashpoints. Available: 0.00',
    );
  });

  it('keeps channels apart and checks its input', async () => {
    const company = await signUpCompany();
    const buyer = await insertBuyer(company.companyId, { sales_channels: ['admin', 'instore'] });
    const admin = await channelId(company, 'admin');
    const instore = await channelId(company, 'instore');
    await credit(company, buyer.id, { amount: 50, expired_on: inDays(5), sales_channel: admin });
    expect((await debit(company, buyer.id, { amount: 10, sales_channel: instore })).body.detail).toBe(
      'Insufficient cashpoints. Available: 0.00',
    );
    expect((await debit(company, buyer.id, { amount: 10 })).body.errors.sales_channel).toEqual([
      'Sales Channel is required',
    ]);
    expect((await debit(company, buyer.id, { amount: 0, sales_channel: admin })).body.errors.amount).toEqual([
      'Cashpoint cannot be zero',
    ]);
    expect((await debit(company, buyer.id, { sales_channel: admin })).body.errors.amount).toEqual([
      'Cashpoint is required',
    ]);
    expect(
      (await debit(company, buyer.id, { amount: 5, sales_channel: admin, expired_on: tomorrow() })).status,
    ).toBe(400);
    expect((await debit(company, buyer.id, { amount: 5, sales_channel: admin })).status).toBe(201);
    expect(await summary(company, buyer.id, '?sales_channel=admin')).toMatchObject({ total_cashpoints: 45 });
    expect(await summary(company, buyer.id, '?sales_channel=instore')).toMatchObject({ total_cashpoints: 0 });
  });

  it('ignores lots past their last day even before the expiry job runs, and expires them', async () => {
    const company = await signUpCompany();
    const buyer = await insertBuyer(company.companyId, { sales_channels: ['admin'] });
    await insertLot(company, buyer.id, { channel: 'admin', amount: 70, expired_on: inDays(-1) });
    await insertLot(company, buyer.id, { channel: 'admin', amount: 30, expired_on: today() });
    expect(await summary(company, buyer.id)).toEqual({
      total_cashpoints: 30,
      expiring_cash_points: 30,
      redeemed_cashpoints: 0,
    });
    const short = await debit(company, buyer.id, { amount: 31 });
    expect(short.body.detail).toBe('Insufficient cashpoints. Available: 30.00');
    expect((await debit(company, buyer.id, { amount: 30 })).status).toBe(201);
    expect(await balanceOf(company, buyer.id)).toBe(0);
    const types = (await history(company, buyer.id)).results.map(
      (r: { transaction_type: string }) => r.transaction_type,
    );
    expect(types.sort()).toEqual(['credited', 'credited', 'debited', 'expired']);
  });

  it('refuses an inactive buyer, a foreign buyer and callers without add_cashpoint', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const buyer = await insertBuyer(company.companyId, { sales_channels: ['admin'] });
    await credit(company, buyer.id, { amount: 10, expired_on: tomorrow() });
    expect((await debit(other, buyer.id, { amount: 1 })).status).toBe(404);
    const viewer = await createUserWithPermissions(company, ['view_cashpoint', 'change_cashpoint']);
    expect((await viewer.api.post(`buyers/${buyer.id}/debit_cash_points`, { amount: 1 })).status).toBe(403);
    await company.t.server.ctx.db
      .updateTable('buyers')
      .set({ is_active: false })
      .where('id', '=', buyer.id)
      .execute();
    expect((await debit(company, buyer.id, { amount: 1 })).body.detail).toBe(
      'Cashpoints cannot be changed for an inactive buyer.',
    );
    expect(await balanceOf(company, buyer.id)).toBe(10);
  });

  describe.runIf(inject('databaseUrl'))('on PostgreSQL', () => {
    it('parallel debits never overdraw the balance', async () => {
      const company = await signUpCompany();
      const buyer = await insertBuyer(company.companyId, { sales_channels: ['admin'] });
      await credit(company, buyer.id, { amount: 60, expired_on: inDays(3) });
      await credit(company, buyer.id, { amount: 45, expired_on: inDays(30) });
      const results = await Promise.all(
        Array.from({ length: 20 }, () => debit(company, buyer.id, { amount: 10 })),
      );
      const succeeded = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status !== 201);
      expect(succeeded).toHaveLength(10);
      expect(refused.map((r) => r.status)).toEqual(Array(10).fill(409));
      for (const r of refused) expect(r.body.detail).toBe('Insufficient cashpoints. Available: 5.00');
      expect(await balanceOf(company, buyer.id)).toBe(5);
      expect((await lotsOf(company, buyer.id)).map((lot) => lot.remaining)).toEqual([0, 5]);
      expect(await summary(company, buyer.id)).toMatchObject({ total_cashpoints: 5 });
      expect((await history(company, buyer.id, '?limit=-1')).count).toBe(12);
    });
  });
});

describe('GET admin/buyers/{id}/cash_point', () => {
  it('sums usable, expiring (next 30 days) and redeemed points, per channel on request', async () => {
    const company = await signUpCompany();
    const buyer = await insertBuyer(company.companyId, { sales_channels: ['admin', 'web_store'] });
    const admin = await channelId(company, 'admin');
    const web = await channelId(company, 'web_store');
    await credit(company, buyer.id, { amount: 100, expired_on: inDays(30), sales_channel: admin });
    await credit(company, buyer.id, { amount: 40, expired_on: inDays(31), sales_channel: admin });
    await credit(company, buyer.id, { amount: 25.75, expired_on: tomorrow(), sales_channel: web });
    await insertLot(company, buyer.id, {
      channel: 'web_store',
      amount: 12.5,
      expired_on: '',
      type: 'redeemed',
    });
    expect(await summary(company, buyer.id)).toEqual({
      total_cashpoints: 165.75,
      expiring_cash_points: 125.75,
      redeemed_cashpoints: 12.5,
    });
    expect(await summary(company, buyer.id, '?sales_channel=admin')).toEqual({
      total_cashpoints: 140,
      expiring_cash_points: 100,
      redeemed_cashpoints: 0,
    });
    expect(await summary(company, buyer.id, '?sales_channel=web_store')).toEqual({
      total_cashpoints: 25.75,
      expiring_cash_points: 25.75,
      redeemed_cashpoints: 12.5,
    });
    expect(await summary(company, buyer.id, '?sales_channel=nowhere')).toEqual({
      total_cashpoints: 0,
      expiring_cash_points: 0,
      redeemed_cashpoints: 0,
    });
  });

  it('answers a buyer without points with zeros; 404 for foreign and unknown buyers; needs view_cashpoint', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const buyer = await insertBuyer(company.companyId);
    expect(await summary(company, buyer.id)).toEqual({
      total_cashpoints: 0,
      expiring_cash_points: 0,
      redeemed_cashpoints: 0,
    });
    const foreign = await other.api.get(`admin/buyers/${buyer.id}/cash_point`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Buyer Not Found');
    expect((await company.api.get('admin/buyers/999999999/cash_point')).status).toBe(404);
    expect((await company.api.get('admin/buyers/abc/cash_point')).status).toBe(400);
    const outsider = await createUserWithPermissions(company, ['view_buyer']);
    expect((await outsider.api.get(`admin/buyers/${buyer.id}/cash_point`)).status).toBe(403);
    const viewer = await createUserWithPermissions(company, ['view_cashpoint']);
    expect((await viewer.api.get(`admin/buyers/${buyer.id}/cash_point`)).status).toBe(200);
  });
});

describe('GET buyers/{id}/cash_points_history/', () => {
  it('lists entries newest first, 30 to a page, filtered by channel name, with order links', async () => {
    const company = await signUpCompany();
    const buyer = await insertBuyer(company.companyId, { sales_channels: ['admin', 'web_store'] });
    const admin = await channelId(company, 'admin');
    for (let i = 1; i <= 31; i++) {
      await credit(company, buyer.id, { amount: i, expired_on: inDays(i), sales_channel: admin });
    }
    await insertLot(company, buyer.id, {
      channel: 'web_store',
      amount: 7,
      expired_on: '',
      type: 'redeemed',
      order: 4242,
    });
    const first = await history(company, buyer.id);
    expect(first.count).toBe(32);
    expect(first.results).toHaveLength(30);
    expect(first.next).toContain('offset=30');
    expect(first.results[0]).toEqual({
      id: expect.any(Number),
      transaction_type: 'redeemed',
      amount: 7,
      expired_on: null,
      order: 4242,
      order_number: null,
      sales_channel: {
        id: await channelId(company, 'web_store'),
        name: 'web_store',
        display_name: 'Web Store',
      },
      created_at: expect.any(String),
    });
    expect(first.results[1]).toMatchObject({ amount: 31, expired_on: inDays(31), order: null });
    const rest = await history(company, buyer.id, '?offset=30');
    expect(rest.results.map((r: { amount: number }) => r.amount)).toEqual([2, 1]);
    const admins = await history(company, buyer.id, '?sales_channel=admin&limit=-1');
    expect(admins.count).toBe(31);
    expect(
      (await history(company, buyer.id, '?sales_channel=web_store')).results.map(
        (r: { order: number }) => r.order,
      ),
    ).toEqual([4242]);
    const byAmount = await history(company, buyer.id, '?ordering=amount&limit=3');
    expect(byAmount.results.map((r: { amount: number }) => r.amount)).toEqual([1, 2, 3]);
    const byExpiry = await history(company, buyer.id, '?ordering=-expired_on&limit=2');
    expect(byExpiry.results.map((r: { amount: number }) => r.amount)).toEqual([31, 30]);
    expect((await company.api.get(`buyers/${buyer.id}/cash_points_history/?ordering=remaining`)).status).toBe(
      400,
    );
    expect((await company.api.get(`buyers/${buyer.id}/cash_points_history/?limit=x`)).status).toBe(400);
  });

  it('is empty for a new buyer, 404 for a foreign one, and needs view_cashpoint', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const buyer = await insertBuyer(company.companyId, { sales_channels: ['admin'] });
    expect(await history(company, buyer.id)).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await other.api.get(`buyers/${buyer.id}/cash_points_history/`)).status).toBe(404);
    const outsider = await createUserWithPermissions(company, ['view_buyer', 'add_cashpoint']);
    expect((await outsider.api.get(`buyers/${buyer.id}/cash_points_history/`)).status).toBe(403);
  });
});

describe('expiring cashpoints', () => {
  it('expires lots past their last day: an expired entry, the lot emptied, the balance lowered', async () => {
    const company = await signUpCompany();
    const buyer = await insertBuyer(company.companyId, { sales_channels: ['admin', 'web_store'] });
    const db = company.t.server.ctx.db;
    // Lots ending today still count today; the run below pretends it is already tomorrow.
    await credit(company, buyer.id, {
      amount: 40,
      expired_on: inDays(2),
      sales_channel: await channelId(company, 'admin'),
    });
    await insertLot(company, buyer.id, { channel: 'admin', amount: 25.5, expired_on: today() });
    await insertLot(company, buyer.id, { channel: 'web_store', amount: 10, expired_on: today() });
    expect(await summary(company, buyer.id)).toMatchObject({ total_cashpoints: 75.5 });

    const run = await expireCashpoints({ db, today: inDays(1), companyId: company.companyId });
    expect(run).toEqual({ balances: 2, points: 35.5 });
    expect(await balanceOf(company, buyer.id, 'admin')).toBe(40);
    expect(await balanceOf(company, buyer.id, 'web_store')).toBe(0);
    expect((await lotsOf(company, buyer.id)).map((lot) => lot.remaining)).toEqual([40, 0, 0]);
    const expired = (await history(company, buyer.id, '?limit=-1')).results.filter(
      (r: { transaction_type: string }) => r.transaction_type === 'expired',
    );
    expect(
      expired.map((r: { amount: number; expired_on: string }) => [r.amount, r.expired_on]).sort(),
    ).toEqual([
      [10, today()],
      [25.5, today()],
    ]);
    // A second run finds nothing left to do.
    expect(await expireCashpoints({ db, today: inDays(1), companyId: company.companyId })).toEqual({
      balances: 0,
      points: 0,
    });
  });

  it('runs every day at 00:05 India time', async () => {
    const company = await signUpCompany();
    expect(await company.t.server.ctx.jobs.schedules()).toContainEqual({
      name: EXPIRE_CASHPOINTS_JOB,
      cron: '5 0 * * *',
    });
  });
});
