import type { IncomingMessage } from 'node:http';
import type { Text } from '@cogni/domain';
import type { Context } from 'hono';
import { AppError } from './app-error';
import { MAX_BODY_BYTES, tooLarge } from './body-limit';

const CUT_OFF: Text = /*i18n*/ { id: 'errors.bodyCutOff', message: 'Request body was cut off' };

/** Each request's body, read once: a second reader (the login's failure log) gets the same. */
const bodies = new WeakMap<Request, Promise<string>>();

/**
 * The request body as text (UTF-8, a byte-order mark dropped, as `Request.text()` does).
 *
 * Under the Node server the body is read straight from Node's request. Going through
 * `c.req.json()` makes @hono/node-server build a full fetch `Request` (an AbortController, a web
 * stream over the socket) for every request with a body, a large share of the CPU a trial save
 * costs under load (bench:load). In-process requests (tests) use the fetch Request.
 * At most MAX_BODY_BYTES are read whatever the headers say; more is a 413.
 */
export function readBodyText(c: Context): Promise<string> {
  const request = c.req.raw;
  let body = bodies.get(request);
  if (!body) {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    body = incoming && !incoming.readableDidRead ? readIncoming(incoming) : readFetchBody(c);
    bodies.set(request, body);
  }
  return body;
}

async function readFetchBody(c: Context): Promise<string> {
  const bytes = await c.req.arrayBuffer();
  if (bytes.byteLength > MAX_BODY_BYTES) throw tooLarge();
  return new TextDecoder().decode(bytes);
}

function readIncoming(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error: AppError | null) => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('close', onClose);
      incoming.off('error', onClose);
      if (error) {
        // Let the rest of the body drain so the 413 can go out on the same connection.
        incoming.resume();
        reject(error);
      } else {
        resolve(new TextDecoder().decode(Buffer.concat(chunks, size)));
      }
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        finish(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(null);
    // The client went away before the whole body came.
    const onClose = () => finish(new AppError('BAD_REQUEST', CUT_OFF));
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('close', onClose);
    incoming.once('error', onClose);
  });
}
