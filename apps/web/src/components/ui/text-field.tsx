import { PASSWORD_MAX_LENGTH } from '@cogni/domain';
import { type ComponentPropsWithRef, useId } from 'react';

type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & {
  label: string;
  /** Always-visible help under the input, e.g. a length rule. */
  hint?: string;
  /** A message about the current value, shown under the input. */
  error?: string;
};

export function TextField({ label, hint, error, className, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...inputProps}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'maxLength' | 'autoComplete'> & {
  /** Tells password managers whether to fill the saved password or offer a new one. */
  autoComplete: 'current-password' | 'new-password';
};

/** A password input that takes no more than the policy accepts (PASSWORD_MAX_LENGTH). */
export function PasswordField(props: PasswordFieldProps) {
  return <TextField type="password" maxLength={PASSWORD_MAX_LENGTH} {...props} />;
}
