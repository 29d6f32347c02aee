import type { PartySearchResult } from '@b2b/domain/api/buyers';
import type { Principal } from '../../core/principal.ts';
import type { Executor } from '../../db/transaction.ts';
import * as queries from './buyers.queries.ts';

/**
 * Exact matches among the company's buyers and sellers (as far as the caller may see each), so a
 * create form can warn that the party already exists.
 */
export async function searchParties(
  db: Executor,
  actor: Principal,
  keys: { gst_number?: string | null; phone?: string | null; email?: string | null },
  visible: { buyers: boolean; sellers: boolean },
): Promise<PartySearchResult[]> {
  const wanted = { gstNumber: keys.gst_number ?? null, phone: keys.phone ?? null, email: keys.email ?? null };
  const [buyers, sellers] = await Promise.all([
    visible.buyers ? queries.buyersMatching(db, actor.companyId, wanted) : [],
    visible.sellers ? queries.sellersMatching(db, actor.companyId, wanted) : [],
  ]);
  const matchedOn = (row: { gst_number: string | null; phone: string | null; email: string | null }) => {
    const fields: PartySearchResult['matched_on'] = [];
    if (wanted.gstNumber && row.gst_number === wanted.gstNumber) fields.push('gst_number');
    if (wanted.phone && row.phone === wanted.phone) fields.push('phone');
    if (wanted.email && row.email?.toLowerCase() === wanted.email.toLowerCase()) fields.push('email');
    return fields;
  };
  return [
    ...buyers.map((row) => ({ type: 'buyer' as const, ...row, matched_on: matchedOn(row) })),
    ...sellers.map((row) => ({ type: 'seller' as const, ...row, matched_on: matchedOn(row) })),
  ];
}
