import type { SeoUrlsTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

export interface SeoUrlOwner {
  companyId: number;
  ownerType: SeoUrlsTable['owner_type'];
  ownerId: number;
}

export const findSeoUrlHolder = (db: Executor, companyId: number, url: string) =>
  db
    .selectFrom('seo_urls')
    .select(['owner_type', 'owner_id'])
    .where('company_id', '=', companyId)
    .where('url', '=', url)
    .executeTakeFirst();

/** Gives the owner this address, replacing the one it had. */
export const upsertSeoUrl = (db: Executor, owner: SeoUrlOwner, url: string) =>
  db
    .insertInto('seo_urls')
    .values({ company_id: owner.companyId, url, owner_type: owner.ownerType, owner_id: owner.ownerId })
    .onConflict((oc) => oc.columns(['company_id', 'owner_type', 'owner_id']).doUpdateSet({ url }))
    .execute();

export const deleteSeoUrl = (db: Executor, owner: SeoUrlOwner) =>
  db
    .deleteFrom('seo_urls')
    .where('company_id', '=', owner.companyId)
    .where('owner_type', '=', owner.ownerType)
    .where('owner_id', '=', owner.ownerId)
    .execute();
