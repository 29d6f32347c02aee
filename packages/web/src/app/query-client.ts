import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import { notifyFailure, notifySuccess } from '../components/notify';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Toast after success, e.g. 'User created successfully.' */
      successMessage?: string;
      /** Title of the error toast; its text is the server's detail. */
      errorMessage?: string;
    };
  }
}

/** Every mutation ends in the spec's toast: the texts come from each mutation's meta. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => {
        const message = mutation.meta?.successMessage;
        if (message) notifySuccess(message);
      },
      onError: (error, _variables, _context, mutation) => {
        const title = mutation.meta?.errorMessage;
        if (title) notifyFailure(title, error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not change on a retry; network and server errors may.
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
    },
  });
}

export const queryClient = createQueryClient();
