import { type AnyTask, positionOf, type Run, type TrialEnvelope } from '@cogni/domain';
import { firstTask, startRunBody } from './fixture-run';
import type { TestClient, TestContext } from './test-app';

/** The API path that saves `trial` of run `runId`. */
export function trialPath(
  runId: string,
  trial: Pick<TrialEnvelope, 'phase' | 'block' | 'trialNumber'>,
) {
  const { phase, block, trialNumber } = positionOf(trial);
  return `/api/results/${runId}/trials/${phase}/${block}/${trialNumber}`;
}

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
    const path = trialPath(run.id, trial);
    const saved = await client.request('PUT', path, { body: trial });
    if (saved.status !== 201) throw new Error(`saving ${path} failed: ${saved.status}`);
  }
}

/** A whole fixture run of the task started, saved at a person's pace and completed. */
export async function finishRunAtHumanPace(
  t: Pick<TestContext, 'clock'>,
  client: TestClient,
  task: AnyTask = firstTask(),
): Promise<Run> {
  const started = await client.post<{ run: Run }>('/api/results', startRunBody(task));
  if (started.status !== 201) throw new Error(`start failed: ${started.status}`);
  const { run } = started.body;
  await saveTrialsAtHumanPace(t, client, run, task.fixtureRun(run.seed, run.config));
  const done = await client.post<{ run: Run }>(`/api/results/${run.id}/complete`, {});
  if (done.status !== 200) throw new Error(`complete failed: ${done.status}`);
  return done.body.run;
}
