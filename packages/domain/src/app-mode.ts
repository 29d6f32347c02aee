/**
 * The two modes of the one web app (spec 3 sections 1 and 2): the full admin app, and the
 * marketing-only app, chosen when the page's host matches the configured marketing admin address
 * (the server's MARKETING_ADMIN_HOST). Marketing mode swaps in a reduced route set and menu, and
 * turns the admin flag off.
 */

export type AppMode = 'admin' | 'marketing';

export interface AppModeInfo {
  mode: AppMode;
  /** The spec's admin flag: on in admin mode, off in marketing mode. */
  isAdmin: boolean;
}

/** Where the empty path and home lead in marketing mode: the marketing dashboard. */
export const MARKETING_HOME_PATH = '/campaign-configuration/marketing';

/** The first path segments marketing mode serves; any other path is the 404 page there. */
export const MARKETING_ROUTE_ROOTS = [
  'campaigns',
  'whatsapp-campaigns',
  'auth',
  'signup',
  'recurring-campaigns',
  'campaign-configuration',
  'template-manager',
  'contact-lists',
  'customer-feedback',
  'contacts',
  'shorten-url',
  'whatsapp-support',
  'company',
  'users',
  'bulk-import',
  'payment-methods',
  'download-app',
  'unauthorized',
] as const;

const ROOTS = new Set<string>(MARKETING_ROUTE_ROOTS);

/**
 * An address as a host to compare: lower case, without scheme, user, path or a trailing dot,
 * keeping the port when one is written ('https://Mkt.Example.com:8443/x' -> 'mkt.example.com:8443').
 */
export function normalizeHost(address: string): string {
  let host = address.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.split(/[/?#]/)[0];
  host = host.slice(host.lastIndexOf('@') + 1);
  return host.replace(/\.(?=(:\d+)?$)/, '');
}

const withoutPort = (host: string) =>
  host.startsWith('[') ? host.replace(/(\]):\d+$/, '$1') : host.replace(/:\d+$/, '');

/**
 * Whether the page's host (location.host, with its port when not the default) is one of the
 * configured marketing addresses (comma-separated). A configured address with a port matches only
 * that port; one without matches the host on any port. Nothing configured: never.
 */
export function isMarketingHost(pageHost: string, configured: string | null | undefined): boolean {
  const page = normalizeHost(pageHost);
  if (!page || !configured) return false;
  return configured
    .split(',')
    .map(normalizeHost)
    .filter(Boolean)
    .some((address) => (withoutPort(address) === address ? withoutPort(page) === address : page === address));
}

export function appModeOf(pageHost: string, configured: string | null | undefined): AppModeInfo {
  const marketing = isMarketingHost(pageHost, configured);
  return { mode: marketing ? 'marketing' : 'admin', isAdmin: !marketing };
}

/** Whether marketing mode serves a path (by its first segment); the empty path redirects home. */
export function isMarketingRoute(path: string): boolean {
  const first = path.replace(/^\/+/, '').split(/[/?#]/)[0];
  return first === '' || first === 'home' || ROOTS.has(first);
}

/** The 404 page's button (spec 3): back to the dashboard in marketing mode, home in admin mode. */
export const NOT_FOUND_BUTTON: Record<AppMode, string> = {
  admin: 'GO TO HOME PAGE',
  marketing: 'GO TO DASHBOARD PAGE',
};
