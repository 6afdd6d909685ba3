import { MESSAGES, NAME_MAX_LENGTH, type User } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { useLogout } from '../../lib/api/logout';
import { useFieldErrors } from '../../lib/use-field-errors';
import { AccountSettings } from './account-settings';
import { useMe } from './api/get-me';
import { useUpdateMe } from './api/update-me';

export function ProfilePage() {
  const { t } = useLingui();
  const me = useMe();
  const logout = useLogout();

  return (
    <>
      <PageHeader title={t`Profile`} />
      {logout.isError && <Alert variant="error">{t(MESSAGES.logoutFailed)}</Alert>}
      {me.isPending ? (
        <Spinner />
      ) : me.isError ? (
        <Alert variant="error">{t(MESSAGES.profileLoadFailed)}</Alert>
      ) : (
        <ProfileDetails user={me.data.user} />
      )}
      {me.isSuccess && <AccountSettings language={me.data.profile.language} />}
      <div className="profile__logout">
        <Button
          variant="secondary"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          isBusy={logout.isPending}
        >
          <Trans>Logout</Trans>
        </Button>
      </div>
    </>
  );
}

function ProfileDetails({ user }: { user: User }) {
  const { t } = useLingui();
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

  const fields = useFieldErrors(update.error);

  return (
    <Card className="profile">
      {update.isError && <Alert variant="error">{t(MESSAGES.profileUpdateFailed)}</Alert>}
      {isEditing ? (
        <form className="form" onSubmit={handleSubmit}>
          <div className="form__row">
            <TextField
              ref={firstInputRef}
              label={t`First name`}
              name="firstName"
              autoComplete="given-name"
              defaultValue={user.firstName}
              required
              maxLength={NAME_MAX_LENGTH}
              disabled={update.isPending}
              error={fields.firstName}
            />
            <TextField
              label={t`Last name`}
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
            <span className="profile__term">
              <Trans>Email</Trans>
            </span>{' '}
            {user.email}
          </p>
          <div className="form__actions">
            <Button type="submit" disabled={update.isPending} isBusy={update.isPending}>
              <Trans>Save</Trans>
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                update.reset();
                setIsEditing(false);
              }}
              disabled={update.isPending}
            >
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <>
          <dl className="details">
            <div className="details__row">
              <dt>
                <Trans>First name</Trans>
              </dt>
              <dd>{user.firstName}</dd>
            </div>
            <div className="details__row">
              <dt>
                <Trans>Last name</Trans>
              </dt>
              <dd>{user.lastName}</dd>
            </div>
            <div className="details__row">
              <dt>
                <Trans>Email</Trans>
              </dt>
              <dd>{user.email}</dd>
            </div>
          </dl>
          <div className="form__actions">
            <Button ref={editButtonRef} variant="secondary" onClick={startEditing}>
              <Trans>Edit</Trans>
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
