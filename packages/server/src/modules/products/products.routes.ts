import { detailResponse, idParam } from '@b2b/domain/api/common';
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
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Page } from '../../core/paging.ts';
import { cursorParam, keysetSort } from '../../db/keyset-paging.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { offsetOrKeysetPage } from '../../http/page-links.ts';
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
const productParams = z.object({ id: idParam });

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

  app.get(
    '/companies/:companyId/products',
    {
      config: { cache: true, permission: 'view_product' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        querystring: productFilterQuery,
        response: { 200: pageOf(productSummaryOutput) },
      },
    },
    async (request) => {
      const q = request.query;
      return listPage(db, request, request.params.companyId, q, {
        search: q.search,
        categoryIds: q.category__in,
        brandIds: q.brand__in,
        isActive: q.is_active,
        inStock: q.in_stock,
        salesChannelIds: q.sales_channel__in,
        buyerGroupId: q.buyer_group,
      });
    },
  );

  app.post(
    '/companies/:companyId/products',
    {
      config: { permission: 'add_product' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        body: productCreate,
        response: { 201: productOutput },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createProduct({ db, actor: requirePrincipal(request), input: request.body })),
  );

  // The spec's "products of a category" (api-calls.tsv, categories area).
  app.get(
    '/categories/:id/products',
    {
      config: { cache: true, permission: 'view_product' },
      schema: {
        tags: ['categories', ...tags],
        params: z.object({ id: idParam }),
        querystring: productListQuery,
        response: { 200: pageOf(productSummaryOutput) },
      },
    },
    async (request) => {
      const { companyId } = requirePrincipal(request);
      await assertCategoryExists(db, companyId, request.params.id);
      return listPage(db, request, companyId, request.query, {
        search: request.query.search,
        categoryIds: [request.params.id],
      });
    },
  );

  app.get(
    '/products/:id',
    {
      config: { cache: true, permission: 'view_product' },
      schema: { tags, params: productParams, response: { 200: productOutput } },
    },
    async (request) => getProduct(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.patch(
    '/products/:id',
    {
      config: { permission: 'change_product' },
      schema: { tags, params: productParams, body: productUpdate, response: { 200: productOutput } },
    },
    async (request) =>
      updateProduct({
        db,
        actor: requirePrincipal(request),
        productId: request.params.id,
        changes: request.body,
      }),
  );

  switchRoutes(app, {
    paths: ['/products/:id/activate', '/products/:id/deactivate'],
    permission: 'change_product',
    tags,
    params: productParams,
    response: productOutput,
    handler: (request, active) =>
      setProductActive({
        db,
        actor: requirePrincipal(request),
        productId: request.params.id,
        active,
      }),
  });

  app.post(
    '/products/:id/delete',
    {
      config: { permission: 'delete_product' },
      schema: { tags, params: productParams, response: { 200: detailResponse } },
    },
    async (request) => deleteProduct({ db, actor: requirePrincipal(request), productId: request.params.id }),
  );

  app.get(
    '/products/:id/history',
    {
      config: { cache: true, permission: 'view_product' },
      schema: { tags, params: productParams, response: { 200: productHistoryOutput } },
    },
    async (request) => productHistory(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.post(
    '/products/:id/images',
    {
      config: { permission: 'change_product' },
      schema: {
        tags,
        params: productParams,
        consumes: ['multipart/form-data'],
        response: { 201: productImageOutput },
      },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      // A foreign id or a product with ten images is refused before the upload is read or stored.
      await assertImageRoom(db, actor.companyId, request.params.id);
      const { data, kind } = await readImageUpload(request);
      const image = await addProductImage({
        db,
        storage: app.ctx.storage,
        actor,
        productId: request.params.id,
        image: { data, extension: kind.extension },
      });
      return reply.status(201).send(image);
    },
  );

  app.delete(
    '/products/:id/images/:imageId',
    {
      config: { permission: 'change_product' },
      schema: { tags, params: z.object({ id: idParam, imageId: idParam }) },
    },
    async (request, reply) => {
      await deleteProductImage({
        db,
        storage: app.ctx.storage,
        actor: requirePrincipal(request),
        productId: request.params.id,
        imageId: request.params.imageId,
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/products/:id/files',
    {
      config: { permission: 'change_product' },
      schema: {
        tags,
        params: productParams,
        consumes: ['multipart/form-data'],
        response: { 201: productFileOutput },
      },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      await assertProductExists(db, actor.companyId, request.params.id);
      const file = await readPdfUpload(request);
      const stored = await addProductFile({
        db,
        storage: app.ctx.storage,
        actor,
        productId: request.params.id,
        file,
      });
      return reply.status(201).send(stored);
    },
  );

  app.delete(
    '/products/:id/files/:fileId',
    {
      config: { permission: 'change_product' },
      schema: { tags, params: z.object({ id: idParam, fileId: idParam }) },
    },
    async (request, reply) => {
      await deleteProductFile({
        db,
        storage: app.ctx.storage,
        actor: requirePrincipal(request),
        productId: request.params.id,
        fileId: request.params.fileId,
      });
      return reply.status(204).send();
    },
  );
}
