import { detailResponse, idParam } from '@b2b/domain/api/common';
import { listCsvFormat, PRODUCT_CSV_COLUMNS } from '@b2b/domain/api/list-csv';
import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import {
  PRODUCT_DEFAULT_ORDERING,
  type PRODUCT_ORDERINGS,
  productCreate,
  productFileOutput,
  productHistoryOutput,
  productImageOutput,
  productListFilters,
  productOutput,
  productSummaryOutput,
  productUpdate,
} from '@b2b/domain/api/products';
import { todayInIndia } from '@b2b/domain/validation';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Page } from '../../core/paging.ts';
import { cursorParam, keysetSort } from '../../db/keyset-paging.ts';
import type { Api } from '../../http/api-types.ts';
import { sendListCsv } from '../../http/list-csv.ts';
import { offsetOrKeysetPage } from '../../http/page-links.ts';
import { companyParams, recordParams as productParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import { readImageUpload } from '../../storage/uploads.ts';
import { deleteProduct, setProductActive, updateProduct } from './change-product.ts';
import { createProduct } from './create-product.ts';
import { readPdfUpload } from './pdf-upload.ts';
import {
  addProductFile,
  addProductImage,
  assertImageRoom,
  deleteProductFile,
  deleteProductImage,
} from './product-media.ts';
import {
  assertCategoryExists,
  assertProductExists,
  getProduct,
  listProducts,
  productHistory,
} from './product-reads.ts';
import type { ProductFilter, ProductSort } from './products.queries.ts';

const tags = ['products'];

/** API ordering field -> SQL expression over the products alias `p` and its value type (for cursors). */
const ORDERING: Record<(typeof PRODUCT_ORDERINGS)[number], Omit<ProductSort, 'direction'>> = {
  name: { expression: 'lower(p.name)', type: 'text' },
  created_at: { expression: 'p.created_at', type: 'timestamptz' },
  updated_at: { expression: 'p.updated_at', type: 'timestamptz' },
  selling_price: { expression: 'p.selling_price_paise', type: 'bigint' },
  priority: { expression: 'p.priority', type: 'integer' },
};

const productListQuery = listQuery.extend({
  /**
   * Keyset paging: send `cursor=` (empty) for the first page, then follow `next` and `previous`,
   * which carry cursor tokens. Deep pages cost the same as the first. One ordering field only.
   */
  cursor: cursorParam,
});

const productFilterQuery = productListQuery.extend(productListFilters.shape);

type ListQuery = z.infer<typeof productListQuery>;

/** Offset pages by default; keyset pages when `cursor` is present (http/page-links.ts). */
async function listPage(
  db: Api['ctx']['db'],
  request: FastifyRequest,
  companyId: number,
  query: ListQuery,
  filter: ProductFilter,
): Promise<Page<z.infer<typeof productSummaryOutput>>> {
  const sort = keysetSort(query.ordering, ORDERING, PRODUCT_DEFAULT_ORDERING);
  return offsetOrKeysetPage(request, query, sort, (window) =>
    listProducts(db, companyId, filter, sort, window),
  );
}

export async function productsRoutes(app: Api) {
  const { db } = app.ctx;
  const view = { permission: 'view_product', cache: true };
  const change = { permission: 'change_product', tags, params: productParams };
  const product = { ...change, response: productOutput };

  route(
    app,
    'GET /companies/:companyId/products',
    {
      ...view,
      tags,
      params: companyParams,
      querystring: productFilterQuery.extend(listCsvFormat.shape),
      response: pageOf(productSummaryOutput),
    },
    (request, _actor, reply) => {
      const q = request.query;
      const filter: ProductFilter = {
        search: q.search,
        categoryIds: q.category__in,
        brandIds: q.brand__in,
        isActive: q.is_active,
        inStock: q.in_stock,
        salesChannelIds: q.sales_channel__in,
        buyerGroupId: q.buyer_group,
      };
      if (q.format === 'csv') {
        const sort = keysetSort(q.ordering, ORDERING, PRODUCT_DEFAULT_ORDERING);
        return sendListCsv(reply, `products-${todayInIndia()}.csv`, PRODUCT_CSV_COLUMNS, (window) =>
          listProducts(db, request.params.companyId, filter, sort, window),
        );
      }
      return listPage(db, request, request.params.companyId, q, filter);
    },
  );

  route(
    app,
    'POST /companies/:companyId/products',
    { ...product, permission: 'add_product', params: companyParams, body: productCreate, status: 201 },
    (request, actor) => createProduct({ db, actor, input: request.body }),
  );

  // The spec's "products of a category" (api-calls.tsv, categories area).
  route(
    app,
    'GET /categories/:id/products',
    {
      ...view,
      tags: ['categories', ...tags],
      params: productParams,
      querystring: productListQuery,
      response: pageOf(productSummaryOutput),
    },
    async (request, { companyId }) => {
      await assertCategoryExists(db, companyId, request.params.id);
      const filter = { search: request.query.search, categoryIds: [request.params.id] };
      return listPage(db, request, companyId, request.query, filter);
    },
  );

  recordRead(app, '/products/:id', { permission: 'view_product', tags, response: productOutput }, getProduct);

  route(app, 'PATCH /products/:id', { ...product, body: productUpdate }, (request, actor) =>
    updateProduct({ db, actor, productId: request.params.id, changes: request.body }),
  );

  switchRoutes(app, {
    paths: ['/products/:id/activate', '/products/:id/deactivate'],
    ...product,
    handler: (request, active, actor) =>
      setProductActive({ db, actor, productId: request.params.id, active }),
  });

  route(
    app,
    'POST /products/:id/delete',
    { ...change, permission: 'delete_product', response: detailResponse },
    (request, actor) => deleteProduct({ db, actor, productId: request.params.id }),
  );

  recordRead(
    app,
    '/products/:id/history',
    { permission: 'view_product', tags, response: productHistoryOutput },
    productHistory,
  );

  const upload = { ...change, consumes: ['multipart/form-data'], status: 201 } as const;
  route(
    app,
    'POST /products/:id/images',
    { ...upload, response: productImageOutput },
    async (request, actor) => {
      // A foreign id or a product with ten images is refused before the upload is read or stored.
      await assertImageRoom(db, actor.companyId, request.params.id);
      const { data, kind } = await readImageUpload(request);
      const image = { data, extension: kind.extension };
      return addProductImage({ db, storage: app.ctx.storage, actor, productId: request.params.id, image });
    },
  );

  route(
    app,
    'DELETE /products/:id/images/:imageId',
    { ...change, params: productParams.extend({ imageId: idParam }) },
    async (request, actor) => {
      const { id: productId, imageId } = request.params;
      await deleteProductImage({ db, storage: app.ctx.storage, actor, productId, imageId });
    },
  );

  route(
    app,
    'POST /products/:id/files',
    { ...upload, response: productFileOutput },
    async (request, actor) => {
      await assertProductExists(db, actor.companyId, request.params.id);
      const file = await readPdfUpload(request);
      return addProductFile({ db, storage: app.ctx.storage, actor, productId: request.params.id, file });
    },
  );

  route(
    app,
    'DELETE /products/:id/files/:fileId',
    { ...change, params: productParams.extend({ fileId: idParam }) },
    async (request, actor) => {
      const { id: productId, fileId } = request.params;
      await deleteProductFile({ db, storage: app.ctx.storage, actor, productId, fileId });
    },
  );
}
