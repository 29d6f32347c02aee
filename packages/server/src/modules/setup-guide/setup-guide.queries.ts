import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

/*
 * The Setup Guide's facts. They are counted across other areas' tables on purpose: a read-only
 * EXISTS per fact, in one statement, is the cheap way to ask "has the company done this yet";
 * asking each area's service would cost a query per step on every Home page. Nothing here writes.
 */

/** Whether the company has its GSTIN, logo and terms, and a first product, buyer and invoice. */
export const companyFacts = (db: Executor, companyId: number) =>
  db
    .selectFrom('companies as c')
    .select((eb) => [
      sql<boolean>`c.gstin is not null and btrim(c.gstin) <> ''`.as('has_gstin'),
      sql<boolean>`c.logo is not null and btrim(c.logo) <> ''`.as('has_logo'),
      eb
        .exists(
          eb
            .selectFrom('terms_and_conditions as t')
            .select(sql`1`.as('one'))
            .whereRef('t.company_id', '=', 'c.id')
            .where(sql<boolean>`btrim(t.terms) <> ''`),
        )
        .$castTo<boolean>()
        .as('has_terms'),
      eb
        .exists(
          eb
            .selectFrom('products as p')
            .select(sql`1`.as('one'))
            .whereRef('p.company_id', '=', 'c.id')
            .where('p.deleted_at', 'is', null),
        )
        .$castTo<boolean>()
        .as('has_product'),
      eb
        .exists(eb.selectFrom('buyers as b').select(sql`1`.as('one')).whereRef('b.company_id', '=', 'c.id'))
        .$castTo<boolean>()
        .as('has_buyer'),
      eb
        .exists(eb.selectFrom('invoices as i').select(sql`1`.as('one')).whereRef('i.company_id', '=', 'c.id'))
        .$castTo<boolean>()
        .as('has_invoice'),
    ])
    .where('c.id', '=', companyId)
    .executeTakeFirst();

/**
 * The active branches, oldest first, with their default bank account (the one their invoices
 * print; a branch has at most one) and whether it carries a UPI ID, and their invoice series.
 */
export const branchFacts = (db: Executor, companyId: number) =>
  db
    .selectFrom('branches as br')
    .leftJoin('bank_accounts as ba', (j) =>
      j
        .onRef('ba.company_id', '=', 'br.company_id')
        .onRef('ba.branch_id', '=', 'br.id')
        .on('ba.is_default', '=', true)
        .on('ba.deleted_at', 'is', null),
    )
    .select([
      'br.id',
      'br.name',
      sql<boolean>`ba.id is not null`.as('has_bank_account'),
      sql<boolean>`ba.upi_id is not null and btrim(ba.upi_id) <> ''`.as('has_upi_id'),
      sql<boolean>`br.invoice_series is not null and btrim(br.invoice_series) <> ''`.as('has_invoice_series'),
    ])
    .where('br.company_id', '=', companyId)
    .where('br.is_active', '=', true)
    .orderBy('br.id')
    .execute();
