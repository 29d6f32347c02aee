import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { saveSession } from '../../api/session';
import type { CurrentUser, Session } from '../../api/types';
import { currentUserQuery } from '../../session/current-user';
import { PATHS } from '../../session/paths';
import { resolveNext, trustedNextOrigins } from './next-address';

/**
 * Stores a new session and enters the app: the ?next= address when there is a usable one (see
 * resolveNext), otherwise /home, where the guard picks the first permitted screen.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { next?: unknown };
  return async (session: Session) => {
    saveSession(session);
    queryClient.removeQueries();
    if (session.user) queryClient.setQueryData(currentUserQuery.queryKey, session.user as CurrentUser);
    const next = resolveNext(search.next, {
      origin: window.location.origin,
      accessToken: session.access_token,
      trustedOrigins: trustedNextOrigins(),
    });
    if (next?.kind === 'external') {
      window.location.assign(next.href);
      return;
    }
    if (next) await navigate({ href: next.path });
    else await navigate({ to: PATHS.home });
  };
}
