import {
  DICTIONARY_COLUMNS,
  describeColumns,
  ExportDictionaryQuerySchema,
  RESEARCH_TRIAL_EXPORT_COLUMNS,
  ResearchExportQuerySchema,
} from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { createExportResponse } from '../../lib/export-response';
import { parseQuery } from '../../lib/parse-query';
import { requireAdmin } from '../../middleware/session';

import { startResearchExport } from '../../services/exports/start-research-export';

/** The dictionary is fixed: one batch of rows, no database. */
async function* dictionaryRows() {
  yield describeColumns(RESEARCH_TRIAL_EXPORT_COLUMNS);
}

export const adminExportRoutes = new Hono<AppEnv>()
  /**
   * GET /api/admin/export?format=csv|json&userId=&testType=&from=&to=&includeMock=
   * &includeImplausible=&includePreview= (filters as in GET /results) -> a streamed download, one row per trial (RESEARCH_TRIAL_EXPORT_COLUMNS), results
   * oldest first, trials in run order. CSV: header row, then rows. JSON: `{ exportedAt,
   * columns: [{ name, type, description }], rows: [{ column: value }] }`. Recorded in the audit
   * log.
   */
  .get('/', async (c) => {
    const { user } = requireAdmin(c);
    const query = parseQuery(c, ResearchExportQuerySchema);
    const deps = c.get('deps');
    const now = deps.now();
    return createExportResponse({
      format: query.format,
      fileName: `cogni-research-export-${now.toISOString().slice(0, 10)}`,
      columns: RESEARCH_TRIAL_EXPORT_COLUMNS,
      batches: await startResearchExport(deps, user.id, query),
      now,
      logger: deps.logger,
    });
  })
  /**
   * GET /api/admin/export/dictionary?format=csv|json -> the data dictionary of the export as a
   * download: one row per column `{ name, type, description }`, in the export's column order.
   */
  .get('/dictionary', async (c) => {
    requireAdmin(c);
    const { format } = parseQuery(c, ExportDictionaryQuerySchema);
    const deps = c.get('deps');
    const now = deps.now();
    return createExportResponse({
      format,
      fileName: 'cogni-research-export-dictionary',
      columns: DICTIONARY_COLUMNS,
      batches: dictionaryRows(),
      now,
      logger: deps.logger,
    });
  });
