import { isLanguage, type Language, matchLanguage, SOURCE_LANGUAGE } from '@cogni/domain';
import { I18nProvider } from '@lingui/react';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useSession } from '../api/get-session';
import { type AppLocale, activateLocale, i18n, isAppLocale } from './i18n';

/** Where the reader's own choice is kept in the browser. */
export const LANGUAGE_STORAGE_KEY = 'cogni.language';

function readStoredChoice(): AppLocale | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isAppLocale(value) ? value : null;
  } catch {
    // Storage can be disabled (privacy settings, sandboxed frames).
    return null;
  }
}

function storeChoice(locale: AppLocale): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Not kept; the choice still holds for this visit.
  }
}

type LanguageContextValue = {
  /** The language every message shows in now. */
  locale: AppLocale;
  /** The reader's choice (the header's switcher); a study's language still wins on its pages. */
  choose: (locale: AppLocale) => void;
  /** Set by a study's pages while they show: the study's language for its participants. */
  setStudyLanguage: (language: Language | null) => void;
  /** A study has set the language: the reader does not choose it there. */
  isFixedByStudy: boolean;
};

const LanguageContext = createContext<LanguageContextValue | null>(null);

/**
 * The language of the page (ADR 042), chosen in this order: a study's language on its pages;
 * a signed-in user's profile language; the reader's choice in this browser; the browser's
 * preferred languages; English. Renders its children once the language's catalog is loaded,
 * so no page flashes English first; a change later swaps the texts in place (a run in progress
 * keeps going).
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const [choice, setChoice] = useState<AppLocale | null>(readStoredChoice);
  const [studyLanguage, setStudyLanguage] = useState<Language | null>(null);
  const profileLanguage = session.data?.user ? session.data.language : undefined;
  const wanted: AppLocale =
    studyLanguage ??
    (isLanguage(profileLanguage) ? profileLanguage : null) ??
    choice ??
    matchLanguage(navigator.languages ?? []) ??
    SOURCE_LANGUAGE;
  const [active, setActive] = useState<AppLocale | null>(
    wanted === SOURCE_LANGUAGE ? SOURCE_LANGUAGE : null,
  );

  useEffect(() => {
    let isCurrent = true;
    activateLocale(wanted).then(
      () => {
        if (isCurrent) setActive(wanted);
      },
      () => {
        // The catalog did not load (offline, a new deployment): the page stays in the
        // language it has, English at first, and a later choice tries again.
        if (isCurrent) setActive((current) => current ?? SOURCE_LANGUAGE);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [wanted]);

  const choose = useCallback((locale: AppLocale) => {
    storeChoice(locale);
    setChoice(locale);
  }, []);
  const value = useMemo(
    () => ({
      locale: active ?? SOURCE_LANGUAGE,
      choose,
      setStudyLanguage,
      isFixedByStudy: studyLanguage !== null,
    }),
    [active, choose, studyLanguage],
  );
  if (active === null) return null;
  return (
    <LanguageContext value={value}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </LanguageContext>
  );
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage needs a LanguageProvider above it');
  return value;
}

/** While the calling page shows, its study's language is the page's (a study's pages). */
export function useStudyLanguage(language: Language | undefined): void {
  const { setStudyLanguage } = useLanguage();
  useEffect(() => {
    if (!language) return;
    setStudyLanguage(language);
    return () => setStudyLanguage(null);
  }, [language, setStudyLanguage]);
}
