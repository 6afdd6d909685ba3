import { PASSWORD_MIN_LENGTH } from '@cogni/domain';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DownloadIcon } from '../../components/ui/icons';
import { PasswordField } from '../../components/ui/text-field';
import { useChangePassword } from '../../lib/api/change-password';
import { isApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/i18n/error-text';
import { useFieldErrors } from '../../lib/use-field-errors';
import { ACCOUNT_EXPORT_URL, useDeleteAccount } from './api/account';
import { LanguageSettings } from './language-settings';
import { TwoFactorSettings } from './two-factor-settings';

const FAILED = msg`That did not work. Please try again later.`;

/**
 * The language of the pages, change password (the current one is asked), two-factor login,
 * download everything, delete the account.
 */
export function AccountSettings({ language }: { language: string | null }) {
  return (
    <div className="account-settings">
      <LanguageSettings profileLanguage={language} />
      <ChangePassword />
      <TwoFactorSettings />
      <Card className="account-card">
        <h2>
          <Trans>Your data</Trans>
        </h2>
        <p>
          <Trans>
            Everything Cogni stores about you, in one JSON file: your account and profile, every
            result with its scores and every trial.
          </Trans>
        </p>
        <a className={buttonClassName('secondary')} href={ACCOUNT_EXPORT_URL} download>
          <DownloadIcon />
          <Trans>Download my account data</Trans>
        </a>
      </Card>
      <DeleteAccount />
    </div>
  );
}

function ChangePassword() {
  const { t } = useLingui();
  const { errorText } = useErrorText();
  const change = useChangePassword();
  const fields = useFieldErrors(change.error);
  const minLength = PASSWORD_MIN_LENGTH;
  const hasFieldErrors = Object.keys(fields).length > 0;
  const endedSessions = change.data?.endedSessions ?? 0;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    change.mutate(
      {
        currentPassword: String(form.get('currentPassword') ?? ''),
        newPassword: String(form.get('newPassword') ?? ''),
        endOtherSessions: form.get('endOtherSessions') === 'on',
      },
      { onSuccess: () => formElement.reset() },
    );
  }

  return (
    <Card className="account-card">
      <h2>
        <Trans>Change password</Trans>
      </h2>
      {change.isSuccess && (
        <Alert variant="success">
          <Trans>Your password is changed.</Trans>
          {endedSessions > 0 && (
            <>
              {' '}
              <Plural
                value={endedSessions}
                one="# other session was logged out."
                other="# other sessions were logged out."
              />
            </>
          )}
        </Alert>
      )}
      {change.isError && !hasFieldErrors && (
        <Alert variant="error">
          {/* Too many wrong passwords says when to try again; anything else is one message. */}
          {isApiError(change.error) && change.error.code === 'RATE_LIMITED'
            ? errorText(change.error)
            : t(FAILED)}
        </Alert>
      )}
      <form className="form" onSubmit={handleSubmit} noValidate>
        <PasswordField
          label={t`Current password`}
          name="currentPassword"
          autoComplete="current-password"
          error={fields.currentPassword}
        />
        <PasswordField
          label={t`New password`}
          name="newPassword"
          autoComplete="new-password"
          hint={t`At least ${minLength} characters; a long phrase is easiest to remember`}
          error={fields.newPassword}
        />
        <label className="checkbox">
          <input type="checkbox" name="endOtherSessions" defaultChecked />
          <span>
            <Trans>Log out my other sessions</Trans>
          </span>
        </label>
        <Button type="submit" isBusy={change.isPending} disabled={change.isPending}>
          <Trans>Change password</Trans>
        </Button>
      </form>
    </Card>
  );
}

function DeleteAccount() {
  const { t } = useLingui();
  const { errorText } = useErrorText();
  const [isAsking, setIsAsking] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useDeleteAccount();
  const fieldError = useFieldErrors(remove.error).password;
  const otherError = remove.isError && !fieldError ? errorText(remove.error) : null;

  return (
    <Card className="account-card account-card--danger">
      <h2>
        <Trans>Delete account</Trans>
      </h2>
      <p>
        <Trans>
          Deletes your account and all your results and trials for good. Download your data first if
          you want to keep it.
        </Trans>
      </p>
      <Button
        variant="danger"
        onClick={() => {
          remove.reset();
          setPassword('');
          setIsAsking(true);
        }}
      >
        <Trans>Delete my account</Trans>
      </Button>
      {isAsking && (
        <ConfirmDialog
          title={t`Delete your account?`}
          confirmLabel={t`Delete for good`}
          confirmVariant="danger"
          isBusy={remove.isPending}
          error={otherError}
          onConfirm={() => remove.mutate({ password })}
          onCancel={() => setIsAsking(false)}
        >
          <p>
            <Trans>This cannot be undone. Enter your password to confirm.</Trans>
          </p>
          <PasswordField
            label={t`Password`}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldError}
          />
        </ConfirmDialog>
      )}
    </Card>
  );
}
