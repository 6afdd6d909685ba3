import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TrialInput } from '@cogni/domain/tasks/stroop';
import type { Browser, Page } from 'playwright-core';
import { PASSWORD } from '../../e2e/support/accounts';
import { answerNextTrial, startStroopRun } from '../../e2e/support/stroop-driver';
import { makeDelays } from '../../e2e/support/task-run';
import { startServer } from '../lib';
import { summarizeErrors } from './stats';

export type RealPageCheck = {
  trials: number;
  /** Every stored RT is bit for bit the RT the runtime sent. */
  storedEqualsRecorded: boolean;
  rtErrorMs: ReturnType<typeof summarizeErrors>;
};

/** The app's trial save: `PUT /api/results/:resultId/trials/:phase/:block/:trialNumber`. */
const TRIAL_PATH = /^\/api\/results\/[^/]+\/trials\/\w+\/\d+\/\d+$/;

/**
 * A short run of the real Stroop page, signed in and saving to the real server on a fresh
 * embedded database: the RTs the runtime sent (each PUT's body, straight from its trial record)
 * must come back from the database unchanged, and match the true delays of the presses.
 */
export async function checkRealPage(browser: Browser, trials = 10): Promise<RealPageCheck> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cogni-timing-'));
  const { baseUrl, stop } = await startServer(dataDir);
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const page = await context.newPage();
    const sent = new Map<string, TrialInput>();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'PUT' && TRIAL_PATH.test(pathname)) {
        const trial = request.postDataJSON() as TrialInput;
        sent.set(`${trial.phase}:${trial.trialNumber}`, trial);
      }
    });
    const register = async (p: Page, email: string) => {
      const res = await p.request.post('/api/auth/register', {
        data: { email, password: PASSWORD, firstName: 'Timing', lastName: 'Bench' },
        headers: { origin: baseUrl },
      });
      if (res.status() !== 201) throw new Error(`register failed: ${res.status()}`);
    };
    const { runId, cdp } = await startStroopRun(page, 'timing-bench', register);
    const delays = makeDelays(11);
    const truth = new Map<string, number>();
    let previous: string | null = null;
    for (let i = 0; i < trials; i++) {
      const pressed = await answerNextTrial(page, cdp, { previous, trueRtMs: delays() });
      previous = pressed.identifier;
      truth.set(`${pressed.phase}:${pressed.trialNumber}`, pressed.trueRtMs);
    }
    const stored = await waitForStoredTrials(page, runId, trials);
    const storedEqualsRecorded =
      sent.size === trials &&
      stored.every((t) => sent.get(`${t.phase}:${t.trialNumber}`)?.reactionTime === t.reactionTime);
    const errors = stored.map(
      (t) => t.reactionTime - (truth.get(`${t.phase}:${t.trialNumber}`) ?? Number.NaN),
    );
    return { trials: stored.length, storedEqualsRecorded, rtErrorMs: summarizeErrors(errors) };
  } finally {
    await context.close();
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Polls the API (which reads the database) until `count` trials of the run are stored. */
async function waitForStoredTrials(page: Page, runId: string, count: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { trials } = await page.evaluate(
      async (id) => (await fetch(`/api/results/${id}/trials`)).json(),
      runId,
    );
    if (trials.length >= count) return trials as TrialInput[];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not store ${count} trials`);
}
