import { Trans, useLingui } from '@lingui/react/macro';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatDateTime, getFullName } from '../../lib/format';
import { AdminPanelError } from './admin-error';
import { ROLE_NAMES } from './role-names';
import { UserSearch, useUserSearch } from './user-search';

const NONE = '—';

/** User Data: every user's account and profile fields, as stored. */
export function UserData() {
  const { t } = useLingui();
  const search = useUserSearch();
  const { users } = search;
  return (
    <>
      <h2>
        <Trans>User data</Trans>
      </h2>
      <UserSearch search={search} />
      {users.isPending ? (
        <Spinner label={t`Loading users…`} />
      ) : users.isError ? (
        <AdminPanelError error={users.error} />
      ) : (
        <>
          <TableScroll label={t`User data`}>
            <table className="table">
              <caption className="visually-hidden">
                <Trans>Accounts and profiles</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Name</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Email</Trans>
                  </th>
                  <th scope="col">
                    <Trans>User id</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Role</Trans>
                  </th>
                  <th scope="col">
                    <Trans comment="a column: whether the account is active (Yes or No)">
                      Active
                    </Trans>
                  </th>
                  <th scope="col">
                    <Trans>Created</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Last login</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Date of birth</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Gender</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Phone</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Address</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Time zone</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Language</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Profile updated</Trans>
                  </th>
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
                    <td>{t(ROLE_NAMES[user.role])}</td>
                    <td>{user.isActive ? t`Yes` : t`No`}</td>
                    <td>{formatDateTime(user.createdAt)}</td>
                    <td>{formatDateTime(user.lastLogin)}</td>
                    {/* The profile's fields as stored: data, not language. */}
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
