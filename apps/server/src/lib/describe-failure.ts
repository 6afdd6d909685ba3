import { DrizzleQueryError } from 'drizzle-orm';

/** Longest message kept in an error-log entry, in characters. */
const MAX_MESSAGE_LENGTH = 1000;

/**
 * The message an error-log entry keeps for a failure. A failed query is described by the
 * database's own error: Drizzle's message repeats the SQL and its parameters, which may hold
 * personal data or password hashes, and admins read error logs.
 */
export function describeFailure(error: unknown): string {
  let cause = error;
  while (cause instanceof DrizzleQueryError && cause.cause) cause = cause.cause;
  const message = cause instanceof Error ? cause.message || cause.name : String(cause);
  return message.slice(0, MAX_MESSAGE_LENGTH) || 'Unknown error';
}
