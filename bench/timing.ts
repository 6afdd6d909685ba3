// Timing benchmark (issue 6, spec/timing.md): our Stroop runtime and jsPsych 8 side by side in
// headless Chromium, idle, with main-thread jank and with the CPU throttled 4x; then a short run
// of the real Stroop page saving to the server. Writes bench/results/timing.{json,md}.
// Usage: npm run bench:timing [-- --trials=500 --cue-ms=100 --real-cue-trials=100
//   --touch-trials=300] [-- --touch-only] (--touch-only: only the touch condition, written to
//   bench/results/timing-touch.{json,md})
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/find-chromium';
import { ROOT } from './lib';
import { CONDITIONS, type Condition } from './timing/conditions';
import {
  makeDelayDrawer,
  runTrials,
  SYSTEMS,
  type System,
  type TrialErrors,
} from './timing/measure';
import { checkRealPage } from './timing/real-page';
import {
  type ConditionResult,
  renderMarkdown,
  renderTouchMarkdown,
  type TimingResults,
} from './timing/report';
import { serveBenchPages } from './timing/serve-pages';
import { shareWithin, summarizeErrors } from './timing/stats';

const FRAME_MS = 1000 / 60;
const REAL_CUE_MS = 1400;

function readArg(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split('=')[1]) : fallback;
}
const TRIALS = readArg('trials', 500);
const CUE_MS = readArg('cue-ms', 100);
const REAL_CUE_TRIALS = readArg('real-cue-trials', 100);
const REAL_PAGE_TRIALS = readArg('real-page-trials', 10);
const TOUCH_TRIALS = readArg('touch-trials', 300);

function summarize(trials: TrialErrors[]): ConditionResult {
  return {
    trials: trials.length,
    rtErrorMs: summarizeErrors(trials.map((t) => t.rtErrorMs)),
    onsetErrorMs: summarizeErrors(trials.map((t) => t.onsetErrorMs)),
    cueIntervalErrorMs: summarizeErrors(trials.map((t) => t.cueIntervalErrorMs)),
  };
}

function describeMachine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} at start`;
}

const TOUCH_ONLY = process.argv.includes('--touch-only');

/** Cogni's runtime answered by touch under each condition (D25). */
async function runTouch(
  browser: import('playwright-core').Browser,
  baseUrl: string,
): Promise<Record<Condition, ConditionResult>> {
  const touch = {} as Record<Condition, ConditionResult>;
  for (const [index, condition] of CONDITIONS.entries()) {
    touch[condition] = summarize(
      await runTrials({
        browser,
        baseUrl,
        system: 'cogni',
        condition,
        trials: TOUCH_TRIALS,
        cueMs: CUE_MS,
        drawDelayMs: makeDelayDrawer(index + 11),
        input: 'touch',
      }),
    );
    log(`cogni touch ${condition}: ${TOUCH_TRIALS} trials`);
  }
  return touch;
}

const machine = describeMachine();
const started = performance.now();
const log = (message: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${message}`);
const pages = await serveBenchPages();
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  if (TOUCH_ONLY) {
    const touch = await runTouch(browser, pages.baseUrl);
    const out = path.join(ROOT, 'bench/results');
    const result = { machine, date: new Date().toISOString(), cueMs: CUE_MS, touch };
    writeFileSync(path.join(out, 'timing-touch.json'), `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(path.join(out, 'timing-touch.md'), renderTouchMarkdown(result));
    console.log(renderTouchMarkdown(result));
    process.exit(0);
  }
  // First, as it is short and needs the whole app: a failure here should not cost the long run.
  const realPage = await checkRealPage(browser, REAL_PAGE_TRIALS);
  log(`real Stroop page: ${realPage.trials} trials`);
  const byCondition = {} as Record<System, Record<Condition, TrialErrors[]>>;
  for (const system of SYSTEMS) byCondition[system] = {} as Record<Condition, TrialErrors[]>;
  // Conditions outside, systems inside: both systems see the machine in the same state.
  for (const [index, condition] of CONDITIONS.entries()) {
    for (const system of SYSTEMS) {
      byCondition[system][condition] = await runTrials({
        browser,
        baseUrl: pages.baseUrl,
        system,
        condition,
        trials: TRIALS,
        cueMs: CUE_MS,
        drawDelayMs: makeDelayDrawer(index + 1),
      });
      log(`${system} ${condition}: ${TRIALS} trials`);
    }
  }
  // Touch mode (D25): Cogni's runtime answered by a finger on its answer button. jsPsych's
  // keyboard-response plugin takes no touch, so there is no side by side here.
  const touch = await runTouch(browser, pages.baseUrl);
  const realCue = {} as TimingResults['realCue']['systems'];
  for (const system of SYSTEMS) {
    const trials = await runTrials({
      browser,
      baseUrl: pages.baseUrl,
      system,
      condition: 'idle',
      trials: REAL_CUE_TRIALS,
      cueMs: REAL_CUE_MS,
      // Only the cue interval is wanted here: the shortest delays keep it quick.
      drawDelayMs: makeDelayDrawer(9, 150, 200),
    });
    const errors = trials.map((t) => t.cueIntervalErrorMs);
    realCue[system] = {
      trials: trials.length,
      cueIntervalErrorMs: summarizeErrors(errors),
      withinFrame: shareWithin(errors, FRAME_MS),
    };
    log(`${system} ${REAL_CUE_MS} ms cue: ${REAL_CUE_TRIALS} trials`);
  }

  const mapConditions = <T>(system: System, f: (trials: TrialErrors[]) => T) =>
    Object.fromEntries(CONDITIONS.map((c) => [c, f(byCondition[system][c])])) as Record<
      Condition,
      T
    >;
  const results: TimingResults = {
    systems: {
      cogni: mapConditions('cogni', summarize),
      jspsych: mapConditions('jspsych', summarize),
    },
    machine,
    browser: `${browser.version()} headless (${path.basename(findChromium())}), jsPsych ${readVersion('jspsych')}, plugin-html-keyboard-response ${readVersion('@jspsych/plugin-html-keyboard-response')}`,
    date: new Date().toISOString(),
    settings: {
      cueMs: CUE_MS,
      delayMs: '150 + 550·u³ ms, u uniform in [0, 1): 150-700 ms, skewed short like human RTs',
      jank: '20 ms of busy work every 50 ms on the page main thread',
      throttle: 'Emulation.setCPUThrottlingRate 4',
    },
    realCue: { cueMs: REAL_CUE_MS, systems: realCue },
    touch,
    cueWithinFrame: {
      cogni: mapConditions('cogni', (t) =>
        shareWithin(
          t.map((x) => x.cueIntervalErrorMs),
          FRAME_MS,
        ),
      ),
      jspsych: mapConditions('jspsych', (t) =>
        shareWithin(
          t.map((x) => x.cueIntervalErrorMs),
          FRAME_MS,
        ),
      ),
    },
    realPage,
  };
  const out = path.join(ROOT, 'bench/results');
  writeFileSync(path.join(out, 'timing.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(out, 'timing.md'), renderMarkdown(results));
  console.log(renderMarkdown(results));
  if (!realPage.storedEqualsRecorded) process.exitCode = 1;
} finally {
  await browser.close();
  await pages.close();
}

/** The installed version of an npm package (whose `exports` may hide package.json). */
function readVersion(name: string): string {
  const file = path.join(ROOT, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
