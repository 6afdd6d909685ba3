import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { loginMutationKey } from '../features/auth/api/login';
import { sessionQueryKey } from '../lib/api/get-session';
import { isApiError } from '../lib/api-client';

const MAX_RETRIES = 2;

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will not change by asking again; network failures and 5xx might.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => handleUnauthenticated(error) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        // A refused login is a wrong password, not an ended session.
        if (mutation.options.mutationKey?.[0] !== loginMutationKey[0]) handleUnauthenticated(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });

  // A 401 from any call means the session ended (expired, revoked, deactivated), and a 403
  // PASSWORD_CHANGE_REQUIRED that the password must be changed first: re-read the session, so
  // the header and the route guards catch up.
  function handleUnauthenticated(error: unknown): void {
    if (isApiError(error) && (error.status === 401 || error.code === 'PASSWORD_CHANGE_REQUIRED')) {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    }
  }

  return queryClient;
}
