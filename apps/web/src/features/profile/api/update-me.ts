import {
  type MeResponse,
  MeResponseSchema,
  type SessionResponse,
  type UpdateNameInput,
} from '@cogni/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '../../../lib/api/get-session';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

export function updateMe(input: UpdateNameInput): Promise<MeResponse> {
  return apiRequest('/api/me', { method: 'PATCH', body: input, schema: MeResponseSchema });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => {
      queryClient.setQueryData<MeResponse>(meQueryKey, me);
      // The header avatar shows the session user's initials; the session keeps its language.
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, (session) => ({
        ...session,
        user: me.user,
      }));
    },
  });
}
