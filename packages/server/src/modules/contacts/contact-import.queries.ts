import type { ContactImportRow, ContactMedium } from '@b2b/domain/contacts';
import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

export const allStates = (db: Executor) => db.selectFrom('states').select(['id', 'name']).execute();

/**
 * Creates or updates one batch of imported contacts in one statement, with their consents and
 * history rows, and answers how many were created and updated:
 *
 * - a row whose phone is a buyer's contact's updates that contact's own fields (WhatsApp number,
 *   tags, consents); its name, phone and e-mail follow the buyer;
 * - a row with a phone creates the contact or updates the one with that phone (the unique key
 *   contacts_phone_key decides, so two imports at once never make two contacts of one phone);
 * - a row without a phone does the same by e-mail among contacts without a phone;
 * - a cell left empty (or a column not mapped) keeps what the contact has; mapped tags replace;
 * - a 'yes' consent is recorded as given by import, but never over an opt-out: a contact who opted
 *   out opts in again only by their own action or by hand.
 *
 * The rows of one batch repeat no phone (nor, without a phone, an e-mail): the file check refuses
 * that, since ON CONFLICT cannot change one row twice in one statement.
 */
export async function upsertContactBatch(
  db: Executor,
  options: { companyId: number; userId: number; jobId: number; rows: readonly ContactImportRow[] },
) {
  const { companyId, userId, jobId, rows } = options;
  const column = <T>(pick: (row: ContactImportRow) => T) => rows.map(pick);
  const consented = (row: ContactImportRow) =>
    (Object.entries(row.consent) as [ContactMedium, boolean][])
      .filter(([, yes]) => yes)
      .map(([medium]) => medium)
      .join(',');
  const result = await sql<{ created: number; updated: number }>`
    WITH input AS (
      SELECT * FROM unnest(
        ${column((r) => r.row)}::int[], ${column((r) => r.name)}::text[], ${column((r) => r.phone)}::text[],
        ${column((r) => r.email)}::text[], ${column((r) => r.whatsapp_number)}::text[],
        ${column((r) => r.city)}::text[], ${column((r) => r.state_id)}::int[],
        ${column((r) => (r.tags === null ? null : r.tags.join('\u001f')))}::text[],
        ${column(consented)}::text[]
      ) AS t(row_no, name, phone, email, whatsapp, city, state_id, tags, consents)
    ),
    parsed AS (
      SELECT row_no, name, phone, email::citext AS email, whatsapp, city, state_id,
             CASE WHEN tags IS NULL THEN NULL WHEN tags = '' THEN '{}'::text[] ELSE string_to_array(tags, E'\\x1f') END AS tags,
             string_to_array(nullif(consents, ''), ',') AS consents
        FROM input
    ),
    buyer_hits AS (
      UPDATE contacts c
         SET whatsapp_number = coalesce(p.whatsapp, c.whatsapp_number),
             tags = coalesce(p.tags, c.tags),
             updated_at = now()
        FROM parsed p
       WHERE c.company_id = ${companyId} AND c.buyer_id IS NOT NULL AND c.deleted_at IS NULL
         AND p.phone IS NOT NULL AND c.phone = p.phone
      RETURNING c.id, p.row_no, false AS inserted
    ),
    by_phone AS (
      INSERT INTO contacts AS c (company_id, name, phone, email, whatsapp_number, city, state_id, tags, source, created_by)
      SELECT ${companyId}, p.name, p.phone, p.email, p.whatsapp, p.city, p.state_id, coalesce(p.tags, '{}'), 'import', ${userId}
        FROM parsed p
       WHERE p.phone IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM contacts b
                          WHERE b.company_id = ${companyId} AND b.buyer_id IS NOT NULL
                            AND b.deleted_at IS NULL AND b.phone = p.phone)
      ON CONFLICT (company_id, phone) WHERE buyer_id IS NULL AND deleted_at IS NULL AND phone IS NOT NULL
      DO UPDATE SET name = EXCLUDED.name,
                    email = coalesce(EXCLUDED.email, c.email),
                    whatsapp_number = coalesce(EXCLUDED.whatsapp_number, c.whatsapp_number),
                    city = coalesce(EXCLUDED.city, c.city),
                    state_id = coalesce(EXCLUDED.state_id, c.state_id),
                    tags = CASE WHEN ${rows.some((r) => r.tags !== null)} THEN EXCLUDED.tags ELSE c.tags END,
                    updated_at = now()
      RETURNING c.id, c.phone, (c.xmax = 0) AS inserted
    ),
    by_email AS (
      INSERT INTO contacts AS c (company_id, name, email, whatsapp_number, city, state_id, tags, source, created_by)
      SELECT ${companyId}, p.name, p.email, p.whatsapp, p.city, p.state_id, coalesce(p.tags, '{}'), 'import', ${userId}
        FROM parsed p
       WHERE p.phone IS NULL AND p.email IS NOT NULL
      ON CONFLICT (company_id, email) WHERE buyer_id IS NULL AND deleted_at IS NULL AND phone IS NULL AND email IS NOT NULL
      DO UPDATE SET name = EXCLUDED.name,
                    whatsapp_number = coalesce(EXCLUDED.whatsapp_number, c.whatsapp_number),
                    city = coalesce(EXCLUDED.city, c.city),
                    state_id = coalesce(EXCLUDED.state_id, c.state_id),
                    tags = CASE WHEN ${rows.some((r) => r.tags !== null)} THEN EXCLUDED.tags ELSE c.tags END,
                    updated_at = now()
      RETURNING c.id, c.email, (c.xmax = 0) AS inserted
    ),
    hits AS (
      SELECT id, row_no, inserted FROM buyer_hits
      UNION ALL
      SELECT b.id, p.row_no, b.inserted FROM by_phone b JOIN parsed p ON p.phone = b.phone
      UNION ALL
      SELECT e.id, p.row_no, e.inserted FROM by_email e JOIN parsed p ON p.phone IS NULL AND p.email = e.email
    ),
    consents AS (
      INSERT INTO contact_consents AS cc (company_id, contact_id, medium, consent_source, consented_at)
      SELECT ${companyId}, h.id, m.medium, 'import', now()
        FROM hits h
        JOIN parsed p ON p.row_no = h.row_no
        CROSS JOIN LATERAL unnest(p.consents) AS m(medium)
      ON CONFLICT (company_id, contact_id, medium) DO UPDATE
        SET consent_source = 'import', consented_at = now(), updated_at = now()
        WHERE cc.consented_at IS NULL AND cc.opted_out_at IS NULL
      RETURNING 1
    ),
    history_rows AS (
      INSERT INTO history (company_id, entity_type, entity_id, action, user_id, changes)
      SELECT ${companyId}, 'contact', h.id, CASE WHEN h.inserted THEN 'imported' ELSE 'updated_by_import' END, ${userId},
             jsonb_build_object('bulk_job_id', ${jobId}::bigint, 'row', h.row_no,
                                'consents', coalesce(to_jsonb(p.consents), '[]'::jsonb))
        FROM hits h JOIN parsed p ON p.row_no = h.row_no
      RETURNING 1
    )
    SELECT count(*) FILTER (WHERE inserted)::int AS created,
           count(*) FILTER (WHERE NOT inserted)::int AS updated
      FROM hits, (SELECT count(*) FROM consents) c_done, (SELECT count(*) FROM history_rows) h_done`.execute(
    db,
  );
  return result.rows[0] ?? { created: 0, updated: 0 };
}
