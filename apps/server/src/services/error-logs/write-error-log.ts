import type { ErrorType } from '@cogni/domain';
import { errorLogs } from '../../db/schema';
import type { ServiceContext } from '../context';

export type ErrorLogEntry = {
  errorType: ErrorType;
  errorMessage: string;
  userId?: string | null;
  context?: Record<string, unknown>;
};

/** Appends one errorLogs record (spec section 3, D20). */
export async function writeErrorLog(ctx: ServiceContext, entry: ErrorLogEntry): Promise<void> {
  await ctx.db.insert(errorLogs).values({
    errorType: entry.errorType,
    errorMessage: entry.errorMessage,
    userId: entry.userId ?? null,
    timestamp: ctx.now(),
    context: entry.context ?? {},
  });
}
