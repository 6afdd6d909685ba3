import { LANGUAGE_NAMES } from '@cogni/domain';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { LanguageIcon } from '../../components/ui/icons';
import { useSaveLanguage } from '../../lib/api/save-language';
import { APP_LOCALES, type AppLocale, isAppLocale, PSEUDO_LOCALE } from '../../lib/i18n/i18n';
import { useLanguage } from '../../lib/i18n/language-provider';

/** Each locale's name in the switcher: in its own language. */
const nameOf = (locale: AppLocale) =>
  locale === PSEUDO_LOCALE ? 'Pseudo (development)' : LANGUAGE_NAMES[locale];

/**
 * The header's language switcher: a native select (a phone opens its own picker; keyboard and
 * screen readers know it). The choice is kept in the browser and, for a signed-in user, in the
 * profile. The page's texts change in place: nothing navigates, a run in progress goes on.
 */
export function LanguageSwitcher() {
  const { t } = useLingui();
  const id = useId();
  const { locale, choose } = useLanguage();
  const saveLanguage = useSaveLanguage();
  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t`Language`}
      </label>
      <LanguageIcon />
      <select
        id={id}
        className="language-switcher__select"
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (!isAppLocale(next)) return;
          choose(next);
          if (next !== PSEUDO_LOCALE) saveLanguage(next);
        }}
      >
        {APP_LOCALES.map((option) => (
          <option key={option} value={option} lang={option === PSEUDO_LOCALE ? 'en' : option}>
            {nameOf(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
