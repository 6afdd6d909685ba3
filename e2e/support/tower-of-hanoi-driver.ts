import type { AdminTrial } from '@cogni/domain';
import type { Peg } from '@cogni/domain/tasks/tower-of-hanoi';
import type { CDPSession, Page } from 'playwright-core';
import { type TrustedKey, waitForPageTime } from './trusted-input';

/** A problem the page presented: its position, its id and its Element Timing onset. */
export type ShownProblem = {
  kind: 'problem';
  /** The board's Element Timing identifier. */
  id: string;
  phase: 'practice' | 'test';
  block: number;
  trialNumber: number;
  problemId: string;
  /** The board's presentation time (page time line). */
  onset: number;
};

/** What the page shows next: a problem, or a prompt over the stage. */
export type NextOnBoard =
  | ShownProblem
  | { kind: 'intro' | 'result' | 'finished'; text: string; solved?: boolean };

/**
 * Waits for a board newer than `afterId` (a problem presented) or for a prompt over the stage;
 * a board's onset comes from the page's Element Timing recorder (ELEMENT_TIMING_RECORDER).
 */
export async function waitForNextOnBoard(
  page: Page,
  afterId: string | null,
  timeoutMs = 20_000,
): Promise<NextOnBoard> {
  const handle = await page.waitForFunction(
    (previous) => {
      const prompt = document.querySelector<HTMLElement>('.task-prompt');
      if (prompt) {
        const text = prompt.textContent ?? '';
        if (prompt.dataset.testid === 'toh-result') {
          return { kind: 'result', text, solved: prompt.dataset.solved === 'true' };
        }
        if (prompt.dataset.testid === 'block-intro') return { kind: 'intro', text };
        if (text.includes('All trials done')) return { kind: 'finished', text };
        return null;
      }
      const board = document.querySelector<HTMLElement>('.toh-board');
      const id = board?.getAttribute('elementtiming');
      if (board && id && id !== previous) {
        return {
          kind: 'problem',
          id,
          position: board.dataset.position ?? '',
          problemId: board.dataset.problem ?? '',
        };
      }
      return null;
    },
    afterId,
    { timeout: timeoutMs, polling: 'raf' },
  );
  const next = (await handle.jsonValue()) as NextOnBoard & { position?: string };
  if (next.kind !== 'problem') return next;
  const [phase, block, trialNumber] = (next.position ?? '').split(':');
  if (phase !== 'practice' && phase !== 'test') throw new Error(`bad position ${next.position}`);
  const onset = (await (
    await page.waitForFunction(
      (key) => (window as unknown as { __presented: Record<string, number> }).__presented[key],
      next.id,
      { timeout: 5000, polling: 'raf' },
    )
  ).jsonValue()) as number;
  return {
    kind: 'problem',
    id: next.id,
    phase,
    block: Number(block),
    trialNumber: Number(trialNumber),
    problemId: next.problemId,
    onset,
  };
}

/** The centre of a peg's button (its third of the workspace), in CSS px of the viewport. */
export async function pegCentre(page: Page, peg: Peg): Promise<{ x: number; y: number }> {
  const box = await page.locator(`.toh-peg[data-peg="${peg}"]`).boundingBox();
  if (!box) throw new Error(`no peg ${peg}`);
  return { x: box.x + box.width / 2, y: box.y + box.height * 0.7 };
}

const seconds = (timeOrigin: number, atMs: number) => (timeOrigin + atMs) / 1000;

/** What presses the pegs: a mouse (DevTools mouse events) or a finger (touch events). */
export type Pointer = 'mouse' | 'touch';

type Point = { x: number; y: number };

/** One pointer event as DevTools dispatches it, stamped `atMs` on the page's time line. */
async function dispatch(
  cdp: CDPSession,
  pointer: Pointer,
  phase: 'down' | 'move' | 'up',
  point: Point,
  timestamp: number,
) {
  if (pointer === 'mouse') {
    const type = { down: 'mousePressed', move: 'mouseMoved', up: 'mouseReleased' }[phase];
    await cdp.send('Input.dispatchMouseEvent', {
      type: type as 'mousePressed',
      ...point,
      button: 'left',
      buttons: phase === 'move' ? 1 : 0,
      clickCount: 1,
      timestamp,
    });
    return;
  }
  const type = { down: 'touchStart', move: 'touchMove', up: 'touchEnd' }[phase];
  await cdp.send('Input.dispatchTouchEvent', {
    type: type as 'touchStart',
    touchPoints: phase === 'up' ? [] : [{ ...point, id: 1 }],
    timestamp,
  });
}

/**
 * A trusted click or tap on a peg whose press is stamped `atMs` on the page's time line; the app
 * takes the pointerdown it becomes.
 */
export async function pressPegAt(
  page: Page,
  cdp: CDPSession,
  pointer: Pointer,
  peg: Peg,
  atMs: number,
) {
  const point = await pegCentre(page, peg);
  const timeOrigin = await waitForPageTime(page, atMs);
  await dispatch(cdp, pointer, 'down', point, seconds(timeOrigin, atMs));
  await dispatch(cdp, pointer, 'up', point, seconds(timeOrigin, atMs + 50));
}

/**
 * A trusted drag from one peg to another: pressed at `downMs`, moved across in an arc, let go
 * over `to` at `upMs` (the drop's timestamp).
 */
export async function dragPegAt(
  page: Page,
  cdp: CDPSession,
  pointer: Pointer,
  move: { from: Peg; to: Peg; downMs: number; upMs: number },
) {
  const start = await pegCentre(page, move.from);
  const end = await pegCentre(page, move.to);
  const timeOrigin = await waitForPageTime(page, move.downMs);
  await dispatch(cdp, pointer, 'down', start, seconds(timeOrigin, move.downMs));
  for (let step = 1; step <= 4; step++) {
    const point = {
      x: start.x + ((end.x - start.x) * step) / 4,
      y: start.y - 40 * Math.sin((Math.PI * step) / 4),
    };
    const atMs = move.downMs + ((move.upMs - move.downMs) * step) / 5;
    await dispatch(cdp, pointer, 'move', point, seconds(timeOrigin, atMs));
  }
  await waitForPageTime(page, move.upMs);
  await dispatch(cdp, pointer, 'up', end, seconds(timeOrigin, move.upMs));
}

/** The keys of the task as DevTools dispatches them. */
export const TOH_KEYS = {
  1: { key: '1', code: 'Digit1', keyCode: 49 },
  2: { key: '2', code: 'Digit2', keyCode: 50 },
  3: { key: '3', code: 'Digit3', keyCode: 51 },
  left: { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37 },
  right: { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39 },
  enter: { key: 'Enter', code: 'Enter', keyCode: 13 },
  space: { key: ' ', code: 'Space', keyCode: 32 },
  escape: { key: 'Escape', code: 'Escape', keyCode: 27 },
} satisfies Record<string, TrustedKey>;

/**
 * A trusted key press stamped `atMs` (DevTools Input.dispatchKeyEvent): keys with text as
 * keyDown, the others (arrows, Escape) as rawKeyDown; held `holdMs` (its keyUp stamped then),
 * with `repeats` auto-repeated keyDowns spread over the hold, as a key held down sends them.
 */
export async function pressTohKeyAt(
  page: Page,
  cdp: CDPSession,
  key: TrustedKey,
  atMs: number,
  { holdMs = 0, repeats = 0 }: { holdMs?: number; repeats?: number } = {},
) {
  const timeOrigin = await waitForPageTime(page, atMs);
  const hasText = key.key.length === 1 || key.key === 'Enter';
  const at = (ms: number) => ({
    key: key.key,
    code: key.code,
    windowsVirtualKeyCode: key.keyCode,
    nativeVirtualKeyCode: key.keyCode,
    timestamp: seconds(timeOrigin, ms),
  });
  const down = {
    type: hasText ? ('keyDown' as const) : ('rawKeyDown' as const),
    ...(hasText ? { text: key.key === 'Enter' ? '\r' : key.key } : {}),
  };
  await cdp.send('Input.dispatchKeyEvent', { ...at(atMs), ...down });
  for (let i = 1; i <= repeats; i++) {
    const repeatMs = atMs + (holdMs * i) / (repeats + 1);
    await waitForPageTime(page, repeatMs);
    await cdp.send('Input.dispatchKeyEvent', { ...at(repeatMs), ...down, autoRepeat: true });
  }
  if (holdMs > 0) await waitForPageTime(page, atMs + holdMs);
  await cdp.send('Input.dispatchKeyEvent', { ...at(atMs + holdMs), type: 'keyUp' });
}

/**
 * Presses the button of the prompt over the stage (an intro, a result, the end) once it takes
 * presses (the runtime ignores them for a moment after the prompt appears), and waits until the
 * prompt is gone.
 */
export async function pressPromptButton(page: Page): Promise<void> {
  const prompt = await page.locator('.task-prompt').elementHandle();
  const button = await prompt?.$('button');
  if (!prompt || !button) throw new Error('no prompt with a button');
  await page.waitForTimeout(450);
  for (let tries = 0; tries < 5; tries++) {
    await button.click();
    try {
      await prompt.waitForElementState('hidden', { timeout: 1500 });
      return;
    } catch {
      // Pressed too early: the press was ignored; press again.
    }
  }
  throw new Error('the prompt did not go');
}

/** The trials of a run as its owner reads them back, with the task's own fields. */
export async function storedProblems(page: Page, runId: string) {
  const res = await page.request.get(`/api/results/${runId}/trials`);
  if (res.status() !== 200) throw new Error(`reading trials failed: ${res.status()}`);
  return ((await res.json()) as { trials: (AdminTrial & Record<string, unknown>)[] }).trials;
}
