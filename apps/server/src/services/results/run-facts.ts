import { type AnyTask, getTask } from '@cogni/domain';

/**
 * What never changes about a run once it is started: whose it is, its task, the seed and the
 * settings of its plan, and when it started by the server's clock (each trial's arrival is judged
 * against it).
 */
export type RunFacts = {
  /** The run's owner (a user or a participant): a save of anyone else is never judged by the remembered task. */
  ownerId: string;
  task: AnyTask;
  seed: string;
  config: unknown;
  startedAt: Date;
  /**
   * The task's plan of the run, made on first use: planning costs a fraction of a millisecond,
   * too much to repeat at every save. Tasks keep their plans compact (a byte or less a trial),
   * since thousands of runs are remembered.
   */
  plan?: unknown;
};

/** Runs remembered at most (a few hundred bytes each); the least recently used goes first. */
const MAX_RUNS = 20_000;

const runs = new Map<string, RunFacts>();

/**
 * Remembers a run's task, seed and settings, as its owner's request started it or read it from
 * the database, so later trial saves can be checked against the plan before the database is
 * asked anything. Safe on any number of instances: none of them ever changes
 * (services/results/start-run.ts writes them once), and who may write to the run and whether it
 * is finished are still asked of the database each time.
 */
export function rememberRun(
  resultId: string,
  facts: {
    task: AnyTask;
    seed: string;
    config: unknown;
    result: { startTime: Date; ownerId: string };
  },
): void {
  runs.delete(resultId);
  runs.set(resultId, {
    ownerId: facts.result.ownerId,
    task: facts.task,
    seed: facts.seed,
    config: facts.config,
    startedAt: facts.result.startTime,
  });
  if (runs.size > MAX_RUNS) {
    const oldest = runs.keys().next().value;
    if (oldest !== undefined) runs.delete(oldest);
  }
}

export function recallRun(resultId: string): RunFacts | undefined {
  const facts = runs.get(resultId);
  if (facts) {
    // Most recently used last, so a long run is not forgotten while it is being taken.
    runs.delete(resultId);
    runs.set(resultId, facts);
  }
  return facts;
}

/** The run's plan, made once per remembered run. */
export function getPlan(facts: RunFacts): unknown {
  facts.plan ??= facts.task.plan(facts.seed, facts.config);
  return facts.plan;
}

/** The task of a stored run (its test type was a registered task's when it was started). */
export function taskOfRun(result: { testType: string }): AnyTask {
  return getTask(result.testType);
}
