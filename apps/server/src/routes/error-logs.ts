import { ClientErrorLogInputSchema, type Text } from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { parseJsonBody } from '../lib/parse-body';
import { getClientAddress, getClientIp } from '../middleware/request-origin';
import {
  storedSizeOf,
  writeUserErrorLog,
  writeVisitorErrorLog,
} from '../services/error-logs/write-error-log';
import { getErrorReportLimits } from '../services/rate-limit/auth-limits';
import { countAttemptBefore } from '../services/rate-limit/rate-limit';

const TOO_MANY: Text = /*i18n*/ {
  id: 'errors.errorReportsLockout',
  message:
    'Too many error reports. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
};

/**
 * Browser error reports. User and time come from the server, never from the body. Each report is
 * counted against its limits before its body is read, each count one statement that answers the
 * report's own place, so reports sent together cannot all pass one check before any is counted;
 * a signed-in user's report also counts its stored bytes against the account's hourly budget
 * before it is written.
 */
export const errorLogRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const deps = c.get('deps');
  const limits = getErrorReportLimits(deps.config);
  const address = getClientAddress(c);
  const userId = c.get('session')?.user.id;
  if (address) await countAttemptBefore(deps, limits.perIp, address, TOO_MANY);
  if (userId) await countAttemptBefore(deps, limits.perUser, userId, TOO_MANY);
  const input = await parseJsonBody(c, ClientErrorLogInputSchema);
  const entry = {
    errorType: input.errorType,
    errorMessage: input.errorMessage,
    context: input.context ?? {},
  };
  if (userId) {
    await countAttemptBefore(deps, limits.bytesPerUser, userId, TOO_MANY, storedSizeOf(entry));
    await writeUserErrorLog(deps, userId, entry);
  } else {
    // A visitor's report also passes the visitor limits, which cap everyone's reports together.
    await writeVisitorErrorLog(deps, getClientIp(c), entry);
  }
  return c.body(null, 204);
});
