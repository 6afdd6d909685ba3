// @vitest-environment jsdom

import type { Run, TrialEnvelope } from '@cogni/domain';
import { DEFAULT_CONFIG, type Trial } from '@cogni/domain/tasks/tower-of-hanoi';
import { describe, expect, it, vi } from 'vitest';
import {
  FAKE_FRAME_MS,
  fakeRuntimeOptions,
  makeTestRun,
  useFakeStage,
} from '../../../lib/task-runtime/testing/fake-stage';
import { isTowerOfHanoiRestartPending } from './open-problem';
import {
  createTowerOfHanoiHost,
  type TowerOfHanoiHost,
  towerOfHanoiView,
} from './tower-of-hanoi-stage';

const SEED = 'toh-runtime-seed';
const PRACTICE = { phase: 'practice', block: 0, trialNumber: 0 } as const;
const OPEN_KEY = 'cogni.towerOfHanoi.open.result-1';

/** What the running view shows of the host now. */
function view(host: TowerOfHanoiHost | null) {
  if (!host) throw new Error('No host');
  return towerOfHanoiView(host.getSnapshot(), DEFAULT_CONFIG);
}

const makeRun = (): Run => makeTestRun('towerOfHanoiTest', SEED, DEFAULT_CONFIG);

/**
 * A key event on whatever has the focus (the page if nothing), stamped with the page's clock
 * now as a browser's would be; returns it (to read `defaultPrevented`).
 */
function key(
  type: 'keydown' | 'keyup',
  init: { key: string; code: string; repeat?: boolean },
): KeyboardEvent {
  const event = new KeyboardEvent(type, { ...init, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: performance.now() });
  (document.activeElement ?? document.body).dispatchEvent(event);
  return event;
}

/**
 * A click on `element` with no pointer (detail 0: a screen reader's activation, or a key's) or a
 * pointer's (detail 1), stamped with the page's clock now.
 */
function click(element: Element, detail = 0): void {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, detail });
  Object.defineProperty(event, 'timeStamp', { value: performance.now() });
  element.dispatchEvent(event);
}

const ENTER = { key: 'Enter', code: 'Enter' };
const SPACE = { key: ' ', code: 'Space' };
const RIGHT = { key: 'ArrowRight', code: 'ArrowRight' };
const LEFT = { key: 'ArrowLeft', code: 'ArrowLeft' };

/** The peg whose button has the focus (1-3), or null. */
const focusedPeg = () =>
  Number((document.activeElement as HTMLElement | null)?.dataset.peg) || null;

describe('the Tower of Hanoi on the task host (jsdom, fake clock; onsets by the animation-frame fallback)', () => {
  let recorded: Trial[] = [];
  let runtime: TowerOfHanoiHost | null = null;
  const page = useFakeStage(() => {
    runtime?.dispose();
    runtime = null;
    recorded = [];
    window.localStorage.clear();
    for (const element of document.body.querySelectorAll('.outside')) element.remove();
  });

  function startRuntime(enqueue?: (trial: TrialEnvelope) => Promise<void>) {
    const options = fakeRuntimeOptions<Trial>(makeRun(), page.stage, (trial) =>
      recorded.push(trial),
    );
    if (enqueue) options.sink = { enqueue: (_id, trial) => enqueue(trial) };
    runtime = createTowerOfHanoiHost(options);
    runtime.start();
    return runtime;
  }

  /** Starts the run and waits until the practice problem is on with its onset known. */
  async function practiceOn(enqueue?: (trial: TrialEnvelope) => Promise<void>) {
    const current = startRuntime(enqueue);
    current.begin(true);
    for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(FAKE_FRAME_MS);
    expect(view(current).kind).toBe('problem');
    expect(page.stage.querySelector('.toh-board')).not.toBeNull();
    return current;
  }

  /** A key pressed now and released `holdMs` later; returns the press's time. */
  async function press(init: { key: string; code: string }, holdMs = 50) {
    const at = performance.now();
    key('keydown', init);
    await vi.advanceTimersByTimeAsync(holdMs);
    key('keyup', init);
    await vi.advanceTimersByTimeAsync(100);
    return at;
  }

  it('takes Enter and Space on the focused peg at the key press, once however long held, and moves the focus a peg at a time', async () => {
    await practiceOn();
    expect(page.stage.querySelector('[role="toolbar"]')?.getAttribute('aria-label')).toBe(
      'Your pegs',
    );
    expect(focusedPeg()).toBe(1);
    const pressed: number[] = [];
    // Enter held down: the press lifts the small disc; its repeats and a click it might make
    // on the button do nothing.
    pressed.push(performance.now());
    expect(key('keydown', ENTER).defaultPrevented).toBe(true);
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(33);
      expect(key('keydown', { ...ENTER, repeat: true }).defaultPrevented).toBe(true);
    }
    click(document.activeElement as Element);
    key('keyup', ENTER);
    await vi.advanceTimersByTimeAsync(100);
    // Right, right: one peg at a time, stopping at the right peg.
    await press(RIGHT);
    expect(focusedPeg()).toBe(2);
    await press(RIGHT);
    await press(RIGHT);
    expect(focusedPeg()).toBe(3);
    // Space puts it down at the press, not at the release 200 ms later.
    pressed.push(await press(SPACE, 200));
    await press(LEFT);
    await press(LEFT);
    pressed.push(await press(ENTER)); // the large disc lifted
    await press(RIGHT);
    pressed.push(await press(SPACE)); // onto the middle peg
    await press(RIGHT);
    pressed.push(await press(ENTER)); // the small disc lifted
    await press(LEFT);
    pressed.push(await press(ENTER)); // onto the middle peg: solved
    expect(recorded).toHaveLength(1);
    const [trial] = recorded as [Trial];
    expect(trial.events.map((e) => `${e.type}:${e.from}>${e.to}`)).toEqual([
      'pickup:1>null',
      'drop:1>3',
      'pickup:1>null',
      'drop:1>2',
      'pickup:3>null',
      'drop:3>2',
    ]);
    const onset = trial.timing.stimulusOnsetMs;
    for (const [i, event] of trial.events.entries()) {
      expect(event.atMs + onset).toBeCloseTo(pressed[i] as number, 3);
      expect(event.modality).toBe('keyboard');
    }
  });

  it('takes a screen reader’s activation of a peg (a click without a pointer or a key)', async () => {
    await practiceOn();
    const peg = page.stage.querySelector('.toh-peg[data-peg="1"]') as HTMLElement;
    click(peg);
    expect(view(runtime).announcement.text).toBe('Lifted the small disc from the left peg.');
    await vi.advanceTimersByTimeAsync(100);
    // A pointer's click (detail 1) is not a second choice: its pointerdown was.
    click(peg, 1);
    expect(view(runtime).announcement.text).toBe('Lifted the small disc from the left peg.');
    await vi.advanceTimersByTimeAsync(100);
    click(peg);
    expect(view(runtime).announcement.text).toBe('Put the small disc back on the left peg.');
  });

  it('leaves Enter and Space alone while the focus is not on a peg', async () => {
    await practiceOn();
    const other = document.createElement('button');
    other.className = 'outside';
    document.body.append(other);
    other.focus();
    const before = view(runtime).announcement;
    expect(key('keydown', ENTER).defaultPrevented).toBe(false);
    key('keyup', ENTER);
    expect(key('keydown', SPACE).defaultPrevented).toBe(false);
    key('keyup', SPACE);
    expect(view(runtime).announcement).toEqual(before);
  });

  it('keeps the problem open until its trial is in the outbox', async () => {
    let store: () => void = () => {};
    const stored = new Promise<void>((resolve) => {
      store = resolve;
    });
    await practiceOn(async (trial) => {
      recorded.push(trial as Trial);
      await stored;
    });
    expect(JSON.parse(window.localStorage.getItem(OPEN_KEY) ?? 'null')).toEqual(PRACTICE);
    for (const peg of ['1', '3', '1', '2', '3', '2'])
      await press({ key: peg, code: `Digit${peg}` });
    expect(recorded).toHaveLength(1);
    expect(view(runtime).kind).toBe('result');
    // Recorded, not yet stored: a reload now gives the problem again.
    expect(isTowerOfHanoiRestartPending('result-1', PRACTICE)).toBe(true);
    store();
    await vi.advanceTimersByTimeAsync(0);
    expect(window.localStorage.getItem(OPEN_KEY)).toBeNull();
  });

  it('shows the intro saying so when the first problem starts again after a reload', () => {
    window.localStorage.setItem(OPEN_KEY, JSON.stringify(PRACTICE));
    const current = startRuntime();
    expect(view(current)).toMatchObject({
      kind: 'intro',
      resumed: false,
      restarting: true,
      position: PRACTICE,
    });
  });
});
