import { describe, expect, it } from 'vitest';
import { signUpCompany } from '../../../test/factories.ts';

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
