import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api, refreshSession } from '../api/client';
import { hasSession, signedOutHere } from '../api/session';
import type { CurrentUser } from '../api/types';

export const currentUserQuery = queryOptions({
  queryKey: ['me'] as const,
  queryFn: ({ signal }) => api.get<CurrentUser>('me/', undefined, signal),
  staleTime: 5 * 60_000,
  retry: false,
});

// Auto-login is tried once per page load: after that, no session means signed out.
let autoLogin: Promise<unknown> | null = null;

/**
 * The signed-in user, or null when there is no session. Auto-login at start is the first call: the
 * refresh cookie, if the browser has a live one, gives a new access token; then /me/ is trusted
 * until it says otherwise (a rejected token signs the user out on its own).
 */
export async function loadCurrentUser(queryClient: QueryClient): Promise<CurrentUser | null> {
  if (!hasSession() && !signedOutHere()) {
    autoLogin ??= refreshSession();
    await autoLogin;
  }
  if (!hasSession()) return null;
  try {
    return await queryClient.ensureQueryData(currentUserQuery);
  } catch (error) {
    if (!hasSession()) return null;
    throw error;
  }
}

/** For screens inside the shell, where the guard has already loaded the user. */
export function useCurrentUser(): CurrentUser {
  const { data } = useQuery({ ...currentUserQuery, enabled: hasSession() });
  if (!data) throw new Error('useCurrentUser used outside a signed-in screen');
  return data;
}
