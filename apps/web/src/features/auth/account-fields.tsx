import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@cogni/domain';
import { useLingui } from '@lingui/react/macro';
import { PasswordField, TextField } from '../../components/ui/text-field';

/** The fields of a new account (email, password, names), as sign-up and the first admin use them. */
export function AccountFields({
  disabled,
  fields,
}: {
  disabled: boolean;
  /** The server's message per field, if it refused the input, in the reader's language. */
  fields: Record<string, string | undefined>;
}) {
  const { t } = useLingui();
  const minLength = PASSWORD_MIN_LENGTH;
  return (
    <>
      <TextField
        label={t`Email`}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={EMAIL_MAX_LENGTH}
        disabled={disabled}
        error={fields.email}
      />
      <PasswordField
        label={t`Password`}
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={t`At least ${minLength} characters`}
        disabled={disabled}
        error={fields.password}
      />
      <div className="form__row">
        <TextField
          label={t`First name`}
          name="firstName"
          autoComplete="given-name"
          required
          maxLength={NAME_MAX_LENGTH}
          disabled={disabled}
          error={fields.firstName}
        />
        <TextField
          label={t`Last name`}
          name="lastName"
          autoComplete="family-name"
          required
          maxLength={NAME_MAX_LENGTH}
          disabled={disabled}
          error={fields.lastName}
        />
      </div>
    </>
  );
}

/** The account a form of AccountFields holds. */
export function readAccountFields(form: HTMLFormElement) {
  const data = new FormData(form);
  const read = (name: string) => String(data.get(name) ?? '');
  return {
    email: read('email'),
    password: read('password'),
    firstName: read('firstName'),
    lastName: read('lastName'),
  };
}
