import { formatAdminPanelError } from '@cogni/domain';
import { Alert } from '../../components/ui/alert';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatDateTime, getFullName } from '../../lib/format';
import { UserSearch, useUserSearch } from './user-search';

const NONE = '—';

/** User Data: every user's account and profile fields, as stored. */
export function UserData() {
  const search = useUserSearch();
  const { users } = search;
  return (
    <>
      <h2>User data</h2>
      <UserSearch search={search} />
      {users.isPending ? (
        <Spinner label="Loading users…" />
      ) : users.isError ? (
        <Alert variant="error">{formatAdminPanelError(users.error.message)}</Alert>
      ) : (
        <>
          <TableScroll label="User data">
            <table className="table">
              <caption className="visually-hidden">Accounts and profiles</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">User id</th>
                  <th scope="col">Role</th>
                  <th scope="col">Active</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last login</th>
                  <th scope="col">Date of birth</th>
                  <th scope="col">Gender</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Address</th>
                  <th scope="col">Time zone</th>
                  <th scope="col">Language</th>
                  <th scope="col">Profile updated</th>
                </tr>
              </thead>
              <tbody>
                {users.data.users.map((user) => (
                  <tr key={user.id}>
                    <th scope="row">{getFullName(user) || NONE}</th>
                    <td className="table__wrap">{user.email}</td>
                    <td>
                      <code>{user.id}</code>
                    </td>
                    <td>{user.role}</td>
                    <td>{user.isActive ? 'Yes' : 'No'}</td>
                    <td>{formatDateTime(user.createdAt)}</td>
                    <td>{formatDateTime(user.lastLogin)}</td>
                    <td>{user.profile.dateOfBirth ?? NONE}</td>
                    <td>{user.profile.gender ?? NONE}</td>
                    <td>{user.profile.phoneNumber ?? NONE}</td>
                    <td className="table__wrap">{user.profile.address ?? NONE}</td>
                    <td>{user.profile.timezone ?? NONE}</td>
                    <td>{user.profile.language ?? NONE}</td>
                    <td>{formatDateTime(user.profile.updatedAt)}</td>
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
    </>
  );
}
