import { describe, expect, it } from 'vitest';
import { createRng } from '../shared/random';
import { DEFAULT_STROOP_CONFIG, PHASES, type Phase } from './config';
import {
  createInitialState,
  getResumePosition,
  planRun,
  type StroopEffect,
  type StroopEvent,
  type StroopPlans,
  type StroopState,
  stepStroop,
} from './engine';
import { RESPONSE_KEYS } from './stimuli';

const config = DEFAULT_STROOP_CONFIG;
const plansFor = (seed: string) => planRun(seed, config);

/** Plays a whole run the way the runtime does: answer stimuli, end timers, continue rests. */
function play(plans: StroopPlans, state: StroopState, seed = 'answers') {
  const rng = createRng(seed);
  const effects: StroopEffect[] = [];
  const rests: number[] = [];
  const step = (event: StroopEvent) => {
    const next = stepStroop(config, plans, state, event);
    state = next.state;
    effects.push(...next.effects);
  };
  step({ type: 'START' });
  for (let guard = 0; guard < 10_000 && state.kind !== 'finished'; guard++) {
    if (state.kind === 'cue') {
      step({ type: 'RESPONDED', key: 'R' }); // a key during the cue is ignored
      step({ type: 'CUE_ENDED' });
    } else if (state.kind === 'stimulus') {
      step({ type: 'RESPONDED', key: RESPONSE_KEYS[Math.floor(rng() * 3)] ?? 'R' });
    } else if (state.kind === 'feedback') {
      step({ type: 'FEEDBACK_ENDED' });
    } else if (state.kind === 'rest') {
      rests.push(state.after.trialNumber + 1);
      step({ type: 'CONTINUE' });
    }
  }
  return { state, effects, rests };
}

describe('the Stroop state machine', () => {
  const plans = plansFor('engine');

  it('runs 8 sample, 16 practice and 144 test trials, then waits for View Results', () => {
    const { state, effects, rests } = play(
      plans,
      createInitialState({ phase: 'sample', trialNumber: 0 }),
    );
    expect(state.kind).toBe('finished');
    const recorded = effects.filter((e) => e.type === 'RECORD_TRIAL');
    const count = (phase: Phase) => recorded.filter((e) => e.trial.phase === phase).length;
    expect([count('sample'), count('practice'), count('test')]).toEqual([8, 16, 144]);
    expect(recorded.map((e) => `${e.trial.phase}:${e.trial.trialNumber}`)).toEqual(
      PHASES.flatMap((p) => plans[p].map((t) => `${p}:${t.trialNumber}`)),
    );
    for (const e of recorded) expect(e.isCorrect).toBe(e.response === e.trial.correctKey);
    expect(rests).toEqual([40, 80, 120]);
  });

  it('shows feedback after sample and practice trials only, and the cue for 1400 ms', () => {
    const { effects } = play(plans, createInitialState({ phase: 'sample', trialNumber: 0 }));
    const feedback = effects.filter((e) => e.type === 'SHOW_FEEDBACK');
    expect(feedback).toHaveLength(24);
    expect(feedback.every((e) => e.durationMs === 1399)).toBe(true);
    const cues = effects.filter((e) => e.type === 'SHOW_CUE');
    expect(cues).toHaveLength(168);
    expect(cues.every((e) => e.durationMs === 1400)).toBe(true);
    // Feedback directly follows each recorded sample/practice trial, never a test trial.
    effects.forEach((e, i) => {
      if (e.type === 'RECORD_TRIAL') {
        expect(effects[i + 1]?.type === 'SHOW_FEEDBACK').toBe(e.trial.phase !== 'test');
      }
    });
  });

  it('ignores events that do not fit the state', () => {
    const intro = createInitialState({ phase: 'sample', trialNumber: 0 });
    for (const event of [
      { type: 'CUE_ENDED' },
      { type: 'RESPONDED', key: 'G' },
      { type: 'CONTINUE' },
      { type: 'FEEDBACK_ENDED' },
      { type: 'SUMMARY_SAVED' },
    ] as StroopEvent[]) {
      expect(stepStroop(config, plans, intro, event)).toEqual({ state: intro, effects: [] });
    }
  });

  it('completes once the summary is saved', () => {
    const done = stepStroop(config, plans, { kind: 'finished' }, { type: 'SUMMARY_SAVED' });
    expect(done.state.kind).toBe('complete');
  });

  it('resumes after the last saved trial, and repeats none', () => {
    expect(getResumePosition(config, [])).toEqual({ phase: 'sample', trialNumber: 0 });
    expect(
      getResumePosition(config, [
        { phase: 'sample', trialNumber: 7 },
        { phase: 'practice', trialNumber: 3 },
        { phase: 'practice', trialNumber: 2 },
      ]),
    ).toEqual({ phase: 'practice', trialNumber: 4 });
    expect(getResumePosition(config, [{ phase: 'practice', trialNumber: 15 }])).toEqual({
      phase: 'test',
      trialNumber: 0,
    });
    expect(getResumePosition(config, [{ phase: 'test', trialNumber: 143 }])).toBeNull();
    expect(createInitialState(null).kind).toBe('finished');

    const resumed = play(plans, createInitialState({ phase: 'test', trialNumber: 100 }));
    const recorded = resumed.effects.filter((e) => e.type === 'RECORD_TRIAL');
    expect(recorded.map((e) => e.trial.trialNumber)).toEqual(
      Array.from({ length: 44 }, (_, i) => 100 + i),
    );
    expect(resumed.rests).toEqual([120]);
  });
});
