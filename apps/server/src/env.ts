import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_HASHING_BUSY_NICE, HASHING_PRIORITIES } from './lib/password';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanFromString = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

/** The server's whole configuration. Nothing else in the server reads process.env. */
export const ConfigSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  /** Address to listen on; unset listens on all addresses (IPv6 and IPv4). */
  HOST: z.string().min(1).optional(),
  /** Folder of the embedded database; ignored when DATABASE_URL is set. */
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  /**
   * Folder of the files background study exports write (ADR 041), deleted a day after they are
   * done; unset: `exports` in DATA_DIR, with either database.
   */
  EXPORT_DIR: z.string().min(1, 'must not be empty').optional(),
  /** Trial rows above which the study page exports a study's data as a background job. */
  STUDY_EXPORT_JOB_ROWS: z.coerce.number().int().min(0).default(200_000),
  /** A PostgreSQL server; when set, the embedded database is not used. */
  DATABASE_URL: z
    .url({ error: 'must be a URL like postgres://user@host:5432/dbname' })
    .refine((url) => /^postgres(ql)?:\/\//.test(url), {
      error: 'must start with postgres:// or postgresql://',
    })
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Requests at once before new ones are answered 503 (load shedding, ADR 020). A server at its
   * sustained maximum holds a few dozen at once; a thousand is well under a second of work for
   * the embedded database (docs/performance.md).
   */
  MAX_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(1).default(1000),
  /**
   * log2 of scrypt's N for new password hashes: 17 is what ASVS asks (128 MiB a hash). Lower
   * values are for test suites, which sign up hundreds of accounts; the server warns at start.
   */
  SCRYPT_LOG2_N: z.coerce
    .number({ error: 'must be a whole number from 12 to 20' })
    .int('must be a whole number from 12 to 20')
    .min(12, 'must be a whole number from 12 to 20')
    .max(20, 'must be a whole number from 12 to 20')
    .default(17),
  /**
   * How password hashing competes for the CPU: `adaptive` (below trial saves while they keep the
   * server busy, otherwise at a normal share), `background` (always below everything else) or
   * `normal` (lib/password.ts).
   */
  HASHING_PRIORITY: z
    .enum(HASHING_PRIORITIES, { error: `must be one of ${HASHING_PRIORITIES.join(', ')}` })
    .default('adaptive'),
  /**
   * With HASHING_PRIORITY=adaptive, the autogroup nice (0-19) of password hashing while trial
   * saves keep the server busy: 0 is a fair share, 19 the least weight (ADR 037).
   */
  HASHING_BUSY_NICE: z.coerce
    .number({ error: 'must be a whole number from 0 to 19' })
    .int('must be a whole number from 0 to 19')
    .min(0, 'must be a whole number from 0 to 19')
    .max(19, 'must be a whole number from 0 to 19')
    .default(DEFAULT_HASHING_BUSY_NICE),
  /**
   * The public origin (scheme://host[:port]) browsers use. Unset, state-changing requests must
   * come from the origin that matches the request's Host header.
   */
  APP_ORIGIN: z
    .url({ error: 'must be an origin like https://cogni.example.org' })
    .transform((url) => new URL(url).origin)
    .optional(),
  /** Trust X-Forwarded-For/Proto from a reverse proxy in front of the server. */
  TRUST_PROXY: booleanFromString.default(false),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  /**
   * Failed logins per account in 15 minutes, from anywhere, after which logins to it from
   * browsers it does not know are slowed down (a growing delay for addresses that have tried
   * it, bounded; one step for the others); never a lockout.
   */
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /**
   * Logins per account from one client address in 15 minutes (from browsers the account does
   * not know; counted before the password is checked, cleared by a success) before that pair is
   * refused.
   */
  RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP: z.coerce.number().int().min(1).default(10),
  /** Wrong current passwords (password change, two-factor changes, deletion) per account in 15 minutes. */
  RATE_LIMIT_PASSWORD_CHECKS_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Test runs a user may start in an hour. */
  RATE_LIMIT_RUN_STARTS_PER_USER: z.coerce.number().int().min(1).default(30),
  /**
   * Error-log entries written for visitors (failed logins, refused requests, browser reports)
   * per client address in a minute, and from everyone together; past either, further ones are
   * only counted, in one entry that says how many. Signed-in users' entries (browser reports,
   * server errors) are capped by the same numbers per account, counted apart.
   */
  RATE_LIMIT_VISITOR_LOGS_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_VISITOR_LOGS_TOTAL: z.coerce.number().int().min(1).default(600),
  /** Error-log entries kept at most; the oldest go first. */
  ERROR_LOG_MAX_ROWS: z.coerce.number().int().min(100).default(100_000),
  /** Days an error-log entry is kept after it was last seen. */
  ERROR_LOG_MAX_AGE_DAYS: z.coerce.number().int().min(1).default(90),
  /** Failed logins per client address in 15 minutes (many accounts guessed from one place). */
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(100),
  /** Sign-ups per client address in an hour. */
  RATE_LIMIT_SIGNUP_PER_IP: z.coerce.number().int().min(1).default(20),
  /**
   * Participants a study link may start from one client address in an hour (ADR 040): a class
   * or a lab behind one address stays under it; a script filling a study does not.
   */
  STUDY_STARTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(100),
  /** Browser error reports per client address in 15 minutes (the route takes visitors too). */
  RATE_LIMIT_ERROR_REPORTS_PER_IP: z.coerce.number().int().min(1).default(60),
  /** Browser error reports per signed-in account in 15 minutes, from any address. */
  RATE_LIMIT_ERROR_REPORTS_PER_USER: z.coerce.number().int().min(1).default(60),
  /**
   * Bytes (UTF-8, message and context as stored) a signed-in account's browser reports may add
   * to the error log in an hour; at least one report of the largest stored size.
   */
  RATE_LIMIT_ERROR_REPORT_BYTES_PER_USER: z.coerce.number().int().min(10_000).default(100_000),
  /** Folder of the built web app, served at /. */
  WEB_DIST_DIR: z.string().min(1).optional(),
});
export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** A URL's password must not reach logs or the terminal (ASVS 16.2.5). */
function redactCredentials(value: string | undefined): string | undefined {
  return value?.replace(/(\/\/[^:/@]*:)[^@/]*@/, '$1***@');
}

/** Parses the environment; throws a ConfigError naming each bad setting. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in ConfigSchema.shape && value !== ''),
  );
  const parsed = ConfigSchema.safeParse(present);
  if (parsed.success) {
    const dataDir = path.resolve(parsed.data.DATA_DIR);
    return {
      ...parsed.data,
      DATA_DIR: dataDir,
      EXPORT_DIR: path.resolve(parsed.data.EXPORT_DIR ?? path.join(dataDir, 'exports')),
    };
  }
  const lines = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? 'config');
    return `  ${key}: ${issue.message} (got ${JSON.stringify(redactCredentials(env[key]))})`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
