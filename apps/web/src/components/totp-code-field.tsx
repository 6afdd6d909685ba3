import { TOTP_CODE_LENGTH } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from './ui/button';
import { TextField } from './ui/text-field';

/** 'abcd-efgh-ijkl-mnop-qrst-uvwx', with room for spaces a user may type instead of dashes. */
const RECOVERY_CODE_MAX_LENGTH = 40;

/** Apps show codes as "123 456"; the API takes the six digits alone. */
export function normalizeTotpCode(text: string): string {
  return text.replace(/\s/g, '');
}

type TotpCodeFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'type'> & {
  label?: string;
};

/**
 * The 6-digit code of an authenticator app. A text input with a numeric keyboard, not a number
 * input (leading zeros); autocomplete="one-time-code" lets browsers and password managers fill it.
 */
export function TotpCodeField({ label, ...rest }: TotpCodeFieldProps) {
  const { t } = useLingui();
  const digits = TOTP_CODE_LENGTH;
  return (
    <TextField
      label={label ?? t`Authentication code`}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      // Room for the space apps put in the middle.
      maxLength={TOTP_CODE_LENGTH + 1}
      spellCheck={false}
      hint={t`The ${digits}-digit code your authenticator app shows now`}
      {...rest}
    />
  );
}

type SecondFactorFieldProps = {
  error?: string | undefined;
  disabled?: boolean;
  /** Put the cursor in the field when it appears (a step the user just asked for). */
  isFocusedOnMount?: boolean;
};

/**
 * The code from the app, or (after "Use a recovery code") one of the recovery codes, for a lost
 * phone. Two fields rather than one: a recovery code has letters, which the numeric keyboard of
 * the code field does not offer on phones. Either is sent as `code`.
 */
export function SecondFactorField({ error, disabled, isFocusedOnMount }: SecondFactorFieldProps) {
  const { t } = useLingui();
  const [isRecovery, setIsRecovery] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (isFocusedOnMount) inputRef.current?.focus();
  }, [isFocusedOnMount]);

  function toggle() {
    // Render the other field now, so the cursor can move into it: it replaced the one it was near.
    flushSync(() => setIsRecovery((value) => !value));
    inputRef.current?.focus();
  }

  return (
    <div className="second-factor">
      {isRecovery ? (
        <TextField
          ref={inputRef}
          key="recovery"
          label={t`Recovery code`}
          name="code"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={RECOVERY_CODE_MAX_LENGTH}
          hint={t`One of the codes you saved when you turned on two-factor login; each works once`}
          error={error}
          disabled={disabled}
        />
      ) : (
        <TotpCodeField ref={inputRef} key="app" name="code" error={error} disabled={disabled} />
      )}
      <Button variant="ghost" className="button--small" onClick={toggle} disabled={disabled}>
        {isRecovery ? <Trans>Use a code from the app</Trans> : <Trans>Use a recovery code</Trans>}
      </Button>
    </div>
  );
}
