import {
  AddCollaboratorInputSchema,
  ChangeStudyStateInputSchema,
  CreateStudyCodesInputSchema,
  CreateStudyExportJobInputSchema,
  DICTIONARY_COLUMNS,
  ExcludeParticipantInputSchema,
  FindParticipantQuerySchema,
  SaveStudyInputSchema,
  StudyDashboardQuerySchema,
  StudyExportQuerySchema,
  TransferStudyInputSchema,
  toCsvLine,
} from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { createExportResponse } from '../lib/export-response';
import { parseJsonBody } from '../lib/parse-body';
import { parseId } from '../lib/parse-id';
import { parseQuery } from '../lib/parse-query';
import { createDownloadResponse } from '../lib/stream-download';
import { requireResearcher } from '../middleware/session';
import { startPreview } from '../services/participation/participation';
import {
  deleteParticipantByResearcher,
  findParticipants,
} from '../services/participation/withdraw';
import {
  addCollaborator,
  NOT_A_COLLABORATOR,
  removeCollaborator,
  transferStudy,
} from '../services/studies/collaborators';
import {
  getStudyDashboard,
  PARTICIPANT_NOT_FOUND,
  setParticipantExcluded,
} from '../services/studies/dashboard';
import {
  createExportJob,
  EXPORT_JOB_NOT_FOUND,
  listExportJobs,
  openExportJobFile,
} from '../services/studies/export-jobs';
import { downloadPsychDsDataset, getStudyRowCounts } from '../services/studies/psych-ds';
import {
  changeStudyState,
  createStudy,
  deleteStudy,
  getStudy,
  listStudies,
  saveStudy,
} from '../services/studies/studies';
import { STUDY_NOT_FOUND } from '../services/studies/study-access';
import { createStudyCodes, listStudyCodes } from '../services/studies/study-codes';
import { getStudyExportDictionary, withStudyExport } from '../services/studies/study-export';
import { setParticipantCookie } from './participation';

const parseStudyId = (id: string | undefined) => parseId(id ?? '', STUDY_NOT_FOUND);

/** A table read at once (a data dictionary) as the one batch of a download. */
async function* oneBatch<Row>(rows: Row[]): AsyncGenerator<Row[]> {
  yield rows;
}

/**
 * The researcher's studies API (ADR 040). Every route needs a researcher or an admin (others
 * 403, visitors 401), checked before any body is read; a study the caller neither owns nor
 * collaborates on is a 404 (admins see every study).
 */
export const studyRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    requireResearcher(c);
    await next();
  })
  /** GET /api/studies -> `{ studies: StudySummary[] }`, newest change first. */
  .get('/', async (c) => {
    const { user } = requireResearcher(c);
    return c.json({ studies: await listStudies(c.get('deps'), user) });
  })
  /**
   * POST /api/studies `{ settings, content }` -> 201 `{ study: StudyDetail }`: a draft owned by
   * the caller. A task step's setting out of bounds is a 400 naming `content.steps.<i>.config.<setting>`.
   */
  .post('/', async (c) => {
    const { user } = requireResearcher(c);
    const input = await parseJsonBody(c, SaveStudyInputSchema);
    return c.json({ study: await createStudy(c.get('deps'), user, input) }, 201);
  })
  /** GET /api/studies/:id -> `{ study: StudyDetail }`. */
  .get('/:id', async (c) => {
    const { user } = requireResearcher(c);
    return c.json({ study: await getStudy(c.get('deps'), user, parseStudyId(c.req.param('id'))) });
  })
  /**
   * PUT /api/studies/:id `{ settings, content }` -> `{ study }`: new content replaces the newest
   * version until a participant starts it, and is the next version after.
   */
  .put('/:id', async (c) => {
    const { user } = requireResearcher(c);
    const id = parseStudyId(c.req.param('id'));
    const input = await parseJsonBody(c, SaveStudyInputSchema);
    return c.json({ study: await saveStudy(c.get('deps'), user, id, input) });
  })
  /**
   * POST /api/studies/:id/preview -> 201 `{ code }` and a participant cookie for the study: the
   * caller takes the study as a participant (marked as a preview) at /s/<code>.
   */
  .post('/:id/preview', async (c) => {
    const { user } = requireResearcher(c);
    const id = parseStudyId(c.req.param('id'));
    const { code, token } = await startPreview(c.get('deps'), user, id);
    setParticipantCookie(c, code, token);
    return c.json({ code }, 201);
  })
  /**
   * DELETE /api/studies/:id -> 204 (the owner or an admin); 409 once it has participants other
   * than previews.
   */
  .delete('/:id', async (c) => {
    const { user } = requireResearcher(c);
    await deleteStudy(c.get('deps'), user, parseStudyId(c.req.param('id')));
    return c.body(null, 204);
  })
  /** POST /api/studies/:id/state `{ state }` -> `{ study }`; a move not allowed is a 409. */
  .post('/:id/state', async (c) => {
    const { user } = requireResearcher(c);
    const id = parseStudyId(c.req.param('id'));
    const { state } = await parseJsonBody(c, ChangeStudyStateInputSchema);
    return c.json({ study: await changeStudyState(c.get('deps'), user, id, state) });
  })
  /** POST /api/studies/:id/collaborators `{ email }` -> `{ study }` (the owner or an admin). */
  .post('/:id/collaborators', async (c) => {
    const { user } = requireResearcher(c);
    const id = parseStudyId(c.req.param('id'));
    const { email } = await parseJsonBody(c, AddCollaboratorInputSchema);
    return c.json({ study: await addCollaborator(c.get('deps'), user, id, email) });
  })
  /** DELETE /api/studies/:id/collaborators/:userId -> `{ study }` (the owner or an admin). */
  .delete('/:id/collaborators/:userId', async (c) => {
    const { user } = requireResearcher(c);
    const id = parseStudyId(c.req.param('id'));
    const userId = parseId(c.req.param('userId'), NOT_A_COLLABORATOR);
    return c.json({ study: await removeCollaborator(c.get('deps'), user, id, userId) });
  })
  /** PUT /api/studies/:id/owner `{ userId }` -> `{ study }` (admins). */
  .put('/:id/owner', async (c) => {
    const { user } = requireResearcher(c);
    const id = parseStudyId(c.req.param('id'));
    const { userId } = await parseJsonBody(c, TransferStudyInputSchema);
    return c.json({ study: await transferStudy(c.get('deps'), user, id, userId) });
  })
  /** GET /api/studies/:id/codes -> `{ studyCode, codes: StudyCode[] }`, oldest first. */
  .get('/:id/codes', async (c) => {
    const { user } = requireResearcher(c);
    return c.json(await listStudyCodes(c.get('deps'), user, parseStudyId(c.req.param('id'))));
  })
  /**
   * GET /api/studies/:id/codes.csv: the personal links as CSV (code, label, link path, created,
   * used), for a mail merge.
   */
  .get('/:id/codes.csv', async (c) => {
    const { user } = requireResearcher(c);
    const { studyCode, codes } = await listStudyCodes(
      c.get('deps'),
      user,
      parseStudyId(c.req.param('id')),
    );
    const lines = [toCsvLine(['code', 'label', 'link', 'createdAt', 'usedAt'])];
    for (const code of codes) {
      lines.push(
        toCsvLine([
          code.code,
          code.label,
          `/s/${studyCode}/${code.code}`,
          code.createdAt,
          code.usedAt,
        ]),
      );
    }
    c.header('Content-Type', 'text/csv; charset=utf-8; header=present');
    c.header('Content-Disposition', `attachment; filename="study-${studyCode}-codes.csv"`);
    return c.body(lines.join(''));
  })
  /** POST /api/studies/:id/codes `{ count, label }` -> 201 `{ codes: StudyCode[] }`. */
  .post('/:id/codes', async (c) => {
    const { user } = requireResearcher(c);
    const id = parseStudyId(c.req.param('id'));
    const input = await parseJsonBody(c, CreateStudyCodesInputSchema);
    return c.json({ codes: await createStudyCodes(c.get('deps'), user, id, input) }, 201);
  })
  /**
   * GET /api/studies/:id/dashboard?page=&pageSize=&state= -> StudyDashboard: participants by
   * state, the funnel of steps reached, the median time of each step (previews and excluded
   * participants left out), and a page of the participant table, newest first.
   */
  .get('/:id/dashboard', async (c) => {
    const { user } = requireResearcher(c);
    const id = parseStudyId(c.req.param('id'));
    const query = parseQuery(c, StudyDashboardQuerySchema);
    return c.json(await getStudyDashboard(c.get('deps'), user, id, query));
  })
  /**
   * POST /api/studies/:id/participants/:participantId/exclude `{ excluded }` -> `{ participant }`:
   * the researcher's manual flag; the participant's data stays, marked.
   */
  .post('/:id/participants/:participantId/exclude', async (c) => {
    const { user } = requireResearcher(c);
    const id = parseStudyId(c.req.param('id'));
    const participantId = parseId(c.req.param('participantId'), PARTICIPANT_NOT_FOUND);
    const { excluded } = await parseJsonBody(c, ExcludeParticipantInputSchema);
    const participant = await setParticipantExcluded(
      c.get('deps'),
      user,
      id,
      participantId,
      excluded,
    );
    return c.json({ participant });
  })
  /**
   * GET /api/studies/:id/participants/find?q= -> `{ participants }`: the study's participants
   * whose id is or starts with `q` (8 characters at least), or whose link carried a parameter
   * of exactly that value (a panel's id).
   */
  .get('/:id/participants/find', async (c) => {
    const { user } = requireResearcher(c);
    const id = parseStudyId(c.req.param('id'));
    const { q } = parseQuery(c, FindParticipantQuerySchema);
    return c.json({ participants: await findParticipants(c.get('deps'), user, id, q) });
  })
  /**
   * POST /api/studies/:id/participants/:participantId/delete -> `{ participant, deleted }`: the
   * participant's runs, trials, answers and link parameters deleted, the row kept as withdrawn
   * (by the researcher); audited.
   */
  .post('/:id/participants/:participantId/delete', async (c) => {
    const { user } = requireResearcher(c);
    const id = parseStudyId(c.req.param('id'));
    const participantId = parseId(c.req.param('participantId'), PARTICIPANT_NOT_FOUND);
    return c.json(await deleteParticipantByResearcher(c.get('deps'), user, id, participantId));
  })
  /**
   * GET /api/studies/:id/export?format=csv|json&table=trials|participants&withParams=false|true
   * -> a streamed download of the study's data: one row per trial of its participants' runs, or
   * one per participant (previews left out); pseudonymous unless withParams=true (the panel ids,
   * audited). CSV: header row, then rows. JSON: `{ exportedAt, columns, rows }`.
   */
  .get('/:id/export', async (c) => {
    const { user } = requireResearcher(c);
    const id = parseStudyId(c.req.param('id'));
    const { format, table, withParams } = parseQuery(c, StudyExportQuerySchema);
    const deps = c.get('deps');
    return withStudyExport(deps, user, id, { table, format, withParams }, (source) =>
      createExportResponse({ ...source, format, now: deps.now(), logger: deps.logger }),
    );
  })
  /**
   * GET /api/studies/:id/export/dictionary?format=csv|json&table=trials|participants -> the data
   * dictionary of that table: one row per column `{ name, type, description }`, in its order.
   */
  .get('/:id/export/dictionary', async (c) => {
    const { user } = requireResearcher(c);
    const id = parseStudyId(c.req.param('id'));
    const { format, table, withParams } = parseQuery(c, StudyExportQuerySchema);
    const deps = c.get('deps');
    const { fileName, rows } = await getStudyExportDictionary(deps, user, id, table, withParams);
    return createExportResponse({
      format,
      fileName,
      columns: DICTIONARY_COLUMNS,
      batches: oneBatch(rows),
      now: deps.now(),
      logger: deps.logger,
    });
  })
  /**
   * GET /api/studies/:id/export/counts -> the rows of the study's data (previews left out), the
   * Psych-DS files they make, and the trial rows above which the page exports as a job.
   */
  .get('/:id/export/counts', async (c) => {
    const { user } = requireResearcher(c);
    const id = parseStudyId(c.req.param('id'));
    const deps = c.get('deps');
    const counts = await getStudyRowCounts(deps, user, id);
    return c.json({ ...counts, jobThreshold: deps.config.STUDY_EXPORT_JOB_ROWS });
  })
  /**
   * GET /api/studies/:id/dataset -> the study's data as a Psych-DS dataset: a zip streamed as it
   * is made (services/studies/psych-ds.ts), audited.
   */
  .get('/:id/dataset', async (c) => {
    const { user } = requireResearcher(c);
    const id = parseStudyId(c.req.param('id'));
    const deps = c.get('deps');
    const dataset = await downloadPsychDsDataset(deps, user, id);
    return createDownloadResponse({
      chunks: dataset.chunks,
      fileName: dataset.fileName,
      contentType: 'application/zip',
      logger: deps.logger,
    });
  })
  /**
   * POST /api/studies/:id/export-jobs { kind, format?, withParams? } -> 201 { job }: a
   * background export of the study's data (services/studies/export-jobs.ts); 409 while one of
   * that kind is under way.
   */
  .post('/:id/export-jobs', async (c) => {
    const { user } = requireResearcher(c);
    const id = parseStudyId(c.req.param('id'));
    const input = await parseJsonBody(c, CreateStudyExportJobInputSchema);
    const job = await createExportJob(c.get('deps'), user, id, input);
    return c.json({ job }, 201);
  })
  /** GET /api/studies/:id/export-jobs -> { jobs }: the study's exports that have not expired. */
  .get('/:id/export-jobs', async (c) => {
    const { user } = requireResearcher(c);
    const id = parseStudyId(c.req.param('id'));
    const jobs = await listExportJobs(c.get('deps'), user, id);
    return c.json({ jobs });
  })
  /** GET /api/studies/:id/export-jobs/:jobId/file -> a done job's file, audited. */
  .get('/:id/export-jobs/:jobId/file', async (c) => {
    const { user } = requireResearcher(c);
    const id = parseStudyId(c.req.param('id'));
    const jobId = parseId(c.req.param('jobId'), EXPORT_JOB_NOT_FOUND);
    const deps = c.get('deps');
    const file = await openExportJobFile(deps, user, id, jobId);
    return createDownloadResponse({ ...file, logger: deps.logger });
  });
