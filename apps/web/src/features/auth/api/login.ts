import {
  type LoginInput,
  LoginResponseSchema,
  LoginSuccessResponseSchema,
  type LoginTotpInput,
  type SessionResponse,
  type User,
} from '@cogni/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { removeNonSessionQueries, sessionQueryKey } from '../../../lib/api/get-session';
import { apiRequest } from '../../../lib/api-client';

export const loginMutationKey = ['login'] as const;

/** The password step: signed in, or (two-factor login on) a challenge for the code step. */
export function login(input: LoginInput) {
  return apiRequest('/api/auth/login', {
    method: 'POST',
    body: input,
    schema: LoginResponseSchema,
  });
}

/** The code step of an account with two-factor login on. */
export function loginWithCode(input: LoginTotpInput) {
  return apiRequest('/api/auth/login/totp', {
    method: 'POST',
    body: input,
    schema: LoginSuccessResponseSchema,
  });
}

function enterSession(queryClient: QueryClient, user: User) {
  // Nothing cached for a previous account may leak into this one.
  removeNonSessionQueries(queryClient);
  queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user });
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: loginMutationKey,
    mutationFn: login,
    onSuccess: (response) => {
      if ('user' in response) enterSession(queryClient, response.user);
    },
  });
}

export function useLoginWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: loginMutationKey,
    mutationFn: loginWithCode,
    onSuccess: ({ user }) => enterSession(queryClient, user),
  });
}
