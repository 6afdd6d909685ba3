import { type AnyTask, TASKS } from '@cogni/domain';
import type { FinishedRunInput } from '../services/results/insert-finished-run';

export const DEVICE_INFO = {
  type: 'desktop',
  userAgent: 'test-agent',
  screenWidth: 1280,
  screenHeight: 800,
} as const;

export const MEASUREMENT = {
  crossOriginIsolated: true,
  hasElementTiming: true,
  frameIntervalMs: 16.7,
  inputType: 'keyboard',
  timeOriginMs: 1_795_000_000_000,
};

/** The first task of the test list: what tests that need "a task" use. */
export function firstTask(): AnyTask {
  const task = TASKS[0];
  if (!task) throw new Error('No task is registered');
  return task;
}

/** The body of POST /api/results starting a run of `task` (default: the first task). */
export function startRunBody(task: AnyTask = firstTask()) {
  return { testType: task.id, deviceInfo: DEVICE_INFO, measurement: MEASUREMENT };
}

export const START_RUN = startRunBody();

/** The trials a browser would send for a whole fixture run of the task (its fixtureRun). */
export function fixtureRun(seed: string, config: unknown, task: AnyTask = firstTask()) {
  return task.fixtureRun(seed, config).map(({ trial }) => trial);
}

/**
 * A finished fixture run of the task written straight to the database (no HTTP), starting at
 * `startTime`: for tests and benchmarks that need many results.
 */
export function fixtureFinishedRun(
  userId: string,
  startTime: Date,
  options: { seed?: string; isMock?: boolean; task?: AnyTask } = {},
): FinishedRunInput {
  const task = options.task ?? firstTask();
  const seed = options.seed ?? `fixture-${startTime.getTime()}`;
  const config = task.settings.defaults;
  return {
    task,
    userId,
    seed,
    config,
    startTime,
    endTime: new Date(startTime.getTime() + 12 * 60_000),
    deviceInfo: DEVICE_INFO,
    measurement: MEASUREMENT,
    isMock: options.isMock ?? false,
    trials: fixtureRun(seed, config, task),
  };
}

/**
 * The Stroop headline the docs give for a run's test trials (docs/scoring/stroop.md), counted
 * here from the trials' own fields rather than by the scoring code: the correct key is the
 * initial of the ink (cue Color) or of the word (cue Word); the headline is floor(100 x the mean
 * over the keys of the share right), a small allowance keeping a whole result whole.
 */
export function stroopHeadlineOf(trials: readonly object[]): number {
  const test = (
    trials as readonly {
      phase: string;
      cueWord: string;
      stimulusWord: string;
      stimulusColor: string;
      isCorrect: boolean;
    }[]
  ).filter((t) => t.phase === 'test');
  const keyOf = (t: (typeof test)[number]) =>
    (t.cueWord === 'Color' ? t.stimulusColor : t.stimulusWord).charAt(0).toUpperCase();
  const shares = ['R', 'G', 'B'].flatMap((key) => {
    const ofKey = test.filter((t) => keyOf(t) === key);
    return ofKey.length === 0 ? [] : [ofKey.filter((t) => t.isCorrect).length / ofKey.length];
  });
  return Math.floor((100 * shares.reduce((a, b) => a + b, 0)) / shares.length + 1e-9);
}
