import { PRODUCT_DEFAULT_ORDERING, PRODUCT_ORDERINGS } from '@b2b/domain/api/products';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import {
  buildCategoryTree,
  type CategoryTreeItem,
  findCategoryNode,
  subtreeIds,
} from '../../components/category-tree';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../components/use-list-params';
import type { ProductListParams } from './products.api';

export type StatusFilter = 'all' | 'active' | 'inactive';
export type StockFilter = 'all' | 'in' | 'out';

/** The products list as the address keeps it, so that coming back from a product finds it again. */
export interface ProductListState {
  search: string;
  category: number | null;
  brand: number | null;
  buyerGroup: number | null;
  status: StatusFilter;
  stock: StockFilter;
  channels: number[];
  limit: number;
  offset: number;
  ordering: string;
}

export const INITIAL_PRODUCT_LIST: ProductListState = {
  search: '',
  category: null,
  brand: null,
  buyerGroup: null,
  status: 'all',
  stock: 'all',
  channels: [],
  limit: DEFAULT_PAGE_SIZE,
  offset: 0,
  ordering: PRODUCT_DEFAULT_ORDERING,
};

const positiveId = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
};

const ORDERINGS = new Set<string>(PRODUCT_ORDERINGS.flatMap((field) => [field, `-${field}`]));

/** The list state of an address's search part; anything unknown or malformed falls back to the default. */
export function parseProductListSearch(search: Record<string, unknown>): ProductListState {
  const limit = Number(search.limit);
  const offset = Number(search.offset);
  const channels = Array.isArray(search.channels) ? search.channels : [search.channels];
  return {
    search: typeof search.q === 'string' ? search.q : typeof search.q === 'number' ? String(search.q) : '',
    category: positiveId(search.category),
    brand: positiveId(search.brand),
    buyerGroup: positiveId(search.buyer_group),
    status: search.status === 'active' || search.status === 'inactive' ? search.status : 'all',
    stock: search.stock === 'in' || search.stock === 'out' ? search.stock : 'all',
    channels: channels.map(positiveId).filter((id): id is number => id !== null),
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
    offset: Number.isSafeInteger(offset) && offset > 0 ? offset : 0,
    ordering:
      typeof search.ordering === 'string' && ORDERINGS.has(search.ordering)
        ? search.ordering
        : PRODUCT_DEFAULT_ORDERING,
  };
}

/** The search part for a list state: defaults are left out, so the plain list is plain /products. */
export function productListSearch(state: ProductListState): Record<string, unknown> {
  const search: Record<string, unknown> = {};
  if (state.search) search.q = state.search;
  if (state.category !== null) search.category = state.category;
  if (state.brand !== null) search.brand = state.brand;
  if (state.buyerGroup !== null) search.buyer_group = state.buyerGroup;
  if (state.status !== 'all') search.status = state.status;
  if (state.stock !== 'all') search.stock = state.stock;
  if (state.channels.length > 0) search.channels = state.channels;
  if (state.limit !== DEFAULT_PAGE_SIZE) search.limit = state.limit;
  if (state.offset > 0) search.offset = state.offset;
  if (state.ordering !== PRODUCT_DEFAULT_ORDERING) search.ordering = state.ordering;
  return search;
}

export const hasFilters = (state: ProductListState) =>
  state.search.trim() !== '' ||
  state.category !== null ||
  state.brand !== null ||
  state.buyerGroup !== null ||
  state.status !== 'all' ||
  state.stock !== 'all' ||
  state.channels.length > 0;

/**
 * The API query of a list state. A category stands for itself and every category below it (the
 * API matches products of exactly the listed categories); the Root Category, above all of them,
 * means no category filter.
 */
export function productListParams(
  state: ProductListState,
  categories: readonly CategoryTreeItem[] = [],
): ProductListParams {
  const params: ProductListParams = {
    limit: state.limit,
    offset: state.offset,
    ordering: state.ordering,
  };
  const search = state.search.trim();
  if (search) params.search = search;
  if (state.category !== null) {
    const node = findCategoryNode(buildCategoryTree(categories), state.category);
    if (!node) params.category__in = [state.category];
    else if (!node.category.is_root) params.category__in = [...subtreeIds(node)].sort((a, b) => a - b);
  }
  if (state.brand !== null) params.brand__in = [state.brand];
  if (state.buyerGroup !== null) params.buyer_group = state.buyerGroup;
  if (state.status !== 'all') params.is_active = state.status === 'active';
  if (state.stock !== 'all') params.in_stock = state.stock === 'in';
  if (state.channels.length > 0) params.sales_channel__in = [...state.channels].sort((a, b) => a - b);
  return params;
}

export type ProductListChange = Partial<Omit<ProductListState, 'limit' | 'offset'>>;

/**
 * The list state kept in the address. A change of a filter, the search or the sort goes back to
 * the first page; the address is replaced, not pushed, so Back leaves the list.
 */
export function useProductListState() {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const state = useMemo(() => parseProductListSearch(raw), [raw]);

  const go = useCallback(
    (next: ProductListState) => void navigate({ to: '.', search: productListSearch(next), replace: true }),
    [navigate],
  );
  const change = useCallback(
    (changes: ProductListChange) => go({ ...state, ...changes, offset: 0 }),
    [go, state],
  );
  const setPage = useCallback(
    (offset: number, limit: number) => go({ ...state, limit, offset: limit === state.limit ? offset : 0 }),
    [go, state],
  );
  const clear = useCallback(
    () => go({ ...INITIAL_PRODUCT_LIST, limit: state.limit, ordering: state.ordering }),
    [go, state],
  );
  return { state, change, setPage, clear };
}
