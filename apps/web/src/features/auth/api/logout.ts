import type { SessionResponse } from '@cogni/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { removeNonSessionQueries, sessionQueryKey } from './get-session';

export function logout(): Promise<void> {
  return apiRequest('/api/auth/logout', { method: 'POST' });
}

/** Logs out, then shows the home page as a visitor. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Leave the page first: were the session cleared while a protected page is still shown, its
      // guard would send the visitor to /login instead of /.
      flushSync(() => {
        void navigate('/');
      });
      removeNonSessionQueries(queryClient);
      // Queued trials belong to the session that just ended (ASVS 14.3.1: clear client storage
      // at logout). Loaded on demand, so the test's code stays out of the home bundle.
      void import('../../stroop/api/trial-queue').then((queue) => queue.clearTrialQueue());
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user: null });
    },
  });
}
