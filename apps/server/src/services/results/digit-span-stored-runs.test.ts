import { positionOf, storedTrialOf } from '@cogni/domain';
import * as digitSpan from '@cogni/domain/tasks/digit-span';
import { stroopTask } from '@cogni/domain/tasks/stroop';
import { describe, expect, it } from 'vitest';
import { readConfig, toSavedTrial } from './to-run';

/**
 * Digit Span runs stored before interruptionRepeats existed (task version 1.0.0): their stored
 * configuration lacks it and is read as 0, the procedure they ran (an interrupted list counted
 * by its answer, the ladder going on from it), so they complete, validate and score as they
 * went; new runs store it.
 */
describe('Digit Span runs stored before interruptionRepeats', () => {
  const { interruptionRepeats: _added, ...stored1_0 } = digitSpan.DEFAULT_CONFIG;

  it('reads a stored configuration without the setting as 0, and one with it as stored', () => {
    expect(readConfig(digitSpan.digitSpanTask, { config: stored1_0 })).toEqual({
      ...digitSpan.DEFAULT_CONFIG,
      interruptionRepeats: 0,
    });
    expect(readConfig(digitSpan.digitSpanTask, { config: digitSpan.DEFAULT_CONFIG })).toEqual(
      digitSpan.DEFAULT_CONFIG,
    );
    expect(digitSpan.DEFAULT_CONFIG.interruptionRepeats).toBe(2);
    expect(
      readConfig(digitSpan.digitSpanTask, { config: { ...stored1_0, interruptionRepeats: 3 } }),
    ).toMatchObject({ interruptionRepeats: 3 });
    // A task without such a setting reads a missing setting as its default.
    expect(readConfig(stroopTask, { config: {} })).toEqual(stroopTask.settings.defaults);
  });

  it('walks, completes and scores a stored run whose interrupted lists went on up the ladder', () => {
    const config = readConfig(digitSpan.digitSpanTask, { config: stored1_0 }) as digitSpan.Config;
    const seed = 'stored-1.0.0';
    // Every list right, the first list at each length interrupted: under 1.0.0 each counted.
    const session = digitSpan.runVirtualSession({
      config,
      plan: digitSpan.plan(seed, config),
      timeOriginMs: 0,
      startMs: 0,
      introMs: 1000,
      behave: (trial) => ({
        interrupted: trial.phase === 'test' && trial.attempt === 1,
        keys: [...trial.expected.split('-'), 'submit'].map((key, i) => ({
          key: key as '1',
          afterPadMs: 600 + 250 * i,
        })),
      }),
    });
    // As 1.0.0 stored them: without the fields added since.
    const rows = session.trials.map((trial) => {
      const { repeat: _repeat, interrupted: _interrupted, ...old } = trial;
      return old as Omit<digitSpan.Trial, 'repeat' | 'interrupted'>;
    });
    expect(rows.filter((t) => t.phase === 'test').map((t) => t.trialNumber)).toEqual([
      ...Array.from({ length: 14 }, (_, i) => i),
      ...Array.from({ length: 14 }, (_, i) => i),
    ]);
    // Their positions and digits are the plan's, the run order finds nothing missing, and the
    // scores count the interrupted lists by their answers.
    const plan = digitSpan.plan(seed, config);
    for (const row of rows) {
      expect(digitSpan.plannedTrialAt(plan, config, positionOf(row))).toMatchObject({
        presented: row.presented,
        expected: row.expected,
        attempt: row.attempt,
      });
    }
    const saved = rows.map((row) =>
      toSavedTrial(digitSpan.digitSpanTask, { ...row, block: row.block ?? 0, fields: row }),
    );
    expect(digitSpan.digitSpanTask.nextPosition(config, saved)).toBeNull();
    const score = digitSpan.score(
      config,
      rows.map((row) => storedTrialOf(row)),
    );
    expect(score.scores.forward).toMatchObject({
      longestSpan: 9,
      totalCorrect: 14,
      interrupted: 0,
      interruptedOverLimit: 7,
      invalidReasons: ['interruptedOverLimit'],
    });
    expect(score.overallScore).toBe(100);
  });
});
