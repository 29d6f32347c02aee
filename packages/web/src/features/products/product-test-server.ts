import { type ApiCall, fakeApi, paged } from '../../test/fake-api';
import { makeCategory, ROOT_CATEGORY } from '../categories/category-test-server';
import type { Product, ProductSummary } from './products.api';

export const KITCHEN = makeCategory({ id: 2, name: 'Kitchen' });
export const MIXERS = makeCategory({ id: 3, name: 'Mixers', parent_category: 2 });
export const TOYS = makeCategory({ id: 4, name: 'Toys', is_active: false });
export const CATEGORIES = [ROOT_CATEGORY, KITCHEN, MIXERS, TOYS];

export const WAREHOUSES = [
  {
    id: 7,
    name: 'Mumbai Warehouse',
    tally_warehouse_name: null,
    position: 0,
    is_active: true,
    is_private: false,
    branch: { id: 70, name: 'Mumbai' },
    created_at: '2025-04-01T10:00:00Z',
    updated_at: '2025-04-01T10:00:00Z',
  },
];

const EMPTY_RELATED = {
  variants: [],
  frequently_bought_together: [],
  similar: [],
  sponsored: [],
  accessories: [],
};

/** A product as GET products/{id} answers it, with overrides. */
export function makeProduct(overrides: Partial<Product> & Pick<Product, 'id' | 'name'>): Product {
  return {
    display_name: null,
    sku: null,
    attributes: [],
    sales_channel: null,
    category: { id: MIXERS.id, name: MIXERS.name },
    brand: null,
    unit: null,
    upc: null,
    weight: null,
    mrp: 10000,
    selling_price: 8000,
    cost_price: null,
    tax: null,
    cess_tax: null,
    hsn: null,
    gst_treatment: 'taxable',
    buyer_group: null,
    seller: null,
    expose_inventory: true,
    max_quantity_per_transaction: 0,
    margin: null,
    max_bidding_percentage: null,
    priority: 0,
    warehouse: null,
    opening_stock: 0,
    opening_rate: null,
    reorder_point: 0,
    is_visible_to_buyer: true,
    allow_back_ordering: false,
    tracks_serial_numbers: false,
    is_active: true,
    tags: [],
    short_description: null,
    description: null,
    item_box: null,
    highlights: [],
    video_url: null,
    features: [],
    specifications: [],
    related_products: { ...EMPTY_RELATED },
    tally_product_name: null,
    seo_url: null,
    meta_title: null,
    meta_description: null,
    images: [],
    files: [],
    stock: { in_stock: false, stock_by_branches: [] },
    created_at: '2025-04-01T10:00:00Z',
    updated_at: '2025-04-01T10:00:00Z',
    ...overrides,
  };
}

/** The list row of a product. */
export function summaryOf(product: Product): ProductSummary {
  const onHand = product.stock.stock_by_branches
    .flatMap((branch) => branch.stock_by_warehouses)
    .reduce((total, warehouse) => total + warehouse.available_stock, 0);
  return {
    id: product.id,
    name: product.name,
    display_name: product.display_name,
    sku: product.sku,
    image: product.images[0]?.url ?? null,
    category: product.category,
    brand: product.brand,
    mrp: product.mrp,
    selling_price: product.selling_price,
    is_active: product.is_active,
    available_stock: onHand,
    in_stock: onHand > 0,
    priority: product.priority,
    created_at: product.created_at,
    updated_at: product.updated_at,
  };
}

export type Failure = { status: number; body: unknown } | undefined;

/**
 * A fake of the catalogue routes the product screens call, for company 10 (the test user's):
 * categories, brands, units, sales channels, GST taxes, warehouses, and the product routes over
 * an in-memory list. `fail` answers chosen calls instead.
 */
export function productServer(initial: Product[] = [], fail: (call: ApiCall) => Failure = () => undefined) {
  let rows = initial.map((product) => ({ ...product }));
  let nextId = 500;
  const units = [{ id: 1, code: 'NOS', name: 'Numbers', uqc: 'NOS' }];
  const api = fakeApi((call) => {
    const failure = fail(call);
    if (failure) return failure;
    const { method, path } = call;
    if (method === 'GET' && path === 'companies/10/categories') return { body: paged(CATEGORIES) };
    if (method === 'GET' && (path === 'brands' || path === 'companies/10/brands')) return { body: paged([]) };
    if (method === 'POST' && path === 'companies/10/brands') {
      const { name } = call.body as { name: string };
      return { status: 201, body: { id: 31, name, is_active: true, ignore_for_bi: false } };
    }
    if (method === 'GET' && path === 'companies/10/units') return { body: paged(units) };
    if (method === 'POST' && path === 'admin/companies/10/units') {
      const body = call.body as { name: string; code: string; uqc: string };
      if (units.some((unit) => unit.code === body.code)) {
        const detail = `A unit with the code ${body.code} already exists.`;
        return { status: 400, body: { detail, errors: { code: [detail] } } };
      }
      const unit = { id: 40 + units.length, ...body };
      units.push(unit);
      return { status: 201, body: unit };
    }
    if (method === 'GET' && path === 'admin/sales_channel/') {
      return {
        body: paged([
          { id: 1, name: 'admin', display_name: 'Admin Panel' },
          { id: 3, name: 'web_store', display_name: 'Web Store' },
        ]),
      };
    }
    if (method === 'GET' && path === 'companies/10/taxes') {
      return { body: paged([{ id: 6, type: 'gst', display_name: 'GST 18%', rate: 18, is_active: true }]) };
    }
    if (method === 'GET' && path === 'companies/10/warehouses') return { body: paged(WAREHOUSES) };
    if (method === 'GET' && path === 'companies/10/products') {
      const search = (call.query.get('search') ?? '').toLowerCase();
      const found = rows.filter(
        (row) => row.name.toLowerCase().includes(search) || (row.sku ?? '').toLowerCase().includes(search),
      );
      return { body: paged(found.map(summaryOf)) };
    }
    if (method === 'POST' && path === 'companies/10/products') {
      const body = call.body as Record<string, unknown>;
      const created = makeProduct({ id: nextId++, name: String(body.name) });
      rows = [created, ...rows];
      return { status: 201, body: created };
    }
    const match =
      /^products\/(\d+)(?:\/(activate|deactivate|delete|history|images|files))?(?:\/(\d+))?$/.exec(path);
    if (!match) return undefined;
    const id = Number(match[1]);
    const row = rows.find((product) => product.id === id);
    if (!row) return { status: 404, body: { detail: 'Product Not Found', code: 'not_found' } };
    const change = (changes: Partial<Product>) => {
      rows = rows.map((product) => (product.id === id ? { ...product, ...changes } : product));
      return { body: rows.find((product) => product.id === id) };
    };
    if (method === 'GET' && !match[2]) return { body: row };
    if (method === 'GET' && match[2] === 'history') {
      return {
        body: paged([
          {
            id: 1,
            created_at: '2025-04-02T10:00:00Z',
            actions: { action: 'updated', changes: { selling_price: 7500, tags: ['kitchen'] } },
            user: { id: 1, first_name: 'Asha', last_name: 'Rao' },
          },
          {
            id: 2,
            created_at: '2025-04-01T10:00:00Z',
            actions: { action: 'created', changes: {} },
            user: { id: 1, first_name: 'Asha', last_name: 'Rao' },
          },
        ]),
      };
    }
    if (method === 'PATCH' && !match[2]) return change(call.body as Partial<Product>);
    if (method === 'POST' && match[2] === 'activate') return change({ is_active: true });
    if (method === 'POST' && match[2] === 'deactivate') return change({ is_active: false });
    if (method === 'POST' && match[2] === 'delete') {
      rows = rows.filter((product) => product.id !== id);
      return { body: { detail: 'Product deleted successfully.' } };
    }
    if (method === 'POST' && match[2] === 'images') {
      const image = {
        id: nextId++,
        url: `/api/files/products/${id}-${nextId}.png`,
        position: row.images.length,
      };
      change({ images: [...row.images, image] });
      return { status: 201, body: image };
    }
    if (method === 'DELETE' && match[2] === 'images') {
      change({ images: row.images.filter((image) => image.id !== Number(match[3])) });
      return { status: 204 };
    }
    return undefined;
  });
  return { ...api, rows: () => rows };
}
