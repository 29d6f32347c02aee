import {
  PRINT_DEFAULTS,
  type PrintSettings,
  printSchema,
  readSettings,
} from '@b2b/domain/company-configurations';
import { notFound } from '../../core/errors.ts';
import type { FileStorage } from '../../core/ports/file-storage.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/transaction.ts';
import { listBranchConfigurations } from '../branches/branches.queries.ts';
import { type PrintLayout, printableImage } from '../invoice-documents/print-layout.ts';
import * as queries from './companies.queries.ts';
import { replaceCompanyImage } from './companies.service.ts';

/**
 * print_configuration as the documents apply it (issue 26). The branch's own print settings, when
 * switched on, else the company's, when switched on, else the defaults (A4, logo, HSN summary, the
 * original only); each field valid by the domain's printSchema or else its default.
 */
export async function printSettingsFor(
  db: Executor,
  companyId: number,
  branchId: number | null,
): Promise<PrintSettings> {
  const [branchEntry] =
    branchId === null ? [] : await listBranchConfigurations(db, companyId, branchId, 'print_configuration');
  const [companyEntry] = await queries.listConfigurations(db, companyId, 'print_configuration');
  const entry = [branchEntry, companyEntry].find((candidate) => candidate?.is_enabled);
  return readSettings(
    printSchema,
    PRINT_DEFAULTS,
    entry?.configurations as Record<string, unknown> | undefined,
  );
}

/**
 * The layout a document of the branch prints with: its settings, and the company's logo and
 * signature image read from file storage when they are shown (without storage, none: a document
 * rendered where no storage is at hand prints the text only).
 */
export async function printLayoutFor(options: {
  db: Executor;
  storage?: FileStorage | undefined;
  companyId: number;
  branchId: number | null;
}): Promise<PrintLayout> {
  const { db, storage, companyId } = options;
  const settings = await printSettingsFor(db, companyId, options.branchId);
  const company = await queries.findCompany(db, companyId);
  const image = async (key: string | null | undefined, shown: boolean) =>
    storage && key && shown ? printableImage(await storage.read(key).catch(() => undefined)) : null;
  return {
    paperSize: settings.paper_size,
    showHsnSummary: settings.show_hsn_summary,
    footerNote: settings.footer_note,
    copies: settings.copies,
    logo: await image(company?.logo, settings.show_logo),
    signature: await image(company?.print_signature, settings.show_signature),
  };
}

/** POST/DELETE companies/{id}/print_signature: the signature image the documents print. */
export async function replacePrintSignature(options: {
  db: Database;
  storage: FileStorage;
  actor: Principal;
  image: { data: Buffer; extension: 'png' | 'jpg' } | null;
}): Promise<{ print_signature_set: boolean }> {
  return { print_signature_set: await replaceCompanyImage({ ...options, slot: 'print_signature' }) };
}

/** Whether the company has a signature image (GET companies/{id}/print_signature). */
export async function printSignatureState(db: Executor, companyId: number) {
  const company = await queries.findCompany(db, companyId);
  if (!company) throw notFound('Company');
  return { print_signature_set: Boolean(company.print_signature) };
}
