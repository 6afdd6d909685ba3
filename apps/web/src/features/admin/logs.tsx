import type { AdminErrorLog, AuditAction } from '@cogni/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatDateTime } from '../../lib/format';
import { AdminPanelError } from './admin-error';
import { useAuditLog, useErrorLogs } from './api/logs';

function formatContext(context: unknown): string {
  if (context === null || context === undefined) return '—';
  return typeof context === 'string' ? context : JSON.stringify(context);
}

/** How often and when an entry happened: one time, or the first and last of its repeats. */
function When({ log }: { log: AdminErrorLog }) {
  const { t } = useLingui();
  if (log.count === 1) return <>{formatDateTime(log.timestamp)}</>;
  const count = log.count;
  const since = formatDateTime(log.timestamp);
  return (
    <>
      {formatDateTime(log.lastSeenAt)}
      <span className="admin-log__repeats">
        {t`${plural(count, { one: '# time', other: '# times' })} since ${since}`}
      </span>
    </>
  );
}

/**
 * Error Logs: a page at a time, the most recently seen first; repeats are one entry
 * (docs/product.md#error-logs).
 */
export function ErrorLogs() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const logs = useErrorLogs(page);
  return (
    <>
      <h2>
        <Trans>Error logs</Trans>
      </h2>
      <p className="admin-lead">
        <Trans>
          The most recently seen errors first. Repeats of the same error are one entry with a count.
        </Trans>
      </p>
      {logs.isPending ? (
        <Spinner label={t`Loading error logs…`} />
      ) : logs.isError ? (
        <AdminPanelError error={logs.error} />
      ) : logs.data.total === 0 ? (
        <p className="empty-state">
          <Trans>No errors have been logged.</Trans>
        </p>
      ) : (
        <>
          <TableScroll label={t`Error logs`}>
            <table className="table" aria-busy={logs.isFetching}>
              <caption className="visually-hidden">
                <Trans>Error logs, most recently seen first</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Last seen</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Type</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Message</Trans>
                  </th>
                  <th scope="col">
                    <Trans>User</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Context</Trans>
                  </th>
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
                    {/* The logged message as it was recorded: the logs stay in English (ADR 042). */}
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

const ACTION_NAMES: Record<AuditAction, MessageDescriptor> = {
  ROLE_CHANGE: msg`Role changed`,
  USER_CREATE: msg`User created`,
  USER_DEACTIVATE: msg`User deactivated`,
  USER_REACTIVATE: msg`User reactivated`,
  DATA_EXPORT: msg`Data exported`,
  MOCK_DATA_GENERATE: msg`Mock data generated`,
  ACCOUNT_DELETE: msg`Account deleted by its owner`,
  WRONG_CURRENT_PASSWORD: msg`Wrong current password given`,
  WRONG_TOTP_CODE: msg`Wrong two-factor code given`,
  STUDY_DATA_EXPORT: msg`Study data exported`,
  STUDY_PARTICIPANT_EXCLUDE: msg`Study participant excluded or included`,
  STUDY_PARTICIPANT_DELETE: msg`Study participant’s data deleted`,
};

/** Audit Log: who did what to whom, and when; the newest 100 admin actions. */
export function AuditLog() {
  const { t } = useLingui();
  const log = useAuditLog();
  return (
    <>
      <h2>
        <Trans>Audit log</Trans>
      </h2>
      <p className="admin-lead">
        <Trans>
          The 100 most recent recorded actions, newest first: admins’ actions, study data exported
          or excluded, and security events.
        </Trans>
      </p>
      {log.isPending ? (
        <Spinner label={t`Loading the audit log…`} />
      ) : log.isError ? (
        <AdminPanelError error={log.error} />
      ) : log.data.entries.length === 0 ? (
        <p className="empty-state">
          <Trans>No admin actions yet.</Trans>
        </p>
      ) : (
        <TableScroll label={t`Audit log`}>
          <table className="table">
            <caption className="visually-hidden">
              <Trans>Admin actions, newest first</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Time</Trans>
                </th>
                <th scope="col">
                  <Trans>Action</Trans>
                </th>
                <th scope="col">
                  <Trans comment="a column of the audit log: who did the action">By</Trans>
                </th>
                <th scope="col">
                  <Trans>User affected</Trans>
                </th>
                <th scope="col">
                  <Trans>Details</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {log.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.createdAt)}</td>
                  <td>{t(ACTION_NAMES[entry.action])}</td>
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
