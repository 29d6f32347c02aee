import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

// The SQL of a product's images and PDF files.

export const imagesOf = (db: Executor, companyId: number, productId: number) =>
  db
    .selectFrom('product_images')
    .select(['id', 'file_key', 'position'])
    .where('company_id', '=', companyId)
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute();

export const imageStats = (db: Executor, companyId: number, productId: number) =>
  db
    .selectFrom('product_images')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      sql<number>`coalesce(max(position) + 1, 0)`.as('next_position'),
    ])
    .where('company_id', '=', companyId)
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();

export const insertImage = (
  db: Executor,
  values: { company_id: number; product_id: number; file_key: string; position: number },
) =>
  db
    .insertInto('product_images')
    .values(values)
    .returning(['id', 'file_key', 'position'])
    .executeTakeFirstOrThrow();

export const deleteImage = (db: Executor, companyId: number, productId: number, imageId: number) =>
  db
    .deleteFrom('product_images')
    .where('company_id', '=', companyId)
    .where('product_id', '=', productId)
    .where('id', '=', imageId)
    .returning('file_key')
    .executeTakeFirst();

/** Files are named by content: the same bytes uploaded twice to a product share one stored file. */
export const isImageKeyUsed = async (db: Executor, companyId: number, key: string) =>
  (await db
    .selectFrom('product_images')
    .select('id')
    .where('company_id', '=', companyId)
    .where('file_key', '=', key)
    .limit(1)
    .executeTakeFirst()) !== undefined;

export const filesOf = (db: Executor, companyId: number, productId: number) =>
  db
    .selectFrom('product_files')
    .select(['id', 'file_key', 'file_name', 'content_type', 'size_bytes'])
    .where('company_id', '=', companyId)
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();

export const insertFile = (
  db: Executor,
  values: {
    company_id: number;
    product_id: number;
    file_key: string;
    file_name: string;
    content_type: string;
    size_bytes: number;
  },
) =>
  db
    .insertInto('product_files')
    .values(values)
    .returning(['id', 'file_key', 'file_name', 'content_type', 'size_bytes'])
    .executeTakeFirstOrThrow();

export const deleteFile = (db: Executor, companyId: number, productId: number, fileId: number) =>
  db
    .deleteFrom('product_files')
    .where('company_id', '=', companyId)
    .where('product_id', '=', productId)
    .where('id', '=', fileId)
    .returning('file_key')
    .executeTakeFirst();

export const isFileKeyUsed = async (db: Executor, companyId: number, key: string) =>
  (await db
    .selectFrom('product_files')
    .select('id')
    .where('company_id', '=', companyId)
    .where('file_key', '=', key)
    .limit(1)
    .executeTakeFirst()) !== undefined;
