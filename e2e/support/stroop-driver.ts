import {
  type Cue,
  getCorrectKey,
  getCue,
  type Ink,
  type Phase,
  RESPONSE_KEYS,
  type ResponseKey,
  type Word,
} from '@cogni/domain/tasks/stroop';
import type { CDPSession, Page } from 'playwright-core';
import { startTaskRun } from './task-run';
import { pressKeyAt, touchPadButtonAt } from './trusted-input';

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
const KEY_CODES: Record<ResponseKey, { code: string; keyCode: number }> = {
  R: { code: 'KeyR', keyCode: 82 },
  G: { code: 'KeyG', keyCode: 71 },
  B: { code: 'KeyB', keyCode: 66 },
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
      const progress = document.querySelector('.task-progress')?.textContent ?? '';
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
  if (options.input === 'touch') await touchPadButtonAt(page, cdp, key, pressAtMs);
  else await pressKeyAt(page, cdp, { key: key.toLowerCase(), ...KEY_CODES[key] }, pressAtMs);
  return {
    identifier: shown.identifier,
    phase: shown.phase,
    trialNumber: shown.trialNumber,
    key,
    isCorrect: key === correct,
    trueRtMs: options.trueRtMs,
  };
}

/** Signs up a new user and starts a Stroop run (startTaskRun); `register` as there. */
export function startStroopRun(
  page: Page,
  emailPrefix: string,
  register?: (page: Page, email: string) => Promise<void>,
): Promise<{ runId: string; cdp: CDPSession }> {
  return startTaskRun(page, { slug: 'stroop-test', emailPrefix, register });
}
