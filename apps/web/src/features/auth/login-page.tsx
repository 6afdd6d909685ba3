import { EMAIL_MAX_LENGTH, MESSAGES, PASSWORD_MAX_LENGTH } from '@cogni/domain';
import type { FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/text-field';
import { isApiError } from '../../lib/api-client';
import { getReturnPath } from '../../lib/location-state';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from './api/get-session';
import { useLogin } from './api/login';

export function LoginPage() {
  useDocumentTitle('Login');
  const user = useCurrentUser();
  const location = useLocation();
  const login = useLogin();

  // Also the success path: the login mutation puts the user into the session query, and this
  // page then leaves, so the target route never renders before the session knows the user.
  if (user) return <Navigate to={getReturnPath(location.state) ?? '/'} replace />;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    login.mutate({
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
    });
  }

  const isSubmitting = login.isPending;

  return (
    <div className="auth-page">
      <Card className="auth-card">
        <h1>Log in</h1>
        <p className="auth-card__lead">Welcome back. Log in to take tests and see your progress.</p>
        {login.isError && (
          <Alert variant="error">
            {/* A deactivated account (after the right password) and a lockout say so; all else is one message. */}
            {isApiError(login.error) && login.error.code === 'FORBIDDEN'
              ? MESSAGES.accountDeactivated
              : isApiError(login.error) && login.error.code === 'RATE_LIMITED'
                ? login.error.message
                : MESSAGES.loginFailed}
          </Alert>
        )}
        <form className="form" onSubmit={handleSubmit}>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            disabled={isSubmitting}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            disabled={isSubmitting}
          />
          <Button
            type="submit"
            disabled={isSubmitting}
            isBusy={isSubmitting}
            className="form__submit"
          >
            Log in
          </Button>
        </form>
        <p className="auth-card__switch">
          No account yet? <Link to="/register">Register</Link>
        </p>
      </Card>
    </div>
  );
}
