import type { CDPSession, Page } from 'playwright-core';
import { waitForPageTime } from './trusted-input';

/**
 * Records every 'Ready' cue, digit and answer prompt the Digit Span stage inserts, with what it
 * shows, independently of the app: the test reads the digits from the screen as a person would.
 */
export const DIGIT_SPAN_RECORDER = `
  window.__dsShown = [];
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement) || !node.matches('.ds-ready, .ds-digit, .ds-answer')) continue;
        window.__dsShown.push({
          id: node.getAttribute('elementtiming'),
          kind: node.classList[0],
          position: node.dataset.position,
          index: node.dataset.index === undefined ? null : Number(node.dataset.index),
          text: node.textContent,
        });
      }
    }
  }).observe(document, { childList: true, subtree: true });
`;

type Shown = {
  id: string;
  kind: 'ds-ready' | 'ds-digit' | 'ds-answer';
  position: string;
  index: number | null;
  text: string;
};

/** A list the page showed and now waits to be answered: its digits and presentation times. */
export type ShownList = {
  kind: 'list';
  phase: 'practice' | 'test';
  block: number;
  trialNumber: number;
  /** The digits read off the screen, in order. */
  digits: number[];
  /** Each digit's Element Timing presentation time (page time line). */
  digitOnsets: number[];
  /** The answer prompt's (keypad's) presentation time. */
  padOnset: number;
  padId: string;
};

/** What the page shows next: a list to answer, or a prompt (an intro, feedback, the end). */
export type NextInRun = ShownList | { kind: 'intro' | 'feedback' | 'finished'; text: string };

const presented = (page: Page, id: string) =>
  page
    .waitForFunction(
      (key) => (window as unknown as { __presented: Record<string, number> }).__presented[key],
      id,
      { timeout: 5000, polling: 'raf' },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);

/**
 * Waits for an answer prompt newer than `afterPadId` (a list has been shown), or for a prompt
 * over the stage. A list's digits come from the recorder, their times from Element Timing.
 */
export async function waitForNextInRun(
  page: Page,
  afterPadId: string | null,
  timeoutMs = 30_000,
): Promise<NextInRun> {
  const handle = await page.waitForFunction(
    (previous) => {
      const shown = (window as unknown as { __dsShown: { id: string; kind: string }[] }).__dsShown;
      const pad = [...shown].reverse().find((s) => s.kind === 'ds-answer');
      if (pad && pad.id !== previous && document.querySelector('.ds-answer')) {
        return { kind: 'list', padId: pad.id };
      }
      const prompt = document.querySelector<HTMLElement>('.task-prompt');
      if (!prompt) return null;
      const text = prompt.textContent ?? '';
      if (prompt.dataset.testid === 'ds-feedback') return { kind: 'feedback', text };
      if (prompt.dataset.testid === 'block-intro') return { kind: 'intro', text };
      if (text.includes('All trials done')) return { kind: 'finished', text };
      return null;
    },
    afterPadId,
    { timeout: timeoutMs, polling: 'raf' },
  );
  const next = (await handle.jsonValue()) as { kind: string; padId?: string; text?: string };
  if (next.kind !== 'list') return next as NextInRun;
  const shown = (await page.evaluate(
    () => (window as unknown as { __dsShown: Shown[] }).__dsShown,
  )) as Shown[];
  const pad = shown.find((s) => s.id === next.padId) as Shown;
  const digits = shown
    .filter((s) => s.kind === 'ds-digit' && s.position === pad.position)
    .sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  const [phase, block, trialNumber] = pad.position.split(':');
  if (phase !== 'practice' && phase !== 'test') throw new Error(`bad position ${pad.position}`);
  return {
    kind: 'list',
    phase,
    block: Number(block),
    trialNumber: Number(trialNumber),
    digits: digits.map((d) => Number(d.text)),
    digitOnsets: await Promise.all(digits.map((d) => presented(page, d.id))),
    padOnset: await presented(page, pad.id),
    padId: pad.id,
  };
}

/** An answer key: a digit 1-9, Backspace, or Enter. */
export type AnswerKey = number | 'backspace' | 'enter';

/**
 * A trusted key press (DevTools, as a real keyboard's) whose event timestamp is exactly `atMs`
 * on the page's time line: a digit of the top row, Backspace or Enter.
 */
export async function pressAnswerKeyAt(
  page: Page,
  cdp: CDPSession,
  key: AnswerKey,
  atMs: number,
): Promise<void> {
  const timeOrigin = await waitForPageTime(page, atMs);
  const timestamp = (timeOrigin + atMs) / 1000;
  const base =
    typeof key === 'number'
      ? {
          key: String(key),
          code: `Digit${key}`,
          windowsVirtualKeyCode: 48 + key,
          text: String(key),
        }
      : key === 'enter'
        ? { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' }
        : { key: 'Backspace', code: 'Backspace', windowsVirtualKeyCode: 8 };
  await cdp.send('Input.dispatchKeyEvent', {
    ...base,
    type: 'text' in base ? 'keyDown' : 'rawKeyDown',
    nativeVirtualKeyCode: base.windowsVirtualKeyCode,
    timestamp,
  });
  await cdp.send('Input.dispatchKeyEvent', {
    key: base.key,
    code: base.code,
    windowsVirtualKeyCode: base.windowsVirtualKeyCode,
    nativeVirtualKeyCode: base.windowsVirtualKeyCode,
    type: 'keyUp',
    timestamp,
  });
}

/**
 * Clicks the button of the prompt over the stage once it takes presses (a prompt ignores them
 * for a moment after it appears) and waits until the prompt is gone.
 */
export async function continuePast(page: Page): Promise<void> {
  const prompt = page.locator('.task-prompt');
  const button = prompt.locator('button[data-armed="true"]');
  await button.waitFor();
  await button.click();
  await prompt.waitFor({ state: 'detached' });
}
