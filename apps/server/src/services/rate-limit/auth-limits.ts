import type { Config } from '../../env';
import type { Limit } from './rate-limit';

const MINUTE = 60 * 1000;

/**
 * The brute-force limits (ASVS 6.1.1, 6.3.1, 2.4.1), from the configuration; all fixed windows
 * counted in the database, so every server instance sees the same attempts (ADR 012, ADR 024).
 * - `loginPerAccount`: failed logins to an account from browsers it does not know. It never
 *   refuses: past `max`, such logins are slowed down (services/auth/login-throttle.ts), so
 *   nobody can lock a person out of their account.
 * - `loginPerAccountAndIp`: logins to an account from one address and browsers it does not
 *   know, counted before the password is checked and cleared by a success; past `max` that pair
 *   is refused until the window ends. Its subject is {@link accountFromAddress}.
 * - `loginPerDevice`: failed logins from a browser the account knows (its device cookie); past
 *   `max` the account forgets the browser, which then counts as any other.
 * - `loginPerIp`: failed logins from one address across accounts; `signUpPerIp`: sign-ups.
 * - `passwordChecksPerAccount`: wrong current passwords (and wrong codes when turning two-factor
 *   login off) of a signed-in user; past `max` further checks are refused until the window ends.
 * - `passwordChecksPerUser`: every current-password check of a user, right or wrong, so that
 *   nobody keeps the hashing busy with checks of a password they know.
 */
export function getAuthLimits(config: Config) {
  return {
    loginPerAccount: {
      name: 'login-account',
      max: config.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      windowMs: 15 * MINUTE,
    },
    loginPerAccountAndIp: {
      name: 'login-account-ip',
      max: config.RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP,
      windowMs: 15 * MINUTE,
    },
    loginPerDevice: {
      name: 'login-device',
      max: config.RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP,
      windowMs: 15 * MINUTE,
    },
    loginPerIp: { name: 'login-ip', max: config.RATE_LIMIT_LOGIN_PER_IP, windowMs: 15 * MINUTE },
    signUpPerIp: { name: 'signup-ip', max: config.RATE_LIMIT_SIGNUP_PER_IP, windowMs: 60 * MINUTE },
    passwordChecksPerAccount: {
      name: 'password-check-account',
      max: config.RATE_LIMIT_PASSWORD_CHECKS_PER_ACCOUNT,
      windowMs: 15 * MINUTE,
    },
    passwordChecksPerUser: {
      name: 'password-check-user',
      max: PASSWORD_CHECKS_PER_USER,
      windowMs: 15 * MINUTE,
    },
  } satisfies Record<string, Limit>;
}

/** Current-password checks, right or wrong, a user may ask for in 15 minutes. */
export const PASSWORD_CHECKS_PER_USER = 30;

/** The subject of `loginPerAccountAndIp`; none without an address (in-process test requests). */
export function accountFromAddress(email: string, ip: string | undefined): string | undefined {
  return ip === undefined ? undefined : `${email} from ${ip}`;
}

/**
 * The limits of browser error reports (ASVS 2.4.1), the one write open to visitors besides
 * sign-up, so a script cannot fill the error log and the database: reports per address, and for
 * a signed-in user also reports per account and the bytes the account's reports add in an hour
 * (each counted before the report is read, in one statement, so parallel requests cannot pass
 * together).
 */
export function getErrorReportLimits(config: Config) {
  return {
    perIp: {
      name: 'error-report-ip',
      max: config.RATE_LIMIT_ERROR_REPORTS_PER_IP,
      windowMs: 15 * MINUTE,
    },
    perUser: {
      name: 'error-report-user',
      max: config.RATE_LIMIT_ERROR_REPORTS_PER_USER,
      windowMs: 15 * MINUTE,
    },
    bytesPerUser: {
      name: 'error-report-bytes-user',
      max: config.RATE_LIMIT_ERROR_REPORT_BYTES_PER_USER,
      windowMs: 60 * MINUTE,
    },
  } satisfies Record<string, Limit>;
}
