import { type Language, LanguageResponseSchema, type SessionResponse } from '@cogni/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../api-client';
import { sessionQueryKey, useCurrentUser } from './get-session';

export function putLanguage(language: Language | null) {
  return apiRequest('/api/me/language', {
    method: 'PUT',
    body: { language },
    schema: LanguageResponseSchema,
  });
}

/**
 * Keeps a signed-in user's language in their profile, so it follows them to another browser;
 * a visitor's stays in the browser alone (language-provider.tsx). A failed save changes
 * nothing on the page: the language is already shown, and the next choice tries again.
 */
export function useSaveLanguage(): (language: Language) => void {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: putLanguage,
    onSuccess: ({ language }) => {
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, (session) =>
        session ? { ...session, language } : session,
      );
    },
  });
  return useCallback(
    (language: Language) => {
      if (user) mutate(language);
    },
    [user, mutate],
  );
}
