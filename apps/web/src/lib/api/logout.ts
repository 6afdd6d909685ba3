import type { SessionResponse } from '@cogni/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { apiRequest } from '../api-client';
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
      // The session ends and the page changes in one render. Leaving first would let the guards
      // see the old user at /: one who still has to choose a password would be sent back to
      // /choose-password, and from there to /login. Clearing first, in a render of its own, would
      // let a protected page's guard send the visitor to /login. setQueryData updates what the
      // next render reads at once (it only schedules the notification), so flushSync renders /
      // with no user.
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user: null });
      flushSync(() => {
        void navigate('/');
      });
      removeNonSessionQueries(queryClient);
      // Queued trials belong to the session that just ended (ASVS 14.3.1: clear client storage
      // at logout). Loaded on demand, so the test's code stays out of the home bundle.
      void import('../task-runtime/page-trial-queue').then((queue) => queue.clearTrialQueue());
    },
  });
}
