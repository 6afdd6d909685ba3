import { ADMIN_PANEL_ERROR } from '@cogni/domain';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { Alert } from '../../components/ui/alert';
import { useErrorText } from '../../lib/i18n/error-text';

/**
 * How the admin panel words a failed request: 'Error: <message>', the message in the reader's
 * language (the server's by its id, ADR 042).
 */
export function useAdminPanelError(): (error: unknown) => string {
  const { i18n } = useLingui();
  const { errorText } = useErrorText();
  return useCallback(
    (error: unknown) =>
      i18n._(
        ADMIN_PANEL_ERROR.id,
        { message: errorText(error) },
        { message: ADMIN_PANEL_ERROR.message },
      ),
    [i18n, errorText],
  );
}

/** A failed request of an admin section, as an alert. */
export function AdminPanelError({ error }: { error: unknown }) {
  const adminPanelError = useAdminPanelError();
  return <Alert variant="error">{adminPanelError(error)}</Alert>;
}
