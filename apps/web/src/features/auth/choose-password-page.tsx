import { MESSAGES, PASSWORD_MIN_LENGTH, type SessionResponse } from '@cogni/domain';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PasswordField } from '../../components/ui/text-field';
import { useChangePassword } from '../../lib/api/change-password';
import { sessionQueryKey, useCurrentUser } from '../../lib/api/get-session';
import { useLogout } from '../../lib/api/logout';
import { getReturnPath } from '../../lib/location-state';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFieldErrors } from '../../lib/use-field-errors';

/** Said on the page the user goes on to. */
const PASSWORD_SET = msg`Your new password is set.`;

/**
 * Shown instead of any page to a user whose password an admin set (ASVS 6.4.1): the server
 * refuses everything else until they choose their own (403 PASSWORD_CHANGE_REQUIRED).
 */
export function ChoosePasswordPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Choose a new password`);
  const user = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const logout = useLogout();
  const fields = useFieldErrors(change.error);
  const hasFieldErrors = Object.keys(fields).length > 0;
  const minLength = PASSWORD_MIN_LENGTH;

  if (!user) return <Navigate to="/login" replace />;
  // Nothing to choose (typed the address, or came back): but not right after the change, when
  // the success handler is already on its way to the page the user wanted.
  if (!user.mustChangePassword && !change.isSuccess) return <Navigate to="/" replace />;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    change.mutate(
      {
        currentPassword: String(form.get('currentPassword') ?? ''),
        newPassword: String(form.get('newPassword') ?? ''),
        // Whoever else knew the old password may have used it: their sessions end.
        endOtherSessions: true,
      },
      {
        onSuccess: () => {
          if (user) {
            // The session's language stays: only the user changed.
            queryClient.setQueryData<SessionResponse>(sessionQueryKey, (session) => ({
              ...session,
              user: { ...user, mustChangePassword: false },
            }));
          }
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
          void navigate(getReturnPath(location.state) ?? '/', {
            replace: true,
            state: { flash: PASSWORD_SET, flashVariant: 'success' },
          });
        },
      },
    );
  }

  return (
    <div className="auth-page">
      <Card className="auth-card">
        <h1>
          <Trans>Choose a new password</Trans>
        </h1>
        <p className="auth-card__lead">
          <Trans>
            An administrator set the password you logged in with. Choose one that only you know to
            continue.
          </Trans>
        </p>
        {change.isError && !hasFieldErrors && (
          <Alert variant="error">
            <Trans>That did not work. Please try again.</Trans>
          </Alert>
        )}
        {logout.isError && <Alert variant="error">{t(MESSAGES.logoutFailed)}</Alert>}
        <form className="form" onSubmit={handleSubmit} noValidate>
          <PasswordField
            label={t`Password you were given`}
            name="currentPassword"
            autoComplete="current-password"
            error={fields.currentPassword}
            disabled={change.isPending}
          />
          <PasswordField
            label={t`New password`}
            name="newPassword"
            autoComplete="new-password"
            hint={t`At least ${minLength} characters; a long phrase is easiest to remember`}
            error={fields.newPassword}
            disabled={change.isPending}
          />
          <Button
            type="submit"
            isBusy={change.isPending}
            disabled={change.isPending}
            className="form__submit"
          >
            <Trans>Set new password</Trans>
          </Button>
        </form>
        <p className="auth-card__switch">
          <Button
            variant="ghost"
            onClick={() => logout.mutate()}
            isBusy={logout.isPending}
            disabled={logout.isPending}
          >
            <Trans>Log out</Trans>
          </Button>
        </p>
      </Card>
    </div>
  );
}
