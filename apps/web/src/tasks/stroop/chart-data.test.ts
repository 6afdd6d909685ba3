import type { ResultTrial } from '@cogni/domain';
import {
  DEFAULT_CONFIG,
  planRun,
  REPORT_CELLS,
  RESPONSE_KEYS,
  score,
  stroopTask,
} from '@cogni/domain/tasks/stroop';
import { describe, expect, it } from 'vitest';
import { describeConditionRtChart } from '../../lib/charts/chart-descriptions';
import { getCellRtSpread, getRestBreakPositions, getTestTrialSeries } from './chart-data';
import { asStroopTrials } from './labels';

/** A whole default run: every 12th test trial wrong, RTs spread over 500-899 ms. */
function fixtureTrials(): ResultTrial[] {
  const plans = planRun('chart-data', DEFAULT_CONFIG);
  return [...plans.sample, ...plans.practice, ...plans.test].map((planned, i) => {
    const isCorrect = !(planned.phase === 'test' && planned.trialNumber % 12 === 5);
    return {
      ...planned,
      response: isCorrect
        ? planned.correctKey
        : (RESPONSE_KEYS.find((k) => k !== planned.correctKey) ?? 'R'),
      reactionTime: 500 + ((i * 37) % 400) + 0.25,
      isCorrect,
      isCongruent: null,
      block: 0,
      inputModality: 'keyboard' as const,
      exclusions: null,
    };
  });
}

/** The same trials as scored by the task (version 2): each with the exclusions it stored. */
function scoredFixture() {
  const trials = fixtureTrials();
  const score = stroopTask.score(
    DEFAULT_CONFIG,
    asStroopTrials(trials).map((t) => ({
      ...t,
      startTime: null,
      endTime: null,
      timing: null,
      flags: [],
    })),
  );
  const byNumber = new Map(score.trialExclusions.map((t) => [t.trialNumber, t.exclusions]));
  return {
    score,
    trials: trials.map((t) =>
      t.phase === 'test' ? { ...t, exclusions: [...(byNumber.get(t.trialNumber) ?? [])] } : t,
    ),
  };
}

describe('Stroop chart data', () => {
  it("takes each cell's RTs from the same trials as the stored cell means", () => {
    const { score, trials } = scoredFixture();
    const spread = getCellRtSpread(DEFAULT_CONFIG, trials);
    expect(spread.map((s) => s.key)).toEqual([...REPORT_CELLS]);
    for (const cell of spread) {
      const stored = score.scores.cells[cell.key as (typeof REPORT_CELLS)[number]];
      expect(cell.meanMs).toBeCloseTo(stored.meanRtMs ?? Number.NaN, 9);
      expect(cell.rtsMs).toHaveLength(stored.rtTrialCount);
    }
  });

  it("follows version 1's rule for a run not rescored yet", () => {
    const trials = fixtureTrials();
    const summary = score(DEFAULT_CONFIG, asStroopTrials(trials));
    const spread = getCellRtSpread(DEFAULT_CONFIG, trials);
    expect(spread.map((s) => s.key)).toEqual([...REPORT_CELLS]);
    for (const cell of spread) {
      expect(cell.meanMs).toBeCloseTo(
        summary.metrics.cells[cell.key as (typeof REPORT_CELLS)[number]].meanRtMs ?? Number.NaN,
        9,
      );
      expect(cell.rtsMs.length).toBeGreaterThan(20);
    }
  });

  it('numbers the 144 test trials from 1 and marks the rest breaks after 40, 80 and 120', () => {
    const series = getTestTrialSeries(fixtureTrials());
    expect(series).toHaveLength(144);
    expect(series[0]?.position).toBe(1);
    expect(series.at(-1)?.position).toBe(144);
    expect(series.filter((p) => !p.isCorrect)).toHaveLength(12);
    expect(getRestBreakPositions(DEFAULT_CONFIG)).toEqual([40, 80, 120]);
  });

  it('describes the RT of every condition in words', () => {
    const text = describeConditionRtChart(getCellRtSpread(DEFAULT_CONFIG, fixtureTrials()));
    for (const name of [
      'Word cue, switch',
      'Word cue, repeat',
      'Colour cue, switch',
      'Colour cue, repeat',
    ]) {
      expect(text).toMatch(new RegExp(`${name}: mean \\d+ ms, SD \\d+ ms, \\d+ trials`));
    }
  });
});
