import { MESSAGES, REGISTRATION_REDIRECT_DELAY_MS } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFieldErrors } from '../../lib/use-field-errors';
import { AccountFields, readAccountFields } from './account-fields';
import { useRegister } from './api/register';

export function RegisterPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Register`);
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

  const fields = useFieldErrors(register.error);
  // After success the form stays locked until the redirect: a second submit would only confuse.
  const isLocked = register.isPending || register.isSuccess;

  return (
    <div className="auth-page">
      <Card className="auth-card">
        <h1>
          <Trans>Create an account</Trans>
        </h1>
        <p className="auth-card__lead">
          <Trans>Register to take the tests and keep track of your results.</Trans>
        </p>
        {register.isError && <Alert variant="error">{t(MESSAGES.registerFailed)}</Alert>}
        {register.isSuccess && <Alert variant="success">{t(MESSAGES.registerSucceeded)}</Alert>}
        <form className="form" onSubmit={handleSubmit}>
          <AccountFields disabled={isLocked} fields={fields} />
          <Button
            type="submit"
            disabled={isLocked}
            isBusy={register.isPending}
            className="form__submit"
          >
            <Trans>Register</Trans>
          </Button>
        </form>
        <p className="auth-card__switch">
          <Trans>
            Already registered? <Link to="/login">Log in</Link>
          </Trans>
        </p>
      </Card>
    </div>
  );
}
