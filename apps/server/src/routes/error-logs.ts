import { ClientErrorLogInputSchema } from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { parseJsonBody } from '../lib/parse-body';
import { writeErrorLog } from '../services/error-logs/write-error-log';

/** Browser error reports. User and time come from the server, never from the body. */
export const errorLogRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const input = await parseJsonBody(c, ClientErrorLogInputSchema);
  await writeErrorLog(c.get('deps'), {
    errorType: input.errorType,
    errorMessage: input.errorMessage,
    userId: c.get('session')?.user.id ?? null,
    context: input.context ?? {},
  });
  return c.body(null, 204);
});
