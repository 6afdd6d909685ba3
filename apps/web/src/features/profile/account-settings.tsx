import { PASSWORD_MIN_LENGTH } from '@cogni/domain';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DownloadIcon } from '../../components/ui/icons';
import { PasswordField } from '../../components/ui/text-field';
import { useChangePassword } from '../../lib/api/change-password';
import { isApiError } from '../../lib/api-client';
import { ACCOUNT_EXPORT_URL, useDeleteAccount } from './api/account';
import { TwoFactorSettings } from './two-factor-settings';

const FAILED = 'That did not work. Please try again later.';

/**
 * Change password (the current one is asked), two-factor login, download everything, delete the
 * account.
 */
export function AccountSettings() {
  return (
    <div className="account-settings">
      <ChangePassword />
      <TwoFactorSettings />
      <Card className="account-card">
        <h2>Your data</h2>
        <p>
          Everything Cogni stores about you, in one JSON file: your account and profile, every
          result with its scores and every trial.
        </p>
        <a className={buttonClassName('secondary')} href={ACCOUNT_EXPORT_URL} download>
          <DownloadIcon />
          Download my account data
        </a>
      </Card>
      <DeleteAccount />
    </div>
  );
}

function ChangePassword() {
  const change = useChangePassword();
  const fields = isApiError(change.error) ? change.error.fields : {};
  const hasFieldErrors = Object.keys(fields).length > 0;

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
      <h2>Change password</h2>
      {change.isSuccess && (
        <Alert variant="success">
          Your password is changed.
          {change.data.endedSessions > 0 &&
            ` ${change.data.endedSessions} other ${change.data.endedSessions === 1 ? 'session was' : 'sessions were'} logged out.`}
        </Alert>
      )}
      {change.isError && !hasFieldErrors && (
        <Alert variant="error">
          {/* Too many wrong passwords says when to try again; anything else is one message. */}
          {isApiError(change.error) && change.error.code === 'RATE_LIMITED'
            ? change.error.message
            : FAILED}
        </Alert>
      )}
      <form className="form" onSubmit={handleSubmit} noValidate>
        <PasswordField
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          error={fields.currentPassword}
        />
        <PasswordField
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters; a long phrase is easiest to remember`}
          error={fields.newPassword}
        />
        <label className="checkbox">
          <input type="checkbox" name="endOtherSessions" defaultChecked />
          <span>Log out my other sessions</span>
        </label>
        <Button type="submit" isBusy={change.isPending} disabled={change.isPending}>
          Change password
        </Button>
      </form>
    </Card>
  );
}

function DeleteAccount() {
  const [isAsking, setIsAsking] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useDeleteAccount();
  const fieldError = isApiError(remove.error) ? remove.error.fields.password : undefined;
  const otherError = remove.isError && !fieldError ? (remove.error.message ?? FAILED) : null;

  return (
    <Card className="account-card account-card--danger">
      <h2>Delete account</h2>
      <p>
        Deletes your account and all your results and trials for good. Download your data first if
        you want to keep it.
      </p>
      <Button
        variant="danger"
        onClick={() => {
          remove.reset();
          setPassword('');
          setIsAsking(true);
        }}
      >
        Delete my account
      </Button>
      {isAsking && (
        <ConfirmDialog
          title="Delete your account?"
          confirmLabel="Delete for good"
          confirmVariant="danger"
          isBusy={remove.isPending}
          error={otherError}
          onConfirm={() => remove.mutate({ password })}
          onCancel={() => setIsAsking(false)}
        >
          <p>This cannot be undone. Enter your password to confirm.</p>
          <PasswordField
            label="Password"
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
