import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, PHASES } from './config';
import { generateMockRun, MOCK, type MockTrial } from './mock-run';
import { planRun } from './plan';
import { getCorrectKey, isCongruent } from './stimuli';

const END_MS = Date.UTC(2026, 5, 1, 12);
// 60 runs of 168 trials: 10,080 trials, about 1,700 in each congruence-by-switch group.
const runs = Array.from({ length: 60 }, (_, i) =>
  generateMockRun(`mock-test-${i}`, DEFAULT_CONFIG, END_MS),
);
const allTrials = runs.flatMap((run) => run.trials);

function groupOf(isCongruentTrial: boolean, isSwitch: boolean): MockTrial[] {
  return allTrials.filter((t) => t.isCongruent === isCongruentTrial && t.isSwitch === isSwitch);
}
const accuracyOf = (trials: MockTrial[]) =>
  trials.filter((t) => t.isCorrect).length / trials.length;
const meanRtOf = (trials: MockTrial[]) =>
  trials.reduce((sum, t) => sum + t.reactionTime, 0) / trials.length;

describe('mock Stroop runs', () => {
  it('are complete runs on the seeded plan: cue schedule, switch flags and order', () => {
    for (const run of runs.slice(0, 5)) {
      const plans = planRun(run.seed, DEFAULT_CONFIG);
      const planned = PHASES.flatMap((phase) => plans[phase]);
      expect(run.trials).toHaveLength(168);
      run.trials.forEach((trial, i) => {
        const plan = planned[i];
        expect(trial).toMatchObject({
          phase: plan?.phase,
          trialNumber: plan?.trialNumber,
          cueWord: plan?.cueWord,
          stimulusWord: plan?.stimulusWord,
          isSwitch: plan?.isSwitch,
          timing: null,
        });
        // Incongruent trials keep the plan's ink; congruent ones ink the word in its colour.
        if (!trial.isCongruent) expect(trial.stimulusColor).toBe(plan?.stimulusColor);
      });
    }
  });

  it('set isCongruent and isCorrect from the stimulus and the response', () => {
    for (const t of allTrials) {
      expect(t.isCongruent).toBe(isCongruent(t.stimulusWord, t.stimulusColor));
      expect(t.isCorrect).toBe(
        t.response === getCorrectKey(t.cueWord, t.stimulusWord, t.stimulusColor),
      );
    }
    const congruentShare = allTrials.filter((t) => t.isCongruent).length / allTrials.length;
    expect(congruentShare).toBeGreaterThan(MOCK.congruentProbability - 0.02);
    expect(congruentShare).toBeLessThan(MOCK.congruentProbability + 0.02);
  });

  it.each([
    [true, false, 500, 799, 0.95],
    [false, false, 600, 999, 0.85],
    [true, true, 500, 898, 0.9],
    [false, true, 600, 1098, 0.8],
  ])(
    'congruent %s, switch %s: whole-ms RT from %i to %i, %f correct',
    (congruent, isSwitch, minRt, maxRt, accuracy) => {
      const group = groupOf(congruent, isSwitch);
      expect(group.length).toBeGreaterThan(1000);
      const rts = group.map((t) => t.reactionTime);
      expect(rts.every(Number.isInteger)).toBe(true);
      expect(Math.min(...rts)).toBeGreaterThanOrEqual(minRt);
      expect(Math.max(...rts)).toBeLessThanOrEqual(maxRt);
      // Uniform over the range: both ends are nearly reached and the mean sits in the middle.
      expect(Math.min(...rts)).toBeLessThan(minRt + 10);
      expect(Math.max(...rts)).toBeGreaterThan(maxRt - 10);
      expect(Math.abs(meanRtOf(group) - (minRt + maxRt) / 2)).toBeLessThan(8);
      // About 4 standard errors at ~1,700 trials: a 5-point slip in a rate fails.
      expect(Math.abs(accuracyOf(group) - accuracy)).toBeLessThan(0.025);
    },
  );

  it('switch trials are about 50 ms slower and 5 points less accurate than repeats', () => {
    for (const congruent of [true, false]) {
      const switches = groupOf(congruent, true);
      const repeats = groupOf(congruent, false);
      expect(meanRtOf(switches) - meanRtOf(repeats)).toBeGreaterThan(49.5 - 12);
      expect(meanRtOf(switches) - meanRtOf(repeats)).toBeLessThan(49.5 + 12);
      expect(accuracyOf(repeats) - accuracyOf(switches)).toBeGreaterThan(0.05 - 0.035);
      expect(accuracyOf(repeats) - accuracyOf(switches)).toBeLessThan(0.05 + 0.035);
    }
  });

  it('end at the given time, with trials in time order, and replay from the seed', () => {
    const [run] = runs;
    if (!run) throw new Error('no run');
    expect(run.endTime).toBe(new Date(END_MS).toISOString());
    expect(run.trials.at(-1)?.endTime).toBe(run.endTime);
    expect(run.trials[0]?.startTime).toBe(run.startTime);
    for (let i = 1; i < run.trials.length; i++) {
      const previous = run.trials[i - 1];
      const trial = run.trials[i];
      expect(Date.parse(trial?.startTime ?? '')).toBeGreaterThan(
        Date.parse(previous?.endTime ?? ''),
      );
      expect(Date.parse(trial?.endTime ?? '') - Date.parse(trial?.startTime ?? '')).toBe(
        DEFAULT_CONFIG.cueDurationMs + (trial?.reactionTime ?? 0),
      );
    }
    expect(generateMockRun(run.seed, DEFAULT_CONFIG, END_MS)).toEqual(run);
    expect(generateMockRun('other', DEFAULT_CONFIG, END_MS).trials).not.toEqual(run.trials);
  });
});
