import {
  EMAIL_MAX_LENGTH,
  MESSAGES,
  NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REGISTRATION_REDIRECT_DELAY_MS,
} from '@cogni/domain';
import { type FormEvent, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PasswordField, TextField } from '../../components/ui/text-field';
import { isApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRegister } from './api/register';

export function RegisterPage() {
  useDocumentTitle('Register');
  const navigate = useNavigate();
  const register = useRegister();

  useEffect(() => {
    if (!register.isSuccess) return;
    const timer = window.setTimeout(() => navigate('/login'), REGISTRATION_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [register.isSuccess, navigate]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string) => String(form.get(name) ?? '');
    register.mutate({
      email: read('email'),
      password: read('password'),
      firstName: read('firstName'),
      lastName: read('lastName'),
    });
  }

  const fields = isApiError(register.error) ? register.error.fields : {};
  // After success the form stays locked until the redirect: a second submit would only confuse.
  const isLocked = register.isPending || register.isSuccess;

  return (
    <div className="auth-page">
      <Card className="auth-card">
        <h1>Create an account</h1>
        <p className="auth-card__lead">
          Register to take the tests and keep track of your results.
        </p>
        {register.isError && <Alert variant="error">{MESSAGES.registerFailed}</Alert>}
        {register.isSuccess && <Alert variant="success">{MESSAGES.registerSucceeded}</Alert>}
        <form className="form" onSubmit={handleSubmit}>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            disabled={isLocked}
            error={fields.email}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
            disabled={isLocked}
            error={fields.password}
          />
          <div className="form__row">
            <TextField
              label="First name"
              name="firstName"
              autoComplete="given-name"
              required
              maxLength={NAME_MAX_LENGTH}
              disabled={isLocked}
              error={fields.firstName}
            />
            <TextField
              label="Last name"
              name="lastName"
              autoComplete="family-name"
              required
              maxLength={NAME_MAX_LENGTH}
              disabled={isLocked}
              error={fields.lastName}
            />
          </div>
          <Button
            type="submit"
            disabled={isLocked}
            isBusy={register.isPending}
            className="form__submit"
          >
            Register
          </Button>
        </form>
        <p className="auth-card__switch">
          Already registered? <Link to="/login">Log in</Link>
        </p>
      </Card>
    </div>
  );
}
