import { type AdminUser, ROLES, type Role } from '@cogni/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { TableScroll } from '../../components/ui/table-scroll';
import { useCurrentUser } from '../../lib/api/get-session';
import { formatDateTime, getFullName } from '../../lib/format';
import { AdminPanelError, useAdminPanelError } from './admin-error';
import { useChangeRole, useSetUserActive } from './api/users';
import { CreateUserForm } from './create-user-form';
import { ROLE_NAMES } from './role-names';
import { UserSearch, useUserSearch } from './user-search';

/** A change waiting for the admin's confirmation. */
type PendingChange =
  | { kind: 'role'; user: AdminUser; role: Role }
  | { kind: 'active'; user: AdminUser; isActive: boolean };

function nameOf(user: AdminUser): string {
  return getFullName(user) || user.email;
}

type ChangeTexts = {
  title: MessageDescriptor;
  text: MessageDescriptor;
  confirm: MessageDescriptor;
};

function describeChange(change: PendingChange): ChangeTexts {
  const name = nameOf(change.user);
  if (change.kind === 'role') {
    if (change.role === 'admin')
      return {
        title: msg`Make this user an admin?`,
        text: msg`${name} will be able to see all data and manage every account, from their next request.`,
        confirm: msg`Make admin`,
      };
    if (change.role === 'researcher')
      return {
        title: msg`Make this user a researcher?`,
        text: msg`${name} will be able to create studies and see the data of the studies they own or collaborate on, and nothing else of other people's, from their next request.`,
        confirm: msg`Make researcher`,
      };
    return change.user.role === 'admin'
      ? {
          title: msg`Remove admin rights?`,
          text: msg`${name} will lose access to the admin console from their next request.`,
          confirm: msg`Make user`,
        }
      : {
          title: msg`Remove researcher rights?`,
          text: msg`${name} will lose access to their studies from their next request; the studies and their data are kept.`,
          confirm: msg`Make user`,
        };
  }
  return change.isActive
    ? {
        title: msg`Reactivate this account?`,
        text: msg`${name} will be able to log in again.`,
        confirm: msg`Reactivate`,
      }
    : {
        title: msg`Deactivate this account?`,
        text: msg`${name} will be logged out everywhere and cannot log in until reactivated. Their data is kept.`,
        confirm: msg`Deactivate`,
      };
}

/** What the admin is told once a change is made. */
function doneMessage(change: PendingChange): MessageDescriptor {
  const name = nameOf(change.user);
  if (change.kind === 'role') {
    if (change.role === 'admin') return msg`${name} is now an admin.`;
    if (change.role === 'researcher') return msg`${name} is now a researcher.`;
    return msg`${name} is now a user.`;
  }
  return change.isActive ? msg`${name} is reactivated.` : msg`${name} is deactivated.`;
}

/** What the admin is told once an account is created. */
function createdMessage(user: AdminUser): MessageDescriptor {
  const name = nameOf(user);
  const email = user.email;
  if (user.role === 'admin') return msg`${name} (${email}) was created as an admin.`;
  if (user.role === 'researcher') return msg`${name} (${email}) was created as a researcher.`;
  return msg`${name} (${email}) was created as a user.`;
}

/** User Management: find users, change roles, create, deactivate and reactivate accounts. */
export function UserManagement() {
  const { t } = useLingui();
  const adminPanelError = useAdminPanelError();
  const search = useUserSearch();
  const me = useCurrentUser();
  const changeRole = useChangeRole();
  const setActive = useSetUserActive();
  const [pending, setPending] = useState<PendingChange | null>(null);
  // A message, not a text: it shows in the language chosen after the change too.
  const [done, setDone] = useState<MessageDescriptor | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const mutation = pending?.kind === 'active' ? setActive : changeRole;

  function confirm() {
    if (!pending) return;
    const onSuccess = () => {
      setDone(doneMessage(pending));
      setPending(null);
    };
    if (pending.kind === 'role') {
      changeRole.mutate({ userId: pending.user.id, role: pending.role }, { onSuccess });
    } else {
      setActive.mutate({ userId: pending.user.id, isActive: pending.isActive }, { onSuccess });
    }
  }

  function ask(change: PendingChange) {
    changeRole.reset();
    setActive.reset();
    setDone(null);
    setPending(change);
  }

  const { users } = search;
  const dialog = pending && describeChange(pending);

  return (
    <>
      <div className="admin-section__header">
        <h2>
          <Trans>Users</Trans>
        </h2>
        <Button
          variant={isCreating ? 'secondary' : 'primary'}
          aria-expanded={isCreating}
          onClick={() => setIsCreating((open) => !open)}
        >
          {isCreating ? t`Close form` : t`Create user`}
        </Button>
      </div>
      {isCreating && (
        <CreateUserForm
          onCreated={(user) => {
            setIsCreating(false);
            setDone(createdMessage(user));
          }}
        />
      )}
      {done && <Alert variant="success">{t(done)}</Alert>}
      <UserSearch search={search} />
      {users.isPending ? (
        <Spinner label={t`Loading users…`} />
      ) : users.isError ? (
        <AdminPanelError error={users.error} />
      ) : (
        <>
          {users.data.users.some((user) => user.role === 'admin' && !user.totpEnabled) && (
            <p className="admin-note">
              <Trans>
                Admins marked <strong>No 2FA</strong> log in with a password only. Ask them to turn
                on two-factor login on their profile page.
              </Trans>
            </p>
          )}
          <TableScroll label={t`Users`}>
            <table className="table">
              <caption className="visually-hidden">
                <Trans>Users</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>User</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Role</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Status</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Created</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Last login</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Account</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.data.users.map((user) => {
                  const name = nameOf(user);
                  return (
                    <tr key={user.id} data-user-email={user.email}>
                      <th scope="row" className="table__wrap">
                        {getFullName(user) || '—'}
                        {user.id === me?.id && (
                          <span className="admin-you">
                            {' '}
                            <Trans>(you)</Trans>
                          </span>
                        )}
                        <span className="admin-muted">{user.email}</span>
                      </th>
                      <td>
                        <select
                          className="field__input field__input--compact"
                          aria-label={t`Role of ${name}`}
                          value={user.role}
                          onChange={(event) =>
                            ask({ kind: 'role', user, role: event.target.value as Role })
                          }
                        >
                          {ROLES.map((role) => (
                            <option key={role} value={role}>
                              {t(ROLE_NAMES[role])}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td>
                        <span className="admin-badges">
                          <span
                            className={`badge ${user.isActive ? 'badge--success' : 'badge--warning'}`}
                          >
                            {user.isActive ? t`Active` : t`Deactivated`}
                          </span>
                          {user.role === 'admin' && !user.totpEnabled && (
                            <span className="badge badge--warning">
                              <Trans>No 2FA</Trans>
                            </span>
                          )}
                          {user.mustChangePassword && (
                            <span className="badge">
                              <Trans>Temporary password</Trans>
                            </span>
                          )}
                        </span>
                      </td>
                      <td>{formatDateTime(user.createdAt)}</td>
                      <td>{formatDateTime(user.lastLogin)}</td>
                      <td>
                        <Button
                          variant={user.isActive ? 'ghost' : 'secondary'}
                          className="button--small"
                          aria-label={user.isActive ? t`Deactivate ${name}` : t`Reactivate ${name}`}
                          onClick={() => ask({ kind: 'active', user, isActive: !user.isActive })}
                        >
                          {user.isActive ? t`Deactivate` : t`Reactivate`}
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
          <Pager
            noun="users"
            page={users.data.page}
            pageSize={users.data.pageSize}
            total={users.data.total}
            onPageChange={search.setPage}
          />
        </>
      )}
      {pending && dialog && (
        <ConfirmDialog
          title={t(dialog.title)}
          confirmLabel={t(dialog.confirm)}
          confirmVariant={pending.kind === 'active' && !pending.isActive ? 'danger' : 'primary'}
          isBusy={mutation.isPending}
          error={mutation.error ? adminPanelError(mutation.error) : null}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        >
          <p>{t(dialog.text)}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
