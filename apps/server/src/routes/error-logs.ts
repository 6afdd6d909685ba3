import { ClientErrorLogInputSchema } from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { parseJsonBody } from '../lib/parse-body';
import { getClientIp } from '../middleware/request-origin';
import { writeErrorLog, writeVisitorErrorLog } from '../services/error-logs/write-error-log';
import { getErrorReportLimit } from '../services/rate-limit/auth-limits';
import { assertNotLockedOut, countAttempt } from '../services/rate-limit/rate-limit';

/** Browser error reports. User and time come from the server, never from the body. */
export const errorLogRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const deps = c.get('deps');
  const limit = getErrorReportLimit(deps.config);
  const ip = getClientIp(c);
  await assertNotLockedOut(deps, [{ limit, subject: ip }], 'Too many error reports.');
  const input = await parseJsonBody(c, ClientErrorLogInputSchema);
  if (ip) await countAttempt(deps, limit, ip);
  const userId = c.get('session')?.user.id ?? null;
  const entry = {
    errorType: input.errorType,
    errorMessage: input.errorMessage,
    userId,
    context: input.context ?? {},
  };
  // A visitor's report also passes the visitor limits, which cap everyone's reports together.
  await (userId ? writeErrorLog(deps, entry) : writeVisitorErrorLog(deps, ip, entry));
  return c.body(null, 204);
});
