import { getMinimumTrialDurationMs, type Run, type TrialInput } from '@cogni/domain';
import { fixtureRun, START_RUN } from './stroop-run';
import type { TestClient, TestContext } from './test-app';

/**
 * Saves trials through the API at the pace of a person, by the server's clock: before each save
 * the test context's clock moves on by the least time the trial takes (its cue, and its feedback
 * in sample and practice), so the completed run is plausible (findRunImplausibility). Throws
 * unless each save is a 201.
 */
export async function saveTrialsAtHumanPace(
  t: Pick<TestContext, 'clock'>,
  client: TestClient,
  run: Pick<Run, 'id' | 'config'>,
  trials: readonly TrialInput[],
): Promise<void> {
  for (const trial of trials) {
    t.clock.offsetMs += getMinimumTrialDurationMs(run.config, trial.phase);
    const path = `/api/results/${run.id}/trials/${trial.phase}/${trial.trialNumber}`;
    const saved = await client.request('PUT', path, { body: trial });
    if (saved.status !== 201) throw new Error(`saving ${path} failed: ${saved.status}`);
  }
}

/** A whole fixture run (stroop-run.ts) started, saved at a person's pace and completed. */
export async function finishRunAtHumanPace(
  t: Pick<TestContext, 'clock'>,
  client: TestClient,
): Promise<Run> {
  const started = await client.post<{ run: Run }>('/api/results', START_RUN);
  if (started.status !== 201) throw new Error(`start failed: ${started.status}`);
  const { run } = started.body;
  await saveTrialsAtHumanPace(t, client, run, fixtureRun(run.seed, run.config));
  const done = await client.post<{ run: Run }>(`/api/results/${run.id}/complete`, {});
  if (done.status !== 200) throw new Error(`complete failed: ${done.status}`);
  return done.body.run;
}
