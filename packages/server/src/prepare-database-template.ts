import { databasePreparation } from './database-preparation.ts';
import { preparedClusterTemplate } from './db/database.ts';

// Run by `npm ci` (the root package's prepare step): the embedded database's first start then
// copies a migrated cluster instead of running initdb and the migrations.
const template = await preparedClusterTemplate(await databasePreparation());
console.log(`Embedded PostgreSQL template ready in ${template}`);
