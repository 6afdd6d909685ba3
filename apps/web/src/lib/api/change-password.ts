import type { ChangePasswordInput } from '@cogni/domain';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../api-client';

const ChangePasswordResponseSchema = z.object({ endedSessions: z.number().int() });

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest('/api/me/password', {
        method: 'POST',
        body: input,
        schema: ChangePasswordResponseSchema,
      }),
  });
}
