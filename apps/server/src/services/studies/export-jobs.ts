import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type {
  CreateStudyExportJobInput,
  StudyExportJob,
  StudyExportJobKind,
  Text,
  User,
} from '@cogni/domain';
import { and, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import { studies, studyExportJobs } from '../../db/schema';
import type { Config } from '../../env';
import { AppError } from '../../lib/app-error';
import { describeFailure } from '../../lib/describe-failure';
import { toCsvChunks, toJsonChunks } from '../../lib/export-response';
import type { Logger } from '../../lib/logger';
import { writeAuditEntry } from '../audit/write-audit-entry';
import type { ServiceContext } from '../context';
import { countStudyRows, openPsychDsDataset, psychDsZipName } from './psych-ds';
import { loadStudy, type StudyRow } from './study-access';
import { openStudyTable } from './study-export';

const TEXTS = {
  exportUnderWay: /*i18n*/ {
    id: 'errors.exportUnderWay',
    message: 'An export of this kind is already under way for the study',
  },
  exportFailed: /*i18n*/ {
    id: 'errors.exportFailed',
    message: 'The export failed: start it again',
  },
  exportNotDone: /*i18n*/ { id: 'errors.exportNotDone', message: 'The export is not done yet' },
} satisfies Record<string, Text>;

/**
 * Background exports of a study's data (ADR 041, step f): a large study's Psych-DS zip or one
 * of its tables is written to a file by the server process that took the request, one job at a
 * time, while the study page polls its progress (rows written of rows counted); the file
 * downloads once done and is deleted, with its job, a day after it finished.
 *
 * Until it finishes, a job's `expiresAt` is a lease its server renews every LEASE_RENEW_MS: a
 * job whose lease ran out has no server running it (the server stopped) and is marked failed
 * by the next maintenance pass of any instance, which a server runs 5 seconds after it starts.
 * Several instances on one PostgreSQL serve a job's file only if they share EXPORT_DIR.
 */

export type ExportJobContext = ServiceContext & { config: Config; logger: Logger };

export const EXPORT_JOB_NOT_FOUND: Text = /*i18n*/ {
  id: 'errors.exportNotFound',
  message: 'Export not found',
};

/** How long a finished job's file is kept. */
export const EXPORT_JOB_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** How long an unfinished job's lease lasts, and how often its server renews it. */
const LEASE_MS = 2 * 60 * 1000;
const LEASE_RENEW_MS = 30 * 1000;
/** How often a running job writes its progress. */
const PROGRESS_INTERVAL_MS = 1_000;
/** The newest jobs a study lists. */
const LISTED_JOBS = 20;

type JobRow = typeof studyExportJobs.$inferSelect;

/** The folder of the export files: EXPORT_DIR, by default `exports` in DATA_DIR. */
export const exportDirOf = (config: Config) =>
  config.EXPORT_DIR ?? path.join(config.DATA_DIR, 'exports');

const filePathOf = (config: Config, jobId: string) => path.join(exportDirOf(config), jobId);
const partPathOf = (config: Config, jobId: string) => `${filePathOf(config, jobId)}.part`;

/** The ids of the jobs this process has queued or is running, with their lease's timer. */
const activeJobs = new Map<string, NodeJS.Timeout>();

/** Holds a job for this process: renews its lease until `releaseJob`. */
function holdJob(ctx: ExportJobContext, jobId: string): void {
  const timer = setInterval(() => {
    ctx.db
      .update(studyExportJobs)
      .set({ expiresAt: new Date(ctx.now().getTime() + LEASE_MS) })
      .where(
        and(eq(studyExportJobs.id, jobId), inArray(studyExportJobs.state, ['queued', 'running'])),
      )
      .catch((error: unknown) => {
        ctx.logger.error({ err: error, jobId }, 'study export job lease not renewed');
      });
  }, LEASE_RENEW_MS);
  timer.unref();
  activeJobs.set(jobId, timer);
}

function releaseJob(jobId: string): void {
  clearInterval(activeJobs.get(jobId));
  activeJobs.delete(jobId);
}
/** Jobs run one after another: each reads the whole study, and the server has other work. */
let queue: Promise<void> = Promise.resolve();

function formatOf(row: JobRow): StudyExportJob['format'] {
  const extension = path.extname(row.fileName ?? '').slice(1);
  return extension === 'json' ? 'json' : extension === 'csv' ? 'csv' : 'zip';
}

function toJob(row: JobRow): StudyExportJob {
  return {
    id: row.id,
    kind: row.kind as StudyExportJobKind,
    format: formatOf(row),
    withParams: row.withParams,
    state: row.state,
    rowsTotal: row.rowsTotal,
    rowsDone: row.rowsDone,
    fileName: row.fileName ?? '',
    bytes: row.bytes,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** Changes a job's row; false when the row is gone (its study deleted). */
async function updateJob(
  ctx: ServiceContext,
  jobId: string,
  values: Partial<typeof studyExportJobs.$inferInsert>,
): Promise<boolean> {
  const updated = await ctx.db
    .update(studyExportJobs)
    .set(values)
    .where(eq(studyExportJobs.id, jobId))
    .returning({ id: studyExportJobs.id });
  return updated.length > 0;
}

/**
 * Makes a background export of the study's data for `user` (who needs access to the study):
 * counts its rows, records the job, and queues it. One job of a kind per study at a time.
 */
export async function createExportJob(
  ctx: ExportJobContext,
  user: User,
  studyId: string,
  input: CreateStudyExportJobInput,
): Promise<StudyExportJob> {
  const { study } = await loadStudy(ctx, user, studyId);
  const counts = await countStudyRows(ctx, study);
  const withParams = input.kind !== 'psych-ds' && input.withParams === true;
  const format = input.kind === 'psych-ds' ? 'zip' : (input.format ?? 'csv');
  const fileName =
    input.kind === 'psych-ds'
      ? psychDsZipName(study.code)
      : `study-${study.code}-${input.kind}${withParams ? '-with-params' : ''}-${ctx.now().toISOString().slice(0, 10)}.${format}`;
  const rowsTotal =
    input.kind === 'psych-ds'
      ? counts.trials + counts.participants
      : input.kind === 'trials'
        ? counts.trials
        : counts.participants;
  const id = randomUUID();
  holdJob(ctx, id);
  try {
    // The study row locked, so two requests at once make one job of a kind.
    const row = await ctx.db.transaction(async (tx) => {
      await tx
        .select({ id: studies.id })
        .from(studies)
        .where(eq(studies.id, study.id))
        .for('update');
      const [busy] = await tx
        .select({ id: studyExportJobs.id })
        .from(studyExportJobs)
        .where(
          and(
            eq(studyExportJobs.studyId, study.id),
            eq(studyExportJobs.kind, input.kind),
            inArray(studyExportJobs.state, ['queued', 'running']),
          ),
        )
        .limit(1);
      if (busy) {
        throw new AppError('CONFLICT', TEXTS.exportUnderWay);
      }
      const [inserted] = await tx
        .insert(studyExportJobs)
        .values({
          id,
          studyId: study.id,
          requestedBy: user.id,
          kind: input.kind,
          withParams,
          rowsTotal,
          fileName,
          createdAt: ctx.now(),
          expiresAt: new Date(ctx.now().getTime() + LEASE_MS),
        })
        .returning();
      if (!inserted) throw new Error('The export job was not recorded');
      return inserted;
    });
    queue = queue.then(() => runJob(ctx, study, row));
    return toJob(row);
  } catch (error) {
    releaseJob(id);
    throw error;
  }
}

/** The bytes a job writes, and the data rows each batch held reported to `onRows`. */
async function jobChunks(
  ctx: ServiceContext,
  study: StudyRow,
  job: JobRow,
  onRows: (rows: number) => void,
): Promise<AsyncGenerator<Uint8Array>> {
  if (job.kind === 'psych-ds') return (await openPsychDsDataset(ctx, study, { onRows })).chunks;
  const table = job.kind === 'trials' ? 'trials' : 'participants';
  const format = formatOf(job);
  return openStudyTable(ctx, study, { table, withParams: job.withParams }, (source) => {
    async function* counted() {
      for await (const batch of source.batches) {
        onRows(batch.length);
        yield batch;
      }
    }
    const text =
      format === 'json'
        ? toJsonChunks(source.columns, counted(), ctx.now())
        : toCsvChunks(source.columns, counted());
    return encodeChunks(text);
  });
}

async function* encodeChunks(text: AsyncIterable<string>): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  for await (const chunk of text) yield encoder.encode(chunk);
}

/** Stops a job whose row is gone. */
class JobGone extends Error {}

/**
 * Runs a job: writes its file under a `.part` name with backpressure, its progress every
 * second, then renames it and marks the job done; a failure marks it failed with why, and
 * leaves no file.
 */
async function runJob(ctx: ExportJobContext, study: StudyRow, job: JobRow): Promise<void> {
  const part = partPathOf(ctx.config, job.id);
  try {
    if (!(await updateJob(ctx, job.id, { state: 'running' }))) return;
    await mkdir(exportDirOf(ctx.config), { recursive: true });
    let rowsDone = 0;
    let bytes = 0;
    let savedAt = Date.now();
    const chunks = await jobChunks(ctx, study, job, (rows) => {
      rowsDone += rows;
    });
    async function* withProgress() {
      for await (const chunk of chunks) {
        bytes += chunk.length;
        yield chunk;
        if (Date.now() - savedAt >= PROGRESS_INTERVAL_MS) {
          savedAt = Date.now();
          if (!(await updateJob(ctx, job.id, { rowsDone }))) throw new JobGone();
        }
      }
    }
    await pipeline(Readable.from(withProgress()), createWriteStream(part));
    const file = filePathOf(ctx.config, job.id);
    await rename(part, file);
    const finishedAt = ctx.now();
    const recorded = await updateJob(ctx, job.id, {
      state: 'done',
      rowsDone,
      bytes,
      finishedAt,
      expiresAt: new Date(finishedAt.getTime() + EXPORT_JOB_LIFETIME_MS),
    });
    if (!recorded) await rm(file, { force: true });
  } catch (error) {
    await rm(part, { force: true });
    if (error instanceof JobGone) return;
    ctx.logger.error({ err: error, jobId: job.id }, 'study export job failed');
    const finishedAt = ctx.now();
    await updateJob(ctx, job.id, {
      state: 'failed',
      error: describeFailure(error),
      finishedAt,
      expiresAt: new Date(finishedAt.getTime() + EXPORT_JOB_LIFETIME_MS),
    }).catch((updateError) => {
      ctx.logger.error({ err: updateError, jobId: job.id }, 'study export job left unmarked');
    });
  } finally {
    releaseJob(job.id);
  }
}

/** The study's newest jobs, unfinished or finished and not expired, newest first. */
export async function listExportJobs(
  ctx: ServiceContext,
  user: User,
  studyId: string,
): Promise<StudyExportJob[]> {
  const { study } = await loadStudy(ctx, user, studyId);
  const rows = await ctx.db
    .select()
    .from(studyExportJobs)
    .where(
      and(
        eq(studyExportJobs.studyId, study.id),
        or(
          inArray(studyExportJobs.state, ['queued', 'running']),
          gt(studyExportJobs.expiresAt, ctx.now()),
        ),
      ),
    )
    .orderBy(desc(studyExportJobs.createdAt))
    .limit(LISTED_JOBS);
  return rows.map(toJob);
}

/**
 * A done job's file for `user` (who needs access to the study), its download recorded in the
 * audit log. A job of another study, or expired, is a 404; one not done yet a 409.
 */
export async function openExportJobFile(
  ctx: ExportJobContext,
  user: User,
  studyId: string,
  jobId: string,
): Promise<{
  fileName: string;
  bytes: number;
  contentType: string;
  chunks: AsyncGenerator<Uint8Array>;
}> {
  const { study } = await loadStudy(ctx, user, studyId);
  const [row] = await ctx.db
    .select()
    .from(studyExportJobs)
    .where(and(eq(studyExportJobs.id, jobId), eq(studyExportJobs.studyId, study.id)));
  if (!row || (row.state === 'done' && row.expiresAt && row.expiresAt <= ctx.now())) {
    throw new AppError('NOT_FOUND', EXPORT_JOB_NOT_FOUND);
  }
  if (row.state !== 'done') {
    throw new AppError(
      'CONFLICT',
      row.state === 'failed' ? TEXTS.exportFailed : TEXTS.exportNotDone,
    );
  }
  const file = filePathOf(ctx.config, row.id);
  const bytes = await stat(file).then(
    (found) => found.size,
    () => {
      throw new AppError('NOT_FOUND', EXPORT_JOB_NOT_FOUND);
    },
  );
  const format = formatOf(row);
  await writeAuditEntry(ctx, {
    actorId: user.id,
    action: 'STUDY_DATA_EXPORT',
    details: {
      studyId: study.id,
      studyCode: study.code,
      table: row.kind,
      format,
      withParams: row.withParams,
      jobId: row.id,
    },
  });
  return {
    fileName: row.fileName ?? `${row.id}.${format}`,
    bytes,
    contentType:
      format === 'zip'
        ? 'application/zip'
        : format === 'json'
          ? 'application/json; charset=utf-8'
          : 'text/csv; charset=utf-8; header=present',
    chunks: readChunks(file),
  };
}

async function* readChunks(file: string): AsyncGenerator<Uint8Array> {
  for await (const chunk of createReadStream(file)) yield chunk as Buffer;
}

/** What one maintenance pass did to the export jobs. */
export type ExportJobSweep = { failed: number; expired: number };

/**
 * Housekeeping of the export jobs: a queued or running job whose lease ran out (no server runs
 * it: the server stopped during it) is marked failed; finished jobs a day old are deleted with
 * their files; and a file in the export folder with no job, or a failed one's, is deleted.
 */
export async function sweepExportJobs(ctx: ExportJobContext): Promise<ExportJobSweep> {
  const now = ctx.now();
  const unfinished = and(
    inArray(studyExportJobs.state, ['queued', 'running']),
    or(isNull(studyExportJobs.expiresAt), lte(studyExportJobs.expiresAt, now)),
  );
  const failed = await ctx.db
    .update(studyExportJobs)
    .set({
      state: 'failed',
      error: 'The server stopped during the export: start it again',
      finishedAt: now,
      expiresAt: new Date(now.getTime() + EXPORT_JOB_LIFETIME_MS),
    })
    .where(unfinished)
    .returning({ id: studyExportJobs.id });
  const expired = await ctx.db
    .delete(studyExportJobs)
    .where(
      and(inArray(studyExportJobs.state, ['done', 'failed']), lte(studyExportJobs.expiresAt, now)),
    )
    .returning({ id: studyExportJobs.id });
  const dir = exportDirOf(ctx.config);
  const names = await readdir(dir).catch(() => [] as string[]);
  const ids = [...new Set(names.map((name) => name.replace(/\.part$/, '')))];
  const kept = new Set<string>();
  for (let from = 0; from < ids.length; from += 500) {
    const rows = await ctx.db
      .select({ id: studyExportJobs.id, state: studyExportJobs.state })
      .from(studyExportJobs)
      .where(inArray(studyExportJobs.id, ids.slice(from, from + 500)));
    for (const row of rows) if (row.state !== 'failed') kept.add(row.id);
  }
  for (const name of names) {
    const id = name.replace(/\.part$/, '');
    if (!kept.has(id) && !activeJobs.has(id)) await rm(path.join(dir, name), { force: true });
  }
  return { failed: failed.length, expired: expired.length };
}
