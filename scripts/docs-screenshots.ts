// The README's two screenshots, taken from the real app so they show what it does:
//   docs/screenshots/task-in-progress.png   a Stroop trial on screen, a few trials into a run;
//   docs/screenshots/progress-tracking.png  progress tracking after three Stroop runs of a
//                                           participant who makes fewer errors each time.
// It starts the real server on a new embedded database in a temporary folder and drives
// Chromium (CHROMIUM_PATH, or as the browser tests find it) at a desktop size of 1280 x 800.
// The server finds a finished run plausible only once a person could have taken it, so the
// progress runs are started first and finished after about four and a half minutes.
//
// Usage: npm run build && npm run docs:screenshots   (it builds nothing itself; about 5 minutes)
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTask, type Run } from '@cogni/domain';
import * as stroop from '@cogni/domain/tasks/stroop';
import { type Browser, chromium, type Page } from 'playwright-core';
import { finishRun, type Send, startRun } from '../apps/server/src/testing/participant-api';
import { ROOT, startServer } from '../bench/lib';
import { uniqueEmail } from '../e2e/support/accounts';
import { logInViaForm } from '../e2e/support/browser';
import { signUpOverHttp } from '../e2e/support/early-runs';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/find-chromium';
import { answerNextTrial, startStroopRun } from '../e2e/support/stroop-driver';
import { makeDelays, waitForPresentedAt } from '../e2e/support/task-run';

const OUT_DIR = path.join(ROOT, 'docs/screenshots');
const VIEWPORT = { width: 1280, height: 800 };
/**
 * The finished runs on the progress page, one per session: a test trial is answered wrongly when
 * its number modulo `errorEvery` is 5, so the score rises from session to session.
 */
const PROGRESS_SESSIONS = [
  { errorEvery: 6, colorRtMs: 760, wordRtMs: 560 },
  { errorEvery: 9, colorRtMs: 700, wordRtMs: 520 },
  { errorEvery: 18, colorRtMs: 650, wordRtMs: 490 },
];
/** Trials answered before the screenshot of a run in progress. */
const TRIALS_BEFORE_SCREENSHOT = 3;

function say(line: string) {
  process.stdout.write(`${line}\n`);
}

/** A participant who signs up and logs in over HTTP, as a browser would. */
async function newParticipant(baseUrl: string, prefix: string) {
  const email = uniqueEmail(prefix);
  return { email, send: await signUpOverHttp(baseUrl, email) };
}

/** The Stroop trials a browser would send for `run`, answered as `session` says. */
function practisedTrials(run: Run, session: (typeof PROGRESS_SESSIONS)[number]) {
  const plans = stroop.planRun(run.seed, stroop.ConfigSchema.parse(run.config));
  return [
    ...[...plans.sample, ...plans.practice].map((t) => stroop.answerTrial(t, t.correctKey, 800)),
    ...plans.test.map((t) =>
      stroop.answerTrial(
        t,
        t.trialNumber % session.errorEvery === 5 ? stroop.wrongKey(t) : t.correctKey,
        t.cueWord === 'Color' ? session.colorRtMs : session.wordRtMs,
      ),
    ),
  ];
}

/**
 * Saves every trial of each run and completes it, once a person could have taken the runs: not
 * before the least time all their cues and feedback take has passed since `startedAtMs`.
 */
async function finishWhenPlausible(send: Send, runs: Run[], startedAtMs: number) {
  const [first] = runs;
  if (!first) return;
  const leastMs = getTask(first.testType)
    .fixtureRun(first.seed, first.config)
    .reduce((sum, { minimumMs }) => sum + minimumMs, 0);
  const waitMs = startedAtMs + leastMs - Date.now();
  if (waitMs > 0) {
    say(`waiting ${Math.ceil(waitMs / 1000)} s until the progress runs are plausible`);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
  for (const [i, run] of runs.entries()) {
    const session = PROGRESS_SESSIONS[i];
    if (session) await finishRun(send, run, practisedTrials(run, session));
  }
}

/** A Stroop run a few trials in, its next stimulus on screen. */
async function taskInProgress(browser: Browser, baseUrl: string, file: string) {
  const page = await browser.newPage({ baseURL: baseUrl, viewport: VIEWPORT });
  const register = async (_page: Page, email: string) => {
    await signUpOverHttp(baseUrl, email);
  };
  const { cdp } = await startStroopRun(page, 'docs-task', register);
  const delays = makeDelays(7);
  let previous: string | null = null;
  for (let i = 0; i < TRIALS_BEFORE_SCREENSHOT; i++) {
    previous = (await answerNextTrial(page, cdp, { previous, trueRtMs: delays() })).identifier;
  }
  const stimulus = page
    .locator(`[data-testid="stroop-stage"] .stroop-stage__stimulus[elementtiming]`)
    .and(page.locator(`:not([elementtiming="${previous}"])`));
  await stimulus.waitFor();
  await waitForPresentedAt(page, (await stimulus.getAttribute('elementtiming')) ?? '');
  await page.screenshot({ path: file });
  await page.close();
}

/** Progress tracking of `email`, its score trend drawn. */
async function progressTracking(browser: Browser, baseUrl: string, email: string, file: string) {
  const page = await browser.newPage({ baseURL: baseUrl, viewport: VIEWPORT });
  await logInViaForm(page, email);
  await page.goto('/progress-tracking');
  const group = page.getByRole('region', { name: 'Stroop Test' });
  await group.getByRole('img', { name: 'Stroop Test scores across sessions' }).waitFor();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: file });
  await page.close();
}

async function main() {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first.');
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cogni-screenshots-'));
  const { baseUrl, stop } = await startServer(dataDir);
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const progress = await newParticipant(baseUrl, 'docs-progress');
    const startedAtMs = Date.now();
    const runs: Run[] = [];
    for (const _ of PROGRESS_SESSIONS) runs.push(await startRun(progress.send));

    const taskFile = path.join(OUT_DIR, 'task-in-progress.png');
    await taskInProgress(browser, baseUrl, taskFile);
    say(`wrote ${path.relative(ROOT, taskFile)}`);

    await finishWhenPlausible(progress.send, runs, startedAtMs);
    const progressFile = path.join(OUT_DIR, 'progress-tracking.png');
    await progressTracking(browser, baseUrl, progress.email, progressFile);
    say(`wrote ${path.relative(ROOT, progressFile)}`);
  } finally {
    await browser.close();
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
