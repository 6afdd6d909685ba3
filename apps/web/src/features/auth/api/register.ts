import type { RegisterInput } from '@cogni/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The answer is the same whether or not the email was already registered, so it carries nothing. */
export function register(input: RegisterInput): Promise<void> {
  return apiRequest('/api/auth/register', { method: 'POST', body: input });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
