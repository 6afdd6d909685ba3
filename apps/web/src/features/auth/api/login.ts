import { type LoginInput, type SessionResponse, UserSchema } from '@cogni/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { removeNonSessionQueries, sessionQueryKey } from './get-session';

export const loginMutationKey = ['login'] as const;

const LoginResponseSchema = z.object({ user: UserSchema });

export function login(input: LoginInput) {
  return apiRequest('/api/auth/login', {
    method: 'POST',
    body: input,
    schema: LoginResponseSchema,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: loginMutationKey,
    mutationFn: login,
    onSuccess: ({ user }) => {
      // Nothing cached for a previous account may leak into this one.
      removeNonSessionQueries(queryClient);
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
