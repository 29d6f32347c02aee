import type { EntitySource } from '../../components/entity-select';
import { type BuyerGroup, buyerGroupListQuery, buyerGroupQuery } from './buyer-groups.api';

/** Buyer groups for pickers: searched ten at a time, and the chosen one by id. */
export const buyerGroupSource = (companyId: number): EntitySource<BuyerGroup> => ({
  search: (search) => buyerGroupListQuery(companyId, { search, limit: 10, ordering: 'name' }),
  one: buyerGroupQuery,
  noun: 'buyer group',
});
