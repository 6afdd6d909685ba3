import {
  type ConfirmTotpInput,
  ConfirmTotpResponseSchema,
  type DisableTotpInput,
  type SessionResponse,
  type TotpChangeResponse,
  TotpChangeResponseSchema,
  TotpSetupResponseSchema,
} from '@cogni/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '../../../lib/api/get-session';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

/** A new secret to scan; two-factor login stays off until confirmed. */
export function useStartTotpSetup() {
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/me/totp/setup', { method: 'POST', schema: TotpSetupResponseSchema }),
  });
}

/**
 * The session and the profile show whether two-factor login is on: both take the new state (the
 * session keeps its language).
 */
function applyChange(queryClient: QueryClient, { user }: TotpChangeResponse) {
  queryClient.setQueryData<SessionResponse>(sessionQueryKey, (session) => ({ ...session, user }));
  void queryClient.invalidateQueries({ queryKey: meQueryKey });
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmTotpInput) =>
      apiRequest('/api/me/totp/confirm', {
        method: 'POST',
        body: input,
        schema: ConfirmTotpResponseSchema,
      }),
    onSuccess: (response) => applyChange(queryClient, response),
  });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DisableTotpInput) =>
      apiRequest('/api/me/totp', {
        method: 'DELETE',
        body: input,
        schema: TotpChangeResponseSchema,
      }),
    onSuccess: (response) => applyChange(queryClient, response),
  });
}
