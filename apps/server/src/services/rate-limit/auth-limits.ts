import type { Config } from '../../env';
import type { Limit } from './rate-limit';

const MINUTE = 60 * 1000;

/**
 * The brute-force limits (ASVS 6.1.1, 6.3.1, 2.4.1), from the configuration. Per account: at
 * most 10 failed logins per 15 minutes (ASVS asks for at most 100 an hour), then the account is
 * locked until the window ends; per address: failed logins and sign-ups. Counted in the
 * database, so every server instance sees the same attempts.
 */
export function getAuthLimits(config: Config) {
  return {
    loginPerAccount: {
      name: 'login-account',
      max: config.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      windowMs: 15 * MINUTE,
    },
    loginPerIp: { name: 'login-ip', max: config.RATE_LIMIT_LOGIN_PER_IP, windowMs: 15 * MINUTE },
    signUpPerIp: { name: 'signup-ip', max: config.RATE_LIMIT_SIGNUP_PER_IP, windowMs: 60 * MINUTE },
  } satisfies Record<string, Limit>;
}

/**
 * Browser error reports per address (ASVS 2.4.1): the one write open to visitors besides
 * sign-up, so a script cannot fill the error log and the database from one place.
 */
export function getErrorReportLimit(config: Config): Limit {
  return {
    name: 'error-report-ip',
    max: config.RATE_LIMIT_ERROR_REPORTS_PER_IP,
    windowMs: 15 * MINUTE,
  };
}
