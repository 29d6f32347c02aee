import {
  MAX_PRODUCT_IMAGES,
  PRODUCT_MESSAGES,
  type ProductFileOutput,
  type ProductImageOutput,
} from '@b2b/domain/api/products';
import { conflict, notFound } from '../../core/errors.ts';
import type { FileStorage } from '../../core/ports/file-storage.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { historyWriter } from '../history/history.service.ts';
import * as media from './product-media.queries.ts';
import { assertProductExists } from './product-reads.ts';
import { presentFile, presentImage } from './products.present.ts';
import * as queries from './products.queries.ts';

const recordProductHistory = historyWriter('product');

// A product's images and PDF files: the file is stored first, the row then points at it.

/** Checked before an upload is read, so a full product stores nothing. */
export async function assertImageRoom(db: Executor, companyId: number, productId: number) {
  await assertProductExists(db, companyId, productId);
  const { n } = await media.imageStats(db, companyId, productId);
  if (Number(n) >= MAX_PRODUCT_IMAGES) throw conflict(PRODUCT_MESSAGES.too_many_images);
}

/**
 * The file is written first (each product has its own folder, files are named by content); the
 * row then points at it. The count is checked again under the product's row lock, so two
 * concurrent uploads cannot take a product past ten images.
 */
export async function addProductImage(options: {
  db: Database;
  storage: FileStorage;
  actor: Principal;
  productId: number;
  image: { data: Buffer; extension: 'png' | 'jpg' | 'webp' };
}): Promise<ProductImageOutput> {
  const { db, storage, actor, productId, image } = options;
  const companyId = actor.companyId;
  const key = await storage.put({
    folder: `product-images/${companyId}/${productId}`,
    data: image.data,
    extension: image.extension,
  });
  try {
    const row = await inTransaction(db, async (tx) => {
      if (!(await queries.lockProduct(tx, companyId, productId))) throw notFound('Product');
      const { n, next_position } = await media.imageStats(tx, companyId, productId);
      if (Number(n) >= MAX_PRODUCT_IMAGES) throw conflict(PRODUCT_MESSAGES.too_many_images);
      const inserted = await media.insertImage(tx, {
        company_id: companyId,
        product_id: productId,
        file_key: key,
        position: Number(next_position),
      });
      await queries.updateProduct(tx, companyId, productId, {});
      await recordProductHistory(tx, actor, productId, 'image_uploaded', { image: inserted.id });
      return inserted;
    });
    return presentImage(row);
  } catch (error) {
    await removeUnusedImage(db, storage, companyId, key);
    throw error;
  }
}

async function removeUnusedImage(db: Executor, storage: FileStorage, companyId: number, key: string) {
  if (!(await media.isImageKeyUsed(db, companyId, key))) await storage.remove(key).catch(() => undefined);
}

export async function deleteProductImage(options: {
  db: Database;
  storage: FileStorage;
  actor: Principal;
  productId: number;
  imageId: number;
}) {
  const { db, storage, actor, productId, imageId } = options;
  const companyId = actor.companyId;
  const key = await inTransaction(db, async (tx) => {
    if (!(await queries.lockProduct(tx, companyId, productId))) throw notFound('Product');
    const deleted = await media.deleteImage(tx, companyId, productId, imageId);
    if (!deleted) throw notFound('Image');
    await queries.updateProduct(tx, companyId, productId, {});
    await recordProductHistory(tx, actor, productId, 'image_deleted', { image: imageId });
    return deleted.file_key;
  });
  // After commit; the same picture may still be another image row of this product.
  await removeUnusedImage(db, storage, companyId, key);
}

export async function addProductFile(options: {
  db: Database;
  storage: FileStorage;
  actor: Principal;
  productId: number;
  file: { data: Buffer; fileName: string };
}): Promise<ProductFileOutput> {
  const { db, storage, actor, productId, file } = options;
  const companyId = actor.companyId;
  const key = await storage.put({
    folder: `product-files/${companyId}/${productId}`,
    data: file.data,
    extension: 'pdf',
  });
  try {
    const row = await inTransaction(db, async (tx) => {
      if (!(await queries.lockProduct(tx, companyId, productId))) throw notFound('Product');
      const inserted = await media.insertFile(tx, {
        company_id: companyId,
        product_id: productId,
        file_key: key,
        file_name: file.fileName,
        content_type: 'application/pdf',
        size_bytes: file.data.length,
      });
      await queries.updateProduct(tx, companyId, productId, {});
      await recordProductHistory(tx, actor, productId, 'file_uploaded', {
        file: inserted.id,
        file_name: file.fileName,
      });
      return inserted;
    });
    return presentFile(row);
  } catch (error) {
    if (!(await media.isFileKeyUsed(db, companyId, key))) await storage.remove(key).catch(() => undefined);
    throw error;
  }
}

export async function deleteProductFile(options: {
  db: Database;
  storage: FileStorage;
  actor: Principal;
  productId: number;
  fileId: number;
}) {
  const { db, storage, actor, productId, fileId } = options;
  const companyId = actor.companyId;
  const key = await inTransaction(db, async (tx) => {
    if (!(await queries.lockProduct(tx, companyId, productId))) throw notFound('Product');
    const deleted = await media.deleteFile(tx, companyId, productId, fileId);
    if (!deleted) throw notFound('File');
    await queries.updateProduct(tx, companyId, productId, {});
    await recordProductHistory(tx, actor, productId, 'file_deleted', { file: fileId });
    return deleted.file_key;
  });
  if (!(await media.isFileKeyUsed(db, companyId, key))) await storage.remove(key).catch(() => undefined);
}
