import type { ExportTrialRow, ResearchExportQuery } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { writeAuditEntry } from '../audit/write-audit-entry';
import type { ServiceContext } from '../context';
import { iterateTrialRows } from './iterate-trial-rows';

/**
 * The research export of every trial that matches the filter (admin only). The export is
 * recorded in the audit log, with its filter and format, before any row is read: what left the
 * system is on record even if the download is cut short.
 */
export async function startResearchExport(
  ctx: ServiceContext,
  actorId: string,
  query: ResearchExportQuery,
): Promise<AsyncGenerator<ExportTrialRow[]>> {
  // The filter may name an account that does not exist (an empty export): the target column
  // refers to users, so it names only a real one (an unknown userId would be a foreign-key
  // violation, a 500); details keep the filter as typed.
  const [target] = query.filter.userId
    ? await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, query.filter.userId))
    : [];
  await writeAuditEntry(ctx, {
    actorId,
    action: 'DATA_EXPORT',
    targetUserId: target?.id ?? null,
    details: { format: query.format, filter: query.filter },
  });
  return iterateTrialRows(ctx, query.filter);
}
