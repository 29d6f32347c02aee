import { redirectUrl } from '@b2b/domain/short-links';
import { BoundedCache, companyEpoch } from '../../core/company-epoch.ts';
import type { Database } from '../../db/database.ts';
import * as queries from './short-links.queries.ts';

/** What a hit needs of a link, worked out once when it is loaded (the Location is built then). */
export interface CachedLink {
  companyId: number;
  linkId: number;
  location: string;
  status: 301 | 302;
  active: boolean;
  /** Epoch milliseconds after which the link answers 410; null: never. */
  expiresAt: number | null;
  hasFavicon: boolean;
}

interface Entry {
  link: CachedLink | null;
  /** The company's data epoch when loaded (core/company-epoch.ts); for a miss, when it was looked up. */
  epoch: number;
  loadedAt: number;
}

/** How long an unknown path is remembered as unknown, so a flood of misses costs one query per path. */
const MISS_TTL_MS = 2_000;
/** How long the set of custom domains is kept before it is read again in the background. */
const DOMAINS_TTL_MS = 10_000;

/**
 * The links the public redirect serves, in memory by (domain, path): a hit never queries the
 * database once its link is loaded.
 *
 * Invalidation is by the company's data epoch (core/company-epoch.ts), compared on every hit (one
 * Map read). Every write of the company bumps it: the API's own hook after a successful write,
 * and this module's service right after its commit. With several app servers on PostgreSQL the
 * epoch bumps are broadcast by NOTIFY (db/company-changes.ts), so a link changed on one server is
 * reloaded by the others on their next hit; a write to anything else of the company costs each
 * of its cached links one reload. Unknown paths are kept for 2 s only (MISS_TTL_MS): a link
 * created on another server is found within 2 s, on this one at once (`forget`).
 */
export class ShortLinkCache {
  private readonly entries = new BoundedCache<Entry>(100_000);
  private readonly loading = new Map<string, Promise<CachedLink | null>>();
  private domains = new Set<string>();
  private domainsLoadedAt = 0;
  private domainsLoading: Promise<void> | undefined;

  constructor(private readonly db: Database) {}

  static key(domain: string | null, path: string): string {
    return `${domain ?? ''}/${path}`;
  }

  /** The link at (domain, path): from memory when still current, else one query (shared by concurrent hits). */
  lookup(domain: string | null, path: string): CachedLink | null | Promise<CachedLink | null> {
    const key = ShortLinkCache.key(domain, path);
    const entry = this.entries.get(key);
    if (entry) {
      if (
        entry.link
          ? companyEpoch(entry.link.companyId) === entry.epoch
          : Date.now() - entry.loadedAt < MISS_TTL_MS
      )
        return entry.link;
    }
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(key, domain, path).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async load(key: string, domain: string | null, path: string): Promise<CachedLink | null> {
    const loadedAt = Date.now();
    const row = await queries.redirectRow(this.db, domain, path);
    if (!row) {
      this.entries.set(key, { link: null, epoch: 0, loadedAt });
      return null;
    }
    // The epoch is read after the row: a change committed meanwhile bumps it again, so this entry is retired.
    const link: CachedLink = {
      companyId: row.company_id,
      linkId: row.id,
      location: redirectUrl(row.target_url, row),
      status: row.is_permanent ? 301 : 302,
      active: row.is_active,
      expiresAt: row.expires_at ? new Date(row.expires_at).getTime() : null,
      hasFavicon: row.has_favicon,
    };
    this.entries.set(key, { link, epoch: companyEpoch(row.company_id), loadedAt });
    return link;
  }

  /** Drops what is kept for (domain, path): after a link is created or moved there on this server. */
  forget(domain: string | null, path: string): void {
    this.entries.delete(ShortLinkCache.key(domain, path));
  }

  /** Whether the host is a custom domain of some company's links (read again every 10 s, in the background). */
  isCustomDomain(host: string): boolean {
    if (Date.now() - this.domainsLoadedAt > DOMAINS_TTL_MS) void this.reloadDomains();
    return this.domains.has(host);
  }

  /** Reads the custom domains again; a change of a link's domain awaits it, so the next hit sees it. */
  reloadDomains(): Promise<void> {
    this.domainsLoading ??= queries
      .customDomains(this.db)
      .then((domains) => {
        this.domains = new Set(domains);
        this.domainsLoadedAt = Date.now();
      })
      .catch((error) => console.error('[short-links] could not read the custom domains', error))
      .finally(() => {
        this.domainsLoading = undefined;
      });
    return this.domainsLoading;
  }
}
