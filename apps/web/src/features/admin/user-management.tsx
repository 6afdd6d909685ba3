import { formatAdminPanelError } from '@cogni/domain';
import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatDateTime, getFullName } from '../../lib/format';
import { useUsers } from './api/get-users';

export function UserManagement() {
  const users = useUsers();

  if (users.isPending) return <Spinner label="Loading users…" />;
  if (users.isError) {
    return <Alert variant="error">{formatAdminPanelError(users.error.message)}</Alert>;
  }

  const list = users.data.users;
  return (
    <>
      <h2>Users</h2>
      {list.length === 0 ? (
        <p className="empty-state">No users yet.</p>
      ) : (
        <TableScroll label="Users">
          <table className="table">
            <caption className="visually-hidden">All users ({list.length})</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Active</th>
                <th scope="col">Created</th>
                <th scope="col">Last login</th>
              </tr>
            </thead>
            <tbody>
              {list.map((user) => (
                <tr key={user.id}>
                  <th scope="row">{getFullName(user) || '—'}</th>
                  <td className="table__wrap">{user.email}</td>
                  <td>
                    <span className={`badge badge--${user.role}`}>{user.role}</span>
                  </td>
                  <td>{user.isActive ? 'Yes' : 'No'}</td>
                  <td>{formatDateTime(user.createdAt)}</td>
                  <td>{formatDateTime(user.lastLogin)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
