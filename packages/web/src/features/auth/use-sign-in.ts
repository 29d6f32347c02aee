import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { saveSession } from '../../api/session';
import type { CurrentUser, Session } from '../../api/types';
import { currentUserQuery } from '../../app/current-user';
import { PATHS } from '../../app/paths';

/** Stores a new session and enters the app (the guard then picks the first permitted screen). */
export function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (session: Session) => {
    saveSession(session);
    queryClient.removeQueries();
    if (session.user) queryClient.setQueryData(currentUserQuery.queryKey, session.user as CurrentUser);
    await navigate({ to: PATHS.home });
  };
}
