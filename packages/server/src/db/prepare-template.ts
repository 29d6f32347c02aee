import { ensureClusterTemplate } from './database.ts';

// Run by `npm ci` (the root package's prepare step): the embedded database's first start then
// copies a ready cluster instead of running initdb.
const template = await ensureClusterTemplate();
console.log(`Embedded PostgreSQL template ready in ${template}`);
