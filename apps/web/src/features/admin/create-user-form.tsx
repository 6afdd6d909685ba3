import {
  type AdminUser,
  EMAIL_MAX_LENGTH,
  formatAdminPanelError,
  NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
  type Role,
} from '@cogni/domain';
import type { FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SelectField } from '../../components/ui/select-field';
import { PasswordField, TextField } from '../../components/ui/text-field';
import { isApiError } from '../../lib/api-client';
import { useCreateUser } from './api/users';

/** A new account with a chosen role; every field is required and checked by the server. */
export function CreateUserForm({ onCreated }: { onCreated: (user: AdminUser) => void }) {
  const create = useCreateUser();
  const fields = isApiError(create.error) ? create.error.fields : {};
  const hasFieldErrors = Object.keys(fields).length > 0;

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
      <h3>Create a user</h3>
      {create.isError && !hasFieldErrors && (
        <Alert variant="error">{formatAdminPanelError(create.error.message)}</Alert>
      )}
      {/* noValidate: the server's messages, next to each field, are the ones to read. */}
      <form className="form" onSubmit={handleSubmit} noValidate>
        <div className="form__row">
          <TextField
            label="First name"
            name="firstName"
            maxLength={NAME_MAX_LENGTH}
            error={fields.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            maxLength={NAME_MAX_LENGTH}
            error={fields.lastName}
          />
        </div>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          maxLength={EMAIL_MAX_LENGTH}
          error={fields.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters; give it to the user in person. They must replace it with their own at first login.`}
          error={fields.password}
        />
        <SelectField label="Role" name="role" defaultValue="user" error={fields.role}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </SelectField>
        <Button type="submit" isBusy={create.isPending} disabled={create.isPending}>
          Create user
        </Button>
      </form>
    </Card>
  );
}
