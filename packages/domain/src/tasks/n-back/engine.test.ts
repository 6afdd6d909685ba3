import { describe, expect, it } from 'vitest';
import { N_BACK_SETTINGS } from './config';
import {
  createNBackEngine,
  N_BACK_ONSET_RESYNC_MS,
  type NBackEffect,
  type NBackState,
  nBackNextDueMs,
  stepNBack,
} from './engine';
import { planNBack } from './plan';
import { runNBackVirtualSession } from './virtual-runtime';

/** One level (2-back), one practice round, one test block: 12 + 22 trials. */
const config = N_BACK_SETTINGS.schema.parse({
  levels: '2',
  blocksPerLevel: 1,
  practiceMaxRounds: 1,
  keyMapping: 'A',
});
const plan = planNBack('engine', config);

const session = (behave: Parameters<typeof runNBackVirtualSession>[0]['behave']) =>
  runNBackVirtualSession({ config, plan, behave, timeOriginMs: 0, startMs: 0, introMs: 1000 });

describe('the N-back engine', () => {
  it('presents letters on a fixed SOA whatever is answered, with feedback in practice', () => {
    const answered = session((trial) => ({
      presses: [{ afterOnsetMs: 300 + trial.trialNumber, answer: 'match' }],
      onsetLateMs: 0,
    }));
    const silent = session(() => ({ presses: [], onsetLateMs: 0 }));
    const onsets = (s: typeof answered) => s.trials.map((t) => t.timing.stimulusOnsetMs);
    expect(onsets(answered)).toEqual(onsets(silent));
    const test = answered.trials.filter((t) => t.phase === 'test');
    const practice = answered.trials.filter((t) => t.phase === 'practice');
    expect(practice).toHaveLength(12);
    expect(test).toHaveLength(22);
    test.forEach((t, k) => {
      expect(t.timing.stimulusOnsetMs - (test[0]?.timing.stimulusOnsetMs ?? 0)).toBe(k * 3000);
      // The whole SOA is the response window: the trial ends at the next onset.
      expect(Date.parse(t.endTime) - Date.parse(t.startTime)).toBe(3000);
      expect(t.timing.stimulusOffsetMs).toBe(t.timing.stimulusOnsetMs + 500);
    });
    practice.forEach((t, k) => {
      expect(t.timing.stimulusOnsetMs - (practice[0]?.timing.stimulusOnsetMs ?? 0)).toBe(k * 3500);
    });
  });

  it('scores the first press, counts the others, takes a press late in the SOA, and gives a press at the next onset to the next trial', () => {
    const run = session((trial) => {
      const right = trial.isTarget ? 'match' : 'no-match';
      if (trial.phase === 'test' && trial.trialNumber === 5) {
        return {
          presses: [
            { afterOnsetMs: 2999, answer: 'match' },
            { afterOnsetMs: 2990, answer: 'no-match' },
          ],
          onsetLateMs: 0,
        };
      }
      const presses = [
        { afterOnsetMs: 2900, answer: right },
        { afterOnsetMs: 400, answer: right },
      ] as { afterOnsetMs: number; answer: 'match' | 'no-match' }[];
      if (trial.phase === 'test' && trial.trialNumber === 9) {
        presses.push({ afterOnsetMs: 3000, answer: 'match' });
      }
      return { presses, onsetLateMs: 0 };
    });
    const test = run.trials.filter((t) => t.phase === 'test');
    expect(test[5]).toMatchObject({
      answer: 'no-match',
      response: 'j',
      reactionTime: 2990,
      nExtraResponses: 1,
    });
    expect(test[9]).toMatchObject({ reactionTime: 400, nExtraResponses: 1 });
    expect(test[10]).toMatchObject({ answer: 'match', reactionTime: 0, nExtraResponses: 2 });
    for (const t of test.filter((x) => x.trialNumber !== 5 && x.trialNumber !== 10)) {
      expect(t).toMatchObject({ reactionTime: 400, nExtraResponses: 1, keyMapping: 'A' });
      expect(t.isCorrect).toBe(t.isTarget === null ? null : true);
      expect(t.response).toBe(t.answer === 'match' ? 'f' : 'j');
    }
  });

  it('gives practice feedback: Correct, Incorrect, Respond faster, and nothing after a filler', () => {
    const run = session((trial) => {
      if (trial.trialNumber === 2) return { presses: [], onsetLateMs: 0 };
      const right = trial.isTarget ? 'match' : 'no-match';
      const wrong = trial.isTarget ? 'no-match' : 'match';
      return {
        presses: [{ afterOnsetMs: 500, answer: trial.trialNumber === 3 ? wrong : right }],
        onsetLateMs: 0,
      };
    });
    const kinds = run.effects.flatMap((e) => (e.type === 'SHOW_FEEDBACK' ? [e.kind] : []));
    expect(kinds.slice(0, 5)).toEqual(['none', 'none', 'too-slow', 'incorrect', 'correct']);
    expect(kinds).toHaveLength(12);
    const result = run.effects.find((e) => e.type === 'SHOW_PRACTICE_RESULT');
    expect(result).toMatchObject({ block: 20, correct: 8, total: 10, criterionMet: true });
  });

  it('goes on to the test after the last round allowed, even below the criterion', () => {
    const run = session(() => ({ presses: [], onsetLateMs: 0 }));
    const result = run.effects.find((e) => e.type === 'SHOW_PRACTICE_RESULT');
    expect(result).toMatchObject({
      correct: 0,
      criterionMet: false,
      next: { phase: 'test', block: 20 },
    });
    expect(run.trials.at(-1)).toMatchObject({ phase: 'test', trialNumber: 21 });
    expect(run.state.kind).toBe('finished');
  });

  it('keeps the time line when an onset is a little late, and starts a new one after a stall', () => {
    const run = session((trial) => ({
      presses: [],
      onsetLateMs:
        trial.phase === 'test' && trial.trialNumber === 4
          ? 10
          : trial.phase === 'test' && trial.trialNumber === 8
            ? N_BACK_ONSET_RESYNC_MS + 50
            : 0,
    }));
    const onsets = run.trials
      .filter((t) => t.phase === 'test')
      .map((t) => t.timing.stimulusOnsetMs);
    const first = onsets[0] ?? 0;
    expect(onsets[5]).toBe(first + 5 * 3000);
    expect(onsets[9]).toBe(first + 9 * 3000 + N_BACK_ONSET_RESYNC_MS + 50);
  });

  it('resumes after the saved trials, counting their correct answers toward the criterion', () => {
    const full = session((trial) => ({
      presses: [{ afterOnsetMs: 500, answer: trial.isTarget ? 'match' : 'no-match' }],
      onsetLateMs: 0,
    }));
    const saved = full.trials.slice(0, 7).map((t) => ({
      phase: t.phase,
      block: t.block ?? 0,
      trialNumber: t.trialNumber,
      isCorrect: t.isCorrect,
    }));
    const first = createNBackEngine({ config, saved, timeOriginMs: 0 });
    expect(first.effects).toEqual([
      {
        type: 'SHOW_BLOCK_INTRO',
        position: { phase: 'practice', block: 20, trialNumber: 7 },
        resumed: true,
      },
    ]);
    const state = first.state as Extract<NBackState, { kind: 'waiting' }>;
    expect(state.context.roundCorrect).toBe(5);
    expect(nBackNextDueMs(config, first.state)).toBeNull();
    const started = stepNBack(config, plan, first.state, { type: 'START', atMs: 100 });
    expect(started.effects[0]).toMatchObject({ type: 'SHOW_STIMULUS', trial: { trialNumber: 7 } });
    // Events that do not fit the state change nothing.
    expect(stepNBack(config, plan, first.state, { type: 'TICK', atMs: 10_000 }).effects).toEqual(
      [],
    );
    const effects: NBackEffect[] = stepNBack(config, plan, started.state, {
      type: 'OFFSET',
      atMs: 50,
    }).effects;
    expect(effects).toEqual([]);
  });
});
