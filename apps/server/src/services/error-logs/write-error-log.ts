import type { ErrorType } from '@cogni/domain';
import { errorLogs } from '../../db/schema';
import { toStorableJson, toStorableText } from '../../lib/storable-text';
import type { ServiceContext } from '../context';

export type ErrorLogEntry = {
  errorType: ErrorType;
  errorMessage: string;
  userId?: string | null;
  context?: Record<string, unknown>;
};

/**
 * Appends one errorLogs record (spec section 3, D20). Messages and context often quote what a
 * client sent (a login email, a path), so NUL and unpaired surrogates, which the database
 * refuses, are replaced: a failure must be recorded, not turned into a 500.
 */
export async function writeErrorLog(ctx: ServiceContext, entry: ErrorLogEntry): Promise<void> {
  await ctx.db.insert(errorLogs).values({
    errorType: entry.errorType,
    errorMessage: toStorableText(entry.errorMessage),
    userId: entry.userId ?? null,
    timestamp: ctx.now(),
    context: toStorableJson(entry.context ?? {}) as Record<string, unknown>,
  });
}
