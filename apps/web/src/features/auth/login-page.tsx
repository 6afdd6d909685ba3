import { EMAIL_MAX_LENGTH, MESSAGES } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { normalizeTotpCode, SecondFactorField } from '../../components/totp-code-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PasswordField, TextField } from '../../components/ui/text-field';
import { useCurrentUser } from '../../lib/api/get-session';
import { isApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/i18n/error-text';
import { getReturnPath } from '../../lib/location-state';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFieldErrors } from '../../lib/use-field-errors';
import { useLogin, useLoginWithCode } from './api/login';

export function LoginPage() {
  const { t } = useLingui();
  const { errorText } = useErrorText();
  useDocumentTitle(t`Login`);
  const user = useCurrentUser();
  const location = useLocation();
  const login = useLogin();
  /** Set once the password was right for an account with two-factor login on. */
  const [challengeId, setChallengeId] = useState<string | null>(null);

  // Also the success path: the login mutation puts the user into the session query, and this
  // page then leaves, so the target route never renders before the session knows the user.
  if (user) return <Navigate to={getReturnPath(location.state) ?? '/'} replace />;

  if (challengeId) {
    return (
      <CodeStep
        challengeId={challengeId}
        onRestart={() => {
          login.reset();
          setChallengeId(null);
        }}
      />
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    login.mutate(
      {
        email: String(form.get('email') ?? ''),
        password: String(form.get('password') ?? ''),
      },
      {
        onSuccess: (response) => {
          if ('challengeId' in response) setChallengeId(response.challengeId);
        },
      },
    );
  }

  const isSubmitting = login.isPending;

  return (
    <div className="auth-page">
      <Card className="auth-card">
        <h1>
          <Trans>Log in</Trans>
        </h1>
        <p className="auth-card__lead">
          <Trans>Welcome back. Log in to take tests and see your progress.</Trans>
        </p>
        {login.isError && (
          <Alert variant="error">
            {/* A deactivated account (after the right password) and a refused address say so; all else is one message. */}
            {/* A slowed-down login is no error: it is answered later, with the button's spinner till then. */}
            {isApiError(login.error) && login.error.code === 'FORBIDDEN'
              ? t(MESSAGES.accountDeactivated)
              : isApiError(login.error) && login.error.code === 'RATE_LIMITED'
                ? errorText(login.error)
                : t(MESSAGES.loginFailed)}
          </Alert>
        )}
        <form className="form" onSubmit={handleSubmit}>
          <TextField
            label={t`Email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            disabled={isSubmitting}
          />
          <PasswordField
            label={t`Password`}
            name="password"
            autoComplete="current-password"
            required
            disabled={isSubmitting}
          />
          <Button
            type="submit"
            disabled={isSubmitting}
            isBusy={isSubmitting}
            className="form__submit"
          >
            <Trans>Log in</Trans>
          </Button>
        </form>
        <p className="auth-card__switch">
          <Trans>
            No account yet? <Link to="/register">Register</Link>
          </Trans>
        </p>
      </Card>
    </div>
  );
}

/** The second step: the code from the authenticator app. */
function CodeStep({ challengeId, onRestart }: { challengeId: string; onRestart: () => void }) {
  const { t } = useLingui();
  const { errorText } = useErrorText();
  const loginWithCode = useLoginWithCode();
  const error = loginWithCode.error;
  const fieldErrors = useFieldErrors(error);
  // The challenge is gone (expired, used up) or this address is refused: only a new login helps.
  const isOver =
    isApiError(error) &&
    (error.code === 'RATE_LIMITED' ||
      error.code === 'FORBIDDEN' ||
      (error.code === 'UNAUTHENTICATED' && !error.fields.code));
  const fieldError = fieldErrors.code;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    loginWithCode.mutate({ challengeId, code: normalizeTotpCode(String(form.get('code') ?? '')) });
  }

  return (
    <div className="auth-page">
      <Card className="auth-card">
        <h1>
          <Trans>Enter your code</Trans>
        </h1>
        <p className="auth-card__lead">
          <Trans>
            Your account has two-factor login. Open your authenticator app and enter the code it
            shows for Cogni.
          </Trans>
        </p>
        {isOver ? (
          <Alert variant="error">{errorText(error)}</Alert>
        ) : (
          // A wrong code is said on the field; anything else (network, server) is the one message.
          error && !fieldError && <Alert variant="error">{t(MESSAGES.loginFailed)}</Alert>
        )}
        <form className="form" onSubmit={handleSubmit} noValidate>
          <SecondFactorField
            // The form was replaced under the user: put them in its field (its label and hint
            // say what to type).
            isFocusedOnMount
            disabled={loginWithCode.isPending || isOver}
            error={fieldError}
          />
          <Button
            type="submit"
            disabled={loginWithCode.isPending || isOver}
            isBusy={loginWithCode.isPending}
            className="form__submit"
          >
            <Trans>Verify</Trans>
          </Button>
        </form>
        <p className="auth-card__switch">
          <Button variant="ghost" onClick={onRestart}>
            <Trans>Start again with your password</Trans>
          </Button>
        </p>
      </Card>
    </div>
  );
}
