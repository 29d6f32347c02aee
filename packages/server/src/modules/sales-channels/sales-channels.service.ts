import { DEFAULT_SALES_CHANNELS } from '@b2b/domain/reference-data';
import type { Executor } from '../../db/transaction.ts';
import * as queries from './sales-channels.queries.ts';

// Sales channels are read-only through the API: a company gets the default ones at sign-up and
// nothing changes them yet, so there is no write here to leave a history row.

/** Every new company starts with the same sales channels (part of sign-up: no history row). */
export const seedCompanySalesChannels = (tx: Executor, companyId: number) =>
  queries.insertSalesChannels(
    tx,
    companyId,
    DEFAULT_SALES_CHANNELS.map((c) => ({ name: c.name, display_name: c.display_name })),
  );

/** The company's sales channels, the active ones only or all of them. */
export const listSalesChannels = (db: Executor, companyId: number, activeOnly: boolean) =>
  queries.listSalesChannels(db, companyId, activeOnly);
