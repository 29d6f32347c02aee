import type { Database } from '../../db/database.ts';
import { ClickBuffer } from './click-buffer.ts';
import { ShortLinkCache } from './short-link-cache.ts';

export interface ShortLinkRuntime {
  cache: ShortLinkCache;
  clicks: ClickBuffer;
}

const runtimes = new WeakMap<Database, ShortLinkRuntime>();

/** The redirect's cache and click buffer of one database: shared by the admin routes (which retire entries) and the public routes. */
export function shortLinkRuntime(db: Database): ShortLinkRuntime {
  let runtime = runtimes.get(db);
  if (!runtime) {
    runtime = { cache: new ShortLinkCache(db), clicks: new ClickBuffer(db) };
    runtimes.set(db, runtime);
  }
  return runtime;
}
