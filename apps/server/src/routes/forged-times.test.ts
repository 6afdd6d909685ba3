import {
  type AdminTrial,
  type AnyTask,
  type FixtureTrial,
  positionOf,
  type Run,
  TASKS,
  type TaskReportResponse,
  type TestType,
  type TrialEnvelope,
} from '@cogni/domain';
import * as digitSpan from '@cogni/domain/tasks/digit-span';
import * as flanker from '@cogni/domain/tasks/flanker';
import * as goNoGo from '@cogni/domain/tasks/go-no-go';
import * as nBack from '@cogni/domain/tasks/n-back';
import * as pvt from '@cogni/domain/tasks/pvt';
import * as sart from '@cogni/domain/tasks/sart';
import * as stroop from '@cogni/domain/tasks/stroop';
import * as towerOfHanoi from '@cogni/domain/tasks/tower-of-hanoi';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResults } from '../db/schema';
import { rescoreStoredRuns } from '../services/results/rescore';
import { signUpAdmin } from '../testing/admin-fixtures';
import { startRunBody } from '../testing/fixture-run';
import { saveTrialsAtHumanPace } from '../testing/human-pace';
import { completeRun, startRun } from '../testing/participant-api';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

/** A reaction time no person can have: a response 1 µs after the onset, ms. */
const FORGED_RT_MS = 0.001;

/** How much a forged run shrinks every time of a multi-input record (1e-4: 2 s becomes 0.2 ms). */
const FORGED_SCALE = 1e-4;

/**
 * How a task's run is forged, and what the server must then say: the flag of every forged
 * trial, and the least time any RT score or report cell may show.
 */
type Forgery = {
  flag: string;
  floorMs: (config: unknown) => number;
  /** The fixture run with its times forged, each trial still valid for the trial check. */
  forge(task: AnyTask, run: Run): FixtureTrial<TrialEnvelope>[];
};

/**
 * The response's time set to FORGED_RT_MS after the onset, on every trial with a response, with
 * `derived`: what the task's record derives from the reaction time.
 */
function forgeResponses(
  task: AnyTask,
  run: Run,
  derived: Record<string, unknown> = {},
): FixtureTrial<TrialEnvelope>[] {
  return task.fixtureRun(run.seed, run.config).map(({ trial, minimumMs }) => {
    if (trial.reactionTime === null) return { trial, minimumMs };
    const timing = trial.timing as { stimulusOnsetMs: number };
    return {
      trial: {
        ...trial,
        ...derived,
        reactionTime: FORGED_RT_MS,
        timing: { ...timing, responseTimestampMs: timing.stimulusOnsetMs + FORGED_RT_MS },
      } as TrialEnvelope,
      minimumMs,
    };
  });
}

/** Every time of a list after the keypad's onset (first key, submit) scaled by FORGED_SCALE. */
function forgeDigitSpan(task: AnyTask, run: Run): FixtureTrial<TrialEnvelope>[] {
  return task.fixtureRun(run.seed, run.config).map(({ trial, minimumMs }) => {
    const list = trial as unknown as digitSpan.Trial;
    const onset = list.timing.stimulusOnsetMs;
    const scale = (ms: number | null) => (ms === null ? null : ms * FORGED_SCALE);
    const firstKeyRt = scale(list.firstKeyRt);
    const reactionTime = scale(list.reactionTime);
    const forged: digitSpan.Trial = {
      ...list,
      firstKeyRt,
      reactionTime,
      timing: {
        ...list.timing,
        firstKeyMs: firstKeyRt === null ? null : onset + firstKeyRt,
        responseTimestampMs: reactionTime === null ? null : onset + reactionTime,
      },
    };
    return { trial: forged as unknown as TrialEnvelope, minimumMs };
  });
}

/** Every time of a problem after its onset (each event, the derived times) scaled by FORGED_SCALE. */
function forgeTowerOfHanoi(task: AnyTask, run: Run): FixtureTrial<TrialEnvelope>[] {
  return task.fixtureRun(run.seed, run.config).map(({ trial, minimumMs }) => {
    const problem = trial as unknown as towerOfHanoi.Trial;
    const onset = problem.timing.stimulusOnsetMs;
    const scale = (ms: number) => ms * FORGED_SCALE;
    const orNull = (ms: number | null) => (ms === null ? null : scale(ms));
    const forged: towerOfHanoi.Trial = {
      ...problem,
      events: problem.events.map((event) => ({
        ...event,
        atMs: scale(event.atMs),
        sinceLastMs: scale(event.sinceLastMs),
      })),
      firstMoveTimeMs: orNull(problem.firstMoveTimeMs),
      solutionTimeMs: orNull(problem.solutionTimeMs),
      totalTimeMs: scale(problem.totalTimeMs),
      reactionTime: orNull(problem.reactionTime),
      timing: {
        ...problem.timing,
        responseTimestampMs:
          problem.reactionTime === null ? null : onset + scale(problem.reactionTime),
        endMs: onset + scale(problem.totalTimeMs),
      },
    };
    return { trial: forged as unknown as TrialEnvelope, minimumMs };
  });
}

/**
 * The PVT's run played through its engine by a participant who answers every counter
 * FORGED_RT_MS after its onset: its times on task follow from the forged reaction times, so every
 * trial follows the one before.
 */
function forgePvt(_task: AnyTask, run: Run): FixtureTrial<TrialEnvelope>[] {
  const config = run.config as pvt.Config;
  return pvt
    .runVirtualSession({
      config,
      plan: pvt.plan(run.seed, config),
      timeOriginMs: pvt.SIMULATED_TIME_ORIGIN_MS,
      startMs: 1000,
      introMs: 3000,
      behave: () => ({ rtMs: FORGED_RT_MS }),
    })
    .trials.map((trial) => ({
      trial: trial as unknown as TrialEnvelope,
      minimumMs: pvt.fixtureMinimumMs(config, trial),
    }));
}

/** Each task's forgery: the flag is its name for a time under the floor. */
const FORGERIES: Record<TestType, Forgery> = {
  stroopTest: {
    flag: 'anticipation',
    floorMs: () => stroop.ANTICIPATION_MS,
    forge: forgeResponses,
  },
  goNoGoTest: {
    flag: 'anticipation',
    floorMs: () => goNoGo.ANTICIPATION_MS,
    forge: forgeResponses,
  },
  nbackTest: { flag: 'anticipation', floorMs: () => nBack.ANTICIPATION_MS, forge: forgeResponses },
  flankerTest: {
    flag: 'anticipation',
    floorMs: () => flanker.ANTICIPATION_MS,
    forge: forgeResponses,
  },
  sartTest: {
    flag: 'anticipation',
    floorMs: () => sart.ANTICIPATION_MS,
    forge: (task, run) =>
      forgeResponses(task, run, { latencyType: sart.latencyTypeOf(FORGED_RT_MS) }),
  },
  pvtTest: {
    flag: 'falseStart',
    floorMs: (config) => pvt.resolveConfig(config as pvt.Config).falseStartMs,
    forge: forgePvt,
  },
  digitSpanTest: {
    flag: 'tooFast',
    floorMs: () => digitSpan.FIRST_KEY_FLOOR_MS,
    forge: forgeDigitSpan,
  },
  towerOfHanoiTest: {
    flag: 'tooFast',
    floorMs: () => towerOfHanoi.PLANNING_FLOOR_MS,
    forge: forgeTowerOfHanoi,
  },
};

/**
 * Scores that are not a time a person took though named like one: the Tower of Hanoi's time on
 * its problems (a sum), and the SART's mean RT of every go press, the input of the quality check
 * that catches presses faster than the digits could be seen.
 */
const NOT_TIME_SCORES = ['totalTimeMs', 'meanAllGoRtMs'];

/** Scores that are times a person took (RTs, planning, answer times). */
const isTimeScore = (key: string) =>
  /(rt|rtms|timems|keyms|permovems)$/i.test(key) && !NOT_TIME_SCORES.includes(key);

/** Every time score in a task's scores, with its path. */
function timeScoresOf(value: unknown, path = 'scores'): { path: string; ms: number | null }[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const at = `${path}.${key}`;
    if (isTimeScore(key) && (inner === null || typeof inner === 'number')) {
      return [{ path: at, ms: inner }];
    }
    return timeScoresOf(inner, at);
  });
}

/**
 * A run whose times no person could have (each trial sent no sooner than a person could, so the
 * run stays plausible by the server's clock, ADR 026): every forged trial is flagged, the run's
 * time scores leave it out, and the admin's report shows no time under the task's floor (ADR 036).
 */
describe.each(TEST_DATABASE_KINDS)('forged times on every task on %s', (kind) => {
  let t: TestContext;
  let ada: TestClient;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestContext(kind);
    ada = await t.signUp({ email: 'ada@example.com' });
    admin = await signUpAdmin(t, { email: 'admin@example.com' });
  });
  afterAll(() => t.close());

  describe.each(TASKS.map((task) => [task.id, task] as const))('%s', (_id, task) => {
    it('flags a run of forged-but-paced times and keeps them out of its scores and the report', async () => {
      const forgery = FORGERIES[task.id];
      const run = await startRun(ada.send, startRunBody(task));
      const floorMs = forgery.floorMs(run.config);
      const trials = forgery.forge(task, run);
      const plan = task.plan(run.seed, run.config);
      for (const { trial } of trials) expect(task.checkTrial(trial, plan, run.config)).toEqual([]);
      await saveTrialsAtHumanPace(t, ada, run, trials);
      const done = await completeRun(ada.send, run.id);

      const stored = await ada.get<{ trials: AdminTrial[] }>(`/api/results/${run.id}/trials`);
      const fixture = task.fixtureRun(run.seed, run.config);
      const forged = trials.filter(({ trial }, i) => {
        const original = fixture[i]?.trial;
        return original === undefined || JSON.stringify(original) !== JSON.stringify(trial);
      });
      expect(forged.length).toBeGreaterThan(0);
      let leftOut = 0;
      for (const { trial } of forged) {
        const position = positionOf(trial);
        const saved = stored.body.trials.find(
          (s) =>
            s.phase === position.phase &&
            s.block === position.block &&
            s.trialNumber === position.trialNumber,
        );
        expect.soft(saved?.flags, JSON.stringify(position)).toContain(forgery.flag);
        // The scores leave it out, and say so with the trial (a trial they do not score, such as
        // practice or an N-back filler, has no exclusions).
        if (saved?.exclusions) {
          expect.soft(saved.exclusions, JSON.stringify(position)).toContain(forgery.flag);
          leftOut += 1;
        }
      }
      expect(leftOut).toBeGreaterThan(0);

      const summary = done.summary;
      if (!summary) throw new Error('a completed run without a summary');
      const times = [
        { path: 'averageReactionTime', ms: summary.averageReactionTime },
        ...timeScoresOf(summary.scores),
      ];
      for (const { path, ms } of times) {
        if (ms !== null) expect.soft(ms, path).toBeGreaterThanOrEqual(floorMs);
      }

      const report = async () => {
        const res = await admin.get<TaskReportResponse>(`/api/admin/reports/${task.id}`);
        expect(res.status).toBe(200);
        return res.body;
      };
      const reported = await report();
      // The run is plausible, so the report adds up its cells.
      expect(reported.runCount).toBe(1);
      for (const cell of reported.cells) {
        if (cell.rtTrialCount === 0) continue;
        const shown = `${cell.cell}: ${cell.meanRtMs} ms over ${cell.rtTrialCount} RTs`;
        expect.soft(cell.meanRtMs ?? 0, shown).toBeGreaterThanOrEqual(floorMs);
        expect.soft(cell.trialWeightedMeanRtMs ?? 0, shown).toBeGreaterThanOrEqual(floorMs);
      }

      // A run stored under the version before waits for its rescore, which gives the same cells.
      await t.database.db
        .update(testResults)
        .set({ scoringVersion: task.scoringVersion - 1, reportCells: {} })
        .where(eq(testResults.id, run.id));
      expect((await report()).runsAwaitingRescore).toBe(1);
      expect(await rescoreStoredRuns(t.database)).toBe(1);
      expect(await report()).toEqual(reported);
    });
  });
});
