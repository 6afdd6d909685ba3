import type { DeleteAccountInput, SessionResponse } from '@cogni/domain';
import { msg } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { removeNonSessionQueries, sessionQueryKey } from '../../../lib/api/get-session';
import { apiRequest } from '../../../lib/api-client';

/** Said on the home page after the deletion, in the reader's language. */
export const ACCOUNT_DELETED = msg`Your account and all its data have been deleted.`;

/** Served as an attachment, so a plain link downloads it. */
export const ACCOUNT_EXPORT_URL = '/api/me/account-export';

/** Deletes the account, then shows the home page as a visitor with a confirmation. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      apiRequest('/api/me', { method: 'DELETE', body: input }),
    onSuccess: () => {
      flushSync(() => {
        void navigate('/', {
          state: { flash: ACCOUNT_DELETED, flashVariant: 'success' },
        });
      });
      removeNonSessionQueries(queryClient);
      void import('../../../lib/task-runtime/page-trial-queue').then((queue) =>
        queue.clearTrialQueue(),
      );
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user: null });
    },
  });
}
