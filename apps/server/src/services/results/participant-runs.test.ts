import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  studies,
  studyParticipants,
  studyVersions,
  testResults,
  testSessions,
  trials,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { insertUser, signUpAdmin } from '../../testing/admin-fixtures';
import { fixtureRun, START_RUN } from '../../testing/fixture-run';
import { createTestContext, type TestClient, type TestContext } from '../../testing/test-app';
import { TEST_DATABASE_KINDS } from '../../testing/test-database';
import { findActiveRun } from './find-active-run';
import { saveTrial } from './save-trial';
import { getRunStartLimit, startRun } from './start-run';
import { getOwnedRun } from './to-run';

/**
 * A study participant's runs (ADR 040): a run has one owner, a user or a participant. The
 * services take the owner's id wherever they took the user's; a participant's runs stay out of
 * every user's and admin's view of results, and go with their study.
 */
describe.each(TEST_DATABASE_KINDS)('runs owned by a study participant on %s', (kind) => {
  let t: TestContext;
  let admin: TestClient;
  let user: TestClient;
  let participantId: string;
  let studyId: string;

  beforeAll(async () => {
    t = await createTestContext(kind);
    admin = await signUpAdmin(t, { email: 'admin@example.com' });
    user = await t.signUp({ email: 'user@example.com' });
    const db = t.database.db;
    const ownerId = await insertUser(db, { email: 'researcher@example.com', role: 'researcher' });
    const [study] = await db
      .insert(studies)
      .values({ ownerId, code: 'runs2study34', name: 'Runs', state: 'open' })
      .returning();
    studyId = study?.id ?? '';
    const [version] = await db
      .insert(studyVersions)
      .values({ studyId, number: 1, content: {}, contentHash: 'x' })
      .returning();
    const [participant] = await db
      .insert(studyParticipants)
      .values({ studyId, versionId: version?.id ?? '' })
      .returning();
    participantId = participant?.id ?? '';
  });
  afterAll(() => t.close());

  const limit = () => getRunStartLimit(t.deps.config);

  it('starts, resumes and saves a run the participant owns, as a user’s', async () => {
    const run = await startRun(t.deps, { participantId, studyStep: 2 }, START_RUN, limit());
    const [row] = await t.database.db.select().from(testResults).where(eq(testResults.id, run.id));
    expect(row).toMatchObject({
      userId: null,
      participantId,
      ownerId: participantId,
      studyStep: 2,
    });
    const [session] = await t.database.db
      .select()
      .from(testSessions)
      .where(eq(testSessions.id, row?.sessionId ?? ''));
    expect(session).toMatchObject({ userId: null, participantId });

    expect((await findActiveRun(t.deps, participantId, START_RUN.testType))?.id).toBe(run.id);
    const [first] = fixtureRun(run.seed, run.config);
    const position = {
      phase: first?.phase,
      block: first?.block ?? 0,
      trialNumber: first?.trialNumber,
    };
    expect(await saveTrial(t.deps, participantId, run.id, position as never, first)).toBe(
      'created',
    );
    // The hot path (the run is remembered) and the database both judge the owner.
    expect(await saveTrial(t.deps, participantId, run.id, position as never, first)).toBe(
      'duplicate',
    );
    expect((await getOwnedRun(t.deps, participantId, run.id)).result.id).toBe(run.id);
  });

  it('is nobody else’s: a user, an admin’s user API and the admin lists never see it', async () => {
    const run = await startRun(t.deps, { participantId, studyStep: 3 }, START_RUN, limit());
    const [first] = fixtureRun(run.seed, run.config);
    const position = {
      phase: first?.phase,
      block: first?.block ?? 0,
      trialNumber: first?.trialNumber,
    };
    const userId = (await user.get('/api/me')).body.user.id as string;
    await expect(saveTrial(t.deps, userId, run.id, position as never, first)).rejects.toThrow(
      AppError,
    );
    await expect(getOwnedRun(t.deps, userId, run.id)).rejects.toThrow('Result not found');
    expect((await user.get(`/api/results/${run.id}`)).status).toBe(404);
    expect((await admin.get(`/api/results/${run.id}`)).status).toBe(404);
    const listed = await admin.get('/api/admin/results?pageSize=100');
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((r: { id: string }) => r.id)).not.toContain(run.id);
    expect(listed.body.total).toBe(listed.body.results.length);
    const progress = await user.get('/api/progress');
    expect(JSON.stringify(progress.body)).not.toContain(run.id);
  });

  it('refuses a run with two owners or none, in the database itself', async () => {
    const db = t.database.db;
    const userId = (await user.get('/api/me')).body.user.id as string;
    await expect(
      db.insert(testSessions).values({ userId, participantId, testType: START_RUN.testType }),
    ).rejects.toThrow();
    await expect(
      db.insert(testSessions).values({ testType: START_RUN.testType }),
    ).rejects.toThrow();
  });

  it('goes with its study: deleting the study deletes the participant’s runs and trials', async () => {
    const db = t.database.db;
    const runs = await db
      .select()
      .from(testResults)
      .where(eq(testResults.participantId, participantId));
    expect(runs.length).toBeGreaterThan(0);
    await db.delete(studies).where(eq(studies.id, studyId));
    expect(
      await db.select().from(testResults).where(eq(testResults.participantId, participantId)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(trials)
        .where(eq(trials.resultId, runs[0]?.id ?? '')),
    ).toEqual([]);
    expect(
      await db.select().from(testSessions).where(eq(testSessions.participantId, participantId)),
    ).toEqual([]);
  });
});
