// Timing benchmark (docs/performance.md): Cogni's runtimes and jsPsych 8 side by side in headless
// Chromium, idle, with main-thread jank and with the CPU throttled 4x. Three parts:
// - stroop: the Stroop cue and stimulus (RT, onset, cue interval), touch, and a short run of the
//   real Stroop page saving to the server;
// - soa: the SART's fixed-SOA short exposure (digit 250 ms, mask 900 ms), durations, drift and
//   RTs during digit and mask;
// - pvt: RTs while the PVT's counter is redrawn every frame (Cogni only).
// Writes bench/results/timing.{json,md} as each part ends, and as each condition of soa and pvt
// ends, so a later failure or a Ctrl-C keeps what is done; a run of some parts keeps the others'
// last results.
// Usage: npm run bench:timing [-- --parts=stroop,soa,pvt --trials=500 --cue-ms=100
//   --real-cue-trials=100 --touch-trials=300 --soa-trials=540 --pvt-trials=300] [-- --touch-only]
//   (--touch-only: only the touch condition, written to bench/results/timing-touch.{json,md})
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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
import { runPvtTrials } from './timing/measure-pvt';
import { makeSoaDelays, runSoaTrials, type SoaNames } from './timing/measure-soa';
import { checkRealPage } from './timing/real-page';
import {
  type ConditionResult,
  type PvtCounterResults,
  renderMarkdown,
  renderTouchMarkdown,
  type TimingResults,
} from './timing/report';
import { serveBenchPages } from './timing/serve-pages';
import { type FixedSoaResults, summarizeSoa } from './timing/soa-report';
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
const SOA_TRIALS = readArg('soa-trials', 504);
const PVT_TRIALS = readArg('pvt-trials', 300);
/**
 * The conditions the soa and pvt parts run (`--conditions=idle,jank`); the others keep their
 * last results, so a long part can run one condition at a time on a machine that is busy between.
 */
const RUN_CONDITIONS = new Set(
  (process.argv.find((a) => a.startsWith('--conditions='))?.split('=')[1] ?? CONDITIONS.join(','))
    .split(',')
    .filter((c): c is Condition => (CONDITIONS as readonly string[]).includes(c)),
);
const PARTS = new Set(
  (process.argv.find((a) => a.startsWith('--parts='))?.split('=')[1] ?? 'stroop,soa,pvt').split(
    ',',
  ),
);

/** The SART's design: a digit for 250 ms, then the mask for 900 ms. */
const SOA_DESIGN = { digitMs: 250, maskMs: 900 };
/** How each system's page names its digits and masks for Element Timing. */
const SOA_NAMES: Record<System, SoaNames> = {
  cogni: { digit: 'digit', mask: 'mask' },
  jspsych: { digit: 'digit', mask: 'mask' },
};
/** The Element Timing name of the PVT's counter. */
const PVT_COUNTER_NAME = 'pvt-counter';

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

/** Cogni's runtime answered by touch under each condition. */
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

/** The Stroop part: both systems under each condition, touch, the real cue, the real page. */
async function runStroop(
  browser: import('playwright-core').Browser,
  baseUrl: string,
): Promise<TimingResults> {
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
        baseUrl,
        system,
        condition,
        trials: TRIALS,
        cueMs: CUE_MS,
        drawDelayMs: makeDelayDrawer(index + 1),
      });
      log(`${system} ${condition}: ${TRIALS} trials`);
    }
  }
  // Touch mode: Cogni's runtime answered by a finger on its answer button. jsPsych's
  // keyboard-response plugin takes no touch, so there is no side by side here.
  const touch = await runTouch(browser, baseUrl);
  const realCue = {} as TimingResults['realCue']['systems'];
  for (const system of SYSTEMS) {
    const trials = await runTrials({
      browser,
      baseUrl,
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
  const withinFrame = (system: System) =>
    mapConditions(system, (t) =>
      shareWithin(
        t.map((x) => x.cueIntervalErrorMs),
        FRAME_MS,
      ),
    );
  return {
    systems: {
      cogni: mapConditions('cogni', summarize),
      jspsych: mapConditions('jspsych', summarize),
    },
    machine,
    browser: describeBrowser(browser),
    date: new Date().toISOString(),
    settings: {
      cueMs: CUE_MS,
      delayMs: '150 + 550·u³ ms, u uniform in [0, 1): 150-700 ms, skewed short like human RTs',
      jank: '20 ms of busy work every 50 ms on the page main thread',
      throttle: 'Emulation.setCPUThrottlingRate 4',
    },
    realCue: { cueMs: REAL_CUE_MS, systems: realCue },
    touch,
    cueWithinFrame: { cogni: withinFrame('cogni'), jspsych: withinFrame('jspsych') },
    realPage,
  };
}

/**
 * The SART's design, both systems under each condition, one after the other; hands the part's
 * results to `onCondition` as each condition ends (the conditions not run keep `previous`).
 */
async function runFixedSoa(
  browser: import('playwright-core').Browser,
  baseUrl: string,
  previous: FixedSoaResults | undefined,
  onCondition: (results: FixedSoaResults) => void,
): Promise<void> {
  const systems = structuredClone(
    previous?.systems ?? { cogni: {}, jspsych: {} },
  ) as FixedSoaResults['systems'];
  const results = (): FixedSoaResults => ({
    machine,
    browser: describeBrowser(browser),
    date: new Date().toISOString(),
    design: {
      ...SOA_DESIGN,
      soaMs: SOA_DESIGN.digitMs + SOA_DESIGN.maskMs,
      delays: `every other press during the digit (150-${SOA_DESIGN.digitMs - 10} ms), the rest during the mask (${SOA_DESIGN.digitMs + 20}-${SOA_DESIGN.digitMs + SOA_DESIGN.maskMs - 100} ms), uniform`,
    },
    systems,
  });
  for (const [index, condition] of CONDITIONS.entries()) {
    if (!RUN_CONDITIONS.has(condition)) continue;
    for (const system of SYSTEMS) {
      const trials = await runSoaTrials({
        browser,
        baseUrl,
        system,
        names: SOA_NAMES[system],
        condition,
        trials: SOA_TRIALS,
        design: SOA_DESIGN,
        delayMs: makeSoaDelays(index + 21, SOA_DESIGN),
      });
      systems[system][condition] = {
        ...summarizeSoa(trials),
        measuredAt: new Date().toISOString(),
      };
      log(`${system} fixed SOA ${condition}: ${trials.length} trials`);
    }
    onCondition(results());
  }
}

/**
 * RTs while the PVT's counter is redrawn every frame: Cogni under each condition; hands the
 * part's results to `onCondition` as each condition ends (the conditions not run keep `previous`).
 */
async function runPvtCounter(
  browser: import('playwright-core').Browser,
  baseUrl: string,
  previous: PvtCounterResults | undefined,
  onCondition: (results: PvtCounterResults) => void,
): Promise<void> {
  const conditions = structuredClone(previous?.conditions ?? {}) as PvtCounterResults['conditions'];
  const results = (): PvtCounterResults => ({
    machine,
    browser: describeBrowser(browser),
    date: new Date().toISOString(),
    delayMs: '150 + 550·u³ ms (150-700 ms)',
    conditions,
  });
  for (const [index, condition] of CONDITIONS.entries()) {
    if (!RUN_CONDITIONS.has(condition)) continue;
    conditions[condition] = await runPvtTrials({
      browser,
      baseUrl,
      condition,
      trials: PVT_TRIALS,
      counterName: PVT_COUNTER_NAME,
      drawDelayMs: makeDelayDrawer(index + 31),
    });
    log(`cogni PVT counter ${condition}: ${PVT_TRIALS} trials`);
    onCondition(results());
  }
}

function describeBrowser(browser: import('playwright-core').Browser): string {
  return `${browser.version()} headless (${path.basename(findChromium())}), jsPsych ${readVersion('jspsych')}, plugin-html-keyboard-response ${readVersion('@jspsych/plugin-html-keyboard-response')}`;
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
  const out = path.join(ROOT, 'bench/results');
  const jsonFile = path.join(out, 'timing.json');
  const previous = existsSync(jsonFile)
    ? (JSON.parse(readFileSync(jsonFile, 'utf8')) as TimingResults)
    : null;
  if (!PARTS.has('stroop') && !previous) {
    throw new Error('No Stroop results yet: run the stroop part first');
  }
  // The files are rewritten whole at each save, the parts not run kept from `previous`.
  const save = (next: TimingResults) => {
    writeFileSync(jsonFile, `${JSON.stringify(next, null, 2)}\n`);
    writeFileSync(path.join(out, 'timing.md'), renderMarkdown(next));
    log(
      `written: ${path.relative(ROOT, jsonFile)}, ${path.relative(ROOT, path.join(out, 'timing.md'))}`,
    );
    return next;
  };
  let results = previous as TimingResults;
  if (PARTS.has('stroop')) {
    const stroop = await runStroop(browser, pages.baseUrl);
    results = save({
      ...stroop,
      fixedSoa: previous?.fixedSoa,
      pvtCounter: previous?.pvtCounter,
    });
  }
  if (PARTS.has('soa')) {
    await runFixedSoa(browser, pages.baseUrl, results.fixedSoa, (fixedSoa) => {
      results = save({ ...results, fixedSoa });
    });
  }
  if (PARTS.has('pvt')) {
    await runPvtCounter(browser, pages.baseUrl, results.pvtCounter, (pvtCounter) => {
      results = save({ ...results, pvtCounter });
    });
  }
  console.log(renderMarkdown(results));
  if (!results.realPage.storedEqualsRecorded) process.exitCode = 1;
} finally {
  await browser.close();
  await pages.close();
}

/** The installed version of an npm package (whose `exports` may hide package.json). */
function readVersion(name: string): string {
  const file = path.join(ROOT, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
