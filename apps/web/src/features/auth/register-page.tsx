import { MESSAGES, REGISTRATION_REDIRECT_DELAY_MS } from '@cogni/domain';
import { type FormEvent, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { isApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AccountFields, readAccountFields } from './account-fields';
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
    register.mutate(readAccountFields(event.currentTarget));
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
          <AccountFields disabled={isLocked} fields={fields} />
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
