import { sql } from 'kysely';
import { expect } from 'vitest';
import { type SignedUpCompany, signUpCompany, unique } from '../../../test/factories.ts';

/** Test helpers of the campaign tests: a marketing company, contacts in bulk, a template, a list. */
export async function marketingCompany(): Promise<SignedUpCompany> {
  const company = await signUpCompany();
  const res = await company.api.patch(`companies/${company.companyId}`, { is_marketing_enabled: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return company;
}

/**
 * `count` contacts straight into the database (one statement), e-mail `c<n>.<tag>@example.in`,
 * with e-mail consent unless `consent` is false. Answers their ids in order.
 */
export async function insertContacts(
  company: SignedUpCompany,
  count: number,
  options: { consent?: boolean; prefix?: string } = {},
): Promise<{ ids: number[]; emails: string[] }> {
  const { db } = company.t.server.ctx;
  const tag = options.prefix ?? unique();
  const { rows } = await sql<{ id: number; email: string }>`
    INSERT INTO contacts (company_id, name, email, source)
    SELECT ${company.companyId}, 'Contact ' || n, 'c' || n || '.' || ${tag} || '@example.in', 'manual'
    FROM generate_series(1, ${count}) n
    RETURNING id, email::text AS email`.execute(db);
  if (options.consent !== false)
    await sql`INSERT INTO contact_consents (company_id, contact_id, medium, consent_source, consented_at)
      SELECT ${company.companyId}, id, 'email', 'import', now() FROM contacts
      WHERE company_id = ${company.companyId} AND id = ANY(${sql`ARRAY[${sql.join(rows.map((r) => r.id))}]::bigint[]`})`.execute(
      db,
    );
  return { ids: rows.map((r) => Number(r.id)), emails: rows.map((r) => r.email) };
}

export async function emailTemplate(company: SignedUpCompany, overrides: Record<string, unknown> = {}) {
  const res = await company.api.post(`v1/admin/companies/${company.companyId}/templates`, {
    medium: 'email',
    name: `Offer ${unique()}`,
    subject: 'Hello {contact_name}',
    html_body: '<p>Dear {contact_name}, see <a href="https://shop.example.in/offers">our offers</a>.</p>',
    from_name: 'Offers',
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number };
}

export async function staticList(company: SignedUpCompany, contactIds: number[]) {
  const res = await company.api.post(`companies/${company.companyId}/contact_lists`, {
    name: `List ${unique()}`,
    kind: 'static',
    contacts: contactIds.slice(0, 1),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  // The rest straight in: the API takes contacts a page at a time.
  await sql`INSERT INTO contact_list_members (company_id, contact_list_id, contact_id)
    SELECT ${company.companyId}, ${res.body.id}, unnest(${sql`ARRAY[${sql.join(contactIds)}]::bigint[]`})
    ON CONFLICT DO NOTHING`.execute(company.t.server.ctx.db);
  return res.body as { id: number };
}

/** The e-mail medium on the app's mail server (the test server's SMTP capture). */
export async function platformEmail(company: SignedUpCompany) {
  const res = await company.api.put(`v1/admin/companies/${company.companyId}/marketing_mediums`, {
    medium: 'email',
    mode: 'platform',
    from_name: 'Acme Offers',
    from_email: 'offers@acme.example.in',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A campaign row written straight in (draft unless said), for the send service's tests. */
export async function insertCampaign(
  company: SignedUpCompany,
  templateId: number,
  values: Record<string, unknown> = {},
) {
  return company.t.server.ctx.db
    .insertInto('campaigns')
    .values({
      company_id: company.companyId,
      title: `Campaign ${unique()}`,
      medium: 'email',
      template_id: templateId,
      variables: JSON.stringify({}),
      ...values,
    } as never)
    .returning(['id'])
    .executeTakeFirstOrThrow();
}
