import type { AppConfig } from '@b2b/domain/api/app-config';
import { type AppModeInfo, appModeOf } from '@b2b/domain/app-mode';

/**
 * The mode this page runs in (spec 3): marketing when its host matches the server's
 * MARKETING_ADMIN_HOST (GET /api/app_config, read once before the router starts), admin otherwise.
 * The mode cannot change without a reload: the host does not change.
 */
let current: AppModeInfo = { mode: 'admin', isAdmin: true };

/** Reads the server's configuration and settles the mode; a failed read leaves the full admin app. */
export async function loadAppMode(
  host: string = window.location.host,
  fetcher: typeof fetch = fetch,
): Promise<AppModeInfo> {
  try {
    const response = await fetcher('/api/app_config', { headers: { accept: 'application/json' } });
    if (response.ok) {
      const config = (await response.json()) as AppConfig;
      current = appModeOf(host, config.marketing_admin_host);
    }
  } catch {
    // No server answer: the admin app, whose own calls will say what is wrong.
  }
  return current;
}

/** The settled mode (admin until loadAppMode has read the configuration). */
export const appMode = (): AppModeInfo => current;

/** For tests: run as if the page were in this mode. */
export function setAppModeForTests(info: AppModeInfo): void {
  current = info;
}
