/**
 * Sales channels (/web-stores, issue 26): where the company sells (its admin panel, the instore
 * counter, a web store, an app, WhatsApp, a marketplace). A channel's type says what kind of place
 * it is; its code (`name`) is made once from its name and never changes, because orders, offers and
 * reports keep it. A channel is deactivated, never deleted: its orders stay.
 */

export const SALES_CHANNEL_TYPES = [
  'admin',
  'instore',
  'web_store',
  'mobile_app',
  'whatsapp',
  'marketplace',
  'other',
] as const;
export type SalesChannelType = (typeof SALES_CHANNEL_TYPES)[number];

export const SALES_CHANNEL_TYPE_LABELS: Record<SalesChannelType, string> = {
  admin: 'Admin Panel',
  instore: 'Instore',
  web_store: 'Web Store',
  mobile_app: 'Mobile App',
  whatsapp: 'WhatsApp',
  marketplace: 'Marketplace',
  other: 'Other',
};

export const isSalesChannelType = (value: string): value is SalesChannelType =>
  (SALES_CHANNEL_TYPES as readonly string[]).includes(value);

export const SALES_CHANNEL_NAME_MAX = 60;

export const SALES_CHANNEL_MESSAGES = {
  not_found: 'Sales Channel Not Found',
  name_required: 'Sales channel name is required.',
  name_taken: 'A sales channel with this name already exists.',
  type_required: 'Choose the type of the sales channel.',
  nothing_to_change: 'Nothing to change.',
  created: 'Sales channel created successfully',
  updated: 'Sales channel updated successfully',
  secret_rotated: 'Client secret rotated successfully',
} as const;

/**
 * The code of a new channel: its name in lower case, words joined by '_', letters and digits only
 * ('Amazon India' -> 'amazon_india'); 'channel' when nothing is left.
 */
export function salesChannelCode(displayName: string): string {
  const code = displayName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return code === '' ? 'channel' : code;
}
