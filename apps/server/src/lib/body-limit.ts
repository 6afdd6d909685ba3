import type { Text } from '@cogni/domain';
import type { MiddlewareHandler } from 'hono';
import { AppError } from './app-error';

/** Largest accepted API request body, in bytes (ASVS 4.1.1); larger is a 413. */
export const MAX_BODY_BYTES = 64 * 1024;

const TOO_LARGE: Text = /*i18n*/ { id: 'errors.tooLarge', message: 'Request body is too large' };

export const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);

/**
 * Refuses a body whose declared length is over the limit before anything reads it. A body with
 * no length (chunked) is counted as it is read (lib/read-body.ts). Hono's bodyLimit does the
 * same, but asks the request for its `body` first, which makes @hono/node-server build a fetch
 * Request around the socket for every request, body or not.
 */
export const limitBodySize: MiddlewareHandler = async (c, next) => {
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number.parseInt(declared, 10) > MAX_BODY_BYTES) throw tooLarge();
  await next();
};
