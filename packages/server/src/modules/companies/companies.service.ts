import type {
  AppDownloadOutput,
  CompanyOutput,
  CompanyUpdate,
  PolicyOutput,
} from '@b2b/domain/api/companies';
import {
  APP_DOWNLOAD_DEFAULTS,
  appDownloadSchema,
  CONFIGURATION_SETTINGS_SCHEMAS,
  CONFIGURATION_TYPES_READ_BY_FORMS,
  CONFIGURATION_VIEW_PERMISSION,
  maskSecretSettings,
  mergeSecretSettings,
  readSettings,
} from '@b2b/domain/company-configurations';
import QRCode from 'qrcode';
import { AppError, notFound } from '../../core/errors.ts';
import type { FileStorage } from '../../core/ports/file-storage.ts';
import { hasPermission, type Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import type { ConfigurationType } from '../../db/schema.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { fileUrl } from '../../storage/files.routes.ts';
import { addressesByOwner } from '../addresses/addresses.service.ts';
import { recordHistory } from '../history/history.service.ts';
import * as queries from './companies.queries.ts';

export { insertCompany, markCompanyVerified } from './companies.queries.ts';

export async function getCompany(
  db: Executor,
  companyId: number,
  options: { expandAddresses?: boolean } = {},
): Promise<CompanyOutput> {
  const company = await queries.findCompany(db, companyId);
  if (!company) throw notFound('Company');
  const contacts = await queries.listNotificationContacts(db, companyId);
  const addresses = options.expandAddresses
    ? ((await addressesByOwner(db, companyId, 'company', [companyId])).get(companyId) ?? [])
    : undefined;
  return {
    ...company,
    logo: fileUrl(company.logo),
    notification_contacts: contacts,
    ...(addresses ? { addresses } : {}),
  };
}

export async function updateCompany(options: {
  db: Database;
  actor: Principal;
  changes: CompanyUpdate;
}): Promise<CompanyOutput> {
  const { db, actor, changes } = options;
  const { notification_contacts: contacts, sales_order, tds_configuration, ...plain } = changes;
  await inTransaction(db, async (tx) => {
    const before = await queries.findCompanyForUpdate(tx, actor.companyId);
    if (!before) throw notFound('Company');
    await queries.updateCompany(tx, actor.companyId, {
      ...plain,
      ...(sales_order ? { sales_order: JSON.stringify({ ...before.sales_order, ...sales_order }) } : {}),
      ...(tds_configuration
        ? { tds_configuration: JSON.stringify({ ...before.tds_configuration, ...tds_configuration }) }
        : {}),
    });
    if (contacts) await queries.replaceNotificationContacts(tx, actor.companyId, contacts);
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'company',
      entityId: actor.companyId,
      action: 'updated',
      userId: actor.userId,
      changes: changes as Record<string, unknown>,
    });
  });
  return getCompany(db, actor.companyId, { expandAddresses: true });
}

type ConfigurationRow = Awaited<ReturnType<typeof queries.listConfigurations>>[number];

/** A configuration as every read shows it: its secrets write-only (null beside `<key>_set`). */
const shownConfiguration = (row: ConfigurationRow) => ({
  ...row,
  configurations: maskSecretSettings(row.configurations as Record<string, unknown>),
});

/**
 * GET company_configurations: view_configuration, except a type that other screens' forms need
 * (the batch rule of the stock forms), which any member of the company may read.
 */
export async function listConfigurations(options: {
  db: Executor;
  actor: Principal;
  type?: ConfigurationType;
}) {
  const { db, actor, type } = options;
  const readByForms = (CONFIGURATION_TYPES_READ_BY_FORMS as readonly string[]).includes(type ?? '');
  if (!readByForms && !hasPermission(actor, CONFIGURATION_VIEW_PERMISSION)) {
    throw new AppError('permission_denied', 'You do not have permissions to perform this action.');
  }
  return (await queries.listConfigurations(db, actor.companyId, type)).map(shownConfiguration);
}

/** Each configuration type has its own settings; a wrong value is a 400 on that setting. */
export function validSettings(
  type: ConfigurationType,
  settings: Record<string, unknown>,
): Record<string, unknown> {
  const parsed = CONFIGURATION_SETTINGS_SCHEMAS[type].safeParse(settings);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = ['configurations', ...issue.path.map(String)].join('.');
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  throw new AppError('validation_error', parsed.error.issues[0]?.message ?? 'Invalid configuration.', {
    errors,
  });
}

/** What a configuration's history row says: the settings changed, by name only (secrets stay out). */
const configurationChanges = (
  type: ConfigurationType,
  changes: { configurations?: Record<string, unknown>; is_enabled?: boolean },
) => ({
  configuration_type: type,
  ...(changes.configurations && { settings: Object.keys(changes.configurations).sort() }),
  ...(changes.is_enabled !== undefined && { is_enabled: changes.is_enabled }),
});

export async function createConfiguration(
  db: Database,
  actor: Principal,
  input: {
    configuration_type: ConfigurationType;
    configurations: Record<string, unknown>;
    is_enabled: boolean;
  },
) {
  const configurations = validSettings(
    input.configuration_type,
    mergeSecretSettings({}, input.configurations),
  );
  const row = await inTransaction(db, async (tx) => {
    const inserted = await queries.insertConfiguration(tx, actor.companyId, { ...input, configurations });
    if (inserted) {
      await recordCompanyHistory(tx, actor, 'configuration', inserted.id, 'created', {
        changes: configurationChanges(input.configuration_type, input),
      });
    }
    return inserted;
  });
  if (!row) {
    throw new AppError(
      'conflict',
      `A ${input.configuration_type} configuration already exists; update it instead.`,
    );
  }
  return shownConfiguration(row);
}

export async function updateConfiguration(
  db: Database,
  actor: Principal,
  id: number,
  changes: { configurations?: Record<string, unknown>; is_enabled?: boolean },
) {
  const row = await inTransaction(db, async (tx) => {
    const [current] = (await queries.listConfigurations(tx, actor.companyId)).filter((c) => c.id === id);
    if (!current) throw notFound('Configuration');
    // A secret sent empty keeps the stored one: reads never hand it out, so a form cannot send it back.
    const configurations =
      changes.configurations &&
      validSettings(
        current.configuration_type,
        mergeSecretSettings(current.configurations as Record<string, unknown>, changes.configurations),
      );
    const updated = await queries.updateConfiguration(tx, actor.companyId, id, {
      ...changes,
      configurations,
    });
    if (!updated) throw notFound('Configuration');
    await recordCompanyHistory(tx, actor, 'configuration', id, 'updated', {
      changes: configurationChanges(current.configuration_type, changes),
    });
    return updated;
  });
  return shownConfiguration(row);
}

/**
 * Whether the company may date an invoice (or credit note) before the last one of its series:
 * its 'back_dated_invoices' configuration, off unless saved and enabled (issue 16).
 */
export async function backDatingAllowed(db: Executor, companyId: number): Promise<boolean> {
  const [entry] = await queries.listConfigurations(db, companyId, 'back_dated_invoices');
  return entry?.is_enabled === true;
}

export async function getTerms(db: Executor, companyId: number) {
  return (await queries.findTerms(db, companyId)) ?? null;
}

export const saveTerms = (db: Database, actor: Principal, terms: string) =>
  inTransaction(db, async (tx) => {
    const saved = await queries.upsertTerms(tx, actor.companyId, terms);
    await recordCompanyHistory(tx, actor, 'company', actor.companyId, 'terms_saved');
    return saved;
  });

/** The Policy page: the company's terms and privacy policy, blank until written. */
export async function getPolicy(db: Executor, companyId: number): Promise<PolicyOutput> {
  return (await queries.findPolicy(db, companyId)) ?? { terms: '', privacy_policy: '', updated_at: null };
}

/** Both texts of the Policy page at once; the terms are the same ones the Company page edits. */
export const savePolicy = (
  db: Database,
  actor: Principal,
  policy: { terms: string; privacy_policy: string },
): Promise<PolicyOutput> =>
  inTransaction(db, async (tx) => {
    const before = await queries.findPolicy(tx, actor.companyId);
    const saved = await queries.upsertPolicy(tx, actor.companyId, policy);
    const changed = (['terms', 'privacy_policy'] as const).filter(
      (field) => (before?.[field] ?? '') !== policy[field],
    );
    await recordCompanyHistory(tx, actor, 'company', actor.companyId, 'policy_saved', {
      changes: { fields: changed },
    });
    return saved;
  });

/** A link as an SVG picture of its QR code (error correction M, a quiet zone of two modules). */
const qrSvg = (link: string) =>
  QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { light: '#ffffff' } });

/**
 * The /download-app card: the store links of the company's 'app_download' configuration (a
 * blank or invalid stored link reads as not set), each with its QR code.
 */
export async function getAppDownload(db: Executor, companyId: number): Promise<AppDownloadOutput> {
  const [entry] = await queries.listConfigurations(db, companyId, 'app_download');
  const links = readSettings(
    appDownloadSchema,
    APP_DOWNLOAD_DEFAULTS,
    entry?.configurations as Record<string, unknown> | undefined,
  );
  const android = links.android_url || null;
  const ios = links.ios_url || null;
  return {
    android_url: android,
    ios_url: ios,
    android_qr_svg: android ? await qrSvg(android) : null,
    ios_qr_svg: ios ? await qrSvg(ios) : null,
  };
}

type CompanyImage = { data: Buffer; extension: 'png' | 'jpg' | 'webp' };

const IMAGE_SLOTS = {
  logo: { folder: 'company-logos', uploaded: 'logo_uploaded', deleted: 'logo_deleted' },
  print_signature: {
    folder: 'print-signatures',
    uploaded: 'print_signature_uploaded',
    deleted: 'print_signature_deleted',
  },
} as const;

/**
 * The company's logo or print signature, replaced or removed (image null). The file is written
 * first; the row then points at it; the old file is removed after commit. Returns whether one is set.
 */
export async function replaceCompanyImage(options: {
  db: Database;
  storage: FileStorage;
  actor: Principal;
  slot: keyof typeof IMAGE_SLOTS;
  image: CompanyImage | null;
}): Promise<boolean> {
  const { db, storage, actor, slot, image } = options;
  const { folder, uploaded, deleted } = IMAGE_SLOTS[slot];
  const key = image
    ? await storage.put({
        folder: `${folder}/${actor.companyId}`,
        data: image.data,
        extension: image.extension,
      })
    : null;
  const previous = await inTransaction(db, async (tx) => {
    const before = await queries.findCompanyForUpdate(tx, actor.companyId);
    if (!before) throw notFound('Company');
    await queries.setCompanyImage(tx, actor.companyId, slot, key);
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'company',
      entityId: actor.companyId,
      action: key ? uploaded : deleted,
      userId: actor.userId,
    });
    return before[slot];
  });
  if (previous && previous !== key) await storage.remove(previous).catch(() => undefined);
  return key !== null;
}

export async function replaceLogo(options: {
  db: Database;
  storage: FileStorage;
  actor: Principal;
  image: CompanyImage | null;
}): Promise<CompanyOutput> {
  await replaceCompanyImage({ ...options, slot: 'logo' });
  return getCompany(options.db, options.actor.companyId, { expandAddresses: true });
}

type ContactFields = { name?: string; email?: string | null; phone?: string | null };

export const addNotificationContact = (
  db: Database,
  actor: Principal,
  contact: ContactFields & { name: string },
) =>
  inTransaction(db, async (tx) => {
    const row = await queries.insertNotificationContact(tx, actor.companyId, contact);
    await recordCompanyHistory(tx, actor, 'notification_contact', row.id, 'created', { changes: contact });
    return row;
  });

export async function updateNotificationContact(
  db: Database,
  actor: Principal,
  id: number,
  changes: ContactFields,
) {
  const nothingToChange = Object.values(changes).every((v) => v === undefined);
  if (nothingToChange) {
    const row = await queries.findNotificationContact(db, actor.companyId, id);
    if (!row) throw notFound('Notification Contact');
    return row;
  }
  return inTransaction(db, async (tx) => {
    const row = await queries.updateNotificationContact(tx, actor.companyId, id, changes);
    if (!row) throw notFound('Notification Contact');
    await recordCompanyHistory(tx, actor, 'notification_contact', id, 'updated', { changes });
    return row;
  });
}

export const deleteNotificationContact = (db: Database, actor: Principal, id: number) =>
  inTransaction(db, async (tx) => {
    const result = await queries.deleteNotificationContact(tx, actor.companyId, id);
    if (!result.numDeletedRows) throw notFound('Notification Contact');
    await recordCompanyHistory(tx, actor, 'notification_contact', id, 'deleted');
  });

function recordCompanyHistory(
  tx: Executor,
  actor: Principal,
  entityType: 'company' | 'configuration' | 'notification_contact',
  entityId: number,
  action: string,
  extra: { changes?: Record<string, unknown> } = {},
) {
  return recordHistory(tx, {
    companyId: actor.companyId,
    entityType,
    entityId,
    action,
    userId: actor.userId,
    ...extra,
  });
}
