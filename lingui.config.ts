import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The message catalogs (ADR 042, docs/languages.md): one PO file per language, read by every
 * translation tool. Messages are English in the code; `npm run i18n:extract` writes what the
 * code holds into the catalogs, and the checks in `npm test` fail on a message German or
 * Spanish lacks. The pseudo-locale is made from English at build time, for development.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'es', 'pseudo'],
  pseudoLocale: { locale: 'pseudo', extend: 0.3 },
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/apps/web/src/locales/{locale}/messages',
      // The server's and the domain's messages that people read travel to the browser by id
      // and are shown from the same catalogs.
      include: [
        '<rootDir>/apps/web/src',
        '<rootDir>/packages/domain/src',
        '<rootDir>/apps/server/src',
      ],
      exclude: ['**/*.test.*', '**/testing/**', '**/node_modules/**', '**/locales/**'],
    },
  ],
  // Line numbers would change the catalogs with every edit above a message; the file is enough
  // for a translator to find it.
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
