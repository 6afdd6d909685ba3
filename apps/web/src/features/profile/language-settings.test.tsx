// @vitest-environment jsdom
import type { MeResponse, SessionResponse } from '@cogni/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '../../lib/api/get-session';
import { renderWithI18n } from '../../lib/testing/render';
import { meQueryKey } from './api/get-me';
import { LanguageSettings } from './language-settings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSettings(profileLanguage: string | null) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const user = { id: 'u1', firstName: 'Ada', lastName: 'Lovelace' } as SessionResponse['user'];
  queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user, language: null });
  queryClient.setQueryData(meQueryKey, {
    user,
    profile: { language: profileLanguage },
  } as unknown as MeResponse);
  renderWithI18n(
    <QueryClientProvider client={queryClient}>
      <LanguageSettings profileLanguage={profileLanguage} />
    </QueryClientProvider>,
  );
  return queryClient;
}

const select = () => screen.getByLabelText('Language of the pages') as HTMLSelectElement;

describe('LanguageSettings', () => {
  it("offers the browser's language and each language by its own name", () => {
    renderSettings('fr');
    // A language Cogni does not speak counts as none: the browser's.
    expect(select().value).toBe('');
    expect([...select().options].map((option) => [option.value, option.text])).toEqual([
      ['', "The browser's language"],
      ['en', 'English'],
      ['de', 'Deutsch'],
      ['es', 'Español'],
    ]);
  });

  it('saves the choice in the profile, and the session takes it at once', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ language: 'de' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = renderSettings(null);

    fireEvent.change(select(), { target: { value: 'de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save language' }));

    expect((await screen.findByRole('status')).textContent).toBe('Your language is saved.');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/me/language');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ language: 'de' });
    expect(queryClient.getQueryData<SessionResponse>(sessionQueryKey)?.language).toBe('de');
    expect(queryClient.getQueryData<MeResponse>(meQueryKey)?.profile.language).toBe('de');
    expect(select().value).toBe('de');
  });

  it('says so when the language could not be saved', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderSettings(null);
    fireEvent.change(select(), { target: { value: 'es' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save language' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not reach the server. Check your connection.',
    );
  });
});
