import { MESSAGES, NAME_MAX_LENGTH, type User } from '@cogni/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { useLogout } from '../../lib/api/logout';
import { isApiError } from '../../lib/api-client';
import { AccountSettings } from './account-settings';
import { useMe } from './api/get-me';
import { useUpdateMe } from './api/update-me';

export function ProfilePage() {
  const me = useMe();
  const logout = useLogout();

  return (
    <>
      <PageHeader title="Profile" />
      {logout.isError && <Alert variant="error">{MESSAGES.logoutFailed}</Alert>}
      {me.isPending ? (
        <Spinner />
      ) : me.isError ? (
        <Alert variant="error">{MESSAGES.profileLoadFailed}</Alert>
      ) : (
        <ProfileDetails user={me.data.user} />
      )}
      {me.isSuccess && <AccountSettings />}
      <div className="profile__logout">
        <Button
          variant="secondary"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          isBusy={logout.isPending}
        >
          Logout
        </Button>
      </div>
    </>
  );
}

function ProfileDetails({ user }: { user: User }) {
  const [isEditing, setIsEditing] = useState(false);
  const update = useUpdateMe();
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const firstInputRef = useRef<HTMLInputElement>(null);
  const wasEditing = useRef(false);

  // Keyboard users land on the first input when editing starts and back on Edit when it ends.
  useEffect(() => {
    if (isEditing) firstInputRef.current?.focus();
    else if (wasEditing.current) editButtonRef.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  function startEditing() {
    update.reset();
    setIsEditing(true);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    update.mutate(
      {
        firstName: String(form.get('firstName') ?? ''),
        lastName: String(form.get('lastName') ?? ''),
      },
      { onSuccess: () => setIsEditing(false) },
    );
  }

  const fields = isApiError(update.error) ? update.error.fields : {};

  return (
    <Card className="profile">
      {update.isError && <Alert variant="error">{MESSAGES.profileUpdateFailed}</Alert>}
      {isEditing ? (
        <form className="form" onSubmit={handleSubmit}>
          <div className="form__row">
            <TextField
              ref={firstInputRef}
              label="First name"
              name="firstName"
              autoComplete="given-name"
              defaultValue={user.firstName}
              required
              maxLength={NAME_MAX_LENGTH}
              disabled={update.isPending}
              error={fields.firstName}
            />
            <TextField
              label="Last name"
              name="lastName"
              autoComplete="family-name"
              defaultValue={user.lastName}
              required
              maxLength={NAME_MAX_LENGTH}
              disabled={update.isPending}
              error={fields.lastName}
            />
          </div>
          <p className="profile__email">
            <span className="profile__term">Email</span> {user.email}
          </p>
          <div className="form__actions">
            <Button type="submit" disabled={update.isPending} isBusy={update.isPending}>
              Save
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                update.reset();
                setIsEditing(false);
              }}
              disabled={update.isPending}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <dl className="details">
            <div className="details__row">
              <dt>First name</dt>
              <dd>{user.firstName}</dd>
            </div>
            <div className="details__row">
              <dt>Last name</dt>
              <dd>{user.lastName}</dd>
            </div>
            <div className="details__row">
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </div>
          </dl>
          <div className="form__actions">
            <Button ref={editButtonRef} variant="secondary" onClick={startEditing}>
              Edit
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
