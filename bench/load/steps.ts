import { round1 } from '../lib';
import type { EventLoopDelay } from './event-loop';
import type { LoadGenerator } from './load-generator';
import { REQUEST_KINDS, type RequestKind, summarizeLatency } from './metrics';
import type { Account, SaveMode } from './participant';
import { readRssBytes, startCpuMeter } from './process-stats';

export type StepTiming = {
  /**
   * New participants join spread over this long at least (logins and starts are not trial
   * saves), and longer when more join than JOINS_PER_SEC allows.
   */
  joinSpreadMs: number;
  /** From the last participant's first test starting until the measured window begins. */
  warmupMs: number;
  measureMs: number;
};

/**
 * How fast new participants arrive at a step. People starting a study do not all log in within
 * the same few seconds, and a login is not what this measures: at real cost a login is long CPU
 * work, so one server takes a few a second (ADR 013), and the benchmark's cheap hashes would
 * otherwise let a step's newcomers flood the pool and measure the flood, not the sustained
 * load.
 */
export const JOINS_PER_SEC = 100;
/** A step whose newcomers have not all started by then is measured anyway, and says so. */
const JOIN_TIMEOUT_MS = 180_000;

export type StepResult = {
  participants: number;
  trialSavesPerSec: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  errorSamples: string[];
  /** Answers a second by kind, over the window. */
  requestsPerSec: Record<RequestKind, number>;
  serverCpuCores: number;
  generatorCpuCores: number;
  machineCpuCores: number;
  /** CPU the hypervisor took for other guests over the window (a noisy host shows here). */
  stealCpuCores: number;
  serverRssMb: number;
  /**
   * Seconds from the change of head count until every participant was saving trials, and, for
   * a step with fewer participants than the one before, until saves were answered within the
   * goal again (joinParticipants); null: not within the time allowed.
   */
  joinSeconds: number | null;
  /** How late the server's event loop ran over the window. */
  serverEventLoop: EventLoopDelay;
  /** The same for the generator's threads (the worst of them). */
  generatorEventLoop: EventLoopDelay;
  /**
   * p99 under the goal and no errors. A participant answers a trial every 1.8 s or more and
   * has one save in flight at a time, so with saves answered in under 50 ms nobody's outbox
   * falls behind: the server keeps up with everything the participants answer.
   */
  isSustained: boolean;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const toMb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Measures `measureMs` of whatever runs now (what came before is thrown away). */
export async function measureWindow(
  generator: LoadGenerator,
  serverPid: number,
  measureMs: number,
) {
  // The event-loop read comes first: on an overloaded server it can take minutes, and what the
  // participants saw meanwhile must not count in a window divided by measureMs.
  await readServerEventLoop(generator.baseUrl);
  const skipped = await generator.collect();
  const cpu = startCpuMeter(serverPid);
  const started = performance.now();
  let peakRss = 0;
  while (performance.now() - started < measureMs) {
    await sleep(Math.min(1000, measureMs - (performance.now() - started)));
    peakRss = Math.max(peakRss, readRssBytes(serverPid));
  }
  const metrics = await generator.collect();
  const seconds = (performance.now() - started) / 1000;
  const cpuUsed = cpu();
  const serverEventLoop = await readServerEventLoop(generator.baseUrl);
  const perSec = (n: number) => round1(n / seconds);
  return {
    metrics,
    /** What the participants saw before the window began, since the last collect. */
    skipped,
    seconds,
    trialSavesPerSec: perSec(metrics.trialSaveMs.length),
    latency: summarizeLatency(metrics.trialSaveMs),
    requestsPerSec: Object.fromEntries(
      REQUEST_KINDS.map((kind) => [kind, perSec(metrics.requests[kind])]),
    ) as Record<RequestKind, number>,
    cpu: cpuUsed,
    peakRssMb: toMb(peakRss),
    serverEventLoop,
  };
}

/**
 * The server's event-loop delay since the last read (bench-routes.ts). Asked up to three times:
 * an overloaded server can reset the connection of a read, and a run of half an hour must not
 * end on it. NaN when no read got through (the report shows it as such).
 */
async function readServerEventLoop(baseUrl: string): Promise<EventLoopDelay> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const response = await fetch(`${baseUrl}/api/bench/event-loop`, {
        signal: AbortSignal.timeout(30_000),
      });
      return (await response.json()) as EventLoopDelay;
    } catch {
      await sleep(1000);
    }
  }
  return { p50Ms: Number.NaN, p99Ms: Number.NaN, maxMs: Number.NaN };
}

/**
 * After an overloaded step, the server has caught up once this many 5-s windows in a row had
 * p99 under the goal and no errors. One is not enough: a save sent during the overload fails by
 * timing out 30 s later, after fast answers to the newer ones have already made a window look calm.
 */
const SETTLE_WINDOW_MS = 5000;
const SETTLE_CALM_WINDOWS = 2;
const SETTLE_TIMEOUT_MS = 180_000;

/**
 * Measures 5-s windows until SETTLE_CALM_WINDOWS in a row are calm (p99 under the goal, no
 * errors) or `deadline` (performance.now()) passes; false then.
 */
export async function waitUntilCalm(
  generator: LoadGenerator,
  settle: { serverPid: number; goalP99Ms: number },
  deadline = performance.now() + SETTLE_TIMEOUT_MS,
): Promise<boolean> {
  let calm = 0;
  while (calm < SETTLE_CALM_WINDOWS && performance.now() < deadline) {
    const window = await measureWindow(generator, settle.serverPid, SETTLE_WINDOW_MS);
    const isCalm = window.latency.p99Ms < settle.goalP99Ms && window.metrics.errors === 0;
    calm = isCalm ? calm + 1 : 0;
  }
  return calm === SETTLE_CALM_WINDOWS;
}

/**
 * Adds or stops participants until `participants` run, waits until every newcomer is saving
 * trials, then `warmupMs`. Resolves with the seconds until all were saving (null: timed out).
 *
 * With `settle`, fewer participants than before also wait until the server has caught up:
 * SETTLE_CALM_WINDOWS windows in a row with p99 under the goal and no errors (null after three
 * minutes). A step that overloaded the server leaves every outbox holding unsent trials, sent
 * back to back once answers come: without the wait, the next measurement would count that
 * catching-up as its own.
 */
export async function joinParticipants(
  generator: LoadGenerator,
  participants: number,
  mode: SaveMode,
  timing: StepTiming,
  settle?: { serverPid: number; goalP99Ms: number },
): Promise<number | null> {
  const isFewer = participants < generator.participants;
  const newcomers = Math.max(0, participants - generator.participants);
  const joinSpreadMs = Math.max(timing.joinSpreadMs, (newcomers / JOINS_PER_SEC) * 1000);
  const started = performance.now();
  const seconds = () => round1((performance.now() - started) / 1000);
  generator.setParticipants(participants, mode, joinSpreadMs);
  const joined = await generator.waitUntilJoined(joinSpreadMs + JOIN_TIMEOUT_MS);
  let readySeconds = joined === null ? null : seconds();
  if (settle && isFewer) {
    const isCalm = await waitUntilCalm(generator, settle, started + SETTLE_TIMEOUT_MS);
    readySeconds = isCalm ? seconds() : null;
  }
  await sleep(timing.warmupMs);
  return readySeconds;
}

/** Runs `participants` (adding or stopping some), lets them settle, and measures a window. */
export async function measureStep(
  generator: LoadGenerator,
  serverPid: number,
  mode: SaveMode,
  participants: number,
  timing: StepTiming,
  options: { goalP99Ms: number },
): Promise<StepResult> {
  const joinSeconds = await joinParticipants(generator, participants, mode, timing, {
    serverPid,
    goalP99Ms: options.goalP99Ms,
  });
  const window = await measureWindow(generator, serverPid, timing.measureMs);
  const { metrics, latency } = window;
  return {
    participants,
    trialSavesPerSec: window.trialSavesPerSec,
    ...latency,
    errors: metrics.errors,
    errorSamples: metrics.errorSamples,
    requestsPerSec: window.requestsPerSec,
    serverCpuCores: window.cpu.serverCores,
    generatorCpuCores: window.cpu.generatorCores,
    machineCpuCores: window.cpu.machineCores,
    stealCpuCores: window.cpu.stealCores,
    serverRssMb: window.peakRssMb,
    joinSeconds,
    serverEventLoop: window.serverEventLoop,
    generatorEventLoop: metrics.eventLoopDelay,
    isSustained: latency.p99Ms < options.goalP99Ms && metrics.errors === 0,
  };
}

/** Steal above this (a tenth of one of the two cores) makes a missed step suspect. */
const STEAL_TOLERATED_CORES = 0.1;
const MAX_REPEATS_FOR_STEAL = 2;

export type StepUp = { steps: StepResult[]; best: StepResult | null };

/**
 * Raises the head count by `factor` a step until a step is not sustained (or the accounts run
 * out; halving instead when the first step already fails), then tries once halfway between the
 * last good step and the failed one. A step that misses while the host steals CPU is measured
 * again, up to twice. The best step
 * is the sustained one with the most trial saves a second.
 */
export async function stepUp(
  generator: LoadGenerator,
  serverPid: number,
  mode: SaveMode,
  plan: { first: number; factor: number; maxParticipants: number },
  timing: StepTiming,
  options: { goalP99Ms: number },
  onStep: (step: StepResult) => void,
): Promise<StepUp> {
  const steps: StepResult[] = [];
  const measure = async (participants: number) => {
    const step = await measureStep(generator, serverPid, mode, participants, timing, options);
    steps.push(step);
    onStep(step);
    return step;
  };
  // A step the host took CPU from measures the host, not us: such a miss is measured again
  // (both stay in the table, with what was stolen).
  const run = async (participants: number) => {
    let step = await measure(participants);
    for (let again = 0; again < MAX_REPEATS_FOR_STEAL; again++) {
      if (step.isSustained || step.stealCpuCores <= STEAL_TOLERATED_CORES) break;
      step = await measure(participants);
    }
    return step;
  };
  let lastGood: StepResult | null = null;
  let failed: StepResult | null = null;
  for (let n = plan.first; n <= plan.maxParticipants; n = Math.round(n * plan.factor)) {
    const step = await run(n);
    if (!step.isSustained) {
      failed = step;
      break;
    }
    lastGood = step;
  }
  // Even the first step was too much: halve until one holds, so there is a figure.
  while (failed && !lastGood && failed.participants >= 100) {
    const step = await run(Math.round(failed.participants / 2));
    if (step.isSustained) lastGood = step;
    else failed = step;
  }
  if (failed && lastGood && failed.participants / lastGood.participants > 1.1) {
    await run(Math.round(Math.sqrt(failed.participants * lastGood.participants)));
  }
  const sustained = steps.filter((step) => step.isSustained);
  const best = sustained.reduce<StepResult | null>(
    (a, b) => (a && a.trialSavesPerSec >= b.trialSavesPerSec ? a : b),
    null,
  );
  return { steps, best };
}

export type LoginBurst = {
  logins: number;
  /** Statuses of the logins and how many answered each. */
  statuses: Record<string, number>;
  loginP50Ms: number;
  loginMaxMs: number;
  /** Trial saves in the window just before the burst, as long as the burst took. */
  before: { trialSavesPerSec: number; p99Ms: number; errors: number };
  /** Trial saves answered from the burst's first login until its last answer. */
  during: { trialSavesPerSec: number; p99Ms: number; maxMs: number; errors: number };
};

/**
 * While the participants run, `accounts` all log in at once (each a full-cost password hash);
 * compares trial-save latency during the burst with a window of the same length just before.
 */
export async function measureLoginBurst(
  generator: LoadGenerator,
  serverPid: number,
  accounts: Account[],
  beforeMs: number,
): Promise<LoginBurst> {
  const before = await measureWindow(generator, serverPid, beforeMs);
  const started = performance.now();
  const burst = await generator.loginBurst(accounts);
  const during = await generator.collect();
  const seconds = (performance.now() - started) / 1000;
  const duringLatency = summarizeLatency(during.trialSaveMs);
  const statuses: Record<string, number> = {};
  for (const status of burst.statuses) statuses[status] = (statuses[status] ?? 0) + 1;
  const loginMs = summarizeLatency(burst.ms);
  return {
    logins: accounts.length,
    statuses,
    loginP50Ms: loginMs.p50Ms,
    loginMaxMs: loginMs.maxMs,
    before: {
      trialSavesPerSec: before.trialSavesPerSec,
      p99Ms: before.latency.p99Ms,
      errors: before.metrics.errors,
    },
    during: {
      trialSavesPerSec: round1(during.trialSaveMs.length / seconds),
      p99Ms: duringLatency.p99Ms,
      maxMs: duringLatency.maxMs,
      errors: during.errors,
    },
  };
}
