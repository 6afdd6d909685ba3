import { isAdmin, type TotpSetupResponse } from '@cogni/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  normalizeTotpCode,
  SecondFactorField,
  TotpCodeField,
} from '../../components/totp-code-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PasswordField } from '../../components/ui/text-field';
import { useCurrentUser } from '../../lib/api/get-session';
import { isApiError } from '../../lib/api-client';
import { useConfirmTotp, useDisableTotp, useStartTotpSetup } from './api/totp';

const FAILED = 'That did not work. Please try again later.';

/** "ABCD EFGH ...": easier to read out and type than 32 letters in a row. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** Two-factor login (TOTP, ASVS 6.3.3): set up with a QR code, confirmed by a code; turned off. */
export function TwoFactorSettings() {
  const user = useCurrentUser();
  const [notice, setNotice] = useState<string | null>(null);
  /** Shown once, right after two-factor login is turned on. */
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (!user) return null;

  return (
    <Card className="account-card">
      <h2>Two-factor login</h2>
      <p>
        Status:{' '}
        {user.totpEnabled ? (
          <span className="badge badge--success">On</span>
        ) : (
          <span className="badge">Off</span>
        )}
      </p>
      {notice && <Alert variant="success">{notice}</Alert>}
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : user.totpEnabled ? (
        <TurnOff
          onDone={(message) => {
            setNotice(message);
            setRecoveryCodes(null);
          }}
        />
      ) : (
        <TurnOn
          isAdminAccount={isAdmin(user)}
          onDone={(message, codes) => {
            setNotice(message);
            setRecoveryCodes(codes);
          }}
        />
      )}
    </Card>
  );
}

type OnTurnedOn = (notice: string, recoveryCodes: string[]) => void;

function TurnOn({ isAdminAccount, onDone }: { isAdminAccount: boolean; onDone: OnTurnedOn }) {
  const start = useStartTotpSetup();
  const setup = start.data;

  if (!setup) {
    return (
      <>
        <p>
          Log in with a code from an authenticator app on your phone as well as your password, so
          someone who learns your password still cannot log in.
        </p>
        {isAdminAccount && (
          <Alert variant="info">
            Your account can see and change everyone’s data. Admins should turn this on.
          </Alert>
        )}
        {start.isError && <Alert variant="error">{FAILED}</Alert>}
        <Button onClick={() => start.mutate()} isBusy={start.isPending} disabled={start.isPending}>
          Set up two-factor login
        </Button>
      </>
    );
  }
  return <ConfirmSetup setup={setup} onCancel={() => start.reset()} onDone={onDone} />;
}

function ConfirmSetup({
  setup,
  onCancel,
  onDone,
}: {
  setup: TotpSetupResponse;
  onCancel: () => void;
  onDone: OnTurnedOn;
}) {
  const confirm = useConfirmTotp();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fields = isApiError(confirm.error) ? confirm.error.fields : {};
  const hasFieldErrors = Object.keys(fields).length > 0;

  // The button that was pressed is gone: keyboard and screen-reader users start at the steps.
  useEffect(() => headingRef.current?.focus(), []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    confirm.mutate(
      {
        password: String(form.get('password') ?? ''),
        code: normalizeTotpCode(String(form.get('code') ?? '')),
      },
      {
        onSuccess: ({ endedSessions, recoveryCodes }) =>
          onDone(
            `Two-factor login is on: you will be asked for a code each time you log in.${
              endedSessions > 0
                ? ` ${endedSessions} other ${endedSessions === 1 ? 'session was' : 'sessions were'} logged out.`
                : ''
            }`,
            recoveryCodes,
          ),
      },
    );
  }

  return (
    <div className="totp-setup">
      <h3 ref={headingRef} tabIndex={-1}>
        Add Cogni to your authenticator app
      </h3>
      <ol className="totp-setup__steps">
        <li>
          Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft
          Authenticator, 1Password or Aegis).
          <img
            className="totp-setup__qr"
            src={setup.qrCodeDataUrl}
            alt="QR code that adds Cogni to an authenticator app"
            width={192}
            height={192}
          />
        </li>
        <li>
          Cannot scan? Enter this key in the app instead:{' '}
          <code className="totp-setup__secret">{groupSecret(setup.secret)}</code>
        </li>
        <li>Enter your password and the code the app now shows.</li>
      </ol>
      {confirm.isError && !hasFieldErrors && (
        <Alert variant="error">
          {isApiError(confirm.error) && confirm.error.code === 'CONFLICT'
            ? confirm.error.message
            : FAILED}
        </Alert>
      )}
      <form className="form" onSubmit={handleSubmit} noValidate>
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          error={fields.password}
          disabled={confirm.isPending}
        />
        <TotpCodeField name="code" error={fields.code} disabled={confirm.isPending} />
        <div className="form__actions">
          <Button type="submit" isBusy={confirm.isPending} disabled={confirm.isPending}>
            Turn on two-factor login
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={confirm.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

function TurnOff({ onDone }: { onDone: (notice: string) => void }) {
  const disable = useDisableTotp();
  const fields = isApiError(disable.error) ? disable.error.fields : {};
  const hasFieldErrors = Object.keys(fields).length > 0;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    disable.mutate(
      {
        password: String(form.get('password') ?? ''),
        code: normalizeTotpCode(String(form.get('code') ?? '')),
      },
      { onSuccess: () => onDone('Two-factor login is off: your password alone logs you in.') },
    );
  }

  return (
    <>
      <p>You log in with your password and a code from your authenticator app.</p>
      {disable.isError && !hasFieldErrors && (
        <Alert variant="error">
          {isApiError(disable.error) && disable.error.code === 'RATE_LIMITED'
            ? disable.error.message
            : FAILED}
        </Alert>
      )}
      <form className="form" onSubmit={handleSubmit} noValidate>
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          error={fields.password}
          disabled={disable.isPending}
        />
        <SecondFactorField error={fields.code} disabled={disable.isPending} />
        <Button
          type="submit"
          variant="secondary"
          isBusy={disable.isPending}
          disabled={disable.isPending}
        >
          Turn off two-factor login
        </Button>
      </form>
    </>
  );
}

/** The recovery codes, once: the server keeps only their hashes. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="totp-setup">
      <h3 ref={headingRef} tabIndex={-1}>
        Save your recovery codes
      </h3>
      <p>
        If you lose your phone, each of these codes logs you in once instead of a code from the app.
        Keep them somewhere safe, such as a password manager. They are shown only now.
      </p>
      <ul className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Button onClick={onDone}>I have saved my recovery codes</Button>
    </div>
  );
}
