import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SelectField } from '../../components/ui/select-field';
import { useSession } from '../../lib/api/get-session';
import { useErrorText } from '../../lib/i18n/error-text';
import { useSaveProfileLanguage } from './api/language';

/** The select's value for "the browser's language" (the profile's null). */
const BROWSER = '';

/**
 * The language of the user's pages, kept in their profile so it follows them to any browser
 * (ADR 042): one of Cogni's languages, or the browser's (null). The header's switcher saves the
 * same field; this says what is saved and can go back to the browser's language.
 */
export function LanguageSettings({ profileLanguage }: { profileLanguage: string | null }) {
  const { t } = useLingui();
  const { errorText } = useErrorText();
  const session = useSession();
  const save = useSaveProfileLanguage();
  // The session knows a change made in the header since the profile was read; a language the
  // profile names that Cogni does not speak counts as none.
  const sessionLanguage = session.data?.language;
  const saved = sessionLanguage !== undefined ? sessionLanguage : profileLanguage;
  const savedValue = isLanguage(saved) ? saved : BROWSER;
  /** The choice in the select until it is saved; undefined while it shows what is saved. */
  const [choice, setChoice] = useState<Language | typeof BROWSER | undefined>(undefined);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = choice ?? savedValue;
    save.mutate(value === BROWSER ? null : value, { onSuccess: () => setChoice(undefined) });
  }

  return (
    <Card className="account-card">
      <h2>
        <Trans>Language</Trans>
      </h2>
      {save.isSuccess && (
        <Alert variant="success">
          <Trans>Your language is saved.</Trans>
        </Alert>
      )}
      {save.isError && <Alert variant="error">{errorText(save.error)}</Alert>}
      <form className="form" onSubmit={handleSubmit}>
        <SelectField
          label={t`Language of the pages`}
          name="language"
          value={choice ?? savedValue}
          hint={t`Cogni shows its pages in it on every device you log in on.`}
          disabled={save.isPending}
          onChange={(event) => {
            const value = event.target.value;
            if (value === BROWSER || isLanguage(value)) {
              save.reset();
              setChoice(value);
            }
          }}
        >
          <option value={BROWSER}>{t`The browser's language`}</option>
          {LANGUAGES.map((language) => (
            // Each language is named in itself, and spoken as such by screen readers.
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </SelectField>
        <div className="form__actions">
          <Button type="submit" isBusy={save.isPending} disabled={save.isPending}>
            <Trans>Save language</Trans>
          </Button>
        </div>
      </form>
    </Card>
  );
}
