import { type AdminTrial, type Run, type StoredTrial, storedTrialOf } from '@cogni/domain';
import * as stroop from '@cogni/domain/tasks/stroop';
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { type ApiCall, api, fetchTransport } from '../../apps/server/src/testing/participant-api';
import { firstPositions } from '../../e2e/support/stroop-answers';
import type { PressedTrial } from '../../e2e/support/stroop-driver';

/** A stored Stroop trial as GET /api/results/:id/trials lists it. */
type ListedTrial = StoredTrial<stroop.TaskTrial> & AdminTrial;

/** A run's positions without their block (Stroop's phases have one block, 0). */
const withoutBlock = (list: readonly { phase: string; block: number; trialNumber: number }[]) =>
  list.map(({ phase, block, trialNumber }) => {
    expect(block).toBe(0);
    return { phase, trialNumber };
  });

/** The page's clock and ours differ by less than this (the key's timestamp is exact). */
const RT_TOLERANCE_MS = 5;

/**
 * Finishes a run the browser started, with its session (the context's cookie), then checks what
 * the database holds for it: every trial of the run once, in order; the browser's trials as it
 * pressed them; and the summary the scoring gives for the trials the participant completed.
 *
 * A whole run at real speed takes six minutes of a test's time (e2e/stroop-full-run.spec.ts
 * does it once); here the fault has already happened in the browser, and the rest of the run,
 * after `pressed`, is saved over HTTP as the fixture answers it, one trial at a time.
 */
export async function finishRunAndCheckSummary(
  context: BrowserContext,
  baseUrl: string,
  runId: string,
  pressed: PressedTrial[],
): Promise<void> {
  const origin = new URL(baseUrl).origin;
  // The context's session cookie, sent by Node's fetch: a request through Playwright's own
  // client goes through its driver process and takes far longer.
  const cookie = (await context.cookies(origin)).map((c) => `${c.name}=${c.value}`).join('; ');
  const transport = fetchTransport(origin, cookie);
  const send = async <T>({ method, path, body }: ApiCall): Promise<T> => {
    const reply = await transport(method, path, body);
    expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
    return reply.body as T;
  };

  const { run } = await send<{ run: Run }>(api.run(runId));
  expect(run.endTime).toBeNull();
  // The server has every trial the browser answered, and nothing after them.
  expect(withoutBlock(run.savedTrials)).toEqual(firstPositions(pressed.length));
  expect(run.savedTrials.map((t) => t.isCorrect)).toEqual(pressed.map((p) => p.isCorrect));
  const config = stroop.ConfigSchema.parse(run.config);
  const rest = stroop.fixtureRun(run.seed, config).slice(pressed.length);
  for (const trial of rest) await send(api.saveTrial(runId, trial));
  const completed = (await send<{ run: Run }>(api.completeRun(runId))).run;
  const { trials: stored } = await send<{ trials: ListedTrial[] }>(api.runTrials(runId));

  // Every trial of the run, once each, in run order.
  expect(withoutBlock(stored)).toEqual(firstPositions(168));
  // The browser's trials as its participant pressed them; the rest as sent.
  pressed.forEach((p, i) => {
    const trial = stored[i];
    expect(trial, `${p.phase}:${p.trialNumber}`).toMatchObject({
      response: p.key,
      isCorrect: p.isCorrect,
    });
    expect(Math.abs((trial?.reactionTime ?? Number.NaN) - p.trueRtMs)).toBeLessThan(
      RT_TOLERANCE_MS,
    );
  });
  rest.forEach((sent: stroop.TrialInput, i) => {
    expect(stored[pressed.length + i]).toMatchObject({
      phase: sent.phase,
      trialNumber: sent.trialNumber,
      response: sent.response,
      isCorrect: sent.isCorrect,
      reactionTime: sent.reactionTime,
    });
  });

  // The summary is the scoring of those trials: nothing left out, nothing counted twice.
  // The browser's trials as stored: checked against its presses above.
  // The rest as the server stores what was sent: the envelope's defaults, no flags.
  const restAsStored = rest.map((trial) => storedTrialOf(trial));
  const participantsTrials = [...stored.slice(0, pressed.length), ...restAsStored];
  const {
    scores,
    reportCells: _,
    trialExclusions: __,
    ...headline
  } = stroop.stroopTask.score(config, participantsTrials);
  expect(completed.summary).toEqual({
    ...headline,
    scoringVersion: stroop.stroopTask.scoringVersion,
    scores,
  });
  // Counted from the participant's own record (the presses and what was sent), not the rows.
  const isCorrectTest = (t: { phase: string; isCorrect: boolean }) =>
    t.phase === 'test' && t.isCorrect;
  expect(completed.summary).toMatchObject({
    totalTrials: 144,
    correctTrials: pressed.filter(isCorrectTest).length + rest.filter(isCorrectTest).length,
  });
}
