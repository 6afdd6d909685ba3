import { describe, expect, it } from 'vitest';
import { ConfigSchema } from './config';
import { engine } from './engine';
import { plan } from './plan';
import { runVirtualSession } from './virtual-runtime';

const config = ConfigSchema.parse({ practiceTrials: 4, testTrials: 8 });
const run = plan('engine', config);

/** A session in which every trial is answered `response(trial)` at `rtMs(trial)`. */
function session(behave: Parameters<typeof runVirtualSession>[0]['behave']) {
  return runVirtualSession({
    config,
    plan: run,
    behave,
    timeOriginMs: 0,
    startMs: 0,
    introMs: 1000,
  });
}

describe('the flanker engine', () => {
  it('shows each display for stimulusMs, one onset every SOA, feedback after practice trials only', () => {
    const { effects, trials } = session(() => ({ presses: [], onsetLateMs: 0 }));
    const onsets = trials.map((t) => t.timing.stimulusOnsetMs);
    const test = onsets.slice(4);
    expect(test.map((ms) => ms - (test[0] as number))).toEqual([
      0, 2000, 4000, 6000, 8000, 10000, 12000, 14000,
    ]);
    // Practice: the SOA plus 1000 ms of feedback.
    expect(onsets[1] as number).toBe((onsets[0] as number) + 3000);
    expect(trials.map((t) => (t.timing.stimulusOffsetMs ?? 0) - t.timing.stimulusOnsetMs)).toEqual(
      Array(12).fill(1000),
    );
    const feedback = effects.filter((e) => e.type === 'SHOW_FEEDBACK');
    expect(feedback.map((e) => e.type === 'SHOW_FEEDBACK' && e.kind)).toEqual(
      Array(4).fill('too-slow'),
    );
    expect(effects.filter((e) => e.type === 'SHOW_PRACTICE_RESULT')).toEqual([
      { type: 'SHOW_PRACTICE_RESULT', correct: 0, total: 4 },
    ]);
  });

  it('gives a press during the fixation cross to the arrows before it, and one after the next onset to the next', () => {
    const { trials } = session((trial) => ({
      presses:
        trial.phase === 'test' && trial.trialNumber === 2
          ? [{ afterOnsetMs: 1500.5, answer: { response: trial.targetDirection } }]
          : trial.phase === 'test' && trial.trialNumber === 3
            ? [
                {
                  afterOnsetMs: 300,
                  answer: { response: trial.targetDirection === 'left' ? 'right' : 'left' },
                },
              ]
            : [],
      onsetLateMs: 0,
    }));
    const [second, third] = trials.filter((t) => t.phase === 'test').slice(2, 4);
    expect(second).toMatchObject({
      responded: true,
      reactionTime: 1500.5,
      responseType: 'correct',
      isCorrect: true,
    });
    expect(third).toMatchObject({
      responded: true,
      reactionTime: 300,
      responseType: 'error',
      isCorrect: false,
    });
  });

  it('records the first press in the window as the answer, and counts the others', () => {
    const { trials, effects } = session((trial) => ({
      presses: [
        { afterOnsetMs: 420, answer: { response: trial.targetDirection } },
        { afterOnsetMs: 600, answer: { response: 'left' } },
      ],
      onsetLateMs: 0,
    }));
    expect(trials.every((t) => t.responseType === 'correct' && t.nExtraResponses === 1)).toBe(true);
    expect(trials.every((t) => t.reactionTime === 420 && t.response === t.targetDirection)).toBe(
      true,
    );
    expect(effects.find((e) => e.type === 'SHOW_PRACTICE_RESULT')).toMatchObject({ correct: 4 });
  });

  it('on the contract: a prompt, then the first display, answered by a direction input', () => {
    const forRun = engine.forRun(config, run);
    const first = forRun.start({
      saved: [],
      timeOriginMs: 0,
      inputModality: 'keyboard',
      openPosition: null,
    });
    expect(first.effects).toMatchObject([
      { type: 'PROMPT', prompt: { position: { phase: 'practice', trialNumber: 0 } } },
    ]);
    const started = forRun.step(first.state, { type: 'START', atMs: 100 });
    expect(started.effects).toMatchObject([
      { type: 'PRESENT', key: 'practice:0:0', scene: { kind: 'stimulus' }, dueAtMs: 100 },
    ]);
    const shown = forRun.step(started.state, {
      type: 'ONSET',
      key: 'practice:0:0',
      atMs: 100,
      method: 'element-timing',
    });
    expect(shown.effects).toMatchObject([
      { type: 'PRESENT', key: 'practice:0:0:offset', dueAtMs: 1100 },
    ]);
    const pressed = forRun.step(shown.state, {
      type: 'INPUT',
      atMs: 550,
      modality: 'touch',
      input: 'right',
    });
    const ended = forRun.step(pressed.state, { type: 'TICK', atMs: 2100 });
    const record = ended.effects.find((e) => e.type === 'RECORD');
    expect(record).toMatchObject({
      trial: {
        response: 'right',
        reactionTime: 450,
        inputModality: 'touch',
        phase: 'practice',
        trialNumber: 0,
      },
    });
  });

  it('resumes after the saved trials: the test after a finished practice block', () => {
    const saved = Array.from({ length: 4 }, (_, trialNumber) => ({
      phase: 'practice',
      block: 0,
      trialNumber,
      isCorrect: true,
    }));
    const first = engine
      .forRun(config, run)
      .start({ saved, timeOriginMs: 0, inputModality: 'keyboard', openPosition: null });
    expect(first.effects).toMatchObject([
      { type: 'PROMPT', prompt: { position: { phase: 'test', trialNumber: 0 }, resumed: false } },
    ]);
  });
});
