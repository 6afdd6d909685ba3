import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatter } from '@lingui/format-po';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../apps/web/src/locales');
const po = formatter();
const catalogs = new Map<string, Map<string, string>>();

/**
 * The translation of an English message in `locale`'s catalog, as the app shows it: the
 * browser tests find German and Spanish buttons by what the translators wrote, so a better
 * wording in the catalog does not break them.
 */
export async function translationOf(locale: 'de' | 'es', english: string): Promise<string> {
  let catalog = catalogs.get(locale);
  if (!catalog) {
    const filename = path.join(LOCALES_DIR, locale, 'messages.po');
    const parsed = await po.parse(readFileSync(filename, 'utf8'), {
      locale,
      sourceLocale: 'en',
      filename,
    });
    catalog = new Map(
      Object.values(parsed ?? {}).flatMap((entry) =>
        entry.message && entry.translation ? [[entry.message, entry.translation]] : [],
      ),
    );
    catalogs.set(locale, catalog);
  }
  const translation = catalog.get(english);
  if (!translation) throw new Error(`no ${locale} translation of ${JSON.stringify(english)}`);
  return translation;
}
