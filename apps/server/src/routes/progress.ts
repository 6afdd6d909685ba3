import { ExportFormatSchema, MY_DATA_EXPORT_COLUMNS, type Text } from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { AppError } from '../lib/app-error';
import { createExportResponse } from '../lib/export-response';
import { parseResultId } from '../lib/parse-id';
import { requireUser } from '../middleware/session';

import { iterateTrialRows } from '../services/exports/iterate-trial-rows';
import { getProgress, getProgressTrials } from '../services/progress/get-progress';

const EXPORT_FORMAT_REFUSED: Text = /*i18n*/ {
  id: 'validation.exportFormat',
  message: "format must be 'csv' or 'json'",
};

export const progressRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { user } = requireUser(c);
    return c.json(await getProgress(c.get('deps'), user.id));
  })
  /** The trials of one of the caller's finished results, for its details (charts, tables). */
  .get('/results/:id/trials', async (c) => {
    const { user } = requireUser(c);
    const resultId = parseResultId(c.req.param('id'));
    return c.json(await getProgressTrials(c.get('deps'), user.id, resultId));
  })
  /**
   * 'Download my data': every trial of the caller's own results, nobody else's. An admin's
   * previews (ADR 028) are left out, as progress leaves them out: they are tries of a task, not
   * the admin's own results.
   */
  .get('/export', async (c) => {
    const { user } = requireUser(c);
    const format = ExportFormatSchema.safeParse(c.req.query('format') ?? 'csv');
    if (!format.success) throw new AppError('BAD_REQUEST', EXPORT_FORMAT_REFUSED);
    const deps = c.get('deps');
    const now = deps.now();
    return createExportResponse({
      format: format.data,
      fileName: `cogni-my-data-${now.toISOString().slice(0, 10)}`,
      columns: MY_DATA_EXPORT_COLUMNS,
      batches: iterateTrialRows(deps, { userId: user.id, includePreview: false }),
      now,
      logger: deps.logger,
    });
  });
