import { z } from 'zod';

/**
 * Zoho Books (issue 26, /connect-zoho, configuration type zoho): the company's buyers, invoices,
 * credit notes and payments received pushed to its Zoho Books organisation. The texts and the
 * non-secret settings live here once; the tokens never leave the server.
 */

export const ZOHO_ENTITY_TYPES = ['contact', 'invoice', 'credit_note', 'payment'] as const;
export type ZohoEntityType = (typeof ZOHO_ENTITY_TYPES)[number];

export const ZOHO_ENTITY_LABELS: Record<ZohoEntityType, string> = {
  contact: 'Contact',
  invoice: 'Invoice',
  credit_note: 'Credit Note',
  payment: 'Payment Received',
};

export const ZOHO_SYNC_ACTIONS = ['created', 'updated', 'voided', 'deleted'] as const;
export type ZohoSyncAction = (typeof ZOHO_SYNC_ACTIONS)[number];

export const ZOHO_CONNECTION_STATUSES = [
  { value: 'pending', label: 'Waiting for Zoho', color: 'yellow' },
  { value: 'connected', label: 'Connected', color: 'green' },
  { value: 'reconnect_needed', label: 'Reconnect needed', color: 'red' },
  { value: 'disconnected', label: 'Disconnected', color: 'gray' },
] as const;
export type ZohoConnectionStatus = (typeof ZOHO_CONNECTION_STATUSES)[number]['value'];

export const ZOHO_MESSAGES = {
  not_configured:
    'Zoho Books is not configured on this server: set ZOHO_CLIENT_ID and ZOHO_CLIENT_SECRET (a Zoho API console client) to connect.',
  state_unknown: 'This Zoho authorization is unknown or has expired. Start connecting again.',
  authorization_refused: 'Zoho refused the authorization. Start connecting again.',
  not_connected: 'Zoho Books is not connected.',
  reconnect_needed: 'Zoho no longer accepts this connection. Connect Zoho Books again.',
  organization_required: 'Choose the Zoho Books organisation to push to.',
  organization_unknown: 'This organisation is not one of the connected Zoho account’s.',
  sync_running: 'A sync with Zoho Books is already running. Try again in a minute.',
  code_required: 'The authorization code from Zoho is required.',
  state_required: 'The state from Zoho is required.',
} as const;

/** The zoho configuration's settings (company_configurations, type zoho): nothing secret. */
export const zohoSettingsSchema = z.object({
  organization_id: z
    .string({ error: ZOHO_MESSAGES.organization_required })
    .trim()
    .max(40, 'Ensure this field has no more than 40 characters.')
    .regex(/^[0-9]*$/, 'A Zoho organisation id is digits only.'),
  push_contacts: z.boolean(),
  push_invoices: z.boolean(),
  push_credit_notes: z.boolean(),
  push_payments: z.boolean(),
});
export type ZohoSettings = z.output<typeof zohoSettingsSchema>;

export const ZOHO_SETTINGS_DEFAULTS: ZohoSettings = {
  organization_id: '',
  push_contacts: true,
  push_invoices: true,
  push_credit_notes: true,
  push_payments: true,
};

/** Which entity types a company's settings push (contacts are also pushed when a document needs its buyer). */
export const pushedTypes = (settings: ZohoSettings): ZohoEntityType[] =>
  ZOHO_ENTITY_TYPES.filter(
    (type) =>
      ({
        contact: settings.push_contacts,
        invoice: settings.push_invoices,
        credit_note: settings.push_credit_notes,
        payment: settings.push_payments,
      })[type],
  );

/**
 * The sync log's sentence for a document pushed the old way (GST as an adjustment) because the
 * Zoho organisation has no tax for a rate: 'Zoho has no IGST 28% tax: GST sent as an adjustment
 * on INV-1; add the tax in Zoho Books.'
 */
export function zohoMissingTaxMessage(options: {
  names: string[];
  intraState: boolean;
  documentNumber: string;
}): string {
  const what = options.intraState ? 'tax group' : 'tax';
  const list =
    options.names.length <= 1
      ? (options.names[0] ?? '')
      : `${options.names.slice(0, -1).join(', ')} or ${options.names.at(-1)}`;
  const kind = options.intraState ? `${what} (CGST + SGST)` : what;
  return `Zoho has no ${list} ${kind}: GST sent as an adjustment on ${options.documentNumber}; add the ${what} in Zoho Books.`;
}
