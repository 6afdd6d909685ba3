import { type AdminErrorLog, type AuditAction, formatAdminPanelError } from '@cogni/domain';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatDateTime } from '../../lib/format';
import { useAuditLog, useErrorLogs } from './api/logs';

function formatContext(context: unknown): string {
  if (context === null || context === undefined) return '—';
  return typeof context === 'string' ? context : JSON.stringify(context);
}

/** How often and when an entry happened: one time, or the first and last of its repeats. */
function When({ log }: { log: AdminErrorLog }) {
  if (log.count === 1) return <>{formatDateTime(log.timestamp)}</>;
  return (
    <>
      {formatDateTime(log.lastSeenAt)}
      <span className="admin-log__repeats">
        {log.count.toLocaleString()} times since {formatDateTime(log.timestamp)}
      </span>
    </>
  );
}

/**
 * Error Logs: a page at a time, the most recently seen first; repeats are one entry
 * (docs/product.md#error-logs).
 */
export function ErrorLogs() {
  const [page, setPage] = useState(1);
  const logs = useErrorLogs(page);
  return (
    <>
      <h2>Error logs</h2>
      <p className="admin-lead">
        The most recently seen errors first. Repeats of the same error are one entry with a count.
      </p>
      {logs.isPending ? (
        <Spinner label="Loading error logs…" />
      ) : logs.isError ? (
        <Alert variant="error">{formatAdminPanelError(logs.error.message)}</Alert>
      ) : logs.data.total === 0 ? (
        <p className="empty-state">No errors have been logged.</p>
      ) : (
        <>
          <TableScroll label="Error logs">
            <table className="table" aria-busy={logs.isFetching}>
              <caption className="visually-hidden">Error logs, most recently seen first</caption>
              <thead>
                <tr>
                  <th scope="col">Last seen</th>
                  <th scope="col">Type</th>
                  <th scope="col">Message</th>
                  <th scope="col">User</th>
                  <th scope="col">Context</th>
                </tr>
              </thead>
              <tbody>
                {logs.data.errorLogs.map((log) => (
                  <tr key={log.id}>
                    <td>
                      <When log={log} />
                    </td>
                    <td>
                      <code>{log.errorType}</code>
                    </td>
                    <td className="table__wrap">{log.errorMessage}</td>
                    <td className="table__wrap">{log.userEmail ?? '—'}</td>
                    <td className="table__wrap table__code">{formatContext(log.context)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager
            noun="entries"
            page={logs.data.page}
            pageSize={logs.data.pageSize}
            total={logs.data.total}
            onPageChange={setPage}
          />
        </>
      )}
    </>
  );
}

const ACTION_NAMES: Record<AuditAction, string> = {
  ROLE_CHANGE: 'Role changed',
  USER_CREATE: 'User created',
  USER_DEACTIVATE: 'User deactivated',
  USER_REACTIVATE: 'User reactivated',
  DATA_EXPORT: 'Data exported',
  MOCK_DATA_GENERATE: 'Mock data generated',
  ACCOUNT_DELETE: 'Account deleted by its owner',
  WRONG_CURRENT_PASSWORD: 'Wrong current password given',
  WRONG_TOTP_CODE: 'Wrong two-factor code given',
  STUDY_DATA_EXPORT: 'Study data exported',
  STUDY_PARTICIPANT_EXCLUDE: 'Study participant excluded or included',
  STUDY_PARTICIPANT_DELETE: 'Study participant’s data deleted',
};

/** Audit Log: who did what to whom, and when; the newest 100 admin actions. */
export function AuditLog() {
  const log = useAuditLog();
  return (
    <>
      <h2>Audit log</h2>
      <p className="admin-lead">
        The 100 most recent recorded actions, newest first: admins’ actions, study data exported or
        excluded, and security events.
      </p>
      {log.isPending ? (
        <Spinner label="Loading the audit log…" />
      ) : log.isError ? (
        <Alert variant="error">{formatAdminPanelError(log.error.message)}</Alert>
      ) : log.data.entries.length === 0 ? (
        <p className="empty-state">No admin actions yet.</p>
      ) : (
        <TableScroll label="Audit log">
          <table className="table">
            <caption className="visually-hidden">Admin actions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Action</th>
                <th scope="col">By</th>
                <th scope="col">User affected</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {log.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.createdAt)}</td>
                  <td>{ACTION_NAMES[entry.action]}</td>
                  <td className="table__wrap">{entry.actorEmail ?? '—'}</td>
                  <td className="table__wrap">{entry.targetEmail ?? '—'}</td>
                  <td className="table__wrap table__code">{formatContext(entry.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
