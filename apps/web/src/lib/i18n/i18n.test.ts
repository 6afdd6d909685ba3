// @vitest-environment jsdom
import { MESSAGES } from '@cogni/domain';
import { msg } from '@lingui/core/macro';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from './i18n';

const SKIP = msg`Skip to content`;

describe('the page’s language', () => {
  afterAll(() => activateLocale('en'));

  it('shows English without a catalog, and German and Spanish from theirs, with <html lang>', async () => {
    await activateLocale('en');
    expect(i18n._(SKIP)).toBe('Skip to content');
    expect(document.documentElement.lang).toBe('en');
    await activateLocale('de');
    expect(i18n._(SKIP)).toBe('Zum Inhalt springen');
    // A message of the domain package, by its id.
    expect(i18n._(MESSAGES.loginFailed)).not.toBe(MESSAGES.loginFailed.message);
    expect(document.documentElement.lang).toBe('de');
    await activateLocale('es');
    expect(i18n._(SKIP)).toBe('Ir al contenido');
    expect(document.documentElement.lang).toBe('es');
  });

  it('offers a pseudo-locale in development: accented, longer, and formatting as English', async () => {
    await activateLocale('pseudo');
    const pseudo = i18n._(SKIP);
    expect(pseudo).not.toBe('Skip to content');
    expect(pseudo.length).toBeGreaterThan('Skip to content'.length);
    expect(pseudo).toMatch(/\P{ASCII}/u);
    expect(document.documentElement.lang).toBe('en-XA');
  });
});
