import { describe, expect, it } from 'vitest';
import { buildUrl } from '../../api/client';
import {
  INITIAL_PRODUCT_LIST,
  type ProductListState,
  parseProductListSearch,
  productListParams,
  productListSearch,
} from './product-list-state';
import { CATEGORIES } from './product-test-server';

const state = (changes: Partial<ProductListState>): ProductListState => ({
  ...INITIAL_PRODUCT_LIST,
  ...changes,
});
const url = (changes: Partial<ProductListState>) =>
  buildUrl('companies/10/products', { ...productListParams(state(changes), CATEGORIES) });

describe('productListParams', () => {
  it('asks for the first 20 products, newest first, without filters', () => {
    expect(url({})).toBe('/api/companies/10/products?limit=20&offset=0&ordering=-created_at');
  });

  it('builds every filter into the query the API reads', () => {
    expect(
      url({
        search: '  mixer ',
        brand: 9,
        status: 'inactive',
        stock: 'out',
        channels: [3, 1],
        limit: 50,
        offset: 100,
        ordering: 'selling_price',
      }),
    ).toBe(
      '/api/companies/10/products?limit=50&offset=100&ordering=selling_price&search=mixer&brand__in=9' +
        '&is_active=false&in_stock=false&sales_channel__in=1%2C3',
    );
    expect(productListParams(state({ status: 'active', stock: 'in' }))).toMatchObject({
      is_active: true,
      in_stock: true,
    });
  });

  it('filters by a category and every category below it; the Root Category is no filter', () => {
    // Kitchen (2) holds Mixers (3).
    expect(productListParams(state({ category: 2 }), CATEGORIES).category__in).toEqual([2, 3]);
    expect(productListParams(state({ category: 3 }), CATEGORIES).category__in).toEqual([3]);
    expect(productListParams(state({ category: 1 }), CATEGORIES).category__in).toBeUndefined();
    // A category the tree does not know yet is sent as it is.
    expect(productListParams(state({ category: 99 }), CATEGORIES).category__in).toEqual([99]);
  });
});

describe('the list state in the address', () => {
  it('leaves defaults out and reads back what it wrote', () => {
    expect(productListSearch(INITIAL_PRODUCT_LIST)).toEqual({});
    const full = state({
      search: 'MG-750',
      category: 3,
      brand: 4,
      status: 'active',
      stock: 'in',
      channels: [1, 3],
      limit: 100,
      offset: 200,
      ordering: '-priority',
    });
    expect(parseProductListSearch(productListSearch(full))).toEqual(full);
  });

  it('falls back to the defaults for anything malformed', () => {
    expect(
      parseProductListSearch({
        q: 750,
        category: 'x',
        brand: -2,
        status: 'deleted',
        stock: 'maybe',
        channels: ['1', 'two', 3],
        limit: 30,
        offset: -20,
        ordering: 'cost_price',
      }),
    ).toEqual(state({ search: '750', channels: [1, 3] }));
  });
});
