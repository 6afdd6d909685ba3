import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StudyDetail, StudyExportCounts, StudyExportJob } from '@cogni/domain';
import { and, asc, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, studies, studyExportJobs, studyParticipants } from '../db/schema';
import { sweepExportJobs } from '../services/studies/export-jobs';
import { openPsychDsDataset } from '../services/studies/psych-ds';
import { userIdOf } from '../testing/admin-fixtures';
import { parseCsv } from '../testing/parse-csv';
import { apiRequestInit } from '../testing/participant-api';
import { checkPsychDs } from '../testing/psych-ds-rules';
import {
  joinStudy,
  openStudy,
  participationPath,
  STUDY_CONTENT,
  STUDY_SETTINGS,
  signUpResearcher,
  takeTaskStep,
} from '../testing/study-fixtures';
import {
  createTestContext,
  TEST_ORIGIN,
  type TestClient,
  type TestContext,
} from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

const DATASET = {
  authors: ['Ada Lovelace', 'Charles Babbage'],
  license: 'CC-BY-4.0',
  keywords: ['working memory', 'inhibition'],
};

/** A file of a zip as text. */
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

/** A CSV file's rows as records by its header. */
function records(csv: string): Record<string, string>[] {
  const [header = [], ...rows] = parseCsv(csv);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}

/**
 * The study's Psych-DS dataset and its background exports (ADR 041, step f) through HTTP on
 * both databases: a study of two tasks with a finished participant, one excluded, one who took
 * no task and a preview, checked against every rule of the Psych-DS specification and against
 * the study's own trials export.
 */
describe.each(TEST_DATABASE_KINDS)('a study’s Psych-DS dataset on %s', (kind) => {
  let t: TestContext;
  let exportDir: string;
  let owner: TestClient;
  let collaborator: TestClient;
  let stranger: TestClient;
  let study: StudyDetail;
  let other: StudyDetail;

  /** A download's status, headers and bytes. */
  async function download(client: TestClient, url: string) {
    const response = await t.app.request(
      new URL(url, TEST_ORIGIN).toString(),
      apiRequestInit('GET', { origin: TEST_ORIGIN, cookie: client.cookie }),
    );
    return {
      status: response.status,
      headers: response.headers,
      bytes: new Uint8Array(await response.arrayBuffer()),
    };
  }

  /** The study's jobs, polled until none is queued or running. */
  async function settledJobs(studyId = study.id): Promise<StudyExportJob[]> {
    for (let attempt = 0; attempt < 300; attempt++) {
      const res = await owner.get<{ jobs: StudyExportJob[] }>(
        `/api/studies/${studyId}/export-jobs`,
      );
      expect(res.status).toBe(200);
      if (res.body.jobs.every((job) => job.state === 'done' || job.state === 'failed')) {
        return res.body.jobs;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the export jobs did not finish');
  }

  const datasetPath = () => `/api/studies/${study.id}/dataset`;
  const digitsFile = () => `data/study-${study.code}_task-digitspan_data.csv`;
  const goNoGoFile = () => `data/study-${study.code}_task-gonogo_data.csv`;
  const participantsFile = () => `data/study-${study.code}_description-participants_data.csv`;

  beforeAll(async () => {
    exportDir = await mkdtemp(path.join(tmpdir(), 'cogni-exports-'));
    t = await createTestContext(kind, { EXPORT_DIR: exportDir, STUDY_EXPORT_JOB_ROWS: '10' });
    owner = await signUpResearcher(t, 'owner@example.com');
    collaborator = await signUpResearcher(t, 'collaborator@example.com');
    stranger = await signUpResearcher(t, 'stranger@example.com');
    study = await openStudy(owner, {
      settings: { ...STUDY_SETTINGS, dataset: DATASET },
      content: STUDY_CONTENT,
    });
    other = await openStudy(owner);
    expect(
      (
        await owner.post(`/api/studies/${study.id}/collaborators`, {
          email: 'collaborator@example.com',
        })
      ).status,
    ).toBe(200);
    const base = participationPath(study.code);
    const step = async (browser: TestClient, suffix: string, body: unknown = {}) => {
      t.clock.offsetMs += 1_000;
      const res = await browser.post(`${base}${suffix}`, body);
      expect(res.status, `${suffix}: ${JSON.stringify(res.body)}`).toBe(200);
    };
    // Ana takes both tasks; Finn the first, then is excluded; Eve only starts.
    const ana = (await joinStudy(t, study.code, { PROLIFIC_PID: 'pid-ana-secret' })).browser;
    await step(ana, '/consent', { agree: true });
    await step(ana, '/steps/1/done');
    await takeTaskStep(t, ana, study.code, 2);
    await step(ana, '/steps/3/done', { answers: { age: 34, handedness: 'left' } });
    await step(ana, '/steps/4/done');
    await takeTaskStep(t, ana, study.code, 5);
    const finn = (await joinStudy(t, study.code, { PROLIFIC_PID: 'pid-finn-secret' })).browser;
    await step(finn, '/consent', { agree: true });
    await step(finn, '/steps/1/done');
    await takeTaskStep(t, finn, study.code, 2);
    await joinStudy(t, study.code);
    // Finn is the second to start.
    const [, finnRow] = await t.database.db
      .select({ id: studyParticipants.id })
      .from(studyParticipants)
      .where(and(eq(studyParticipants.studyId, study.id), eq(studyParticipants.isPreview, false)))
      .orderBy(asc(studyParticipants.startedAt));
    const excluded = await owner.post(
      `/api/studies/${study.id}/participants/${finnRow?.id}/exclude`,
      { excluded: true },
    );
    expect(excluded.status).toBe(200);
    // The researcher's preview with a task: never in the data.
    const previewer = t.client();
    previewer.cookie = owner.cookie;
    expect((await previewer.post(`/api/studies/${study.id}/preview`)).status).toBe(201);
    await step(previewer, '/consent', { agree: true });
    await step(previewer, '/steps/1/done');
    await takeTaskStep(t, previewer, study.code, 2);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await rm(exportDir, { recursive: true, force: true });
  });

  it('downloads a zip named for the study that passes every rule of the Psych-DS specification', async () => {
    const res = await download(owner, datasetPath());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="study-${study.code}_psych-ds.zip"`,
    );
    const files = unzipSync(res.bytes);
    expect(Object.keys(files).sort()).toEqual(
      [
        'dataset_description.json',
        'README.md',
        digitsFile(),
        goNoGoFile(),
        participantsFile(),
      ].sort(),
    );
    expect(checkPsychDs(files)).toEqual([]);
  });

  it('describes the dataset from the study: name, description, authors, license, keywords, and every column as the data dictionary does', async () => {
    const files = unzipSync((await download(owner, datasetPath())).bytes);
    const description = JSON.parse(text(files['dataset_description.json']));
    expect(description).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'Dataset',
      name: STUDY_CONTENT.title,
      description: STUDY_CONTENT.description,
      author: DATASET.authors.map((name) => ({ '@type': 'Person', name })),
      license: DATASET.license,
      keywords: DATASET.keywords,
    });
    const variables = new Map<string, string>(
      description.variableMeasured.map((v: { name: string; description: string }) => [
        v.name,
        v.description,
      ]),
    );
    const headers = [digitsFile(), goNoGoFile(), participantsFile()].flatMap(
      (name) => parseCsv(text(files[name]))[0] ?? [],
    );
    expect([...variables.keys()].sort()).toEqual([...new Set(headers)].sort());
    const dictionary = await owner.get<{
      columns: unknown;
      rows: { name: string; type: string; description: string }[];
    }>(`/api/studies/${study.id}/export/dictionary?format=json&table=participants`);
    for (const column of dictionary.body.rows) {
      expect(variables.get(column.name), column.name).toBe(
        `${column.description} (${column.type})`,
      );
    }
  });

  it('holds each task’s trials as the trials export has them, with a row_id, no URL parameter, previews out and the excluded in, marked', async () => {
    const files = unzipSync((await download(owner, datasetPath())).bytes);
    const zipText = Object.values(files).map(text).join('\n');
    expect(zipText).not.toContain('pid-ana-secret');
    expect(zipText).not.toContain('pid-finn-secret');
    const trialsExport = records(
      (await owner.get<string>(`/api/studies/${study.id}/export?table=trials&format=csv`)).body,
    );
    for (const [file, testType] of [
      [digitsFile(), 'digitSpanTest'],
      [goNoGoFile(), 'goNoGoTest'],
    ] as const) {
      const rows = records(text(files[file]));
      const expected = trialsExport.filter((row) => row.test_type === testType);
      expect(rows.length, file).toBe(expected.length);
      expect(rows.map((row) => row.row_id)).toEqual(rows.map((_, i) => String(i + 1)));
      expect(Object.keys(rows[0] ?? {}).some((name) => name.startsWith('param_'))).toBe(false);
      rows.forEach((row, i) => {
        const { row_id: _rowId, ...cells } = row;
        for (const [name, value] of Object.entries(cells)) {
          expect(value, `${file} row ${i + 1} ${name}`).toBe(expected[i]?.[name]);
        }
      });
    }
    // Digits: Ana's and Finn's runs (Finn's marked excluded); the preview's is not there.
    const digits = records(text(files[digitsFile()]));
    expect(new Set(digits.map((row) => row.participant_excluded))).toEqual(
      new Set(['true', 'false']),
    );
    const participants = records(text(files[participantsFile()]));
    expect(participants).toHaveLength(3);
    expect(participants.map((row) => row.participant_excluded).sort()).toEqual([
      'false',
      'false',
      'true',
    ]);
  });

  it('splits a task with more rows than a file holds into parts, row_id counting on, every rule kept', async () => {
    const [row] = await t.database.db.select().from(studies).where(eq(studies.id, study.id));
    if (!row) throw new Error('no study');
    const dataset = await openPsychDsDataset(t.deps, row, { rowsPerFile: 50 });
    const chunks: Uint8Array[] = [];
    for await (const chunk of dataset.chunks) chunks.push(chunk);
    const files = unzipSync(Buffer.concat(chunks));
    expect(checkPsychDs(files)).toEqual([]);
    const whole = unzipSync((await download(owner, datasetPath())).bytes);
    const goNoGoRows = records(text(whole[goNoGoFile()]));
    expect(goNoGoRows.length).toBeGreaterThan(100);
    const parts = Math.ceil(goNoGoRows.length / 50);
    const partPaths = Array.from(
      { length: parts },
      (_, i) => `data/study-${study.code}_task-gonogo_description-part${i + 1}_data.csv`,
    );
    expect(Object.keys(files).sort()).toEqual(
      [
        'dataset_description.json',
        'README.md',
        digitsFile(),
        participantsFile(),
        ...partPaths,
      ].sort(),
    );
    expect(dataset.counts.files.map((file) => [file.path, file.rows])).toEqual([
      ...partPaths.map((path, i) => [path, Math.min(50, goNoGoRows.length - i * 50)]),
      [digitsFile(), records(text(whole[digitsFile()])).length],
      [participantsFile(), 3],
    ]);
    const joined = partPaths.flatMap((path) => records(text(files[path])));
    expect(joined).toEqual(goNoGoRows);
  });

  it('counts the rows before a download as the files hold them', async () => {
    const res = await collaborator.get<StudyExportCounts>(`/api/studies/${study.id}/export/counts`);
    expect(res.status).toBe(200);
    const files = unzipSync((await download(owner, datasetPath())).bytes);
    const rowsOf = (name: string) => parseCsv(text(files[name])).length - 1;
    expect(res.body).toEqual({
      trials: rowsOf(digitsFile()) + rowsOf(goNoGoFile()),
      participants: 3,
      // In the task list's order, then the participants.
      files: [
        { path: goNoGoFile(), testType: 'goNoGoTest', rows: rowsOf(goNoGoFile()) },
        { path: digitsFile(), testType: 'digitSpanTest', rows: rowsOf(digitsFile()) },
        { path: participantsFile(), testType: null, rows: 3 },
      ],
      jobThreshold: 10,
    });
    expect((await stranger.get(`/api/studies/${study.id}/export/counts`)).status).toBe(404);
  });

  it('records each download in the audit log; a stranger’s refused download leaves none', async () => {
    const recorded = () =>
      t.database.db
        .select()
        .from(adminAuditLog)
        .where(eq(adminAuditLog.action, 'STUDY_DATA_EXPORT'));
    const before = (await recorded()).length;
    expect((await download(stranger, datasetPath())).status).toBe(404);
    expect((await recorded()).length).toBe(before);
    expect((await download(collaborator, datasetPath())).status).toBe(200);
    const entries = await recorded();
    expect(entries.length).toBe(before + 1);
    const collaboratorId = await userIdOf(t.database.db, 'collaborator@example.com');
    expect(entries.at(-1)).toMatchObject({
      actorId: collaboratorId,
      details: {
        studyId: study.id,
        studyCode: study.code,
        table: 'psych-ds',
        format: 'zip',
        withParams: false,
      },
    });
  });

  it('exports as a background job: counted first, progress to the end, the same dataset to download, audited at download', async () => {
    const created = await owner.post<{ job: StudyExportJob }>(
      `/api/studies/${study.id}/export-jobs`,
      { kind: 'psych-ds' },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const counts = (await owner.get<StudyExportCounts>(`/api/studies/${study.id}/export/counts`))
      .body;
    expect(created.body.job).toMatchObject({
      kind: 'psych-ds',
      format: 'zip',
      withParams: false,
      rowsTotal: counts.trials + counts.participants,
      fileName: `study-${study.code}_psych-ds.zip`,
    });
    const [job] = (await settledJobs()).filter((j) => j.id === created.body.job.id);
    expect(job).toMatchObject({ state: 'done', rowsDone: counts.trials + counts.participants });
    const file = await download(
      collaborator,
      `/api/studies/${study.id}/export-jobs/${job?.id}/file`,
    );
    expect(file.status).toBe(200);
    expect(file.bytes.length).toBe(job?.bytes);
    expect(file.headers.get('content-type')).toBe('application/zip');
    const fromJob = unzipSync(file.bytes);
    const direct = unzipSync((await download(owner, datasetPath())).bytes);
    expect(checkPsychDs(fromJob)).toEqual([]);
    for (const name of [digitsFile(), goNoGoFile(), participantsFile()]) {
      expect(text(fromJob[name]), name).toBe(text(direct[name]));
    }
    const audited = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'STUDY_DATA_EXPORT'));
    const collaboratorId = await userIdOf(t.database.db, 'collaborator@example.com');
    expect(audited.filter((e) => (e.details as { jobId?: string }).jobId === job?.id)).toEqual([
      expect.objectContaining({
        actorId: collaboratorId,
        details: {
          studyId: study.id,
          studyCode: study.code,
          table: 'psych-ds',
          format: 'zip',
          withParams: false,
          jobId: job?.id,
        },
      }),
    ]);
  });

  it('exports a table as a job: the same CSV as the streamed export', async () => {
    const created = await owner.post<{ job: StudyExportJob }>(
      `/api/studies/${study.id}/export-jobs`,
      { kind: 'trials', format: 'csv' },
    );
    expect(created.status).toBe(201);
    const [job] = (await settledJobs()).filter((j) => j.id === created.body.job.id);
    expect(job?.state).toBe('done');
    const file = await download(owner, `/api/studies/${study.id}/export-jobs/${job?.id}/file`);
    const streamed = await owner.get<string>(`/api/studies/${study.id}/export?table=trials`);
    expect(text(file.bytes)).toBe(streamed.body);
    expect(job?.rowsDone).toBe(parseCsv(streamed.body).length - 1);
  });

  it('refuses bad job input with a clear message and makes no job', async () => {
    const before = (await settledJobs()).length;
    for (const [body, field] of [
      [{ kind: 'psych-ds', format: 'csv' }, 'format'],
      [{ kind: 'psych-ds', withParams: true }, 'withParams'],
      [{ kind: 'everything' }, 'kind'],
      [{ kind: 'trials', format: 'xlsx' }, 'format'],
      [{ kind: 'trials', extra: 1 }, ''],
    ] as const) {
      const res = await owner.post(`/api/studies/${study.id}/export-jobs`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect(JSON.stringify(res.body), JSON.stringify(body)).toContain(field);
    }
    expect((await settledJobs()).length).toBe(before);
  });

  it('refuses a second job of a kind under way, and marks failed a job whose lease ran out (no server runs it)', async () => {
    const ownerId = await userIdOf(t.database.db, 'owner@example.com');
    // A job a stopped server left: running, its lease renewed a last time a minute from now.
    const [stale] = await t.database.db
      .insert(studyExportJobs)
      .values({
        studyId: study.id,
        requestedBy: ownerId,
        kind: 'participants',
        state: 'running',
        fileName: 'x.csv',
        expiresAt: new Date(t.deps.now().getTime() + 60_000),
      })
      .returning();
    const refused = await owner.post(`/api/studies/${study.id}/export-jobs`, {
      kind: 'participants',
    });
    expect(refused.status).toBe(409);
    const file = await owner.get(`/api/studies/${study.id}/export-jobs/${stale?.id}/file`);
    expect(file.status).toBe(409);
    // Within its lease it stays; once the lease has run out, it is marked failed.
    expect((await sweepExportJobs({ ...t.deps })).failed).toBe(0);
    const later = new Date(t.deps.now().getTime() + 2 * 60_000);
    const sweep = await sweepExportJobs({ ...t.deps, now: () => later });
    expect(sweep.failed).toBe(1);
    const jobs = await settledJobs();
    expect(jobs.find((job) => job.id === stale?.id)).toMatchObject({
      state: 'failed',
      error: 'The server stopped during the export: start it again',
    });
    const again = await owner.post(`/api/studies/${study.id}/export-jobs`, {
      kind: 'participants',
    });
    expect(again.status).toBe(201);
    await settledJobs();
    // Two requests at once: one job.
    const both = await Promise.all([
      owner.post(`/api/studies/${study.id}/export-jobs`, { kind: 'trials', format: 'json' }),
      collaborator.post(`/api/studies/${study.id}/export-jobs`, { kind: 'trials', format: 'json' }),
    ]);
    expect(both.map((res) => res.status).sort()).toEqual([201, 409]);
    await settledJobs();
  });

  it('gives a job’s file only through its own study, and not to a stranger', async () => {
    const [job] = (await settledJobs()).filter((j) => j.state === 'done');
    expect((await owner.get(`/api/studies/${other.id}/export-jobs/${job?.id}/file`)).status).toBe(
      404,
    );
    expect(
      (await stranger.get(`/api/studies/${study.id}/export-jobs/${job?.id}/file`)).status,
    ).toBe(404);
    expect((await stranger.get(`/api/studies/${study.id}/export-jobs`)).status).toBe(404);
    expect(
      (
        await owner.get(
          `/api/studies/${study.id}/export-jobs/00000000-0000-4000-8000-000000000000/file`,
        )
      ).status,
    ).toBe(404);
  });

  it('forgets jobs and deletes their files a day after they finished, and files with no job', async () => {
    const done = (await settledJobs()).filter((job) => job.state === 'done');
    expect(done.length).toBeGreaterThan(0);
    await writeFile(path.join(exportDir, 'left-behind.part'), 'x');
    // A day on: expiresAt passed (the sessions would have expired with the clock moved on).
    await t.database.db
      .update(studyExportJobs)
      .set({ expiresAt: new Date(t.deps.now().getTime() - 1_000) })
      .where(and(eq(studyExportJobs.studyId, study.id), eq(studyExportJobs.state, 'done')));
    const listed = await owner.get<{ jobs: StudyExportJob[] }>(
      `/api/studies/${study.id}/export-jobs`,
    );
    expect(listed.body.jobs.filter((job) => job.state === 'done')).toEqual([]);
    expect(
      (await owner.get(`/api/studies/${study.id}/export-jobs/${done[0]?.id}/file`)).status,
    ).toBe(404);
    await t.database.db
      .update(studyExportJobs)
      .set({ expiresAt: new Date(t.deps.now().getTime() - 1_000) })
      .where(eq(studyExportJobs.studyId, study.id));
    const sweep = await sweepExportJobs({ ...t.deps });
    expect(sweep.expired).toBeGreaterThanOrEqual(done.length);
    expect(await readdir(exportDir)).toEqual([]);
    const rows = await t.database.db
      .select()
      .from(studyExportJobs)
      .where(eq(studyExportJobs.studyId, study.id));
    expect(rows).toEqual([]);
  });
});
