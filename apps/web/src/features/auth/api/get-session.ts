import { type SessionResponse, SessionResponseSchema, type User } from '@cogni/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

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
