import { type SessionResponse, SessionResponseSchema, type User } from '@cogni/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export const sessionQueryKey = ['session'] as const;

export function getSession(signal?: AbortSignal): Promise<SessionResponse> {
  return apiRequest('/api/session', { schema: SessionResponseSchema, signal });
}

export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
  });
}

/** The signed-in user, or null. Only meaningful below SessionGate, which waits for the session. */
export function useCurrentUser(): User | null {
  return useSession().data?.user ?? null;
}

/**
 * Drops every cached query except the session's, on login and logout: nothing read for one
 * account may show for the next. The caller then sets the session itself.
 */
export function removeNonSessionQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
}
