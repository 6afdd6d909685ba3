import {
  type AdminUser,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
  type Role,
} from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SelectField } from '../../components/ui/select-field';
import { PasswordField, TextField } from '../../components/ui/text-field';
import { isApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/i18n/error-text';
import { AdminPanelError } from './admin-error';
import { useCreateUser } from './api/users';
import { ROLE_NAMES } from './role-names';

/** A new account with a chosen role; every field is required and checked by the server. */
export function CreateUserForm({ onCreated }: { onCreated: (user: AdminUser) => void }) {
  const { t } = useLingui();
  const { translateEnglish } = useErrorText();
  const create = useCreateUser();
  const fields = isApiError(create.error) ? create.error.fields : {};
  const hasFieldErrors = Object.keys(fields).length > 0;
  /** The server's message for a field, in the reader's language. */
  const fieldError = (name: string) => {
    const message = fields[name];
    return message === undefined ? undefined : translateEnglish(message);
  };
  const minLength = PASSWORD_MIN_LENGTH;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string) => String(form.get(name) ?? '');
    create.mutate(
      {
        email: read('email'),
        password: read('password'),
        firstName: read('firstName'),
        lastName: read('lastName'),
        role: read('role') as Role,
      },
      { onSuccess: onCreated },
    );
  }

  return (
    <Card className="admin-create">
      <h3>
        <Trans>Create a user</Trans>
      </h3>
      {create.isError && !hasFieldErrors && <AdminPanelError error={create.error} />}
      {/* noValidate: the server's messages, next to each field, are the ones to read. */}
      <form className="form" onSubmit={handleSubmit} noValidate>
        <div className="form__row">
          <TextField
            label={t`First name`}
            name="firstName"
            maxLength={NAME_MAX_LENGTH}
            error={fieldError('firstName')}
          />
          <TextField
            label={t`Last name`}
            name="lastName"
            maxLength={NAME_MAX_LENGTH}
            error={fieldError('lastName')}
          />
        </div>
        <TextField
          label={t`Email`}
          name="email"
          type="email"
          autoComplete="off"
          maxLength={EMAIL_MAX_LENGTH}
          error={fieldError('email')}
        />
        <PasswordField
          label={t`Password`}
          name="password"
          autoComplete="new-password"
          hint={t`At least ${minLength} characters; give it to the user in person. They must replace it with their own at first login.`}
          error={fieldError('password')}
        />
        <SelectField label={t`Role`} name="role" defaultValue="user" error={fieldError('role')}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(ROLE_NAMES[role])}
            </option>
          ))}
        </SelectField>
        <Button type="submit" isBusy={create.isPending} disabled={create.isPending}>
          <Trans>Create user</Trans>
        </Button>
      </form>
    </Card>
  );
}
