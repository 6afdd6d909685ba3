import {
  type Cue,
  getCorrectKey,
  getCue,
  type Ink,
  type Phase,
  RESPONSE_KEYS,
  type ResponseKey,
  type Word,
} from '@cogni/domain';
import type { CDPSession, Page } from 'playwright-core';
import { uniqueEmail } from './accounts';
import { logInViaForm, registerViaApi } from './browser';

/**
 * Collects every Element Timing entry in the page, independently of the app, so the test knows
 * when each stimulus was really presented (timing.md: "wait until presentation time P").
 */
export const ELEMENT_TIMING_RECORDER = `
  window.__presented = {};
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__presented[e.identifier] = e.presentationTime || e.renderTime;
  }).observe({ type: 'element', buffered: true });
`;

export type PressedTrial = {
  phase: Phase;
  trialNumber: number;
  key: ResponseKey;
  isCorrect: boolean;
  /** The delay from presentation to the key's timestamp, ms: the true reaction time. */
  trueRtMs: number;
};

const PHASE_BY_NAME: Record<string, Phase> = {
  Sample: 'sample',
  Practice: 'practice',
  Test: 'test',
};
const KEY_CODES: Record<ResponseKey, { code: string; vk: number }> = {
  R: { code: 'KeyR', vk: 82 },
  G: { code: 'KeyG', vk: 71 },
  B: { code: 'KeyB', vk: 66 },
};

type ShownStimulus = {
  identifier: string;
  word: Word;
  ink: Ink;
  phase: Phase;
  trialNumber: number;
};

/** Waits for a stimulus newer than `after` and reads what it shows. */
async function waitForStimulus(page: Page, after: string | null): Promise<ShownStimulus> {
  const handle = await page.waitForFunction(
    (previous) => {
      const el = document.querySelector('[data-testid="stroop-stage"] .stroop-stage__stimulus');
      const id = el?.getAttribute('elementtiming');
      if (!el || !id || id === previous) return null;
      const progress = document.querySelector('.stroop-progress')?.textContent ?? '';
      const ink = [...el.classList].find((c) => c.startsWith('stroop-ink--'))?.slice(12);
      return { identifier: id, word: el.textContent, ink, progress };
    },
    after,
    { timeout: 15_000, polling: 'raf' },
  );
  const shown = (await handle.jsonValue()) as {
    identifier: string;
    word: Word;
    ink: Ink;
    progress: string;
  };
  const match = /^(\w+) · trial (\d+) of \d+$/.exec(shown.progress);
  const phase = PHASE_BY_NAME[match?.[1] ?? ''];
  if (!match || !phase) throw new Error(`unexpected progress text: ${shown.progress}`);
  return { ...shown, phase, trialNumber: Number(match[2]) - 1 };
}

/**
 * Answers one trial with a trusted key press whose timestamp is exactly `trueRtMs` after the
 * stimulus's presentation time, sent through the DevTools protocol (Input.dispatchKeyEvent).
 */
export async function answerNextTrial(
  page: Page,
  cdp: CDPSession,
  options: {
    previous: string | null;
    trueRtMs: number;
    answerWrong?: boolean;
    /** 'touch': a finger on the answer's on-screen button (Input.dispatchTouchEvent). */
    input?: 'key' | 'touch';
  },
): Promise<PressedTrial & { identifier: string }> {
  const shown = await waitForStimulus(page, options.previous);
  const presentedAt = (await (
    await page.waitForFunction(
      (id) => (window as unknown as { __presented: Record<string, number> }).__presented[id],
      shown.identifier,
      { timeout: 5000, polling: 'raf' },
    )
  ).jsonValue()) as number;
  const cue: Cue = getCue(shown.trialNumber);
  const correct = getCorrectKey(cue, shown.word, shown.ink);
  const key = options.answerWrong ? (RESPONSE_KEYS.find((k) => k !== correct) ?? 'R') : correct;
  const pressAtMs = presentedAt + options.trueRtMs;
  const { timeOrigin, now } = await page.evaluate(() => ({
    timeOrigin: performance.timeOrigin,
    now: performance.now(),
  }));
  if (pressAtMs > now) await new Promise((resolve) => setTimeout(resolve, pressAtMs - now));
  const timestamp = (timeOrigin + pressAtMs) / 1000;
  if (options.input === 'touch') {
    await touchButton(page, cdp, key, timestamp);
    return {
      identifier: shown.identifier,
      phase: shown.phase,
      trialNumber: shown.trialNumber,
      key,
      isCorrect: key === correct,
      trueRtMs: options.trueRtMs,
    };
  }
  const { code, vk } = KEY_CODES[key];
  const base = {
    key: key.toLowerCase(),
    code,
    windowsVirtualKeyCode: vk,
    nativeVirtualKeyCode: vk,
    timestamp,
  };
  await cdp.send('Input.dispatchKeyEvent', { ...base, type: 'keyDown', text: key.toLowerCase() });
  await cdp.send('Input.dispatchKeyEvent', { ...base, type: 'keyUp' });
  return {
    identifier: shown.identifier,
    phase: shown.phase,
    trialNumber: shown.trialNumber,
    key,
    isCorrect: key === correct,
    trueRtMs: options.trueRtMs,
  };
}

/** The centre of the on-screen button answering `key`, in CSS pixels of the viewport. */
async function buttonCentre(page: Page, key: ResponseKey): Promise<{ x: number; y: number }> {
  const box = await page
    .locator(`[data-testid="response-pad"] [data-response="${key}"]`)
    .boundingBox();
  if (!box) throw new Error(`no on-screen button for ${key}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * A trusted touch on the button answering `key`, its touchstart stamped `timestamp` (seconds
 * since the epoch), as a finger would: the app answers on the pointerdown it becomes.
 */
export async function touchButton(
  page: Page,
  cdp: CDPSession,
  key: ResponseKey,
  timestamp: number,
): Promise<void> {
  const point = await buttonCentre(page, key);
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [{ ...point, id: 1 }],
    timestamp,
  });
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchEnd',
    touchPoints: [],
    timestamp: timestamp + 0.08,
  });
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

/**
 * Signs up a new user, opens the test and presses 'Ready ... Set ... Go!'; returns the new run's
 * id and a DevTools session for trusted key presses. `register` defaults to the browser tests'
 * sign-up; the timing benchmark, which runs outside vitest, passes its own.
 */
export async function startStroopRun(
  page: Page,
  emailPrefix: string,
  register: (page: Page, email: string) => Promise<void> = registerViaApi,
): Promise<{ runId: string; cdp: CDPSession }> {
  await page.addInitScript(ELEMENT_TIMING_RECORDER);
  const email = uniqueEmail(emailPrefix);
  await register(page, email);
  await logInViaForm(page, email);
  await page.goto('/cognitive-tests/stroop-test');
  await page.getByRole('button', { name: 'Start Test' }).click();
  const started = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/results' && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Ready ... Set ... Go!' }).click();
  const runId: string = (await (await started).json()).run.id;
  return { runId, cdp: await page.context().newCDPSession(page) };
}
