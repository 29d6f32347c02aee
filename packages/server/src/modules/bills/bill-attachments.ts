import { BILL_ATTACHMENT_MESSAGES, BILL_MAX_ATTACHMENTS, BILL_MESSAGES } from '@b2b/domain/bills';
import { AppError, conflict } from '../../core/errors.ts';
import type { FileStorage } from '../../core/ports/file-storage.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { historyWriter } from '../history/history.service.ts';
import type { AttachmentUpload } from './attachment-upload.ts';
import { BILL_ENTITY, presentAttachment } from './bill-reads.ts';
import * as queries from './bills.queries.ts';

/**
 * Files attached to a bill (the seller's invoice as a PDF or a photo), kept in the company's file
 * storage as product files are: stored under a content key first, then recorded with the bill in
 * one transaction (the stored file is removed again when that fails and nothing else uses it).
 */

const recordBillHistory = historyWriter(BILL_ENTITY);
const badFile = (message: string) =>
  new AppError('validation_error', message, { errors: { file: [message] } });

async function lockBillForFiles(tx: Tx, companyId: number, billId: number) {
  const bill = await queries.lockBill(tx, companyId, billId);
  if (!bill) throw new AppError('not_found', BILL_MESSAGES.not_found);
  if (bill.status === 'void') throw conflict('A void bill cannot be changed.');
  return bill;
}

async function removeUnused(db: Executor, storage: FileStorage, companyId: number, key: string) {
  if (!(await queries.isAttachmentKeyUsed(db, companyId, key)))
    await storage.remove(key).catch(() => undefined);
}

/** POST admin/bills/{id}/attachments */
export async function addBillAttachment(options: {
  db: Database;
  storage: FileStorage;
  actor: Principal;
  billId: number;
  file: AttachmentUpload;
}) {
  const { db, storage, actor, billId, file } = options;
  const { companyId } = actor;
  const key = await storage.put({
    folder: `bill-files/${companyId}/${billId}`,
    data: file.data,
    extension: file.kind.extension,
  });
  try {
    const row = await inTransaction(db, async (tx) => {
      await lockBillForFiles(tx, companyId, billId);
      if ((await queries.attachmentsOf(tx, companyId, billId)).length >= BILL_MAX_ATTACHMENTS) {
        throw badFile(BILL_ATTACHMENT_MESSAGES.too_many);
      }
      const inserted = await queries.insertAttachment(tx, {
        company_id: companyId,
        bill_id: billId,
        file_key: key,
        file_name: file.fileName,
        content_type: file.kind.contentType,
        size_bytes: file.data.length,
      });
      await queries.updateBill(tx, companyId, billId, {});
      await recordBillHistory(tx, actor, billId, 'attachment_added', {
        attachment: inserted.id,
        file_name: file.fileName,
      });
      return inserted;
    });
    return presentAttachment(row);
  } catch (error) {
    await removeUnused(db, storage, companyId, key);
    throw error;
  }
}

/** DELETE admin/bills/{id}/attachments/{fileId} */
export async function deleteBillAttachment(options: {
  db: Database;
  storage: FileStorage;
  actor: Principal;
  billId: number;
  attachmentId: number;
}) {
  const { db, storage, actor, billId, attachmentId } = options;
  const { companyId } = actor;
  const key = await inTransaction(db, async (tx) => {
    await lockBillForFiles(tx, companyId, billId);
    const deleted = await queries.deleteAttachment(tx, companyId, billId, attachmentId);
    if (!deleted) throw new AppError('not_found', BILL_ATTACHMENT_MESSAGES.not_found);
    await queries.updateBill(tx, companyId, billId, {});
    await recordBillHistory(tx, actor, billId, 'attachment_deleted', { attachment: attachmentId });
    return deleted.file_key;
  });
  await removeUnused(db, storage, companyId, key);
}
