import type { ExportTrialRow, ResearchExportQuery } from '@cogni/domain';
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
  await writeAuditEntry(ctx, {
    actorId,
    action: 'DATA_EXPORT',
    targetUserId: query.filter.userId ?? null,
    details: { format: query.format, filter: query.filter },
  });
  return iterateTrialRows(ctx, query.filter);
}
