import type { AnyTask, Run, TrialEnvelope } from '@cogni/domain';
import { firstTask, startRunBody } from './fixture-run';
import { api, completeRun, startRun } from './participant-api';
import type { TestClient, TestContext } from './test-app';

/**
 * Saves trials through the API at the pace of a person, by the server's clock: before each save
 * the test context's clock moves on by the least time the trial takes (the task's fixture says
 * how long), so the completed run is plausible. Throws unless each save is a 201.
 */
export async function saveTrialsAtHumanPace(
  t: Pick<TestContext, 'clock'>,
  client: TestClient,
  run: Pick<Run, 'id'>,
  trials: readonly { trial: TrialEnvelope; minimumMs: number }[],
): Promise<void> {
  for (const { trial, minimumMs } of trials) {
    t.clock.offsetMs += minimumMs;
    await client.send(api.saveTrial(run.id, trial));
  }
}

/** A whole fixture run of the task started, saved at a person's pace and completed. */
export async function finishRunAtHumanPace(
  t: Pick<TestContext, 'clock'>,
  client: TestClient,
  task: AnyTask = firstTask(),
): Promise<Run> {
  const run = await startRun(client.send, startRunBody(task));
  await saveTrialsAtHumanPace(t, client, run, task.fixtureRun(run.seed, run.config));
  return completeRun(client.send, run.id);
}
