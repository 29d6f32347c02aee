import type { QuotationInput, QuotationOutput, QuotationPurpose } from '@b2b/domain/api/sales-orders';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { NUMBER_TO_TAKE } from '../history/history.service.ts';
import { priceQuotationTerms, type QuotationTerms } from './quotation-pricing.ts';
import { getQuotation } from './quotation-reads.ts';
import {
  documentColumns,
  itemRows,
  pricedSummary,
  QUOTATION_ENTITY,
  QUOTATION_PREFIX,
  termsFromInput,
} from './quotation-terms.ts';
import * as queries from './quotations.queries.ts';

// Making a quotation: a priced draft from the form, or the quotation of an order's edit or re-order.

/**
 * Makes a priced quotation inside the caller's transaction (a new one, or the quotation of an
 * order's edit or re-order). Returns its id.
 */
export async function insertQuotation(
  tx: Tx,
  actor: Principal,
  terms: QuotationTerms,
  options: { purpose?: QuotationPurpose; sourceOrder?: { id: number; number: string } } = {},
): Promise<number> {
  const { companyId } = actor;
  const priced = await priceQuotationTerms(tx, companyId, terms, {
    exceptOrderNumber: options.purpose === 'edit_order' ? options.sourceOrder?.number : null,
  });
  // The number's counter stays locked until the transaction ends: taken last, by the statement
  // that writes the quotation, its items and its history (under the id taken first).
  const id = await queries.nextQuotationId(tx);
  await queries.insertNumberedQuotation(
    tx,
    { documentType: QUOTATION_ENTITY, prefix: QUOTATION_PREFIX },
    {
      id,
      company_id: companyId,
      purpose: options.purpose ?? 'new',
      source_order_id: options.sourceOrder?.id ?? null,
      quotation_date: terms.date,
      created_by: actor.userId,
      ...documentColumns(priced),
    },
    itemRows(companyId, id, priced),
    [
      {
        companyId,
        entityType: QUOTATION_ENTITY,
        entityId: id,
        action: 'created',
        userId: actor.userId,
        changes: {
          quotation_number: NUMBER_TO_TAKE,
          purpose: options.purpose ?? 'new',
          ...(options.sourceOrder ? { source_order: options.sourceOrder.number } : {}),
          ...pricedSummary(priced),
        },
      },
    ],
  );
  return id;
}

/** POST admin/companies/{companyId}/generate_quotation: a priced draft. */
export async function createQuotation(options: {
  db: Database;
  actor: Principal;
  input: QuotationInput;
}): Promise<QuotationOutput> {
  const { db, actor, input } = options;
  const id = await inTransaction(db, (tx) => insertQuotation(tx, actor, termsFromInput(input)));
  return getQuotation(db, actor.companyId, id);
}
