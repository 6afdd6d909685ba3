import type { Language, MeResponse, SessionResponse } from '@cogni/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '../../../lib/api/get-session';
import { putLanguage } from '../../../lib/api/save-language';
import { meQueryKey } from './get-me';

/**
 * Saves the language of the user's pages in their profile, or null for the browser's. The session
 * takes it at once, so the page switches to it (language-provider.tsx), and so does the profile.
 */
export function useSaveProfileLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language | null) => putLanguage(language),
    onSuccess: ({ language }) => {
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, (session) =>
        session ? { ...session, language } : session,
      );
      queryClient.setQueryData<MeResponse>(meQueryKey, (me) =>
        me ? { ...me, profile: { ...me.profile, language } } : me,
      );
    },
  });
}
