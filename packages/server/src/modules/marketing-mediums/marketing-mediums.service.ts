import {
  MARKETING_MEDIUMS,
  type MarketingConfigurationOutput,
  type MarketingMedium,
  MEDIUM_LABELS,
  MEDIUM_MESSAGES,
  MEDIUM_SECRETS,
  type MediumInput,
  type MediumOutput,
  type MediumTestInput,
} from '@b2b/domain/api/marketing-mediums';
import type { AppContext } from '../../app-context.ts';
import { AppError, conflict, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import { type SecretBox, secretBoxFrom } from '../../core/secret-box.ts';
import { inTransaction } from '../../db/transaction.ts';
import { historyWriter } from '../history/history.service.ts';
import { isMarketingEnabled } from '../marketing/marketing.queries.ts';
import * as queries from './marketing-mediums.queries.ts';
import {
  newVapidKeys,
  type OpenedMedium,
  type TestResult,
  testEmail,
  testPush,
  testSms,
  testWhatsapp,
} from './medium-tests.ts';
import { assertProviderUrl } from './provider-url.ts';

type Settings = Record<string, string | number | boolean | null>;
type Context = Pick<AppContext, 'db' | 'secrets' | 'mailer'>;

/** History rows name a medium by its place in MARKETING_MEDIUMS (entity ids are numbers). */
const recordMediumHistory = historyWriter('marketing_medium');
const mediumEntityId = (medium: MarketingMedium) => MARKETING_MEDIUMS.indexOf(medium) + 1;

const boxes = new Map<string, SecretBox>();
const boxOf = (ctx: Context) => {
  const known = boxes.get(ctx.secrets.jwt);
  if (known) return known;
  const box = secretBoxFrom(ctx.secrets.jwt);
  boxes.set(ctx.secrets.jwt, box);
  return box;
};

const secretNames = (medium: MarketingMedium): readonly string[] => [
  ...MEDIUM_SECRETS[medium].required,
  ...MEDIUM_SECRETS[medium].optional,
];

/** The settings a medium needs besides its secrets, by its mode. */
function missingSetting(medium: MarketingMedium, settings: Settings): string | undefined {
  if (medium !== 'email' || settings.mode !== 'smtp') return undefined;
  return ['smtp_host', 'smtp_port', 'smtp_security'].find(
    (key) => settings[key] == null || settings[key] === '',
  );
}

function present(
  medium: MarketingMedium,
  row: queries.MediumRow | undefined,
  platformMail: boolean,
): MediumOutput {
  const label = MEDIUM_LABELS[medium];
  if (!row) {
    return {
      medium,
      label,
      configured: false,
      is_enabled: false,
      settings: {},
      secrets_set: [],
      last_test: null,
      updated_at: null,
      updated_by_name: null,
    };
  }
  const secretsSet = Object.keys(row.sealed_secrets).sort();
  const settings = row.settings as Settings;
  const configured =
    row.is_enabled &&
    MEDIUM_SECRETS[medium].required.every((name) => secretsSet.includes(name)) &&
    missingSetting(medium, settings) === undefined &&
    (medium !== 'email' || settings.mode !== 'platform' || platformMail);
  return {
    medium,
    label,
    configured,
    is_enabled: row.is_enabled,
    settings,
    secrets_set: secretsSet,
    last_test:
      row.last_tested_at && row.last_test_ok !== null
        ? { ok: row.last_test_ok, message: row.last_test_message ?? '', tested_at: row.last_tested_at }
        : null,
    updated_at: row.updated_at,
    updated_by_name: row.updated_by_name,
  };
}

export async function marketingConfiguration(
  ctx: Context,
  companyId: number,
): Promise<MarketingConfigurationOutput> {
  const [enabled, rows] = await Promise.all([
    isMarketingEnabled(ctx.db, companyId),
    queries.mediumsOf(ctx.db, companyId),
  ]);
  const platformMail = ctx.mailer.configured;
  return {
    is_marketing_enabled: enabled,
    platform_mail_configured: platformMail,
    mediums: MARKETING_MEDIUMS.map((medium) =>
      present(
        medium,
        rows.find((row) => row.medium === medium),
        platformMail,
      ),
    ),
  };
}

export async function readMedium(ctx: Context, companyId: number, medium: MarketingMedium) {
  const { mediums } = await marketingConfiguration(ctx, companyId);
  return mediums.find((m) => m.medium === medium) as MediumOutput;
}

const isProduction = () => process.env.NODE_ENV === 'production';

/**
 * Saves a medium whole. Secrets: left out keeps the stored one, null clears it, text replaces it
 * (sealed). A configuration missing a required secret is refused, so an enabled medium always
 * has what sending needs.
 */
export async function saveMedium(options: { ctx: Context; actor: Principal; input: MediumInput }) {
  const { ctx, actor, input } = options;
  const { medium, is_enabled: isEnabled, ...fields } = input;
  const given = fields as Record<string, unknown>;
  const names = secretNames(medium);
  const settings: Settings = {};
  for (const [key, value] of Object.entries(given)) {
    if (!names.includes(key)) settings[key] = (value ?? null) as Settings[string];
  }
  if (typeof settings.api_url === 'string') {
    assertProviderUrl('api_url', settings.api_url, { production: isProduction() });
  }
  const missing = missingSetting(medium, settings);
  if (missing) throw validationError(missing, MEDIUM_MESSAGES.smtp_host);

  const box = boxOf(ctx);
  await inTransaction(ctx.db, async (tx) => {
    const current = await queries.lockMedium(tx, actor.companyId, medium);
    const sealed: Record<string, string> = { ...(current?.sealed_secrets ?? {}) };
    const changed: string[] = [];
    for (const name of names) {
      const value = given[name];
      if (value === undefined) continue;
      changed.push(name);
      if (value === null) delete sealed[name];
      else sealed[name] = box.seal(String(value));
    }
    for (const name of MEDIUM_SECRETS[medium].required) {
      if (!sealed[name]) throw validationError(name, MEDIUM_MESSAGES.secret_missing(name));
    }
    if (medium === 'push_notification' && typeof given.vapid_private_key === 'string') {
      const pair = testPush({ ...settings, vapid_private_key: given.vapid_private_key });
      if (!pair.ok) throw validationError('vapid_private_key', pair.message);
    }
    await queries.saveMedium(tx, {
      companyId: actor.companyId,
      medium,
      settings,
      sealedSecrets: sealed,
      isEnabled,
      userId: actor.userId,
    });
    await recordMediumHistory(tx, actor, mediumEntityId(medium), current ? 'updated' : 'created', {
      medium,
      is_enabled: isEnabled,
      settings,
      secrets_changed: changed,
    });
  });
  return readMedium(ctx, actor.companyId, medium);
}

export async function removeMedium(options: { ctx: Context; actor: Principal; medium: MarketingMedium }) {
  const { ctx, actor, medium } = options;
  await inTransaction(ctx.db, async (tx) => {
    const removed = await queries.deleteMedium(tx, actor.companyId, medium);
    if (Number(removed.numDeletedRows) === 0) throw conflict(MEDIUM_MESSAGES.not_configured(medium));
    await recordMediumHistory(tx, actor, mediumEntityId(medium), 'deleted', { medium });
  });
}

/** A new VAPID pair for the company's web store: the private key is sealed at once and never shown. */
export async function generateVapidKeys(options: { ctx: Context; actor: Principal; subject: string }) {
  const keys = newVapidKeys();
  return saveMedium({
    ctx: options.ctx,
    actor: options.actor,
    input: {
      medium: 'push_notification',
      vapid_subject: options.subject,
      vapid_public_key: keys.publicKey,
      vapid_private_key: keys.privateKey,
      is_enabled: true,
    },
  });
}

/** The medium's settings with its secrets opened, for a test or a send; undefined when not saved. */
export async function openedMedium(
  ctx: Context,
  companyId: number,
  medium: MarketingMedium,
): Promise<(OpenedMedium & { is_enabled: boolean }) | undefined> {
  const rows = await queries.mediumsOf(ctx.db, companyId);
  const row = rows.find((r) => r.medium === medium);
  if (!row) return undefined;
  const box = boxOf(ctx);
  const opened: OpenedMedium = { ...(row.settings as Settings) };
  for (const [name, sealed] of Object.entries(row.sealed_secrets)) {
    try {
      opened[name] = box.open(sealed);
    } catch {
      throw conflict(MEDIUM_MESSAGES.unreadable, name);
    }
  }
  return { ...opened, is_enabled: row.is_enabled };
}

/** Tries the saved medium against its provider and records the answer (shown on the page). */
export async function testMedium(options: {
  ctx: Context;
  actor: Principal;
  medium: MarketingMedium;
  input: MediumTestInput;
}): Promise<TestResult> {
  const { ctx, actor, medium, input } = options;
  if (medium === 'sms') {
    if (!input.to) throw validationError('to', MEDIUM_MESSAGES.phone);
    if (!input.text) throw validationError('text', MEDIUM_MESSAGES.test_text);
    if (!input.dlt_template_id) throw validationError('dlt_template_id', MEDIUM_MESSAGES.dlt_template_id);
  }
  const settings = await openedMedium(ctx, actor.companyId, medium);
  if (!settings) throw new AppError('conflict', MEDIUM_MESSAGES.not_configured(medium));
  const result =
    medium === 'email'
      ? await testEmail(settings, ctx.mailer)
      : medium === 'whatsapp'
        ? await testWhatsapp(settings)
        : medium === 'sms'
          ? await testSms(settings, input)
          : testPush(settings);
  await inTransaction(ctx.db, async (tx) => {
    await queries.recordTest(tx, actor.companyId, medium, result);
    await recordMediumHistory(tx, actor, mediumEntityId(medium), 'tested', { medium, ...result });
  });
  return result;
}
