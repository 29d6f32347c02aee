import type { BuyersTable } from './schema/parties.ts';
import type { Executor } from './transaction.ts';

/** What a party of the company (a buyer or a seller) is reached by, as its table stores it. */
export type PartyContactValues = Pick<
  BuyersTable,
  'name' | 'contact_person_name' | 'email' | 'phone' | 'gst_number' | 'pan'
>;

/**
 * The id of another party of the company's `table` with this GSTIN (`exceptId` is the party being
 * changed), or undefined: a GSTIN names one buyer, and one seller, of the company.
 */
export function findPartyByGstin(
  db: Executor,
  table: 'buyers' | 'sellers',
  options: { companyId: number; gstNumber: string; exceptId?: number },
): Promise<{ id: number } | undefined> {
  const { companyId, gstNumber, exceptId } = options;
  // Typed as one of the two tables: the statement only names company_id, id and gst_number.
  let query = db
    .selectFrom(table as 'buyers')
    .select('id')
    .where('company_id', '=', companyId)
    .where('gst_number', '=', gstNumber);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}
