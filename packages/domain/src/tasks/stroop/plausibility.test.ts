import { describe, expect, it } from 'vitest';
import { RUN_ARRIVAL_TOLERANCE_MS } from '../shared/plausibility';
import { DEFAULT_CONFIG, type Phase } from './config';
import {
  ANTICIPATION_FLOOR_MS,
  type ArrivedTrial,
  CUE_ONSET_TOLERANCE_MS,
  findRunImplausibility,
  getMinimumTrialDurationMs,
  getTrialFlags,
} from './plausibility';

const START = new Date('2026-11-26T10:00:00.000Z');
const config = DEFAULT_CONFIG;

/** Every trial of a run in run order, each arriving `paceMs(phase)` after the one before. */
function run(paceMs: (phase: Phase) => number): ArrivedTrial[] {
  const trials: ArrivedTrial[] = [];
  let clockMs = START.getTime();
  const counts = {
    sample: config.sampleTrials,
    practice: config.practiceTrials,
    test: config.testTrials,
  };
  for (const phase of ['sample', 'practice', 'test'] as const) {
    for (let trialNumber = 0; trialNumber < counts[phase]; trialNumber++) {
      clockMs += paceMs(phase);
      trials.push({
        phase,
        trialNumber,
        startTime: new Date(clockMs - 1000),
        endTime: new Date(clockMs),
        arrivedAt: new Date(clockMs),
      });
    }
  }
  return trials;
}

describe('trial flags', () => {
  it('flags a reaction time under the anticipation floor, and nothing else', () => {
    const timing = { cueOnsetMs: 1000, stimulusOnsetMs: 2400 };
    const flagsOf = (reactionTime: number, cueShownMs = 1400) =>
      getTrialFlags(
        { reactionTime, timing: { ...timing, stimulusOnsetMs: 1000 + cueShownMs } },
        config,
      );
    expect(flagsOf(ANTICIPATION_FLOOR_MS - 0.001)).toEqual(['anticipation']);
    expect(flagsOf(ANTICIPATION_FLOOR_MS)).toEqual([]);
    // A stimulus more than CUE_ONSET_TOLERANCE_MS early is kept, flagged; a late one is not.
    expect(flagsOf(500, 1400 - CUE_ONSET_TOLERANCE_MS - 0.1)).toEqual(['short-cue']);
    expect(flagsOf(100, 1340)).toEqual(['anticipation', 'short-cue']);
    expect(flagsOf(500, 1400 - CUE_ONSET_TOLERANCE_MS)).toEqual([]);
    expect(flagsOf(500, 9000)).toEqual([]);
  });
});

describe('findRunImplausibility', () => {
  it('passes a run taken at the fastest pace the test allows, in any order', () => {
    const trials = run((phase) => getMinimumTrialDurationMs(config, phase));
    expect(findRunImplausibility(config, START, trials.reverse())).toBeNull();
  });

  it('passes trials that arrive late together, as after an outage', () => {
    const trials = run((phase) => getMinimumTrialDurationMs(config, phase) + 500).map((t) =>
      t.phase === 'test' && t.trialNumber < 50
        ? { ...t, arrivedAt: new Date(START.getTime() + 400_000) }
        : t,
    );
    expect(findRunImplausibility(config, START, trials)).toBeNull();
  });

  it('tells how fast a run posted all at once arrived and how long it takes', () => {
    const trials = run(() => 25);
    expect(findRunImplausibility(config, START, trials)).toBe(
      '168 trials arrived within 4.2 s; taking them takes at least 268.8 s',
    );
  });

  it('allows the tolerance of the servers’ clocks, and no more', () => {
    const fastest = run((phase) => getMinimumTrialDurationMs(config, phase));
    const early = (ms: number) =>
      fastest.map((t) => ({ ...t, arrivedAt: new Date(t.arrivedAt.getTime() - ms) }));
    expect(findRunImplausibility(config, START, early(RUN_ARRIVAL_TOLERANCE_MS))).toBeNull();
    expect(findRunImplausibility(config, START, early(RUN_ARRIVAL_TOLERANCE_MS + 1))).toMatch(
      /trials arrived within/,
    );
  });

  it('tells when the trial times go backwards, beyond a clock correction', () => {
    const trials = run((phase) => getMinimumTrialDurationMs(config, phase));
    const moved = (backMs: number) =>
      trials.map((t) =>
        t.phase === 'test'
          ? {
              ...t,
              startTime: new Date((t.startTime?.getTime() ?? 0) - backMs),
              endTime: new Date((t.endTime?.getTime() ?? 0) - backMs),
            }
          : t,
      );
    // The last practice trial ended at its arrival; test trial 0 starts 1 s before its own.
    expect(findRunImplausibility(config, START, moved(400))).toBeNull();
    expect(findRunImplausibility(config, START, moved(60_000))).toBe(
      'Trial times go backwards: test trial 0 starts 59.6 s before the previous trial ended',
    );
  });
});
