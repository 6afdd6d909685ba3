import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Navigate } from 'react-router';
import { useCurrentUser } from '../../lib/api/get-session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TwoFactorSettings } from './two-factor-settings';

/**
 * Shown instead of any page to the first admin until two-factor login is on: the server refuses
 * everything else until then (403 TWO_FACTOR_SETUP_REQUIRED). Once it is on, the page stays for
 * the recovery codes and offers the way on.
 */
export function SetUpTwoFactorPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Set up two-factor login`);
  const user = useCurrentUser();
  if (!user) return <Navigate to="/login" replace />;
  if (!user.mustSetUpTotp && !user.totpEnabled) return <Navigate to="/" replace />;

  return (
    <div className="auth-page">
      <div className="auth-card setup-two-factor">
        <h1>
          <Trans>Set up two-factor login</Trans>
        </h1>
        <p className="auth-card__lead">
          <Trans>
            An admin account reads every participant's results, so it needs a code from an
            authenticator app as well as the password. Set it up now to continue.
          </Trans>
        </p>
        <TwoFactorSettings />
        {user.totpEnabled && !user.mustSetUpTotp && (
          <p className="auth-card__switch">
            <Link to="/admin">
              <Trans>Continue to the admin console</Trans>
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
