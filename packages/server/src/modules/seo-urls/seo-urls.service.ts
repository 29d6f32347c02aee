import { validationError } from '../../core/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Executor } from '../../db/transaction.ts';
import { deleteSeoUrl, findSeoUrlHolder, type SeoUrlOwner, upsertSeoUrl } from './seo-urls.queries.ts';

export const SEO_URL_TAKEN = 'This SEO URL is already used by another category or product.';

/**
 * Sets (a string), clears (null) or leaves (undefined) the SEO address of a category or product.
 * Addresses are unique across both, case-insensitively; the table's primary key settles a race
 * that the check before it missed.
 */
export async function saveSeoUrl(
  tx: Executor,
  owner: SeoUrlOwner,
  url: string | null | undefined,
): Promise<void> {
  if (url === undefined) return;
  if (url === null) {
    await deleteSeoUrl(tx, owner);
    return;
  }
  const holder = await findSeoUrlHolder(tx, owner.companyId, url);
  if (holder && !(holder.owner_type === owner.ownerType && holder.owner_id === owner.ownerId)) {
    throw validationError('seo_url', SEO_URL_TAKEN);
  }
  await upsertSeoUrl(tx, owner, url).catch((error: unknown) => {
    if (isUniqueViolation(error, 'seo_urls_pkey')) throw validationError('seo_url', SEO_URL_TAKEN);
    throw error;
  });
}

/** A deleted product gives its address back. */
export const releaseSeoUrl = (tx: Executor, owner: SeoUrlOwner) => deleteSeoUrl(tx, owner);
