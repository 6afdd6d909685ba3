// One open study link, 1,000 participants without accounts (ADR 040): do trial saves keep p99
// under 50 ms while they all take the study, is nothing lost, and how much headroom is left
// below the same server's bare-insert ceiling? On PostgreSQL and on the embedded PGlite.
//
// A researcher (the role set in the bench's own database, as the API tests do) makes a study
// with a consent, a Stroop task step (default settings) and a debrief, and opens it. The
// participants open its link evenly spread over one minute; each (bench/load/participant.ts, a
// 'participant' principal) starts with a PROLIFIC_PID, agrees, starts the task step's run,
// answers its trials at a person's pace while its outbox saves them one at a time (the pace and
// retries of bench:load's participants), completes the run, reads the debrief and finishes.
// Trial saves are measured in windows from the first join to the last finish; the figures are
// those of the windows in which every participant was in the task. Then the maximum: a second
// study's link takes participants in steps (x1.25 from 1,000, as bench:load steps up users),
// each who finishes followed by a new one, until p99 passes 50 ms; the best sustained step is
// the most participant saves a second the server takes. Then, in the same run, the ceiling as
// bench:load measures it: signed-in users stepping up with their trials sent to the bare insert
// (bench/load/bench-routes.ts) until p99 passes 50 ms. Finally every trial confirmed with a 201
// must be stored once, and every participant of the first study must be 'completed'.
//
// The issue's "trial saves/s stay at least 2x the same run's bare-insert ceiling" is bench:load's
// figure with participants as the principals: the most saves/s sustained with p99 under 50 ms is
// at least twice the ceiling. The headroom at 1,000 (ceiling over the saves they need) is
// reported beside it.
//
// Usage: npx tsx bench/study-load.ts [--db postgres|pglite] [--participants 1000] [--quick]
//   [--no-ceiling] [--no-step-up] [--no-users] [--out <name>]
//   PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a new
//   database is made and dropped). Writes bench/results/<date>-study-load.{json,md} (--out to
//   name them otherwise); --no-ceiling and --no-step-up leave those parts out; --quick (a short
//   task, 200 participants joining over 10 s, short steps, for development) writes to the temp
//   folder instead.

import { writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as stroop from '@cogni/domain/tasks/stroop';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import {
  studies,
  studyParticipants,
  testResults,
  trials,
  users,
} from '../apps/server/src/db/schema';
import { api, expectingSuccess, fetchTransport } from '../apps/server/src/testing/participant-api';
import { percentile, ROOT, round1 } from './lib';
import { type BenchDatabase, createBenchDatabase, type DatabaseKind } from './load/bench-database';
import {
  checkTrialsStored,
  confirmedTrials,
  createLoadGenerator,
  type LoadGenerator,
  type TrialTally,
} from './load/load-generator';
import { emptyMetrics, mergeMetrics, REQUEST_KINDS, type WorkerMetrics } from './load/metrics';
import { type Account, meanTrialPaceMs, runPaceMs } from './load/participant';
import { stepTable } from './load/report';
import { startBenchServer } from './load/server';
import { JOINS_PER_SEC, measureWindow, type StepResult, type StepUp, stepUp } from './load/steps';

const GOAL_P99_MS = 50;
/** The participants' most sustained saves must be at least this many times the ceiling. */
const GOAL_OVER_CEILING = 2;
/** Today, for the results' file names (bench/results/<date>-study-load.*). */
const DATE = new Date().toISOString().slice(0, 10);

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    db: { type: 'string', multiple: true },
    participants: { type: 'string' },
    /** The results' base name in bench/results (default `<date>-study-load`). */
    out: { type: 'string' },
    /** The study alone, without the ceiling's step-up (a supplementary run; no ratio). */
    'no-ceiling': { type: 'boolean', default: false },
    /** Without the participants' step-up to their maximum. */
    'no-step-up': { type: 'boolean', default: false },
    /** Without signed-in users stepped up through the real endpoint beside them. */
    'no-users': { type: 'boolean', default: false },
  },
});
const kinds = (args.db ?? ['postgres', 'pglite']) as DatabaseKind[];
for (const kind of kinds) {
  if (kind !== 'postgres' && kind !== 'pglite') throw new Error(`--db ${kind}: postgres or pglite`);
}

const settings = args.quick
  ? {
      participants: 200,
      joinSpreadMs: 10_000,
      windowMs: 5000,
      // 30 trials, about a minute.
      taskConfig: { sampleTrials: 2, practiceTrials: 4, testTrials: 24 },
      ceiling: {
        timing: { joinSpreadMs: 4000, warmupMs: 7000, measureMs: 6000 },
        plan: { first: 300, factor: 2 },
        accounts: 3000,
      },
      stepUp: {
        timing: { joinSpreadMs: 4000, warmupMs: 7000, measureMs: 6000 },
        plan: { first: 300, factor: 2, maxParticipants: 3000 },
      },
    }
  : {
      participants: 1000,
      joinSpreadMs: 60_000,
      windowMs: 15_000,
      taskConfig: {},
      // bench:load's full steps, from 1,000 participants.
      ceiling: {
        timing: { joinSpreadMs: 5000, warmupMs: 10_000, measureMs: 15_000 },
        plan: { first: 1000, factor: 1.25 },
        accounts: 6000,
      },
      // The same steps with study participants.
      stepUp: {
        timing: { joinSpreadMs: 5000, warmupMs: 10_000, measureMs: 15_000 },
        plan: { first: 1000, factor: 1.25, maxParticipants: 12_000 },
      },
    };
const participants = Number(args.participants ?? settings.participants);
if (!Number.isInteger(participants) || participants < 1) {
  throw new Error(`--participants ${args.participants}: a whole number`);
}
const taskConfig = stroop.ConfigSchema.parse({ ...stroop.DEFAULT_CONFIG, ...settings.taskConfig });
const meanPaceMs = meanTrialPaceMs(taskConfig);
const taskMs = runPaceMs(taskConfig);
/** Trial saves a second the participants make while all of them are in the task. */
const neededPerSec = round1((participants * 1000) / meanPaceMs);

const STUDY_SETTINGS = {
  name: 'Load: one open link',
  participantCap: null,
  capturedParams: ['PROLIFIC_PID'],
  completionUrl: 'https://app.prolific.com/submissions/complete?cc={COMPLETION_CODE}',
  declineMessage: 'Thank you all the same.',
  declineUrl: null,
  completionCode: 'C0FFEE',
  showScores: false,
};
const STUDY_CONTENT = {
  title: 'Colour words',
  description: 'Name the colour of the ink, not the word.',
  steps: [
    { kind: 'consent', title: 'Consent', text: 'You may stop at any time.' },
    { kind: 'task', title: 'Colours', testType: 'stroopTest', config: settings.taskConfig },
    { kind: 'debrief', title: 'Thank you', text: 'The study measures attention.' },
  ],
};

/**
 * The researcher, over the real API: logs in, makes a study named `name`, opens it; its open
 * link's code.
 */
async function openStudy(baseUrl: string, researcher: Account, name: string): Promise<string> {
  const send = expectingSuccess(fetchTransport(baseUrl));
  await send(api.logIn(researcher));
  const created = (await send({
    method: 'POST',
    path: '/api/studies',
    body: { settings: { ...STUDY_SETTINGS, name }, content: STUDY_CONTENT },
    status: 201,
  })) as { study: { id: string; code: string } };
  await send({
    method: 'POST',
    path: `/api/studies/${created.study.id}/state`,
    body: { state: 'open' },
    status: 200,
  });
  return created.study.code;
}

type Latency = { p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number };

function latencyOf(ms: number[]): Latency {
  const sorted = Array.from(Float64Array.from(ms).sort());
  return {
    p50Ms: round1(percentile(sorted, 0.5)),
    p95Ms: round1(percentile(sorted, 0.95)),
    p99Ms: round1(percentile(sorted, 0.99)),
    maxMs: round1(sorted.at(-1) ?? Number.NaN),
  };
}

/** One measured window of the study. */
type StudyWindow = {
  /** From the first participant's join. */
  startS: number;
  seconds: number;
  /** Participants in (or past) the task, and finished, at the window's start and end. */
  joined: [number, number];
  finished: [number, number];
  /** Every participant in the task the whole window: the windows the figures come from. */
  isAllRunning: boolean;
  trialSavesPerSec: number;
  errors: number;
  errorsByStatus: Record<string, number>;
  requestsPerSec: Record<string, number>;
  serverCpuCores: number;
  machineCpuCores: number;
  stealCpuCores: number;
  generatorCpuCores: number;
  serverRssMb: number;
  serverLoopLateP99Ms: number;
  generatorLoopLateP99Ms: number;
} & Latency;

type TrialCheck = TrialTally & { confirmed: number; stored: number; check: string };

type StudyLoadResult = {
  participants: number;
  joinSpreadS: number;
  plannedJoinsPerSec: number;
  /** From the first join until every participant had started the task step's run. */
  allInTaskAfterS: number | null;
  /** From the first join until every participant had finished (null: not by the deadline). */
  allFinishedAfterS: number | null;
  neededTrialSavesPerSec: number;
  /** The windows in which every participant was in the task, together. */
  sustained: {
    windows: number;
    seconds: number;
    trialSavesPerSec: number;
    errors: number;
    errorsByStatus: Record<string, number>;
    serverCpuCores: number;
    machineCpuCores: number;
  } & Latency;
  /** Every trial save of the study, joins and finishes included. */
  wholeStudy: {
    trialSaves: number;
    errors: number;
    errorsByStatus: Record<string, number>;
    requests: Record<string, number>;
    /** The other requests' latency, by kind (join: the start by the open link). */
    requestLatency: Record<string, Latency>;
  } & Latency;
  ceilingPerSec: number | null;
  ceilingParticipants: number | null;
  /** The ceiling over the saves of the 1,000: the headroom. */
  ceilingOverSaves: number | null;
  /** The saves of the 1,000 as a share of the ceiling. */
  shareOfCeiling: number | null;
  /** The participants' best sustained step (p99 under the goal, no errors); null: none. */
  maxPerSec: number | null;
  maxParticipants: number | null;
  maxP99Ms: number | null;
  /** The participants' most saves over the ceiling: the issue's figure (goal at least 2). */
  maxOverCeiling: number | null;
  /** Signed-in users' best sustained step through the same endpoint, and it over the ceiling. */
  usersMaxPerSec: number | null;
  usersMaxParticipants: number | null;
  usersOverCeiling: number | null;
  participantsByState: Record<string, number>;
  /** The step-up study's participants by state (those stopped mid-study are not completed). */
  stepUpParticipantsByState: Record<string, number>;
  finishedParticipants: number;
  studyTrials: TrialCheck;
  ceilingTrials: TrialCheck;
  isGoalMet: boolean;
  loadAverage: { before: number[]; after: number[] };
  serverExitCode: number | null;
  windows: StudyWindow[];
  participantSteps: StepResult[];
  userSteps: StepResult[];
  ceilingSteps: StepResult[];
};

/** Counts and checks trials the participants were told are saved against the rows stored. */
function checkTrials(tally: TrialTally, stored: number): TrialCheck {
  let check = 'passed';
  try {
    checkTrialsStored(tally, stored);
  } catch (error) {
    check = (error as Error).message;
  }
  return { ...tally, confirmed: confirmedTrials(tally), stored, check };
}

const minus = (a: TrialTally, b: TrialTally): TrialTally => ({
  created: a.created - b.created,
  confirmedLate: a.confirmedLate - b.confirmedLate,
  unanswered: a.unanswered - b.unanswered,
});
const plus = (a: TrialTally, b: TrialTally): TrialTally => ({
  created: a.created + b.created,
  confirmedLate: a.confirmedLate + b.confirmedLate,
  unanswered: a.unanswered + b.unanswered,
});

/** Resolves with the seconds until every participant is in the task (polled every 250 ms). */
async function timeAllInTask(
  generator: LoadGenerator,
  startedAt: number,
  until: () => boolean,
): Promise<number | null> {
  while (!until()) {
    if ((await generator.progress()).joined >= participants) {
      return round1((performance.now() - startedAt) / 1000);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}

/** The participants take the study; windows measured until all have finished. */
async function takeStudy(generator: LoadGenerator, serverPid: number, code: string) {
  const startedAt = performance.now();
  const deadline = startedAt + settings.joinSpreadMs + taskMs * 1.5 + 180_000;
  generator.addStudyParticipants(code, participants, settings.joinSpreadMs, 'ours');
  let isOver = false;
  const allInTask = timeAllInTask(generator, startedAt, () => isOver);
  const windows: StudyWindow[] = [];
  const parts: WorkerMetrics[] = [];
  const kept: WorkerMetrics[] = [];
  let progress = await generator.progress();
  let allFinishedAfterS: number | null = null;
  while (performance.now() < deadline) {
    const before = progress;
    const startS = (performance.now() - startedAt) / 1000;
    const window = await measureWindow(generator, serverPid, settings.windowMs);
    parts.push(window.skipped, window.metrics);
    progress = await generator.progress();
    const { metrics, cpu } = window;
    const isAllRunning = before.joined >= participants && progress.finished === 0;
    if (isAllRunning) kept.push(window.metrics);
    const row: StudyWindow = {
      startS: round1(startS),
      seconds: round1(window.seconds),
      joined: [before.joined, progress.joined],
      finished: [before.finished, progress.finished],
      isAllRunning,
      trialSavesPerSec: window.trialSavesPerSec,
      ...latencyOf(metrics.trialSaveMs),
      errors: metrics.errors,
      errorsByStatus: metrics.errorsByStatus,
      requestsPerSec: window.requestsPerSec,
      serverCpuCores: cpu.serverCores,
      machineCpuCores: cpu.machineCores,
      stealCpuCores: cpu.stealCores,
      generatorCpuCores: cpu.generatorCores,
      serverRssMb: window.peakRssMb,
      serverLoopLateP99Ms: window.serverEventLoop.p99Ms,
      generatorLoopLateP99Ms: metrics.eventLoopDelay.p99Ms,
    };
    windows.push(row);
    console.log(
      `  ${String(row.startS).padStart(6)} s: in task ${row.joined[1]}, finished ${row.finished[1]}; ` +
        `${row.trialSavesPerSec} saves/s, p50 ${row.p50Ms} p95 ${row.p95Ms} p99 ${row.p99Ms} ms, ` +
        `errors ${row.errors} ${JSON.stringify(row.errorsByStatus)}; server ${cpu.serverCores}, ` +
        `machine ${cpu.machineCores} (+${cpu.stealCores} stolen) cores${isAllRunning ? ' [all in task]' : ''}` +
        (metrics.errorSamples.length > 0 ? `\n      ${metrics.errorSamples.join('\n      ')}` : ''),
    );
    if (progress.finished >= participants) {
      allFinishedAfterS = round1((performance.now() - startedAt) / 1000);
      break;
    }
  }
  isOver = true;
  const allInTaskAfterS = await allInTask;
  const finishedParticipants = (await generator.progress()).finished;
  await generator.stopAll();
  parts.push(await generator.collect());

  const all = mergeMetrics(parts);
  const steady = mergeMetrics(kept.length > 0 ? kept : [emptyMetrics()]);
  const steadyWindows = windows.filter((w) => w.isAllRunning);
  const seconds = steadyWindows.reduce((sum, w) => sum + w.seconds, 0);
  const meanOf = (pick: (w: StudyWindow) => number) =>
    Math.round(
      (steadyWindows.reduce((sum, w) => sum + pick(w) * w.seconds, 0) / (seconds || 1)) * 100,
    ) / 100;
  return {
    allInTaskAfterS,
    allFinishedAfterS,
    finishedParticipants,
    windows,
    sustained: {
      windows: steadyWindows.length,
      seconds: round1(seconds),
      trialSavesPerSec: round1(steady.trialSaveMs.length / (seconds || Number.NaN)),
      ...latencyOf(steady.trialSaveMs),
      errors: steady.errors,
      errorsByStatus: steady.errorsByStatus,
      serverCpuCores: meanOf((w) => w.serverCpuCores),
      machineCpuCores: meanOf((w) => w.machineCpuCores),
    },
    wholeStudy: {
      trialSaves: all.trialSaveMs.length,
      ...latencyOf(all.trialSaveMs),
      errors: all.errors,
      errorsByStatus: all.errorsByStatus,
      requests: Object.fromEntries(
        REQUEST_KINDS.filter((kind) => all.requests[kind] > 0).map((kind) => [
          kind,
          all.requests[kind],
        ]),
      ),
      requestLatency: Object.fromEntries(
        Object.entries(all.requestMs).map(([kind, ms]) => [kind, latencyOf(ms)]),
      ),
    },
  };
}

/** Rows of trials in runs owned by participants, and by users; participants of a study by state. */
async function countStored(database: BenchDatabase, studyCode: string, stepUpCode: string) {
  return database.query(async (db) => {
    const trialsOf = async (
      owner: typeof testResults.participantId | typeof testResults.userId,
    ) => {
      const [row] = await db
        .select({ n: count() })
        .from(trials)
        .innerJoin(testResults, eq(testResults.id, trials.resultId))
        .where(isNotNull(owner));
      return row?.n ?? 0;
    };
    const statesOf = async (code: string) => {
      const states = await db
        .select({ state: studyParticipants.state, n: count() })
        .from(studyParticipants)
        .innerJoin(studies, eq(studies.id, studyParticipants.studyId))
        .where(and(eq(studies.code, code), eq(studyParticipants.isPreview, false)))
        .groupBy(studyParticipants.state);
      return Object.fromEntries(states.map((s) => [s.state, s.n]));
    };
    return {
      participantTrials: await trialsOf(testResults.participantId),
      userTrials: await trialsOf(testResults.userId),
      participantsByState: await statesOf(studyCode),
      stepUpParticipantsByState: await statesOf(stepUpCode),
    };
  });
}

async function benchDatabase(kind: DatabaseKind): Promise<StudyLoadResult> {
  const loadBefore = loadavg().map(round1);
  console.log(`\n${kind}: seeding ${settings.ceiling.accounts} accounts for the ceiling`);
  // One more account: the researcher's.
  const database = await createBenchDatabase(kind, settings.ceiling.accounts + 1, 0);
  const researcher = database.accounts.at(-1) as Account;
  const accounts = database.accounts.slice(0, -1);
  await database.query((db) =>
    db.update(users).set({ role: 'researcher' }).where(eq(users.email, researcher.email)),
  );
  const server = await startBenchServer(database.serverEnv);
  const generator = createLoadGenerator(server.baseUrl, accounts);
  try {
    const code = await openStudy(server.baseUrl, researcher, 'Load: one open link');
    const stepUpCode = await openStudy(server.baseUrl, researcher, 'Load: participants stepped up');
    console.log(
      `${kind}: ${participants} participants open study ${code} over ${settings.joinSpreadMs / 1000} s ` +
        `(${taskMs / 1000} s of task each, ${neededPerSec} saves/s needed when all are in it)`,
    );
    const study = await takeStudy(generator, server.pid, code);
    const studyTally = generator.trials;
    console.log(
      `${kind}: all in the task after ${study.allInTaskAfterS} s, all finished after ` +
        `${study.allFinishedAfterS} s; sustained ${study.sustained.trialSavesPerSec} saves/s, ` +
        `p50 ${study.sustained.p50Ms} p95 ${study.sustained.p95Ms} p99 ${study.sustained.p99Ms} ms, ` +
        `${study.sustained.errors} errors`,
    );

    // The participants' maximum: the second study's link, stepped up as bench:load steps users.
    let participantSteps: StepUp = { steps: [], best: null };
    let stepUpTally: TrialTally = { created: 0, confirmedLate: 0, unanswered: 0 };
    if (!args['no-step-up']) {
      console.log(`${kind}: participants stepped up on study ${stepUpCode}`);
      const stepGenerator = createLoadGenerator(server.baseUrl, [], { studyCode: stepUpCode });
      try {
        participantSteps = await stepUp(
          stepGenerator,
          server.pid,
          'ours',
          settings.stepUp.plan,
          settings.stepUp.timing,
          { goalP99Ms: GOAL_P99_MS },
          (s) =>
            console.log(
              `  ${s.isSustained ? 'ok  ' : 'MISS'} participants ${String(s.participants).padStart(6)}: ` +
                `${s.trialSavesPerSec} saves/s, p50 ${s.p50Ms} p99 ${s.p99Ms} ms, ${s.errors} errors, ` +
                `machine ${s.machineCpuCores} (+${s.stealCpuCores} stolen) cores`,
            ),
        );
        await stepGenerator.stopAll();
        await stepGenerator.collect();
        stepUpTally = stepGenerator.trials;
      } finally {
        await stepGenerator.close();
      }
    }

    // Signed-in users through the same endpoint, stepped up in the same run: bench:load's own
    // figure beside the participants', so a difference between the principals shows apart from
    // what the machine does that day.
    let userSteps: StepUp = { steps: [], best: null };
    if (!args['no-users']) {
      console.log(`${kind}: signed-in users stepped up (bench:load's figure, the real endpoint)`);
      userSteps = await stepUp(
        generator,
        server.pid,
        'ours',
        { ...settings.stepUp.plan, maxParticipants: accounts.length },
        settings.stepUp.timing,
        { goalP99Ms: GOAL_P99_MS },
        (s) =>
          console.log(
            `  ${s.isSustained ? 'ok  ' : 'MISS'} users ${String(s.participants).padStart(6)}: ` +
              `${s.trialSavesPerSec} saves/s, p50 ${s.p50Ms} p99 ${s.p99Ms} ms, ${s.errors} errors, ` +
              `machine ${s.machineCpuCores} (+${s.stealCpuCores} stolen) cores`,
          ),
      );
      await generator.stopAll();
    }

    if (!args['no-ceiling']) {
      console.log(`${kind}: the ceiling (bench:load's: users, trials to the bare insert)`);
    }
    const ceiling = args['no-ceiling']
      ? { steps: [], best: null }
      : await stepUp(
          generator,
          server.pid,
          'ceiling',
          { ...settings.ceiling.plan, maxParticipants: accounts.length },
          settings.ceiling.timing,
          { goalP99Ms: GOAL_P99_MS },
          (s) =>
            console.log(
              `  ${s.isSustained ? 'ok  ' : 'MISS'} ceiling ${String(s.participants).padStart(6)}: ` +
                `${s.trialSavesPerSec} saves/s, p50 ${s.p50Ms} p99 ${s.p99Ms} ms, ${s.errors} errors, ` +
                `machine ${s.machineCpuCores} (+${s.stealCpuCores} stolen) cores`,
            ),
        );
    await generator.stopAll();
    await generator.collect();
    const ceilingTally = minus(generator.trials, studyTally);

    const exitCode = await server.stop();
    const stored = await countStored(database, code, stepUpCode);
    const ceilingPerSec = ceiling.best?.trialSavesPerSec ?? null;
    const saves = study.sustained.trialSavesPerSec;
    const ratio = (a: number | null, b: number) =>
      a === null || !(b > 0) ? null : Math.round((a / b) * 100) / 100;
    const studyTrials = checkTrials(plus(studyTally, stepUpTally), stored.participantTrials);
    const ceilingTrials = checkTrials(ceilingTally, stored.userTrials);
    const ceilingOverSaves = ratio(ceilingPerSec, saves);
    const best = participantSteps.best;
    const maxOverCeiling =
      best === null || ceilingPerSec === null ? null : ratio(best.trialSavesPerSec, ceilingPerSec);
    const result: StudyLoadResult = {
      participants,
      joinSpreadS: settings.joinSpreadMs / 1000,
      plannedJoinsPerSec: round1(participants / (settings.joinSpreadMs / 1000)),
      allInTaskAfterS: study.allInTaskAfterS,
      allFinishedAfterS: study.allFinishedAfterS,
      neededTrialSavesPerSec: neededPerSec,
      sustained: study.sustained,
      wholeStudy: study.wholeStudy,
      ceilingPerSec,
      ceilingParticipants: ceiling.best?.participants ?? null,
      ceilingOverSaves,
      shareOfCeiling: ceilingPerSec === null ? null : ratio(saves, ceilingPerSec),
      maxPerSec: best?.trialSavesPerSec ?? null,
      maxParticipants: best?.participants ?? null,
      maxP99Ms: best?.p99Ms ?? null,
      maxOverCeiling,
      usersMaxPerSec: userSteps.best?.trialSavesPerSec ?? null,
      usersMaxParticipants: userSteps.best?.participants ?? null,
      usersOverCeiling:
        userSteps.best && ceilingPerSec !== null
          ? ratio(userSteps.best.trialSavesPerSec, ceilingPerSec)
          : null,
      participantsByState: stored.participantsByState,
      stepUpParticipantsByState: stored.stepUpParticipantsByState,
      finishedParticipants: study.finishedParticipants,
      studyTrials,
      ceilingTrials,
      isGoalMet:
        study.sustained.windows > 0 &&
        study.sustained.p99Ms < GOAL_P99_MS &&
        (maxOverCeiling ?? 0) >= GOAL_OVER_CEILING &&
        studyTrials.check === 'passed' &&
        stored.participantsByState.completed === participants &&
        Object.keys(stored.participantsByState).length === 1,
      loadAverage: { before: loadBefore, after: loadavg().map(round1) },
      serverExitCode: exitCode,
      windows: study.windows,
      participantSteps: participantSteps.steps,
      userSteps: userSteps.steps,
      ceilingSteps: ceiling.steps,
    };
    console.log(
      `${kind}: participants' most ${result.maxPerSec}/s (${result.maxParticipants}) = ` +
        `${maxOverCeiling} x the ceiling ${ceilingPerSec}/s; the 1,000's saves ${saves}/s, ` +
        `ceiling ${ceilingOverSaves} x them; study trials ${studyTrials.check} ` +
        `(${studyTrials.confirmed} confirmed, ${studyTrials.stored} stored), ceiling trials ` +
        `${ceilingTrials.check}; participants ${JSON.stringify(stored.participantsByState)}`,
    );
    return result;
  } catch (error) {
    console.error(`server output:\n${server.server.output().slice(-3000)}`);
    throw error;
  } finally {
    await generator.close();
    await server.stop();
    await database.dispose();
  }
}

/** A latency figure; a window without trial saves has none. */
const ms = (value: number) => (Number.isNaN(value) ? '–' : String(value));

function section(name: string, r: StudyLoadResult): string[] {
  const s = r.sustained;
  const w = r.wholeStudy;
  const states = Object.entries(r.participantsByState)
    .map(([state, n]) => `${n} ${state}`)
    .join(', ');
  return [
    `## ${name}`,
    '',
    `- **${r.participants} participants** opened the one link over ${r.joinSpreadS} s (${r.plannedJoinsPerSec} joins/s, evenly spread); all were in the task after ${r.allInTaskAfterS ?? '–'} s, all finished after ${r.allFinishedAfterS ?? '(not by the deadline)'} s.`,
    `- While all were in the task (${s.windows} windows, ${s.seconds} s): **${s.trialSavesPerSec} trial saves/s** (${r.neededTrialSavesPerSec}/s expected from the pace), p50 ${s.p50Ms} ms, p95 ${s.p95Ms} ms, **p99 ${s.p99Ms} ms**, max ${s.maxMs} ms, ${s.errors} errors ${JSON.stringify(s.errorsByStatus)}; server ${s.serverCpuCores} cores, machine ${s.machineCpuCores} of ${cpus().length}.`,
    `- The whole study (joins and finishes included): ${w.trialSaves} trial saves, p50 ${w.p50Ms} ms, p95 ${w.p95Ms} ms, p99 ${w.p99Ms} ms, max ${w.maxMs} ms; ${w.errors} errors ${JSON.stringify(w.errorsByStatus)}; requests ${JSON.stringify(w.requests)}.`,
    `- The other requests of the study, p50/p99 ms: ${Object.entries(w.requestLatency)
      .map(([kind, l]) => `${kind} ${l.p50Ms}/${l.p99Ms}`)
      .join(', ')}.`,
    `- Ceiling in the same run (bench:load's bare insert, stepped up to p99 50 ms): **${r.ceilingPerSec ?? '–'}/s** (at ${r.ceilingParticipants ?? '–'} users); it is ${r.ceilingOverSaves ?? '–'}× the saves of the ${r.participants} (their saves are ${r.shareOfCeiling === null ? '–' : `${Math.round(r.shareOfCeiling * 100)} %`} of it).`,
    `- The participants' maximum (a second study's link, stepped up, each finished participant followed by a new one): **${r.maxPerSec ?? '–'} trial saves/s** at ${r.maxParticipants ?? '–'} participants (p99 ${r.maxP99Ms ?? '–'} ms); **${r.maxOverCeiling ?? '–'}× the ceiling** (goal ≥ ${GOAL_OVER_CEILING}). Its participants: ${
      Object.entries(r.stepUpParticipantsByState)
        .map(([state, n]) => `${n} ${state}`)
        .join(', ') || 'none'
    } (stopped mid-study at the end).`,
    `- Signed-in users through the same endpoint in the same run (bench:load's figure): **${r.usersMaxPerSec ?? '–'} trial saves/s** at ${r.usersMaxParticipants ?? '–'} users; **${r.usersOverCeiling ?? '–'}× the ceiling**.`,
    `- Nothing lost: study trials ${r.studyTrials.check === 'passed' ? 'passed' : `**failed**: ${r.studyTrials.check}`} (${r.studyTrials.confirmed} confirmed, ${r.studyTrials.confirmedLate} of them by a 200 after a lost answer, ${r.studyTrials.stored} stored, ${r.studyTrials.unanswered} unanswered when stopped); ceiling trials ${r.ceilingTrials.check === 'passed' ? 'passed' : `**failed**: ${r.ceilingTrials.check}`}. Participants: ${states} (${r.finishedParticipants} finished as the generator saw it).`,
    `- Goal (p99 < ${GOAL_P99_MS} ms while all ${r.participants} are in the task, the participants' maximum ≥ ${GOAL_OVER_CEILING}× the ceiling, nothing lost, all ${r.participants} completed): **${r.isGoalMet ? 'met' : 'missed'}**. Load average before/after: ${r.loadAverage.before.join(' ')} / ${r.loadAverage.after.join(' ')}.`,
    '',
    '### The study, window by window',
    '',
    '| from s | in task | finished | all in task | saves/s | p50 ms | p95 ms | p99 ms | max ms | errors | joins/s | server CPU | machine CPU | stolen | server loop late p99 ms |',
    '|---:|---:|---:|:---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.windows.map(
      (x) =>
        `| ${x.startS} | ${x.joined[1]} | ${x.finished[1]} | ${x.isAllRunning ? 'yes' : ''} | ${x.trialSavesPerSec} | ${ms(x.p50Ms)} | ${ms(x.p95Ms)} | ${ms(x.p99Ms)} | ${ms(x.maxMs)} | ${x.errors} | ${x.requestsPerSec.join ?? 0} | ${x.serverCpuCores} | ${x.machineCpuCores} | ${x.stealCpuCores} | ${x.serverLoopLateP99Ms} |`,
    ),
    '',
    '### The participants stepped up',
    '',
    ...stepTable(r.participantSteps),
    '',
    '### Signed-in users stepped up (the real endpoint)',
    '',
    ...stepTable(r.userSteps),
    '',
    '### The ceiling, step by step',
    '',
    ...stepTable(r.ceilingSteps),
    '',
  ];
}

const startedAt = Date.now();
const results: Partial<Record<DatabaseKind, StudyLoadResult>> = {};
const outDir = args.quick ? tmpdir() : path.join(ROOT, 'bench/results');
const base = args.out ?? (args.quick ? 'cogni-study-load.quick' : `${DATE}-study-load`);

function writeReport() {
  const cpu = cpus();
  const report = {
    ...results,
    machine: {
      cpu: cpu[0]?.model ?? 'unknown',
      cores: cpu.length,
      memoryGb: round1(totalmem() / 1024 ** 3),
      node: process.version,
    },
    date: new Date().toISOString(),
    mode: args.quick ? 'quick' : 'full',
    durationMin: round1((Date.now() - startedAt) / 60_000),
    method: {
      participants,
      joinSpreadMs: settings.joinSpreadMs,
      windowMs: settings.windowMs,
      taskConfig,
      trialsPerParticipant: stroop.fixtureRun('pace', taskConfig).length,
      meanTrialPaceMs: Math.round(meanPaceMs),
      taskMs: Math.round(taskMs),
      ceiling: { ...settings.ceiling, joinsPerSec: JOINS_PER_SEC },
      stepUp: settings.stepUp,
      goals: { p99Ms: GOAL_P99_MS, maxOverCeiling: GOAL_OVER_CEILING },
    },
  };
  writeFileSync(path.join(outDir, `${base}.json`), `${JSON.stringify(report, null, 2)}\n`);
  const lines = [
    '# Load: one open study link (`npx tsx bench/study-load.ts`)',
    '',
    `${report.date}, ${report.mode} run of ${report.durationMin} min on ${report.machine.cpu}, ${report.machine.cores} cores, ${report.machine.memoryGb} GB, Node ${report.machine.node}. The load generator (two worker threads) shares the cores with the server and the database.`,
    '',
    `A researcher's study (consent, Stroop with ${JSON.stringify(settings.taskConfig) === '{}' ? 'its default settings' : JSON.stringify(settings.taskConfig)}, debrief) is opened; ${participants} participants without accounts open its one link, evenly spread over ${settings.joinSpreadMs / 1000} s. Each (bench/load/participant.ts, a 'participant' principal) starts with a PROLIFIC_PID, agrees, starts the task step's run, answers its ${report.method.trialsPerParticipant} trials at bench:load's pace (a trial every ${report.method.meanTrialPaceMs} ms on average, ${round1(taskMs / 1000)} s in all) while its outbox saves them one at a time with the browser's backoff, completes the run, reads the debrief and finishes. Trial saves are measured in ${settings.windowMs / 1000}-s windows; the figures are those of the windows in which every participant was in the task. Then the participants' maximum: a second study's link takes participants in steps (×${settings.stepUp.plan.factor} from ${settings.stepUp.plan.first}), each who finishes followed by a new one, until p99 passes ${GOAL_P99_MS} ms; the best sustained step is the most participant saves a second. Signed-in users then step up the same way through the same endpoint (bench:load's own figure, beside the participants'). The ceiling is then measured in the same run as bench:load does: signed-in users step up (×${settings.ceiling.plan.factor} from ${settings.ceiling.plan.first}) with their trials sent to the bare insert, until p99 passes ${GOAL_P99_MS} ms; its best sustained step is the ceiling.`,
    '',
    "The issue's \"saves stay at least 2× the same run's bare-insert ceiling\" is bench:load's figure with participants as the principals: their most saves per second with p99 under 50 ms, over the ceiling. The headroom at the fixed head count (the ceiling over the saves they make) is given beside it.",
    '',
    ...(results.postgres ? section('PostgreSQL', results.postgres) : []),
    ...(results.pglite ? section('PGlite (embedded)', results.pglite) : []),
  ];
  writeFileSync(path.join(outDir, `${base}.md`), `${lines.join('\n')}\n`);
  console.log(`\nWritten to ${path.join(outDir, base)}.{json,md}`);
}

// Written after each database, so a failure on the second keeps the first.
for (const kind of kinds) {
  results[kind] = await benchDatabase(kind);
  writeReport();
}
const failed = kinds.filter(
  (kind) =>
    results[kind]?.studyTrials.check !== 'passed' ||
    results[kind]?.ceilingTrials.check !== 'passed',
);
if (failed.length > 0) {
  console.error(`Trials confirmed but not stored (or the reverse) on ${failed.join(', ')}`);
  process.exit(1);
}
