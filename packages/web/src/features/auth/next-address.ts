/**
 * Where to go after signing in when the login address carries ?next= (spec document 0 section 2:
 * "a 'next' address may be followed with the access token appended").
 *
 * - A path of this app ('/orders?status=new') is opened in the app.
 * - An absolute http(s) address of this same origin is opened in the app as well.
 * - An absolute address of another origin is left for the browser, with access_token=<token>
 *   appended, but only when it is trusted: the same host on another port (it already receives the
 *   access_token cookie, which is host-wide), or an origin listed in VITE_TRUSTED_NEXT_ORIGINS.
 *   Handing the token to any address in a link would let a crafted link steal the session.
 * - Anything else (another host, javascript:, '//evil.example', a page on https sending to http)
 *   is ignored and the usual home screen follows.
 */
export type NextDestination = { kind: 'app'; path: string } | { kind: 'external'; href: string };

export interface NextContext {
  /** location.origin of the app, e.g. 'https://app.example.in' */
  origin: string;
  accessToken: string;
  /** Further origins allowed to receive the token, e.g. ['https://reports.example.in']. */
  trustedOrigins?: readonly string[];
}

export function resolveNext(next: unknown, context: NextContext): NextDestination | null {
  if (typeof next !== 'string') return null;
  const raw = next.trim();
  if (raw === '') return null;

  const here = new URL(context.origin);
  if (raw.startsWith('/')) {
    // '//host' and '/\host' are read by browsers as another host, not as a path.
    if (raw.startsWith('//') || raw.startsWith('/\\')) return null;
    const url = new URL(raw, here);
    return url.origin === here.origin ? { kind: 'app', path: url.pathname + url.search + url.hash } : null;
  }

  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin === here.origin) return { kind: 'app', path: url.pathname + url.search + url.hash };
  if (here.protocol === 'https:' && url.protocol !== 'https:') return null;

  const trusted =
    url.hostname === here.hostname ||
    (context.trustedOrigins ?? []).some((origin) => sameOrigin(origin, url));
  if (!trusted) return null;
  url.searchParams.set('access_token', context.accessToken);
  return { kind: 'external', href: url.toString() };
}

function sameOrigin(origin: string, url: URL): boolean {
  try {
    return new URL(origin.trim()).origin === url.origin;
  } catch {
    return false;
  }
}

/** VITE_TRUSTED_NEXT_ORIGINS: comma-separated origins, set at build time. */
export function trustedNextOrigins(): string[] {
  const value = import.meta.env.VITE_TRUSTED_NEXT_ORIGINS;
  return typeof value === 'string'
    ? value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean)
    : [];
}
