import { formatMoney } from '@b2b/domain/money';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBuyer, type SignedUpCompany, signUpCompany, unique } from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { invoicedOrder, makeOverdue, paymentWorld } from '../../../test/payments-fixtures.ts';
import { daysFromToday, today } from '../../../test/sales-fixtures.ts';
import { type AudienceCampaign, indianNumberSql, inrSql, purposeAudience } from './audiences.ts';

/** The rows of a purpose's audience now (contact -> variables), through the real SQL. */
async function audienceOf(
  company: SignedUpCompany,
  campaign: Partial<AudienceCampaign> & Pick<AudienceCampaign, 'purpose'>,
  at: { now: Date; today: string } = { now: new Date(), today: today() },
) {
  const db = dbOf(company);
  const statement = await purposeAudience(
    db,
    {
      id: 0,
      companyId: company.companyId,
      salesChannelId: null,
      settings: {},
      listIds: [],
      buyerGroupIds: [],
      ...campaign,
    },
    at,
  );
  const { rows } = await statement.execute(db);
  return new Map(rows.map((r) => [Number(r.contact_id), r.variables]));
}

const contactOf = async (company: SignedUpCompany, buyerId: number) =>
  Number(
    (
      await dbOf(company)
        .selectFrom('contacts')
        .select('id')
        .where('company_id', '=', company.companyId)
        .where('buyer_id', '=', buyerId)
        .executeTakeFirstOrThrow()
    ).id,
  );

const channelId = async (company: SignedUpCompany, name: string) =>
  Number(
    (
      await dbOf(company)
        .selectFrom('sales_channels')
        .select('id')
        .where('company_id', '=', company.companyId)
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id,
  );

// The worker's shared server starts once (tens of seconds on a busy machine), before any test's clock.
beforeAll(() => testServer(), 120_000);

describe('money and numbers in the audience SQL', () => {
  it('formats rupees as formatMoney does, with the rupee sign and Indian grouping', async () => {
    const company = await signUpCompany();
    for (const paise of [0, 5, 99, 100, 11800, 123456, 12345678, 1234567891, -250075]) {
      const { rows } = await sql<{ v: string }>`select ${inrSql(sql`${paise}::bigint`)} as v`.execute(
        dbOf(company),
      );
      expect(rows[0]?.v, String(paise)).toBe(formatMoney(paise / 100));
    }
    const numbers: [number, string][] = [
      [1200, '1,200'],
      [12, '12'],
      [1234567.5, '12,34,567.50'],
      [100000, '1,00,000'],
    ];
    for (const [value, shown] of numbers) {
      const { rows } = await sql<{
        v: string;
      }>`select ${indianNumberSql(sql`${value}::numeric`)} as v`.execute(dbOf(company));
      expect(rows[0]?.v).toBe(shown);
    }
  });
});

describe('payment_reminder audience', () => {
  it('takes buyers with an invoice due within the days or overdue, with the amount and the oldest invoice', async () => {
    const world = await paymentWorld();
    const { company } = world;
    const soon = await invoicedOrder(world);
    await dbOf(company)
      .updateTable('invoices')
      .set({ due_date: daysFromToday(2) })
      .where('id', '=', soon.invoice.id)
      .execute();
    const older = await invoicedOrder(world, 2);
    await makeOverdue(world, older.invoice.id, 5);

    const later = await paymentWorld(company);
    const far = await invoicedOrder(later);
    await dbOf(company)
      .updateTable('invoices')
      .set({ due_date: daysFromToday(20) })
      .where('id', '=', far.invoice.id)
      .execute();

    const overdueOnly = await paymentWorld(company);
    const overdue = await invoicedOrder(overdueOnly);
    await makeOverdue(overdueOnly, overdue.invoice.id, 30);

    // Another company's overdue buyer is never in this company's audience.
    const other = await paymentWorld();
    const theirs = await invoicedOrder(other);
    await makeOverdue(other, theirs.invoice.id, 3);

    const rows = await audienceOf(company, { purpose: 'payment_reminder', settings: { days_before_due: 3 } });
    const dueDay = (days: number) => daysFromToday(days).split('-').reverse().join('/');
    expect(rows.get(await contactOf(company, world.buyer.id))).toEqual({
      outstanding_amount: '₹354.00',
      due_date: dueDay(-5),
      invoice_number: older.invoice.invoice_number,
    });
    expect(rows.get(await contactOf(company, overdueOnly.buyer.id))).toEqual({
      outstanding_amount: '₹118.00',
      due_date: dueDay(-30),
      invoice_number: overdue.invoice.invoice_number,
    });
    expect(rows.has(await contactOf(company, later.buyer.id))).toBe(false);
    expect(rows.size).toBe(2);
    expect(rows.has(await contactOf(other.company, other.buyer.id))).toBe(false);

    // A paid-up buyer drops out: the ledger balance is the one figure.
    await dbOf(company)
      .updateTable('buyers')
      .set({ outstanding_paise: 0 })
      .where('id', '=', overdueOnly.buyer.id)
      .execute();
    const after = await audienceOf(company, { purpose: 'payment_reminder' });
    expect(after.has(await contactOf(company, overdueOnly.buyer.id))).toBe(false);
  });
});

describe('credit_limit_used audience', () => {
  it('takes buyers at or above the threshold of their credit limit, with the share used', async () => {
    const company = await signUpCompany();
    const high = await insertBuyer(company.companyId, {
      credit_limit_paise: 100_000_00,
      outstanding_paise: 85_000_00,
    });
    const exact = await insertBuyer(company.companyId, {
      credit_limit_paise: 10_000_00,
      outstanding_paise: 8_000_00,
    });
    const low = await insertBuyer(company.companyId, {
      credit_limit_paise: 100_000_00,
      outstanding_paise: 10_000_00,
    });
    const noLimit = await insertBuyer(company.companyId, { outstanding_paise: 99_000_00 });
    const other = await signUpCompany();
    await insertBuyer(other.companyId, { credit_limit_paise: 100, outstanding_paise: 100 });

    const rows = await audienceOf(company, {
      purpose: 'credit_limit_used',
      settings: { threshold_percent: 80 },
    });
    expect(rows.get(await contactOf(company, high.id))).toEqual({
      outstanding_amount: '₹85,000.00',
      credit_limit_used: '85%',
    });
    expect(rows.get(await contactOf(company, exact.id))).toEqual({
      outstanding_amount: '₹8,000.00',
      credit_limit_used: '80%',
    });
    expect(rows.has(await contactOf(company, low.id))).toBe(false);
    expect(rows.has(await contactOf(company, noLimit.id))).toBe(false);
    expect(rows.size).toBe(2);
    const at90 = await audienceOf(company, {
      purpose: 'credit_limit_used',
      settings: { threshold_percent: 90 },
    });
    expect(at90.size).toBe(0);
  });
});

describe('cashpoints_expiring audience', () => {
  it('sums the cashpoints left that expire within the days, with the earliest expiry, on the channel', async () => {
    const company = await signUpCompany();
    const web = await channelId(company, 'web_store');
    const buyer = await insertBuyer(company.companyId);
    const later = await insertBuyer(company.companyId);
    const db = dbOf(company);
    const lot = async (buyerId: number, channel: number, remaining: number, expiresIn: number) => {
      await db
        .insertInto('cashpoint_balances')
        .values({ company_id: company.companyId, buyer_id: buyerId, sales_channel_id: channel, balance: 0 })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await db
        .insertInto('cashpoint_entries')
        .values({
          company_id: company.companyId,
          buyer_id: buyerId,
          sales_channel_id: channel,
          transaction_type: 'credited',
          amount: remaining + 10,
          remaining,
          expired_on: daysFromToday(expiresIn),
        })
        .execute();
    };
    await lot(buyer.id, web, 1000, 3);
    await lot(buyer.id, web, 200.5, 6);
    await lot(buyer.id, web, 5000, 30); // not within 7 days
    await lot(buyer.id, web, 0, 2); // used up
    await lot(later.id, web, 70, 20);
    const rows = await audienceOf(company, {
      purpose: 'cashpoints_expiring',
      settings: { days_before_expiry: 7 },
    });
    expect(rows.get(await contactOf(company, buyer.id))).toEqual({
      cashpoints: '1,200.50',
      cashpoints_expiry_date: daysFromToday(3).split('-').reverse().join('/'),
    });
    expect(rows.size).toBe(1);
    const other = await channelId(company, 'mobile_app').catch(() => web + 100_000);
    const onOther = await audienceOf(company, { purpose: 'cashpoints_expiring', salesChannelId: other });
    expect(onOther.size).toBe(0);
  });
});

describe('never_purchased audience', () => {
  it('takes buyers added long enough ago with no order or invoice', async () => {
    const world = await paymentWorld();
    const { company } = world;
    const db = dbOf(company);
    await invoicedOrder(world);
    const old = new Date(Date.now() - 10 * 86_400_000);
    const idle = await insertBuyer(company.companyId, { created_at: old });
    const fresh = await insertBuyer(company.companyId);
    await db.updateTable('buyers').set({ created_at: old }).where('id', '=', world.buyer.id).execute();
    const rows = await audienceOf(company, { purpose: 'never_purchased', settings: { days_since_added: 7 } });
    expect(rows.get(await contactOf(company, idle.id))).toEqual({});
    expect(rows.has(await contactOf(company, fresh.id))).toBe(false);
    expect(rows.has(await contactOf(company, world.buyer.id))).toBe(false);
    // With a sales channel: only the buyers on it.
    const web = await channelId(company, 'web_store');
    expect((await audienceOf(company, { purpose: 'never_purchased', salesChannelId: web })).size).toBe(0);
    await db
      .insertInto('buyer_sales_channels')
      .values({ company_id: company.companyId, buyer_id: idle.id, sales_channel_id: web })
      .execute();
    const onWeb = await audienceOf(company, { purpose: 'never_purchased', salesChannelId: web });
    expect([...onWeb.keys()]).toEqual([await contactOf(company, idle.id)]);
  });
});

describe('abandoned_carts audience', () => {
  it('takes buyers whose cart with items is untouched for the hours and not ordered since', async () => {
    const world = await paymentWorld();
    const { company } = world;
    const db = dbOf(company);
    const web = await channelId(company, 'web_store');
    const cart = async (buyerId: number, idleHours: number, items: boolean) => {
      const row = await db
        .insertInto('carts')
        .values({
          company_id: company.companyId,
          sales_channel_id: web,
          buyer_id: buyerId,
          last_activity_at: new Date(Date.now() - idleHours * 3_600_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (items)
        await db
          .insertInto('cart_items')
          .values({
            company_id: company.companyId,
            cart_id: row.id,
            product_id: world.productId,
            quantity: 2,
          })
          .execute();
    };
    const idle = await insertBuyer(company.companyId);
    const recent = await insertBuyer(company.companyId);
    const empty = await insertBuyer(company.companyId);
    await cart(idle.id, 30, true);
    await cart(recent.id, 2, true);
    await cart(empty.id, 30, false);
    // Ordered after the cart's last change: not abandoned.
    await cart(world.buyer.id, 30, true);
    await invoicedOrder(world);
    const rows = await audienceOf(company, { purpose: 'abandoned_carts', settings: { idle_hours: 24 } });
    expect([...rows.keys()]).toEqual([await contactOf(company, idle.id)]);
  });
});

describe('festival_offers and promotional audiences', () => {
  it('takes the chosen lists and buyer groups, narrowed to the sales channel', async () => {
    const company = await signUpCompany();
    const db = dbOf(company);
    const inGroup = await insertBuyer(company.companyId, { sales_channels: ['web_store'] });
    const notInGroup = await insertBuyer(company.companyId);
    const group = await db
      .insertInto('buyer_groups')
      .values({ company_id: company.companyId, name: `Diwali ${unique()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('buyer_group_buyers')
      .values({ company_id: company.companyId, buyer_group_id: group.id, buyer_id: inGroup.id })
      .execute();
    const list = await db
      .insertInto('contact_lists')
      .values({ company_id: company.companyId, name: `VIP ${unique()}`, kind: 'static' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const walkIn = await db
      .insertInto('contacts')
      .values({ company_id: company.companyId, name: 'Walk-in', phone: '9876500011' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('contact_list_members')
      .values({ company_id: company.companyId, contact_list_id: list.id, contact_id: walkIn.id })
      .execute();
    const both = await audienceOf(company, {
      purpose: 'festival_offers',
      listIds: [Number(list.id)],
      buyerGroupIds: [Number(group.id)],
    });
    expect([...both.keys()].sort((a, b) => a - b)).toEqual(
      [Number(walkIn.id), await contactOf(company, inGroup.id)].sort((a, b) => a - b),
    );
    expect(both.has(await contactOf(company, notInGroup.id))).toBe(false);
    const web = await channelId(company, 'web_store');
    const onWeb = await audienceOf(company, { purpose: 'promotional', salesChannelId: web });
    expect([...onWeb.keys()]).toEqual([await contactOf(company, inGroup.id)]);
  });
});
