import type { CDPSession, Page } from 'playwright-core';
import { expect } from 'vitest';
import { uniqueEmail } from './accounts';
import { logInViaForm, registerViaApi } from './browser';

/**
 * How far one stored time may sit from the time the test stamped on its input, in ms: the RT
 * goal's median. A stamp goes through DevTools, which turns the test's wall-clock seconds into
 * the page's monotonic clock, an offset that shifts by some tens of µs on a busy machine; the
 * page's clock itself has a 5 µs grain.
 */
export const STAMPED_TIME_BOUND_MS = 0.1;

/**
 * How far any one stored time may sit from its stamp, in ms, where a test checks many
 * (expectStampedTimes): a busy machine moves the stamp's clock conversion by up to a few tenths
 * of a ms on a few inputs, while a page that stored the time it handled an input, rather than the
 * input's own timestamp, is off by its handling delay on every input.
 */
export const STAMPED_TIME_OUTLIER_MS = 1;

/**
 * Stored times against the times the test stamped on its inputs: every one within
 * STAMPED_TIME_OUTLIER_MS, and their median within STAMPED_TIME_BOUND_MS. A stall of the machine
 * moves a few stamps; only a page that takes the wrong time moves the median.
 */
export function expectStampedTimes(
  pairs: readonly { label: string; storedMs: number; stampedMs: number }[],
): void {
  const errors = pairs.map((p) => Math.abs(p.storedMs - p.stampedMs));
  for (const [i, pair] of pairs.entries()) {
    expect(errors[i], pair.label).toBeLessThanOrEqual(STAMPED_TIME_OUTLIER_MS);
  }
  const sorted = [...errors].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  expect(median, 'median distance of stored times from their stamps').toBeLessThanOrEqual(
    STAMPED_TIME_BOUND_MS,
  );
}

/**
 * The least share of a whole run's presentations whose presented duration a browser test
 * accepts within one frame of the planned one: 90 %, or all but two on a short run. The
 * browser tests run three browsers on two cores beside the server, and each stall of the machine
 * costs a presentation its frame (a SART run of 239 digits has lost 9 so); the timing benchmark
 * measures the share on a quiet machine against its goal of 99 %. A schedule that drifts or a
 * stimulus drawn a frame late misses on most trials, far below this bound.
 */
export function withinFrameShareBound(presentations: number): number {
  return Math.min(0.9, 1 - 2 / presentations);
}

/**
 * Checks that one onset-to-onset interval of a fixed-SOA run keeps the run's pace: never a frame
 * early, and less than 200 ms late. One interval is one sample, and a stall of the machine may
 * cost it a few frames; the whole-run tests hold the time line to a frame. A run that waits for
 * the answer, its save or its feedback before timing the next trial is late by the answer's
 * delay (more than 200 ms in the tests that call this) and fails.
 */
export function expectOnPace(intervalMs: number, soaMs: number): void {
  expect(intervalMs, 'onset to onset').toBeGreaterThan(soaMs - 1000 / 60);
  expect(intervalMs, 'onset to onset').toBeLessThan(soaMs + 200);
}

/**
 * Collects every Element Timing entry in the page, independently of the app, so the test knows when
 * each stimulus was really presented, as the timing benchmark does
 * (docs/timing-rules.md#how-the-rules-are-checked).
 */
export const ELEMENT_TIMING_RECORDER = `
  window.__presented = {};
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__presented[e.identifier] = e.presentationTime || e.renderTime;
  }).observe({ type: 'element', buffered: true });
`;

/** How a test signs up the participant who takes the run. */
type Register = (page: Page, email: string) => Promise<void>;

/** One block of a fixed-SOA task's presented onsets against its absolute time line. */
export type SoaTimeLine = {
  /** Each onset minus its place on the time line it was on (first onset + k periods). */
  lateness: number[];
  /** The lateness of the onsets that kept the time line (resyncs left out). */
  againstTimeLine: number[];
  /** Onset minus the one before minus the period, for those onsets after the first. */
  onsetToOnset: number[];
  /** The index in the block of each onsetToOnset entry's onset. */
  onsetToOnsetAt: number[];
  /** Onsets more than `resyncMs` late: the page stalled, and a new time line starts there. */
  resyncs: number;
  /** The last onset against the first onset's schedule. */
  lastAgainstSchedule: number;
  /** The last onset against the time line it is on (the first's, or the last resync's). */
  lastAgainstAnchor: number;
};

/**
 * Measures a block's presented onsets as the fixed-SOA engine schedules them: anchored at the
 * block's first onset, and again at an onset more than `resyncMs` late (the engine resyncs
 * there, as after a stall of a loaded machine); such an onset counts as a resync and is left out
 * of the onset figures.
 */
export function measureSoaTimeLine(
  onsetsMs: readonly number[],
  periodMs: number,
  resyncMs: number,
): SoaTimeLine {
  const first = onsetsMs[0] ?? 0;
  let anchor = { k: 0, atMs: first };
  const line: SoaTimeLine = {
    lateness: [],
    againstTimeLine: [],
    onsetToOnset: [],
    onsetToOnsetAt: [],
    resyncs: 0,
    lastAgainstSchedule: 0,
    lastAgainstAnchor: 0,
  };
  onsetsMs.forEach((atMs, k) => {
    const lateness = atMs - anchor.atMs - (k - anchor.k) * periodMs;
    line.lateness.push(lateness);
    if (lateness > resyncMs) {
      anchor = { k, atMs };
      line.resyncs += 1;
      return;
    }
    line.againstTimeLine.push(lateness);
    const before = onsetsMs[k - 1];
    if (before === undefined) return;
    line.onsetToOnset.push(atMs - before - periodMs);
    line.onsetToOnsetAt.push(k);
  });
  const lastK = onsetsMs.length - 1;
  const last = onsetsMs[lastK] ?? first;
  line.lastAgainstSchedule = last - first - lastK * periodMs;
  line.lastAgainstAnchor = last - anchor.atMs - (lastK - anchor.k) * periodMs;
  return line;
}

/**
 * Signs up a new user, opens the task's page (/cognitive-tests/<slug>), runs `beforeStart` on
 * the intro (to look at it, or choose the response mode), starts the test and presses
 * 'Ready ... Set ... Go!'; returns the new run's id and a DevTools session for trusted input.
 * `register` defaults to the browser tests' sign-up; the timing benchmark, which runs outside
 * vitest, passes its own.
 */
export async function startTaskRun(
  page: Page,
  options: {
    slug: string;
    emailPrefix: string;
    register?: Register;
    beforeStart?: (page: Page) => Promise<void>;
  },
): Promise<{ runId: string; cdp: CDPSession }> {
  await page.addInitScript(ELEMENT_TIMING_RECORDER);
  const email = uniqueEmail(options.emailPrefix);
  await (options.register ?? registerViaApi)(page, email);
  await logInViaForm(page, email);
  await page.goto(`/cognitive-tests/${options.slug}`);
  await page.getByRole('button', { name: 'Start Test' }).waitFor();
  await options.beforeStart?.(page);
  const { run, cdp } = await startRunFromIntro(page);
  return { runId: run.id, cdp };
}

/**
 * On a task's intro page: presses 'Start Test', then 'Ready ... Set ... Go!', and returns the
 * run the server started (its id, and whether it is an admin's preview) and a CDP session for
 * trusted input.
 */
export async function startRunFromIntro(
  page: Page,
): Promise<{ run: { id: string; isPreview: boolean }; cdp: CDPSession }> {
  await page.getByRole('button', { name: 'Start Test' }).click();
  // A user's run starts at /api/results, a study step's under its study (ADR 040).
  const started = page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' &&
      /^\/api\/(results|participation\/[^/]+\/steps\/\d+\/run)$/.test(new URL(r.url()).pathname),
  );
  await page.getByRole('button', { name: 'Ready ... Set ... Go!' }).click();
  const run = (await (await started).json()).run as { id: string; isPreview: boolean };
  return { run, cdp: await page.context().newCDPSession(page) };
}

/** A delay between 150 and 450 ms with sub-frame jitter, from a simple seeded sequence. */
export function makeDelays(seed = 1): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return 150 + (state / 2147483648) * 300;
  };
}

export function summarize(errors: number[]) {
  const sorted = [...errors].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const mean = errors.reduce((s, e) => s + e, 0) / errors.length;
  return {
    trials: errors.length,
    medianMs: at(0.5),
    p95Ms: at(0.95),
    maxAbsMs: Math.max(...errors.map(Math.abs)),
    meanMs: mean,
    sdMs: Math.sqrt(errors.reduce((s, e) => s + (e - mean) ** 2, 0) / errors.length),
  };
}

/** A stimulus the page presented: its Element Timing name, position, data value and time. */
export type PresentedStimulus = {
  kind: 'stimulus';
  identifier: string;
  phase: 'practice' | 'test';
  block: number;
  trialNumber: number;
  /** The stimulus element's `data-<dataKey>` (what was shown). */
  value: string;
  /** Its Element Timing presentation time (performance.now() time line of the page). */
  presentedAt: number;
};

/**
 * Waits for a stimulus (an element matching `selector`, carrying `data-position`
 * "phase:block:trial") newer than `after` and for its presentation time, or for a prompt (a
 * block's intro, the end). The page must record Element Timing (ELEMENT_TIMING_RECORDER).
 */
export async function waitForStimulus(
  page: Page,
  options: { selector: string; dataKey: string },
  after: string | null,
  timeoutMs = 15_000,
): Promise<PresentedStimulus | { kind: 'prompt'; text: string }> {
  const handle = await page.waitForFunction(
    ({ previous, selector, dataKey }) => {
      const el = document.querySelector<HTMLElement>(selector);
      const id = el?.getAttribute('elementtiming');
      if (el && id && id !== previous) {
        return {
          kind: 'stimulus',
          identifier: id,
          position: el.dataset.position ?? '',
          value: el.dataset[dataKey] ?? '',
        };
      }
      const prompt = document.querySelector('.task-prompt');
      if (prompt) return { kind: 'prompt', text: prompt.textContent ?? '' };
      return null;
    },
    { previous: after, ...options },
    { timeout: timeoutMs, polling: 'raf' },
  );
  const next = (await handle.jsonValue()) as
    | { kind: 'stimulus'; identifier: string; position: string; value: string }
    | { kind: 'prompt'; text: string };
  if (next.kind === 'prompt') return next;
  const [phase, block, trialNumber] = next.position.split(':');
  if (phase !== 'practice' && phase !== 'test') throw new Error(`bad position ${next.position}`);
  const presentedAt = await waitForPresentedAt(page, next.identifier);
  return {
    kind: 'stimulus',
    identifier: next.identifier,
    phase,
    block: Number(block),
    trialNumber: Number(trialNumber),
    value: next.value,
    presentedAt,
  };
}

/**
 * Waits for the Element Timing presentation time of the element named `identifier`; the page must
 * record Element Timing (ELEMENT_TIMING_RECORDER).
 */
export async function waitForPresentedAt(page: Page, identifier: string): Promise<number> {
  const handle = await page.waitForFunction(
    (id) => (window as unknown as { __presented: Record<string, number> }).__presented[id],
    identifier,
    { timeout: 5000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * waitForStimulus, with the stimulus's data value under the task's own name (`letter`,
 * `stimulusId`); a prompt as it is.
 */
export async function waitForNamedStimulus<Name extends string, Value extends string = string>(
  page: Page,
  options: { selector: string; dataKey: string; name: Name },
  after: string | null,
  timeoutMs: number,
): Promise<
  (Omit<PresentedStimulus, 'value'> & Record<Name, Value>) | { kind: 'prompt'; text: string }
> {
  const { selector, dataKey, name } = options;
  const next = await waitForStimulus(page, { selector, dataKey }, after, timeoutMs);
  if (next.kind === 'prompt') return next;
  const { value, ...shown } = next;
  return { ...shown, [name]: value as Value } as Omit<PresentedStimulus, 'value'> &
    Record<Name, Value>;
}

/**
 * Plays a run of stimuli to its end: `next` waits for the stimulus after the one named, or a
 * prompt; `respond` is called with each stimulus as it is presented, and a block's intro is
 * passed with its button. Returns once 'All trials done' shows, with the number of stimuli shown.
 */
export async function playStimulusRun<Shown extends { identifier: string }>(
  page: Page,
  next: (
    after: string | null,
  ) => Promise<({ kind: 'stimulus' } & Shown) | { kind: 'prompt'; text: string }>,
  respond: (shown: Shown) => Promise<void>,
): Promise<number> {
  let previous: string | null = null;
  let shown = 0;
  for (;;) {
    const stage = await next(previous);
    if (stage.kind === 'prompt') {
      if (stage.text.includes('All trials done')) return shown;
      await page.getByTestId('block-intro').getByRole('button').click();
      continue;
    }
    previous = stage.identifier;
    shown += 1;
    await respond(stage);
  }
}
