import { isAdmin, type TotpSetupResponse } from '@cogni/domain';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
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
import { useErrorText } from '../../lib/i18n/error-text';
import { useFieldErrors } from '../../lib/use-field-errors';
import { useConfirmTotp, useDisableTotp, useStartTotpSetup } from './api/totp';

const FAILED = msg`That did not work. Please try again later.`;

/** What the card says after a change: turned on (and how many other sessions ended), or off. */
type Notice = { turned: 'on'; endedSessions: number } | { turned: 'off' };

function NoticeText({ notice }: { notice: Notice }) {
  if (notice.turned === 'off') {
    return <Trans>Two-factor login is off: your password alone logs you in.</Trans>;
  }
  const { endedSessions } = notice;
  return (
    <>
      <Trans>Two-factor login is on: you will be asked for a code each time you log in.</Trans>
      {endedSessions > 0 && (
        <>
          {' '}
          <Plural
            value={endedSessions}
            one="# other session was logged out."
            other="# other sessions were logged out."
          />
        </>
      )}
    </>
  );
}

/** "ABCD EFGH ...": easier to read out and type than 32 letters in a row. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** Two-factor login (TOTP, ASVS 6.3.3): set up with a QR code, confirmed by a code; turned off. */
export function TwoFactorSettings() {
  const user = useCurrentUser();
  const [notice, setNotice] = useState<Notice | null>(null);
  /** Shown once, right after two-factor login is turned on. */
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (!user) return null;

  return (
    <Card className="account-card">
      <h2>
        <Trans>Two-factor login</Trans>
      </h2>
      <p>
        {user.totpEnabled ? (
          <Trans>
            Status: <span className="badge badge--success">On</span>
          </Trans>
        ) : (
          <Trans>
            Status: <span className="badge">Off</span>
          </Trans>
        )}
      </p>
      {notice && (
        <Alert variant="success">
          <NoticeText notice={notice} />
        </Alert>
      )}
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : user.totpEnabled ? (
        <TurnOff
          onDone={() => {
            setNotice({ turned: 'off' });
            setRecoveryCodes(null);
          }}
        />
      ) : (
        <TurnOn
          isAdminAccount={isAdmin(user)}
          onDone={(endedSessions, codes) => {
            setNotice({ turned: 'on', endedSessions });
            setRecoveryCodes(codes);
          }}
        />
      )}
    </Card>
  );
}

type OnTurnedOn = (endedSessions: number, recoveryCodes: string[]) => void;

function TurnOn({ isAdminAccount, onDone }: { isAdminAccount: boolean; onDone: OnTurnedOn }) {
  const { t } = useLingui();
  const start = useStartTotpSetup();
  const setup = start.data;

  if (!setup) {
    return (
      <>
        <p>
          <Trans>
            Log in with a code from an authenticator app on your phone as well as your password, so
            someone who learns your password still cannot log in.
          </Trans>
        </p>
        {isAdminAccount && (
          <Alert variant="info">
            <Trans>
              Your account can see and change everyone’s data. Admins should turn this on.
            </Trans>
          </Alert>
        )}
        {start.isError && <Alert variant="error">{t(FAILED)}</Alert>}
        <Button onClick={() => start.mutate()} isBusy={start.isPending} disabled={start.isPending}>
          <Trans>Set up two-factor login</Trans>
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
  const { t } = useLingui();
  const { errorText } = useErrorText();
  const confirm = useConfirmTotp();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fields = useFieldErrors(confirm.error);
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
        onSuccess: ({ endedSessions, recoveryCodes }) => onDone(endedSessions, recoveryCodes),
      },
    );
  }

  return (
    <div className="totp-setup">
      <h3 ref={headingRef} tabIndex={-1}>
        <Trans>Add Cogni to your authenticator app</Trans>
      </h3>
      <ol className="totp-setup__steps">
        <li>
          <Trans>
            Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft
            Authenticator, 1Password or Aegis).
          </Trans>
          <img
            className="totp-setup__qr"
            src={setup.qrCodeDataUrl}
            alt={t`QR code that adds Cogni to an authenticator app`}
            width={192}
            height={192}
          />
        </li>
        <li>
          <Trans>Cannot scan? Enter this key in the app instead:</Trans>{' '}
          <code className="totp-setup__secret">{groupSecret(setup.secret)}</code>
        </li>
        <li>
          <Trans>Enter your password and the code the app now shows.</Trans>
        </li>
      </ol>
      {confirm.isError && !hasFieldErrors && (
        <Alert variant="error">
          {isApiError(confirm.error) && confirm.error.code === 'CONFLICT'
            ? errorText(confirm.error)
            : t(FAILED)}
        </Alert>
      )}
      <form className="form" onSubmit={handleSubmit} noValidate>
        <PasswordField
          label={t`Password`}
          name="password"
          autoComplete="current-password"
          error={fields.password}
          disabled={confirm.isPending}
        />
        <TotpCodeField name="code" error={fields.code} disabled={confirm.isPending} />
        <div className="form__actions">
          <Button type="submit" isBusy={confirm.isPending} disabled={confirm.isPending}>
            <Trans>Turn on two-factor login</Trans>
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={confirm.isPending}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </div>
  );
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const { errorText } = useErrorText();
  const disable = useDisableTotp();
  const fields = useFieldErrors(disable.error);
  const hasFieldErrors = Object.keys(fields).length > 0;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    disable.mutate(
      {
        password: String(form.get('password') ?? ''),
        code: normalizeTotpCode(String(form.get('code') ?? '')),
      },
      { onSuccess: () => onDone() },
    );
  }

  return (
    <>
      <p>
        <Trans>You log in with your password and a code from your authenticator app.</Trans>
      </p>
      {disable.isError && !hasFieldErrors && (
        <Alert variant="error">
          {isApiError(disable.error) && disable.error.code === 'RATE_LIMITED'
            ? errorText(disable.error)
            : t(FAILED)}
        </Alert>
      )}
      <form className="form" onSubmit={handleSubmit} noValidate>
        <PasswordField
          label={t`Password`}
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
          <Trans>Turn off two-factor login</Trans>
        </Button>
      </form>
    </>
  );
}

/** The recovery codes, once: the server keeps only their hashes. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="totp-setup">
      <h3 ref={headingRef} tabIndex={-1}>
        <Trans>Save your recovery codes</Trans>
      </h3>
      <p>
        <Trans>
          If you lose your phone, each of these codes logs you in once instead of a code from the
          app. Keep them somewhere safe, such as a password manager. They are shown only now.
        </Trans>
      </p>
      <ul className="recovery-codes" aria-label={t`Recovery codes`}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Button onClick={onDone}>
        <Trans>I have saved my recovery codes</Trans>
      </Button>
    </div>
  );
}
