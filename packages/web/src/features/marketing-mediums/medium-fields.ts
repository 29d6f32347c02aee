import type { MarketingMedium } from '@b2b/domain/api/marketing-mediums';

/** One input of a medium's form; secrets are password inputs that keep the saved value when left blank. */
export interface MediumField {
  key: string;
  label: string;
  kind: 'text' | 'number' | 'select' | 'secret';
  description?: string;
  placeholder?: string;
  options?: { value: string; label: string }[];
  required?: boolean;
  initial?: string;
  /** Shown only when this is true of the form's values (the SMTP fields of 'your own server'). */
  when?: (values: Record<string, string>) => boolean;
}

const ownSmtp = (values: Record<string, string>) => values.mode === 'smtp';

export const MEDIUM_FIELDS: Record<MarketingMedium, MediumField[]> = {
  email: [
    {
      key: 'mode',
      label: 'Send through',
      kind: 'select',
      options: [
        { value: 'platform', label: "The app's mail server" },
        { value: 'smtp', label: 'Your own SMTP server' },
      ],
      initial: 'smtp',
      required: true,
    },
    { key: 'from_name', label: 'From name', kind: 'text', required: true, placeholder: 'Pune Traders' },
    {
      key: 'from_email',
      label: 'From e-mail',
      kind: 'text',
      required: true,
      placeholder: 'offers@yourcompany.in',
    },
    { key: 'reply_to', label: 'Reply-to e-mail', kind: 'text' },
    {
      key: 'smtp_host',
      label: 'SMTP server',
      kind: 'text',
      required: true,
      placeholder: 'smtp.zoho.in',
      when: ownSmtp,
    },
    { key: 'smtp_port', label: 'Port', kind: 'number', required: true, initial: '587', when: ownSmtp },
    {
      key: 'smtp_security',
      label: 'Security',
      kind: 'select',
      options: [
        { value: 'starttls', label: 'STARTTLS (port 587)' },
        { value: 'tls', label: 'SSL/TLS (port 465)' },
        { value: 'none', label: 'None (a relay on your network)' },
      ],
      initial: 'starttls',
      required: true,
      when: ownSmtp,
    },
    { key: 'smtp_username', label: 'Username', kind: 'text', when: ownSmtp },
    { key: 'smtp_password', label: 'Password', kind: 'secret', when: ownSmtp },
    {
      key: 'webhook_token',
      label: 'Bounce webhook token',
      kind: 'secret',
      description:
        "Any 16 to 128 letters or digits you choose; point SendGrid's event webhook or Amazon SES (through SNS) at /api/webhooks/email/{company}/{token} to read bounces and spam complaints back",
    },
  ],
  sms: [
    {
      key: 'api_url',
      label: 'Gupshup API address',
      kind: 'text',
      required: true,
      initial: 'https://enterprise.smsgupshup.com/GatewayAPI/rest',
    },
    { key: 'user_id', label: 'User ID', kind: 'text', required: true },
    { key: 'password', label: 'Password', kind: 'secret', required: true },
    {
      key: 'sender_id',
      label: 'Sender ID (header)',
      kind: 'text',
      required: true,
      description: '6 capital letters, as registered on DLT',
    },
    {
      key: 'dlt_entity_id',
      label: 'DLT principal entity ID',
      kind: 'text',
      required: true,
      description: 'From your DLT registration (Jio, Vodafone Idea, Airtel or BSNL portal)',
    },
    {
      key: 'webhook_token',
      label: 'Webhook token',
      kind: 'secret',
      description:
        'Any 16 to 128 letters or digits you choose; Gupshup reports deliveries to /api/webhooks/sms/{company}/{token}',
    },
  ],
  whatsapp: [
    {
      key: 'api_url',
      label: 'Cloud API address',
      kind: 'text',
      required: true,
      initial: 'https://graph.facebook.com/v21.0',
    },
    { key: 'phone_number_id', label: 'Phone number ID', kind: 'text', required: true },
    { key: 'business_account_id', label: 'WhatsApp Business Account ID', kind: 'text', required: true },
    {
      key: 'access_token',
      label: 'Access token',
      kind: 'secret',
      required: true,
      description: 'A system user token',
    },
    {
      key: 'app_secret',
      label: 'App secret',
      kind: 'secret',
      description: 'Checks the signature of the delivery receipts Meta sends',
    },
    { key: 'webhook_verify_token', label: 'Webhook verify token', kind: 'secret' },
  ],
  push_notification: [
    {
      key: 'vapid_subject',
      label: 'Contact (VAPID subject)',
      kind: 'text',
      required: true,
      placeholder: 'mailto:admin@yourcompany.in',
    },
    { key: 'vapid_public_key', label: 'VAPID public key', kind: 'text', required: true },
    { key: 'vapid_private_key', label: 'VAPID private key', kind: 'secret', required: true },
  ],
};

/** The form's starting values: what is saved, else each field's default; secrets always start blank. */
export function initialMediumValues(
  medium: MarketingMedium,
  settings: Record<string, unknown>,
  platformMail: boolean,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of MEDIUM_FIELDS[medium]) {
    const saved = settings[field.key];
    values[field.key] = field.kind === 'secret' ? '' : saved != null ? String(saved) : (field.initial ?? '');
  }
  if (medium === 'email' && settings.mode == null && platformMail) values.mode = 'platform';
  return values;
}

/**
 * The body of a save: the medium, the visible fields (blank optional ones as null, the port as a
 * number) and only the secrets typed in (a blank secret keeps the saved one).
 */
export function mediumBody(
  medium: MarketingMedium,
  values: Record<string, string>,
  isEnabled: boolean,
): Record<string, unknown> & { medium: MarketingMedium } {
  const body: Record<string, unknown> & { medium: MarketingMedium } = { medium, is_enabled: isEnabled };
  if (medium === 'sms') body.provider = 'gupshup';
  for (const field of MEDIUM_FIELDS[medium]) {
    const visible = !field.when || field.when(values);
    const value = (values[field.key] ?? '').trim();
    if (field.kind === 'secret') {
      if (visible && value !== '') body[field.key] = value;
      continue;
    }
    if (!visible || value === '') body[field.key] = null;
    else body[field.key] = field.kind === 'number' ? Number(value) : value;
  }
  return body;
}
