import { type AdminUser, formatAdminPanelError, ROLES, type Role } from '@cogni/domain';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { TableScroll } from '../../components/ui/table-scroll';
import { useCurrentUser } from '../../lib/api/get-session';
import { formatDateTime, getFullName } from '../../lib/format';
import { useChangeRole, useSetUserActive } from './api/users';
import { CreateUserForm } from './create-user-form';
import { UserSearch, useUserSearch } from './user-search';

/** A change waiting for the admin's confirmation. */
type PendingChange =
  | { kind: 'role'; user: AdminUser; role: Role }
  | { kind: 'active'; user: AdminUser; isActive: boolean };

function nameOf(user: AdminUser): string {
  return getFullName(user) || user.email;
}

/** "an admin", "a researcher" or "a user". */
function withArticle(role: Role): string {
  return role === 'admin' ? 'an admin' : `a ${role}`;
}

function describeChange(change: PendingChange): { title: string; text: string; confirm: string } {
  const name = nameOf(change.user);
  if (change.kind === 'role') {
    if (change.role === 'admin')
      return {
        title: 'Make this user an admin?',
        text: `${name} will be able to see all data and manage every account, from their next request.`,
        confirm: 'Make admin',
      };
    if (change.role === 'researcher')
      return {
        title: 'Make this user a researcher?',
        text: `${name} will be able to create studies and see the data of the studies they own or collaborate on, and nothing else of other people's, from their next request.`,
        confirm: 'Make researcher',
      };
    return change.user.role === 'admin'
      ? {
          title: 'Remove admin rights?',
          text: `${name} will lose access to the admin console from their next request.`,
          confirm: 'Make user',
        }
      : {
          title: 'Remove researcher rights?',
          text: `${name} will lose access to their studies from their next request; the studies and their data are kept.`,
          confirm: 'Make user',
        };
  }
  return change.isActive
    ? {
        title: 'Reactivate this account?',
        text: `${name} will be able to log in again.`,
        confirm: 'Reactivate',
      }
    : {
        title: 'Deactivate this account?',
        text: `${name} will be logged out everywhere and cannot log in until reactivated. Their data is kept.`,
        confirm: 'Deactivate',
      };
}

function doneMessage(change: PendingChange): string {
  const name = nameOf(change.user);
  if (change.kind === 'role') return `${name} is now ${withArticle(change.role)}.`;
  return `${name} is ${change.isActive ? 'reactivated' : 'deactivated'}.`;
}

/** User Management: find users, change roles, create, deactivate and reactivate accounts. */
export function UserManagement() {
  const search = useUserSearch();
  const me = useCurrentUser();
  const changeRole = useChangeRole();
  const setActive = useSetUserActive();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [done, setDone] = useState<string | null>(null);
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
        <h2>Users</h2>
        <Button
          variant={isCreating ? 'secondary' : 'primary'}
          aria-expanded={isCreating}
          onClick={() => setIsCreating((open) => !open)}
        >
          {isCreating ? 'Close form' : 'Create user'}
        </Button>
      </div>
      {isCreating && (
        <CreateUserForm
          onCreated={(user) => {
            setIsCreating(false);
            setDone(`${nameOf(user)} (${user.email}) was created as ${withArticle(user.role)}.`);
          }}
        />
      )}
      {done && <Alert variant="success">{done}</Alert>}
      <UserSearch search={search} />
      {users.isPending ? (
        <Spinner label="Loading users…" />
      ) : users.isError ? (
        <Alert variant="error">{formatAdminPanelError(users.error.message)}</Alert>
      ) : (
        <>
          {users.data.users.some((user) => user.role === 'admin' && !user.totpEnabled) && (
            <p className="admin-note">
              Admins marked <strong>No 2FA</strong> log in with a password only. Ask them to turn on
              two-factor login on their profile page.
            </p>
          )}
          <TableScroll label="Users">
            <table className="table">
              <caption className="visually-hidden">Users</caption>
              <thead>
                <tr>
                  <th scope="col">User</th>
                  <th scope="col">Role</th>
                  <th scope="col">Status</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last login</th>
                  <th scope="col">Account</th>
                </tr>
              </thead>
              <tbody>
                {users.data.users.map((user) => (
                  <tr key={user.id} data-user-email={user.email}>
                    <th scope="row" className="table__wrap">
                      {getFullName(user) || '—'}
                      {user.id === me?.id && <span className="admin-you"> (you)</span>}
                      <span className="admin-muted">{user.email}</span>
                    </th>
                    <td>
                      <select
                        className="field__input field__input--compact"
                        aria-label={`Role of ${nameOf(user)}`}
                        value={user.role}
                        onChange={(event) =>
                          ask({ kind: 'role', user, role: event.target.value as Role })
                        }
                      >
                        {ROLES.map((role) => (
                          <option key={role} value={role}>
                            {role}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <span className="admin-badges">
                        <span
                          className={`badge ${user.isActive ? 'badge--success' : 'badge--warning'}`}
                        >
                          {user.isActive ? 'Active' : 'Deactivated'}
                        </span>
                        {user.role === 'admin' && !user.totpEnabled && (
                          <span className="badge badge--warning">No 2FA</span>
                        )}
                        {user.mustChangePassword && (
                          <span className="badge">Temporary password</span>
                        )}
                      </span>
                    </td>
                    <td>{formatDateTime(user.createdAt)}</td>
                    <td>{formatDateTime(user.lastLogin)}</td>
                    <td>
                      <Button
                        variant={user.isActive ? 'ghost' : 'secondary'}
                        className="button--small"
                        aria-label={`${user.isActive ? 'Deactivate' : 'Reactivate'} ${nameOf(user)}`}
                        onClick={() => ask({ kind: 'active', user, isActive: !user.isActive })}
                      >
                        {user.isActive ? 'Deactivate' : 'Reactivate'}
                      </Button>
                    </td>
                  </tr>
                ))}
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
          title={dialog.title}
          confirmLabel={dialog.confirm}
          confirmVariant={pending.kind === 'active' && !pending.isActive ? 'danger' : 'primary'}
          isBusy={mutation.isPending}
          error={mutation.error ? formatAdminPanelError(mutation.error.message) : null}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        >
          <p>{dialog.text}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
