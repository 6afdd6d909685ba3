import type { ApiErrorBody, Text, TextWithValues } from '@cogni/domain';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../app-env';
import { AppError, HTTP_STATUS } from '../lib/app-error';
import { describeFailure } from '../lib/describe-failure';
import { writeUserErrorLog, writeVisitorErrorLog } from '../services/error-logs/write-error-log';
import { getClientIp } from './request-origin';

/** Connection-level failures of the database: the request may be retried, nothing crashed. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57014', // query_canceled: the statement timeout (we cancel nothing else)
  '08000',
  '08001',
  '08003',
  '08006',
]);

/**
 * node-postgres's own errors, which carry no code: a lost connection, a connect or a wait for
 * the pool's connection timed out (db/client.ts POSTGRES_TIMEOUTS), a statement not answered,
 * and a statement sent on a connection already lost (a transaction's rollback after it).
 */
const CONNECTION_LOST =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|is not queryable/i;

/** The error and its causes, outermost first (a Drizzle error wraps the driver's). */
function* errorChain(error: unknown) {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

const codeOf = (e: unknown) => (e as { code?: unknown }).code;

function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of errorChain(error)) {
    const code = codeOf(e);
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (e instanceof Error && CONNECTION_LOST.test(e.message)) return true;
  }
  return false;
}

/**
 * A statement PostgreSQL ended at the statement timeout: the database is up, so unlike a lost
 * connection this is worth an entry in the error logs, where admins see it (a statement that
 * slow is a lock held too long, an overload or a query to fix).
 */
function isStatementTimeout(error: unknown): boolean {
  return [...errorChain(error)].some((e) => codeOf(e) === '57014');
}

/**
 * Writes the failure to errorLogs, within the limits of the visitor's address or the user's
 * account; a failure to write is logged, never thrown.
 */
async function recordServerError(c: Context<AppEnv>, error: Error) {
  const deps = c.get('deps');
  const userId = c.get('session')?.user.id;
  const entry = {
    errorType: 'SERVER_ERROR',
    errorMessage: describeFailure(error),
    context: { method: c.req.method, path: c.req.path },
  } as const;
  try {
    await (userId
      ? writeUserErrorLog(deps, userId, entry)
      : writeVisitorErrorLog(deps, getClientIp(c), entry));
  } catch (logError) {
    deps.logger.error({ err: logError }, 'could not write the error log');
  }
}

/** The answers to failures that are not the request's own fault, in the catalogs' words. */
const TEXTS = {
  tooLarge: /*i18n*/ { id: 'errors.tooLarge', message: 'Request body is too large' },
  badRequest: /*i18n*/ { id: 'errors.badRequest', message: 'Bad request' },
  unavailable: /*i18n*/ {
    id: 'errors.unavailable',
    message: 'The service is briefly unavailable. Please try again.',
  },
  internal: /*i18n*/ {
    id: 'errors.internal',
    message: 'Something went wrong on our side. Please try again.',
  },
} satisfies Record<string, Text>;

function errorBody(
  code: ApiErrorBody['error']['code'],
  message: string,
  fields?: Record<string, string>,
  redirectUrl?: string,
  text?: TextWithValues,
): ApiErrorBody {
  return {
    error: {
      code,
      message,
      ...(text ? { messageId: text.id } : {}),
      ...(text?.values ? { values: text.values } : {}),
      ...(fields ? { fields } : {}),
      ...(redirectUrl ? { redirectUrl } : {}),
    },
  };
}

/**
 * The one error handler: known errors become `{ error: { code, message } }`; anything else is
 * logged with its stack on the server and written to errorLogs, and the client gets a generic
 * message (ASVS 16.5.1).
 */
export async function handleError(error: Error, c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store');
  if (error instanceof AppError) {
    return c.json(
      errorBody(error.code, error.message, error.fields, error.redirectUrl, error.text),
      HTTP_STATUS[error.code],
    );
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code = error.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
    const text = code === 'PAYLOAD_TOO_LARGE' ? TEXTS.tooLarge : TEXTS.badRequest;
    return c.json(errorBody(code, text.message, undefined, undefined, text), HTTP_STATUS[code]);
  }
  const deps = c.get('deps');
  if (isDatabaseUnavailable(error)) {
    deps.logger.error({ err: error, path: c.req.path }, 'database unavailable');
    if (isStatementTimeout(error)) await recordServerError(c, error);
    c.header('Retry-After', '2');
    return c.json(
      errorBody('UNAVAILABLE', TEXTS.unavailable.message, undefined, undefined, TEXTS.unavailable),
      503,
    );
  }
  deps.logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error');
  await recordServerError(c, error);
  return c.json(
    errorBody('INTERNAL', TEXTS.internal.message, undefined, undefined, TEXTS.internal),
    500,
  );
}
