import { detailResponse, idParam } from '@b2b/domain/api/common';
import {
  PRODUCT_DEFAULT_ORDERING,
  PRODUCT_ORDERINGS,
  productCreate,
  productFileOutput,
  productHistoryOutput,
  productImageOutput,
  productOutput,
  productSummaryOutput,
  productUpdate,
} from '@b2b/domain/api/products';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { AppError } from '../../http/errors.ts';
import { requirePrincipal } from '../../http/guard.ts';
import {
  booleanParam,
  idList,
  listQuery,
  type Page,
  page,
  pageOf,
  pageWindow,
  parseOrdering,
} from '../../http/list-params.ts';
import { readImageUpload } from '../../storage/uploads.ts';
import { readPdfUpload } from './pdf-upload.ts';
import type { ProductCursor, ProductFilter, ProductSort } from './products.queries.ts';
import * as service from './products.service.ts';

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
  cursor: z.string().max(1000).optional(),
});

const productFilterQuery = productListQuery.extend({
  category__in: idList.optional(),
  brand__in: idList.optional(),
  is_active: booleanParam.optional(),
  in_stock: booleanParam.optional(),
  sales_channel__in: idList.optional(),
  buyer_group: idParam.optional(),
});

const badCursor = () =>
  new AppError('validation_error', 'This cursor is not valid; start again from the first page.', {
    errors: { cursor: ['This cursor is not valid; start again from the first page.'] },
  });

/** What a sort value of each type looks like as text, so a forged cursor never reaches SQL as a bad cast. */
const VALUE_SHAPE: Record<ProductSort['type'], (value: string) => boolean> = {
  // PostgreSQL text cannot hold NUL.
  text: (v) => v.length <= 300 && !v.includes('\u0000'),
  timestamptz: (v) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/.test(v),
  bigint: (v) => /^-?\d{1,18}$/.test(v),
  integer: (v) => /^-?\d{1,9}$/.test(v),
};

/** A cursor token: the sort value and id of a row, the ordering it was made for, and the direction. */
function decodeCursor(token: string, sort: ProductSort): ProductCursor {
  try {
    const raw = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (
      typeof raw.v === 'string' &&
      VALUE_SHAPE[sort.type](raw.v) &&
      raw.o === `${sort.direction === 'desc' ? '-' : ''}${sort.expression}` &&
      Number.isSafeInteger(raw.i) &&
      (raw.i as number) > 0 &&
      (raw.d === 'next' || raw.d === 'previous')
    ) {
      return { value: raw.v, id: raw.i as number, direction: raw.d };
    }
  } catch {
    // falls through
  }
  throw badCursor();
}

const encodeCursor = (
  row: { sort_value: string; id: number },
  sort: ProductSort,
  direction: 'next' | 'previous',
) =>
  Buffer.from(
    JSON.stringify({
      v: row.sort_value,
      i: row.id,
      o: `${sort.direction === 'desc' ? '-' : ''}${sort.expression}`,
      d: direction,
    }),
  ).toString('base64url');

function cursorLink(request: FastifyRequest, token: string, limit: number) {
  const url = new URL(request.url, 'http://local');
  url.searchParams.delete('offset');
  url.searchParams.set('cursor', token);
  url.searchParams.set('limit', String(limit));
  return `${url.pathname}${url.search}`;
}

type ListQuery = z.infer<typeof productListQuery>;

/** Offset pages by default; keyset pages when `cursor` is present. */
async function listPage(
  db: Api['ctx']['db'],
  request: FastifyRequest,
  companyId: number,
  query: ListQuery,
  filter: ProductFilter,
): Promise<Page<z.infer<typeof productSummaryOutput>>> {
  const sort = parseOrdering(
    query.ordering,
    Object.fromEntries(PRODUCT_ORDERINGS.map((field) => [field, field])),
    PRODUCT_DEFAULT_ORDERING,
  ).map((key) => ({
    ...ORDERING[key.column as (typeof PRODUCT_ORDERINGS)[number]],
    direction: key.direction,
  }));
  const window = pageWindow(query);
  if (query.cursor === undefined) {
    const { count, results } = await service.listProducts(db, companyId, filter, sort, window);
    return page(
      request,
      window,
      count,
      results.map(({ sort_value: _, ...summary }) => summary),
    );
  }
  if (sort.length > 1) {
    throw new AppError('validation_error', 'Cursor paging orders by one field.', {
      errors: { ordering: ['Cursor paging orders by one field.'] },
    });
  }
  const cursor = query.cursor === '' ? undefined : decodeCursor(query.cursor, sort[0]);
  // One row more than asked tells whether there is a page beyond this one.
  const { count, results } = await service.listProducts(db, companyId, filter, sort, {
    limit: window.limit + 1,
    offset: 0,
    cursor,
  });
  const more = results.length > window.limit;
  const backwards = cursor?.direction === 'previous';
  const rows = more ? (backwards ? results.slice(1) : results.slice(0, window.limit)) : results;
  const first = rows[0];
  const last = rows[rows.length - 1];
  const hasNext = backwards ? rows.length > 0 : more;
  const hasPrevious = backwards ? more : cursor !== undefined && rows.length > 0;
  return {
    count,
    next: hasNext && last ? cursorLink(request, encodeCursor(last, sort[0], 'next'), window.limit) : null,
    previous:
      hasPrevious && first
        ? cursorLink(request, encodeCursor(first, sort[0], 'previous'), window.limit)
        : null,
    results: rows.map(({ sort_value: _, ...summary }) => summary),
  };
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
        .send(await service.createProduct({ db, actor: requirePrincipal(request), input: request.body })),
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
      await service.assertCategoryExists(db, companyId, request.params.id);
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
    async (request) => service.getProduct(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.patch(
    '/products/:id',
    {
      config: { permission: 'change_product' },
      schema: { tags, params: productParams, body: productUpdate, response: { 200: productOutput } },
    },
    async (request) =>
      service.updateProduct({
        db,
        actor: requirePrincipal(request),
        productId: request.params.id,
        changes: request.body,
      }),
  );

  for (const [path, active] of [
    ['/products/:id/activate', true],
    ['/products/:id/deactivate', false],
  ] as const) {
    app.post(
      path,
      {
        config: { permission: 'change_product' },
        schema: { tags, params: productParams, response: { 200: productOutput } },
      },
      async (request) =>
        service.setProductActive({
          db,
          actor: requirePrincipal(request),
          productId: request.params.id,
          active,
        }),
    );
  }

  app.post(
    '/products/:id/delete',
    {
      config: { permission: 'delete_product' },
      schema: { tags, params: productParams, response: { 200: detailResponse } },
    },
    async (request) =>
      service.deleteProduct({ db, actor: requirePrincipal(request), productId: request.params.id }),
  );

  app.get(
    '/products/:id/history',
    {
      config: { cache: true, permission: 'view_product' },
      schema: { tags, params: productParams, response: { 200: productHistoryOutput } },
    },
    async (request) => service.productHistory(db, requirePrincipal(request).companyId, request.params.id),
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
      await service.assertImageRoom(db, actor.companyId, request.params.id);
      const { data, kind } = await readImageUpload(request);
      const image = await service.addProductImage({
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
      await service.deleteProductImage({
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
      await service.assertProductExists(db, actor.companyId, request.params.id);
      const file = await readPdfUpload(request);
      const stored = await service.addProductFile({
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
      await service.deleteProductFile({
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
