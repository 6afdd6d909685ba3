import { describe, expect, it } from 'vitest';
import { savedTrialOf } from '../shared/envelope';
import { SOA_ONSET_RESYNC_MS, SOA_RESPONSE_SLACK_MS } from '../shared/soa-engine';
import { SETTINGS } from './config';
import { createEngine, type Effect, nextDueMs, type State, step } from './engine';
import { plan } from './plan';
import { findTrialProblems, type Trial } from './trial';
import { runVirtualSession } from './virtual-runtime';

/** One level (2-back), one practice round, one test block: 12 + 22 trials. */
const config = SETTINGS.schema.parse({
  levels: '2',
  blocksPerLevel: 1,
  practiceMaxRounds: 1,
  keyMapping: 'A',
});
const planned = plan('engine', config);

const session = (behave: Parameters<typeof runVirtualSession>[0]['behave']) =>
  runVirtualSession({ config, plan: planned, behave, timeOriginMs: 0, startMs: 0, introMs: 1000 });

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
      // Onsets on time: the response window is the whole SOA, up to the next onset.
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
            ? SOA_ONSET_RESYNC_MS + 50
            : 0,
    }));
    const onsets = run.trials
      .filter((t) => t.phase === 'test')
      .map((t) => t.timing.stimulusOnsetMs);
    const first = onsets[0] ?? 0;
    expect(onsets[5]).toBe(first + 5 * 3000);
    expect(onsets[9]).toBe(first + 9 * 3000 + SOA_ONSET_RESYNC_MS + 50);
  });

  it('gives a press to the letter on screen when letters come early: the window ends at the next onset', () => {
    // Test trials 5 and 9 are presented 8 ms early, the rest on time.
    const early = (t: { phase: string; trialNumber: number }) =>
      t.phase === 'test' && (t.trialNumber === 5 || t.trialNumber === 9);
    const run = session((trial) => {
      const onsetLateMs = early(trial) ? -8 : 0;
      if (trial.phase !== 'test') return { presses: [], onsetLateMs };
      // Trial 5: an answer 3004 ms after its early onset, still before letter 6 is shown.
      if (trial.trialNumber === 5) {
        return { presses: [{ afterOnsetMs: 3004, answer: 'match' }], onsetLateMs };
      }
      // Trial 9: an answer 4 ms after its early onset, while trial 8's SOA has 4 ms to run.
      if (trial.trialNumber === 9) {
        return { presses: [{ afterOnsetMs: 4, answer: 'no-match' }], onsetLateMs };
      }
      return { presses: [], onsetLateMs };
    });
    const test = run.trials.filter((t) => t.phase === 'test');
    const first = test[0]?.timing.stimulusOnsetMs ?? 0;
    expect(test[5]?.timing.stimulusOnsetMs).toBe(first + 5 * 3000 - 8);
    expect(test[9]?.timing.stimulusOnsetMs).toBe(first + 9 * 3000 - 8);
    // The press before letter 6 is trial 5's, with an RT over the SOA; the server takes it.
    expect(test[5]).toMatchObject({ answer: 'match', reactionTime: 3004 });
    expect(Date.parse(test[5]?.endTime ?? '') - Date.parse(test[5]?.startTime ?? '')).toBe(3008);
    // The press on letter 9, shown early, is letter 9's, not trial 8's.
    expect(test[8]).toMatchObject({ answer: null, reactionTime: null, nExtraResponses: 0 });
    expect(test[8]?.endTime).toBe(test[9]?.startTime);
    expect(test[9]).toMatchObject({ answer: 'no-match', reactionTime: 4 });
    for (const t of run.trials) expect(findTrialProblems(t, planned, config)).toEqual([]);
  });

  it('closes a window at SOA + the slack when the next letter is much later (a stall)', () => {
    const run = session((trial) => {
      if (trial.phase !== 'test') return { presses: [], onsetLateMs: 0 };
      if (trial.trialNumber === 12) return { presses: [], onsetLateMs: 500 };
      if (trial.trialNumber === 11) {
        return {
          presses: [
            { afterOnsetMs: 3000 + SOA_RESPONSE_SLACK_MS - 1, answer: 'match' },
            { afterOnsetMs: 3000 + SOA_RESPONSE_SLACK_MS + 1, answer: 'match' },
          ],
          onsetLateMs: 0,
        };
      }
      return { presses: [], onsetLateMs: 0 };
    });
    const test = run.trials.filter((t) => t.phase === 'test');
    expect(test[11]).toMatchObject({
      reactionTime: 3000 + SOA_RESPONSE_SLACK_MS - 1,
      nExtraResponses: 0,
    });
    expect(Date.parse(test[11]?.endTime ?? '') - Date.parse(test[11]?.startTime ?? '')).toBe(
      3000 + SOA_RESPONSE_SLACK_MS,
    );
    // The later press came before letter 12 and after trial 11's window: nobody's.
    expect(test[12]).toMatchObject({ answer: null, nExtraResponses: 0 });
    for (const t of run.trials) expect(findTrialProblems(t, planned, config)).toEqual([]);
  });

  it('on resume inside a block shows its n letters before again, records nothing of them, and goes on', () => {
    const answerAll = (trial: { isTarget: boolean | null }) => ({
      presses: [
        { afterOnsetMs: 500, answer: trial.isTarget ? ('match' as const) : ('no-match' as const) },
      ],
      onsetLateMs: 0,
    });
    const full = session(answerAll);
    const savedUpTo = (count: number) => full.trials.slice(0, count).map(savedTrialOf);
    const strip = (t: Trial) => ({ ...t, startTime: '', endTime: '', timing: null });
    // 12 practice trials, then test trials 0-6: the test block resumes at trial 7.
    for (const [saved, next, reminders] of [
      [19, 7, 2],
      [13, 1, 1],
      [12, 0, 0],
    ] as const) {
      const resumed = runVirtualSession({
        config,
        plan: planned,
        behave: answerAll,
        timeOriginMs: 0,
        startMs: 0,
        introMs: 1000,
        saved: savedUpTo(saved),
      });
      expect(resumed.effects[0]).toEqual({
        type: 'SHOW_BLOCK_INTRO',
        position: { phase: 'test', block: 20, trialNumber: next },
        resumed: next > 0,
        ...(reminders > 0 ? { reminders } : {}),
      });
      const shown = resumed.effects.flatMap((e) =>
        e.type === 'SHOW_STIMULUS' ? [e.trial.trialNumber] : [],
      );
      expect(shown).toEqual(
        Array.from({ length: 22 - next + reminders }, (_, i) => next - reminders + i),
      );
      // Answered reminders record nothing; the trials from the resume point are as in one go.
      expect(resumed.trials.map((t) => t.trialNumber)).toEqual(
        Array.from({ length: 22 - next }, (_, i) => next + i),
      );
      expect(resumed.trials.map(strip)).toEqual(full.trials.slice(saved).map(strip));
      const onsets = resumed.events.flatMap((e) => (e.type === 'ONSET' ? [e.atMs] : []));
      expect(onsets.map((atMs) => atMs - (onsets[0] ?? 0))).toEqual(onsets.map((_, i) => i * 3000));
    }
  });

  it('resumes after the saved trials, counting their correct answers toward the criterion', () => {
    const full = session((trial) => ({
      presses: [{ afterOnsetMs: 500, answer: trial.isTarget ? 'match' : 'no-match' }],
      onsetLateMs: 0,
    }));
    const saved = full.trials.slice(0, 7).map(savedTrialOf);
    const first = createEngine({ config, saved, timeOriginMs: 0 });
    expect(first.effects).toEqual([
      {
        type: 'SHOW_BLOCK_INTRO',
        position: { phase: 'practice', block: 20, trialNumber: 7 },
        resumed: true,
        reminders: 2,
      },
    ]);
    const state = first.state as Extract<State, { kind: 'waiting' }>;
    expect(state.context.roundCorrect).toBe(5);
    expect(nextDueMs(config, first.state)).toBeNull();
    const started = step(config, planned, first.state, { type: 'START', atMs: 100 });
    // Letters 5 and 6 again first, as reminders.
    expect(started.effects[0]).toMatchObject({ type: 'SHOW_STIMULUS', trial: { trialNumber: 5 } });
    // Events that do not fit the state change nothing.
    expect(step(config, planned, first.state, { type: 'TICK', atMs: 10_000 }).effects).toEqual([]);
    const effects: Effect[] = step(config, planned, started.state, {
      type: 'OFFSET',
      atMs: 50,
    }).effects;
    expect(effects).toEqual([]);
  });
});
