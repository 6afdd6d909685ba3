// @vitest-environment jsdom

import { positionOf, type Run, type SavedTrial } from '@cogni/domain';
import { DEFAULT_CONFIG, GET_READY_MS, plan, type Trial } from '@cogni/domain/tasks/digit-span';
import { describe, expect, it, vi } from 'vitest';
import {
  dispatchTimedKey,
  FAKE_FRAME_MS,
  fakeRuntimeOptions,
  makeTestRun,
  useFakeStage,
} from '../../../lib/task-runtime/testing/fake-stage';
import {
  createDigitSpanHost,
  type DigitSpanHost,
  digitSpanView,
  formatEntry,
  readDigitSpanKey,
} from './digit-span-stage';

const SEED = 'ds-runtime-seed';

const makeRun = (): Run => makeTestRun('digitSpanTest', SEED, DEFAULT_CONFIG);

/** A key press whose event timestamp is the page's clock now, as a browser's would be. */
function press(key: string, code: string) {
  const down = dispatchTimedKey('keydown', { key, code });
  window.dispatchEvent(new KeyboardEvent('keyup', { key, code }));
  return down;
}

describe('readDigitSpanKey', () => {
  it('reads the top row, the keypad, Backspace and both Enters, and nothing else', () => {
    expect(readDigitSpanKey({ code: 'Digit7', key: '7' })).toBe('7');
    expect(readDigitSpanKey({ code: 'Numpad3', key: '3' })).toBe('3');
    // A keypad digit with Num Lock off still names its digit by its physical key.
    expect(readDigitSpanKey({ code: 'Numpad1', key: 'End' })).toBe('1');
    // Another layout's digit row (e.g. AZERTY without Shift) by character.
    expect(readDigitSpanKey({ code: 'KeyQ', key: '4' })).toBe('4');
    expect(readDigitSpanKey({ code: 'Backspace', key: 'Backspace' })).toBe('backspace');
    expect(readDigitSpanKey({ code: 'Enter', key: 'Enter' })).toBe('submit');
    expect(readDigitSpanKey({ code: 'NumpadEnter', key: 'Enter' })).toBe('submit');
    expect(readDigitSpanKey({ code: 'Digit0', key: '0' })).toBeNull();
    expect(readDigitSpanKey({ code: 'KeyA', key: 'a' })).toBeNull();
    expect(formatEntry([])).toBe('–');
    expect(formatEntry([3, 7, 2])).toBe('3 7 2');
  });
});

describe('Digit Span on the task host (jsdom, fake clock; onsets by the animation-frame fallback)', () => {
  let recorded: Trial[] = [];
  let runtime: DigitSpanHost | null = null;
  const page = useFakeStage(() => {
    runtime?.dispose();
    runtime = null;
    recorded = [];
  });

  function startRuntime(saved: readonly SavedTrial[] = []) {
    runtime = createDigitSpanHost(
      fakeRuntimeOptions<Trial>(makeRun(), page.stage, (trial) => recorded.push(trial), saved),
    );
    runtime.start();
    return runtime;
  }

  /** Steps the fake clock a frame at a time until `until` holds (or `ms` pass). */
  async function runUntil(until: () => boolean, ms = 10_000) {
    const endMs = performance.now() + ms;
    while (!until() && performance.now() < endMs) await vi.advanceTimersByTimeAsync(FAKE_FRAME_MS);
  }

  it('shows the list a digit a second, takes the typed answer, and shows feedback after practice', async () => {
    const list = plan(SEED, DEFAULT_CONFIG).forward?.practice[0] ?? '';
    const current = startRuntime();
    expect(digitSpanView(current.getSnapshot()).kind).toBe('intro');
    current.begin();
    expect(digitSpanView(current.getSnapshot()).kind).toBe('presenting');
    const seen: string[] = [];
    let keyDuringList: KeyboardEvent | null = null;
    await runUntil(() => {
      const shown = page.stage.firstElementChild as HTMLElement | null;
      const text = shown?.classList.contains('ds-digit') ? shown.textContent : null;
      if (text && seen.at(-1) !== text) seen.push(text);
      // A digit typed while the second digit is on: it is no part of the answer.
      if (seen.length === 2 && !keyDuringList) keyDuringList = press('9', 'Digit9');
      return page.stage.querySelector('.ds-answer') !== null;
    });
    expect(seen).toEqual([...list]);
    expect(keyDuringList).not.toBeNull();
    // Keys count from the keypad's presentation: the frame after its insertion here; the view
    // answers from then on too.
    await vi.advanceTimersByTimeAsync(2 * FAKE_FRAME_MS);
    expect(digitSpanView(current.getSnapshot()).kind).toBe('answering');
    // Keys while answering do not reach the page: Backspace never leaves it.
    expect(press('9', 'Digit9').defaultPrevented).toBe(true);
    press('Backspace', 'Backspace');
    await vi.advanceTimersByTimeAsync(400);
    for (const digit of list) {
      press(digit, `Digit${digit}`);
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(page.stage.querySelector('.ds-entry')?.textContent).toBe([...list].join(' '));
    const submittedAt = performance.now();
    press('Enter', 'Enter');
    await vi.advanceTimersByTimeAsync(0);
    expect(recorded).toHaveLength(1);
    const [trial] = recorded;
    expect(trial).toMatchObject({
      phase: 'practice',
      presented: [...list].join('-'),
      // Neither the key during the list nor the 9 pressed and deleted before the digits counts.
      entered: [...list].join('-'),
      isCorrect: true,
      nBackspaces: 1,
      response: 'enter',
      timing: { onsetMethod: 'animation-frame', responseTimestampMs: submittedAt },
    });
    const onsets = trial?.timing.digitOnsetsMs ?? [];
    expect(Math.abs((onsets[1] as number) - (onsets[0] as number) - 1000)).toBeLessThan(
      2 * FAKE_FRAME_MS,
    );
    // The first digit's offset is its blank's presentation, 800 ms on; the last's is the keypad's.
    const offsets = trial?.timing.digitOffsetsMs ?? [];
    expect(Math.abs((offsets[0] as number) - (onsets[0] as number) - 800)).toBeLessThan(
      2 * FAKE_FRAME_MS,
    );
    expect(offsets.at(-1)).toBe(trial?.timing.stimulusOnsetMs);
    expect(trial?.firstKeyRt).toBeGreaterThan(0);
    expect(digitSpanView(current.getSnapshot())).toMatchObject({
      kind: 'feedback',
      feedback: { trial },
    });
    // Between lists, keys are left to the page: Enter is the feedback button's, which takes only
    // a fresh press once the feedback has been up a moment (prompt-button.test.tsx).
    expect(press('Enter', 'Enter').defaultPrevented).toBe(false);
    current.begin();
    await vi.advanceTimersByTimeAsync(GET_READY_MS + FAKE_FRAME_MS);
    expect(digitSpanView(current.getSnapshot())).toMatchObject({
      kind: 'intro',
      position: { phase: 'test', block: 0 },
    });
  });

  it('asks a second Enter for an empty answer, and ignores pasted text', async () => {
    const current = startRuntime();
    current.begin();
    await runUntil(() => page.stage.querySelector('.ds-answer') !== null);
    await vi.advanceTimersByTimeAsync(2 * FAKE_FRAME_MS);
    const paste = new Event('paste', { cancelable: true });
    window.dispatchEvent(paste);
    expect(paste.defaultPrevented).toBe(true);
    press('Enter', 'Enter');
    await vi.advanceTimersByTimeAsync(0);
    expect(recorded).toHaveLength(0);
    expect(page.stage.querySelector('.ds-answer__note')?.textContent).toBe('Nothing entered yet.');
    expect(digitSpanView(current.getSnapshot()).confirmEmpty).toBe(true);
    press('Enter', 'Enter');
    await vi.advanceTimersByTimeAsync(0);
    expect(recorded[0]).toMatchObject({ entered: '', nDigitsEntered: 0, isCorrect: false });
  });

  it('goes on after a reload during an answer at the unanswered list, never repeating one in the outbox', async () => {
    const planned = plan(SEED, DEFAULT_CONFIG);
    const answerShown = async (digits: string) => {
      await runUntil(() => page.stage.querySelector('.ds-answer') !== null);
      await vi.advanceTimersByTimeAsync(2 * FAKE_FRAME_MS);
      for (const digit of digits) {
        press(digit, `Digit${digit}`);
        await vi.advanceTimersByTimeAsync(300);
      }
    };
    const first = startRuntime();
    first.begin();
    // The first practice list answered right: its trial waits in the outbox (never sent).
    await answerShown(planned.forward?.practice[0] ?? '');
    press('Enter', 'Enter');
    await vi.advanceTimersByTimeAsync(0);
    expect(recorded.map(positionOf)).toEqual([{ phase: 'practice', block: 0, trialNumber: 0 }]);
    first.begin();
    await vi.advanceTimersByTimeAsync(GET_READY_MS + FAKE_FRAME_MS);
    expect(digitSpanView(first.getSnapshot())).toMatchObject({
      kind: 'intro',
      position: { phase: 'test' },
    });
    first.begin();
    // The first test list: two digits typed, then the page reloads before Enter.
    const list = planned.forward?.test[0] ?? '';
    await answerShown(list.slice(0, 2));
    expect(page.stage.querySelector('.ds-answer')?.getAttribute('data-position')).toBe('test:0:0');
    first.dispose();
    runtime = null;
    expect(recorded).toHaveLength(1);

    // As the task runner resumes: the server's saved trials (none) and the outbox's pending ones.
    const pending: SavedTrial[] = recorded.map((t) => ({
      ...positionOf(t),
      isCorrect: t.isCorrect,
    }));
    const resumed = startRuntime([...makeRun().savedTrials, ...pending]);
    // No list of the test was recorded: its intro is shown as on a first visit.
    expect(digitSpanView(resumed.getSnapshot())).toMatchObject({
      kind: 'intro',
      resumed: false,
      position: { phase: 'test', block: 0, trialNumber: 0 },
    });
    resumed.begin();
    await answerShown(list);
    expect(page.stage.querySelector('.ds-answer')?.getAttribute('data-position')).toBe('test:0:0');
    press('Enter', 'Enter');
    await vi.advanceTimersByTimeAsync(0);
    expect(recorded.map((t) => `${t.phase}:${t.trialNumber}:${t.entered}`)).toEqual([
      `practice:0:${[...(planned.forward?.practice[0] ?? '')].join('-')}`,
      `test:0:${[...list].join('-')}`,
    ]);
  });
});
