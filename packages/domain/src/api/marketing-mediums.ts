import { z } from 'zod';
import { timestamp } from './common.ts';

/**
 * How a company reaches its contacts: one configuration per medium (/campaign-configuration/
 * configure-mediums). Secrets (passwords, tokens, private keys) are write-only: a read says which
 * are set, never what they are. In a write, a secret left out keeps the stored one and null
 * clears it.
 */
export const MARKETING_MEDIUMS = ['email', 'sms', 'whatsapp', 'push_notification'] as const;
export type MarketingMedium = (typeof MARKETING_MEDIUMS)[number];

export const MEDIUM_LABELS: Record<MarketingMedium, string> = {
  email: 'Email',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  push_notification: 'Push Notification',
};

/** The secret fields of each medium, and which of them a working configuration needs. */
export const MEDIUM_SECRETS = {
  email: { optional: ['smtp_password', 'webhook_token'], required: [] },
  sms: { optional: ['webhook_token'], required: ['password'] },
  whatsapp: { optional: ['app_secret', 'webhook_verify_token'], required: ['access_token'] },
  push_notification: { optional: [], required: ['vapid_private_key'] },
} as const satisfies Record<MarketingMedium, { optional: readonly string[]; required: readonly string[] }>;

export const MEDIUM_MESSAGES = {
  saved: (medium: MarketingMedium) => `${MEDIUM_LABELS[medium]} settings saved successfully.`,
  removed: (medium: MarketingMedium) => `${MEDIUM_LABELS[medium]} settings removed.`,
  not_configured: (medium: MarketingMedium) => `${MEDIUM_LABELS[medium]} is not configured.`,
  secret_missing: (field: string) => `Please enter the ${field.replaceAll('_', ' ')}.`,
  url: 'Please enter an https:// address of the provider.',
  url_private: 'The provider address must be on the internet, not on a private network.',
  smtp_host: 'Please enter the SMTP server, e.g. smtp.zoho.in.',
  sender_id: 'Sender ID must be 6 capital letters, as registered on DLT.',
  dlt_entity_id: 'DLT entity ID must be 12 to 19 digits.',
  dlt_template_id: 'DLT template ID must be 12 to 19 digits.',
  digits: 'Please enter the ID as digits only.',
  vapid_subject: 'Please enter a mailto: address or an https:// page of your store.',
  vapid_pair: 'The VAPID private key does not match the public key.',
  vapid_key: 'Please enter a VAPID key as generated (URL-safe base64).',
  webhook_token: 'The webhook token must be 16 to 128 letters, digits, - or _.',
  phone: 'Please enter a 10-digit mobile number.',
  test_text: 'Please enter the text of a template registered on DLT.',
  unreadable:
    'A stored secret can no longer be read (the server key changed); please enter the password or token again.',
} as const;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullish();
/** A secret in a write: left out = keep, null = clear, text = replace. Never echoed back. */
const secret = z.string().min(1).max(4096).nullish();
/** A token the company chooses for a provider's callback address (which it cannot sign). */
const webhookToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, MEDIUM_MESSAGES.webhook_token)
  .nullish();
const numericId = z
  .string()
  .trim()
  .regex(/^\d{5,30}$/, MEDIUM_MESSAGES.digits);

export const emailMediumInput = z
  .object({
    medium: z.literal('email'),
    /** platform: the app's own mail server (SMTP_URL); smtp: the company's mail server. */
    mode: z.enum(['platform', 'smtp']),
    from_name: text(100),
    from_email: z.email('Please enter a valid e-mail address.').max(254),
    reply_to: z.email('Please enter a valid e-mail address.').max(254).nullish(),
    smtp_host: optionalText(253),
    smtp_port: z.number().int().min(1).max(65535).nullish(),
    /** tls: TLS from the start (465); starttls: upgraded (587); none: a relay on a private network. */
    smtp_security: z.enum(['tls', 'starttls', 'none']).nullish(),
    smtp_username: optionalText(254),
    smtp_password: secret,
    /**
     * Authenticates the provider's delivery reports (bounces, complaints): SendGrid's event webhook
     * or Amazon SES through SNS, posted to /api/webhooks/email/{companyId}/{webhook_token}.
     */
    webhook_token: webhookToken,
    is_enabled: z.boolean().default(true),
  })
  .strict();

export const smsMediumInput = z
  .object({
    medium: z.literal('sms'),
    /** Gupshup Enterprise's HTTP API (GatewayAPI/rest), the DLT-ready gateway many Indian senders use. */
    provider: z.literal('gupshup'),
    api_url: z.url(MEDIUM_MESSAGES.url).max(500),
    user_id: text(100),
    password: secret,
    sender_id: z
      .string()
      .trim()
      .regex(/^[A-Z]{6}$/, MEDIUM_MESSAGES.sender_id),
    dlt_entity_id: z
      .string()
      .trim()
      .regex(/^\d{12,19}$/, MEDIUM_MESSAGES.dlt_entity_id),
    /**
     * Authenticates Gupshup's delivery reports and incoming SMS: the callback addresses are
     * /api/webhooks/sms/{companyId}/{webhook_token} (and .../inbound), as Gupshup signs nothing.
     */
    webhook_token: webhookToken,
    is_enabled: z.boolean().default(true),
  })
  .strict();

export const whatsappMediumInput = z
  .object({
    medium: z.literal('whatsapp'),
    /** The WhatsApp Business Cloud API's Graph address, with its version. */
    api_url: z.url(MEDIUM_MESSAGES.url).max(500),
    phone_number_id: numericId,
    business_account_id: numericId,
    access_token: secret,
    /** Signs the delivery receipts Meta posts to the webhook (X-Hub-Signature-256). */
    app_secret: secret,
    /** What Meta echoes when the webhook is subscribed. */
    webhook_verify_token: secret,
    is_enabled: z.boolean().default(true),
  })
  .strict();

const vapidKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{40,100}$/, MEDIUM_MESSAGES.vapid_key);

export const pushMediumInput = z
  .object({
    medium: z.literal('push_notification'),
    vapid_subject: z
      .string()
      .trim()
      .max(300)
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, MEDIUM_MESSAGES.vapid_subject),
    vapid_public_key: vapidKey,
    vapid_private_key: vapidKey.nullish(),
    is_enabled: z.boolean().default(true),
  })
  .strict();

export const mediumInput = z.discriminatedUnion('medium', [
  emailMediumInput,
  smsMediumInput,
  whatsappMediumInput,
  pushMediumInput,
]);
export type MediumInput = z.output<typeof mediumInput>;

export const mediumParam = z.object({
  companyId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  medium: z.enum(MARKETING_MEDIUMS, 'Medium must be email, sms, whatsapp or push_notification.'),
});

/** A test of a medium: e-mail and push need nothing; SMS sends one message, so it needs a number and a DLT template. */
export const mediumTestInput = z
  .object({
    to: z
      .string()
      .trim()
      .regex(/^[6-9]\d{9}$/, MEDIUM_MESSAGES.phone)
      .optional(),
    text: z.string().trim().min(1, MEDIUM_MESSAGES.test_text).max(1000).optional(),
    dlt_template_id: z
      .string()
      .trim()
      .regex(/^\d{12,19}$/, MEDIUM_MESSAGES.dlt_template_id)
      .optional(),
  })
  .strict();
export type MediumTestInput = z.output<typeof mediumTestInput>;

export const mediumOutput = z.object({
  medium: z.enum(MARKETING_MEDIUMS),
  label: z.string(),
  /** Every setting and every required secret is there, and the medium is enabled. */
  configured: z.boolean(),
  is_enabled: z.boolean(),
  /** The settings without their secrets. Empty when nothing is saved. */
  settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** The names of the secrets that are stored. */
  secrets_set: z.array(z.string()),
  last_test: z.object({ ok: z.boolean(), message: z.string(), tested_at: timestamp }).nullable(),
  updated_at: timestamp.nullable(),
  updated_by_name: z.string().nullable(),
});
export type MediumOutput = z.output<typeof mediumOutput>;

export const mediumTestOutput = z.object({ ok: z.boolean(), message: z.string() });

export const marketingConfigurationOutput = z.object({
  is_marketing_enabled: z.boolean(),
  /** The platform's own mail server is set up (SMTP_URL), so e-mail can use it. */
  platform_mail_configured: z.boolean(),
  mediums: z.array(mediumOutput),
});
export type MarketingConfigurationOutput = z.output<typeof marketingConfigurationOutput>;
