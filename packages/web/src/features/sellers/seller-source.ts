import type { EntitySource } from '../../components/entity-select';
import { type Seller, type SellerDetail, sellerListQuery, sellerQuery } from './sellers.api';

/** Sellers for pickers: the company's sellers searched ten at a time, and the chosen one by id. */
export const sellerSource = (companyId: number): EntitySource<Seller, SellerDetail> => ({
  search: (search) => sellerListQuery(companyId, { search, limit: 10, ordering: 'name' }),
  one: sellerQuery,
  noun: 'seller',
});
