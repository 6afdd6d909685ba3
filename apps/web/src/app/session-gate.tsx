import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { useSession } from '../lib/api/get-session';

/**
 * Renders nothing of the app until GET /api/session has answered, so a reload never flashes the
 * logged-out header or redirects a signed-in user to /login.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const session = useSession();

  if (session.data) return children;

  if (session.isError) {
    return (
      <div className="boot-screen">
        <Alert variant="error">
          <Trans>Cogni could not be reached. Please try again.</Trans>
        </Alert>
        <Button onClick={() => void session.refetch()} isBusy={session.isFetching}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }

  return (
    <div className="boot-screen">
      <span className="boot-screen__logo" aria-hidden="true">
        {/* i18n-ignore: the product's name */}
        Cogni
      </span>
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden" role="status">
        <Trans>Loading…</Trans>
      </span>
    </div>
  );
}
