import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  studyParticipantParams,
  studyParticipants,
  testResults,
  trials,
} from '../../apps/server/src/db/schema';
import {
  openStudy,
  STUDY_SETTINGS,
  signUpResearcher,
} from '../../apps/server/src/testing/study-fixtures';
import { createTestContext, type TestContext } from '../../apps/server/src/testing/test-app';
import { createBenchApp } from './bench-routes';
import { createHttpClient } from './http-client';
import { emptyMetrics } from './metrics';
import { Participant } from './participant';

/** A short study: consent, four Stroop trials, a debrief (bench/study-load.ts's, shortened). */
const CONTENT = {
  title: 'Colour words',
  description: 'A short study.',
  steps: [
    { kind: 'consent', title: 'Consent', text: 'You may stop at any time.' },
    {
      kind: 'task',
      title: 'Colours',
      testType: 'stroopTest',
      config: { sampleTrials: 1, practiceTrials: 1, testTrials: 2 },
    },
    { kind: 'debrief', title: 'Thank you', text: 'The study measures attention.' },
  ],
};

describe("the load benchmark's study participant", () => {
  let t: TestContext;
  let server: ReturnType<typeof createAdaptorServer>;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestContext('pglite', {}, { buildApp: createBenchApp });
    server = createAdaptorServer({ fetch: t.app.fetch });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it('takes a study by its open link, step by step, every trial saved, and finishes', async () => {
    const researcher = await signUpResearcher(t, 'researcher@example.com');
    const study = await openStudy(researcher, { settings: STUDY_SETTINGS, content: CONTENT });
    const client = createHttpClient(baseUrl);
    const metrics = emptyMetrics();
    const principal = {
      kind: 'participant',
      studyCode: study.code,
      params: { PROLIFIC_PID: 'bench-0' },
    } as const;
    const participant = new Participant(client, principal, 'ours', () => metrics, 0);
    try {
      await participant.done;
    } finally {
      participant.stop();
      client.close();
    }
    expect(metrics.errorSamples).toEqual([]);
    expect(participant.isJoined).toBe(true);
    expect(participant.isFinished).toBe(true);
    expect(metrics.trialsCreated).toBe(4);
    expect(metrics.requests).toMatchObject({
      join: 1,
      consent: 1,
      start: 1,
      trial: 4,
      complete: 1,
      step: 1,
      finish: 1,
      login: 0,
    });
    const [row] = await t.database.db
      .select()
      .from(studyParticipants)
      .where(eq(studyParticipants.studyId, study.id));
    expect(row).toMatchObject({ state: 'completed' });
    const [pid] = await t.database.db
      .select({ value: studyParticipantParams.value })
      .from(studyParticipantParams)
      .where(eq(studyParticipantParams.participantId, row?.id ?? ''));
    expect(pid?.value).toBe('bench-0');
    const stored = await t.database.db
      .select({ id: trials.id })
      .from(trials)
      .innerJoin(testResults, eq(testResults.id, trials.resultId))
      .where(
        and(isNotNull(testResults.participantId), eq(testResults.participantId, row?.id ?? '')),
      );
    expect(stored).toHaveLength(4);
  });
  it('with again, follows a finished participant by a new one with its own panel id, until stopped', async () => {
    const researcher = await signUpResearcher(t, 'again@example.com');
    const study = await openStudy(researcher, { settings: STUDY_SETTINGS, content: CONTENT });
    const client = createHttpClient(baseUrl);
    const metrics = emptyMetrics();
    const principal = {
      kind: 'participant',
      studyCode: study.code,
      params: { PROLIFIC_PID: 'bench-again' },
      again: true,
    } as const;
    const participant = new Participant(client, principal, 'ours', () => metrics, 0);
    const rows = () =>
      t.database.db
        .select({ state: studyParticipants.state, pid: studyParticipantParams.value })
        .from(studyParticipants)
        .leftJoin(
          studyParticipantParams,
          eq(studyParticipantParams.participantId, studyParticipants.id),
        )
        .where(eq(studyParticipants.studyId, study.id));
    try {
      await vi.waitFor(
        async () => {
          const completed = (await rows()).filter((row) => row.state === 'completed');
          expect(completed.length).toBeGreaterThanOrEqual(2);
        },
        { timeout: 90_000, interval: 500 },
      );
    } finally {
      participant.stop();
      await participant.done;
      client.close();
    }
    expect(metrics.errorSamples).toEqual([]);
    // Not one participation finished: the participant goes on as a new one.
    expect(participant.isFinished).toBe(false);
    const pids = (await rows()).map((row) => row.pid);
    expect(pids).toEqual(expect.arrayContaining(['bench-again', 'bench-again-1']));
    expect(new Set(pids).size).toBe(pids.length);
  }, 120_000);
});
