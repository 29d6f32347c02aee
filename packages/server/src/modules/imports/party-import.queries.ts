import type { Executor } from '../../db/transaction.ts';

// The reads of the buyers and sellers imports, once per file: what a row's names refer to and the
// keys (GSTIN, phone, and for sellers the name) that tell a create from an update. The writes go
// through the buyers and sellers services, row by row, so each row is what their routes write.

/** The states (a row names one by name or GST code) and the company's payment terms. */
export async function partyImportLookups(db: Executor, companyId: number) {
  const [states, paymentTerms] = await Promise.all([
    db.selectFrom('states').select(['id', 'name', 'gst_code']).execute(),
    db.selectFrom('payment_terms').select(['id', 'name']).where('company_id', '=', companyId).execute(),
  ]);
  return { states, paymentTerms };
}

/** Every buyer's keys and the fields a row's checks need (its GST treatment and GSTIN). */
export const buyerKeys = (db: Executor, companyId: number) =>
  db
    .selectFrom('buyers')
    .select(['id', 'name', 'gst_number', 'phone', 'buyer_type'])
    .where('company_id', '=', companyId)
    .execute();

/** Every seller's keys: GSTIN, phone and name (a seller's name is unique in the company). */
export const sellerKeys = (db: Executor, companyId: number) =>
  db
    .selectFrom('sellers')
    .select(['id', 'name', 'gst_number', 'phone'])
    .where('company_id', '=', companyId)
    .execute();
