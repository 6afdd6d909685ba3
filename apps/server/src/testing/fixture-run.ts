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
