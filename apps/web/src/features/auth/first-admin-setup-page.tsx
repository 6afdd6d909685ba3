import { MESSAGES } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { Navigate, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { isApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFieldErrors } from '../../lib/use-field-errors';
import { AccountFields, readAccountFields } from './account-fields';
import { useCreateFirstAdmin, useSetupLink } from './api/setup';

/**
 * /setup/:token, the one-time link a new server prints while it has no admin: creates the first
 * admin with the usual password rules, signs them in and sends them to set up two-factor login.
 */
export function FirstAdminSetupPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Set up Cogni`);
  const token = useParams().token ?? '';
  const link = useSetupLink(token);
  const create = useCreateFirstAdmin(token);
  const fields = useFieldErrors(create.error);

  if (create.isSuccess) return <Navigate to="/set-up-two-factor" replace />;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(readAccountFields(event.currentTarget));
  }

  const linkRefused =
    (isApiError(link.error) && link.error.status === 404) ||
    (isApiError(create.error) && create.error.status === 404);

  return (
    <div className="auth-page">
      <Card className="auth-card">
        <h1>
          <Trans>Create the first admin</Trans>
        </h1>
        {link.isPending ? (
          <p aria-live="polite">
            <Trans>Checking the setup link…</Trans>
          </p>
        ) : linkRefused ? (
          <Alert variant="error">{t(MESSAGES.setupLinkInvalid)}</Alert>
        ) : link.isError ? (
          <Alert variant="error">
            <Trans>
              The server could not be reached. Check that it is running, then reload this page.
            </Trans>
          </Alert>
        ) : (
          <>
            <p className="auth-card__lead">
              <Trans>
                This account runs Cogni: it manages users and reads every result. Right after this
                you set up two-factor login for it.
              </Trans>
            </p>
            {create.isError && Object.keys(fields).length === 0 && (
              <Alert variant="error">
                <Trans>That did not work. Please try again.</Trans>
              </Alert>
            )}
            <form className="form" onSubmit={handleSubmit}>
              <AccountFields disabled={create.isPending} fields={fields} />
              <Button
                type="submit"
                disabled={create.isPending}
                isBusy={create.isPending}
                className="form__submit"
              >
                <Trans>Create admin</Trans>
              </Button>
            </form>
          </>
        )}
      </Card>
    </div>
  );
}
