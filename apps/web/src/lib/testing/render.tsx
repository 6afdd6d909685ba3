import { I18nProvider } from '@lingui/react';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { i18n } from '../i18n/i18n';

/** The message catalogs' provider, in whatever language is active (English unless a test chose). */
export function I18nWrapper({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/**
 * Testing Library's render inside the catalogs' provider: every component's messages need one
 * (ADR 042), as the app's LanguageProvider gives them.
 */
export function renderWithI18n(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: I18nWrapper, ...options });
}
