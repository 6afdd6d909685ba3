import { Writable } from 'node:stream';
import { createLogger } from '../lib/logger';

/** A logger whose lines are collected, split as a log shipper would read them. */
export function captureLog() {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return {
    logger: createLogger('info', stream),
    lines: () => text.split('\n').filter((line) => line !== ''),
  };
}
