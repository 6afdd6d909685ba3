import { describe, expect, it } from 'vitest';
import { TRIAL_EXPORT_COLUMNS } from '../exports/trial-columns';
import { TEST_TYPES, type TestType } from '../test-types';
import type { AnyTask } from './contract';
import * as digitSpan from './digit-span/testing';
import * as flanker from './flanker/testing';
import * as goNoGo from './go-no-go/testing';
import * as nBack from './n-back/testing';
import * as pvt from './pvt/testing';
import { findTask, getTaskExportColumns, TASKS } from './registry';
import * as sart from './sart/testing';
import {
  pickFields,
  positionOf,
  savedTrialOf,
  savedTrialWithFields,
  storedTrialOf,
} from './shared/envelope';
import * as stroop from './stroop/testing';
import * as towerOfHanoi from './tower-of-hanoi/testing';

/** A simulated run's trials as the server stores them (flags and defaults filled in). */
function storedTrialsOf(task: AnyTask, seed: string) {
  const run = task.simulate(seed, task.settings.defaults, Date.parse('2026-01-01T12:00:00Z'));
  return run.trials.map((trial) => storedTrialOf(trial));
}

/**
 * A trial as the run order reads it: its position and correctness, and the fields the task
 * names for its run order (as the server and the outbox hand them over).
 */
function savedOf(task: AnyTask, trial: Parameters<typeof savedTrialOf>[0]) {
  return task.runOrderFields
    ? savedTrialWithFields(trial, task.runOrderFields)
    : savedTrialOf(trial);
}

/**
 * A run of each task much shorter than its defaults' (fewer trials, blocks, levels or problems;
 * the PVT's short variant), from its testing/ folder, so the length estimate is seen to follow
 * the configuration.
 */
const SHORT_CONFIGS: Record<TestType, unknown> = {
  stroopTest: stroop.SHORT_CONFIG,
  flankerTest: flanker.SHORT_CONFIG,
  goNoGoTest: goNoGo.SHORT_CONFIG,
  nbackTest: nBack.SHORT_CONFIG,
  digitSpanTest: digitSpan.SHORT_CONFIG,
  sartTest: sart.SHORT_CONFIG,
  pvtTest: pvt.SHORT_CONFIG,
  towerOfHanoiTest: towerOfHanoi.SHORT_CONFIG,
};

/** A simulated run's length, from its first trial's start to its last trial's end, in ms. */
function simulatedMs(task: AnyTask, seed: string, config: unknown): number {
  const run = task.simulate(seed, config, Date.parse('2026-01-01T12:00:00Z'));
  return Date.parse(run.endTime) - Date.parse(run.startTime);
}

describe.each(TASKS.map((task) => [task.id, task] as const))('the %s task', (_id, task) => {
  it('has an identity, phases and a test type of the battery', () => {
    expect(TEST_TYPES).toContain(task.id);
    expect(task.slug).toMatch(/^[a-z0-9-]+$/);
    for (const text of [task.name, task.description, task.construct]) expect(text).not.toBe('');
    expect(task.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(task.phases).toContain(task.scoredPhase);
  });

  it('documents every setting, and its schema enforces what the documentation says', () => {
    const { specs, schema, defaults } = task.settings;
    expect(schema.parse({})).toEqual(defaults);
    expect(Object.keys(defaults as object).sort()).toEqual(Object.keys(specs).sort());
    expect(schema.safeParse({ notASetting: 1 }).success).toBe(false);
    for (const [key, spec] of Object.entries(specs)) {
      expect(spec.label, key).not.toBe('');
      expect(spec.description, key).not.toBe('');
      if (spec.kind === 'number') {
        expect(spec.unit, key).not.toBe('');
        expect(spec.default).toBeGreaterThanOrEqual(spec.min);
        expect(spec.default).toBeLessThanOrEqual(spec.max);
        expect(schema.safeParse({ [key]: spec.max + 1 }).success, key).toBe(false);
        expect(schema.safeParse({ [key]: spec.min - 1 }).success, key).toBe(false);
        expect(schema.safeParse({ ...spec.maxNeeds, [key]: spec.max }).success, key).toBe(true);
      }
    }
  });

  it('plans the same run from the same seed, and another from another seed where it says so', () => {
    const config = task.settings.defaults;
    expect(task.plan('seed-a', config)).toEqual(task.plan('seed-a', config));
    const [a, b] = ['seed-a', 'seed-b'].map((seed) => JSON.stringify(task.plan(seed, config)));
    if (task.planVariesWithSeed?.(config) ?? true) expect(a).not.toBe(b);
    else expect(a).toBe(b);
  });

  it('reads its run-order fields from what it stores, the same on the server as in the browser', () => {
    const keys = task.runOrderFields;
    if (!keys) return;
    expect(keys.length).toBeGreaterThan(0);
    for (const { trial } of task.fixtureRun('seed-fields', task.settings.defaults)) {
      // The server stores fieldsOf(trial) as JSON and picks the keys from it (to-run.ts); the
      // browser's outbox picks them from the trial it sent.
      const { timing: _timing, ...withoutTiming } = trial;
      const stored = JSON.parse(JSON.stringify(task.fieldsOf(withoutTiming))) as Record<
        string,
        unknown
      >;
      for (const key of keys) expect(Object.keys(stored), key).toContain(key);
      const server = { ...savedTrialOf(trial), fields: pickFields(stored, keys) };
      const browser = JSON.parse(JSON.stringify(savedTrialWithFields(trial, keys)));
      expect(server).toEqual(browser);
      expect(task.nextPosition(task.settings.defaults, [server])).toEqual(
        task.nextPosition(task.settings.defaults, [browser]),
      );
    }
  });

  it('simulates a whole run, in run order, that leaves nothing to resume', () => {
    const config = task.settings.defaults;
    const trials = storedTrialsOf(task, 'seed-sim');
    expect(storedTrialsOf(task, 'seed-sim')).toEqual(trials);
    const first = trials[0];
    expect(first && positionOf(first)).toEqual(task.nextPosition(config, []));
    const positions = trials.map((t) => savedOf(task, t));
    for (let i = 1; i < positions.length; i++) {
      const expected = positions[i];
      expect(task.nextPosition(config, positions.slice(0, i))).toEqual(
        expected && positionOf(expected),
      );
    }
    expect(task.nextPosition(config, positions)).toBeNull();
  });

  it('estimates its length near a simulated run, at its defaults and at a shorter configuration', () => {
    // Each simulated participant keeps a person's pace: the fixed-pace tasks run on the engine's
    // own time line, the others with a person's response, typing and move times. They differ from
    // the estimate's steady pace in ways that stay well within a factor of 2 either way: practice
    // rounds repeated to meet a criterion (N-back, Go/No-Go), a ladder as long as the participant's
    // span (Digit Span), shorter or no waits on intros, results and rests (the Tower of Hanoi,
    // Stroop), and no first intro (a run starts at its first trial). Estimates come out at 0.8 to
    // 1.6 times the simulated runs here; one off by a factor of 3 either way fails.
    const defaults = task.settings.defaults;
    const short = task.settings.schema.parse(SHORT_CONFIGS[task.id]);
    expect(task.estimateMs(short)).toBeLessThan(task.estimateMs(defaults));
    for (const config of [defaults, short]) {
      const estimate = task.estimateMs(config);
      expect(Number.isFinite(estimate) && estimate > 0).toBe(true);
      for (const seed of ['seed-estimate-a', 'seed-estimate-b']) {
        const ratio = estimate / simulatedMs(task, seed, config);
        expect(ratio, `${seed}, ${JSON.stringify(config)}`).toBeGreaterThanOrEqual(0.5);
        expect(ratio, `${seed}, ${JSON.stringify(config)}`).toBeLessThanOrEqual(2);
      }
    }
  });

  it('answers a whole fixture run that its own schema, plan and checks accept', () => {
    const config = task.settings.defaults;
    const fixture = task.fixtureRun('seed-fixture', config);
    const plan = task.plan('seed-fixture', config);
    const positions = fixture.map(({ trial }) => savedOf(task, trial));
    const firstPosition = positions[0];
    expect(task.nextPosition(config, [])).toEqual(firstPosition && positionOf(firstPosition));
    for (const [i, { trial, minimumMs }] of fixture.entries()) {
      const parsed = task.trialSchema.parse(JSON.parse(JSON.stringify(trial)));
      expect(task.checkTrial(parsed, plan, config), `trial ${i}`).toEqual([]);
      expect(minimumMs).toBeGreaterThan(0);
      const expected = positions[i];
      expect(task.nextPosition(config, positions.slice(0, i))).toEqual(
        expected && positionOf(expected),
      );
    }
    expect(task.nextPosition(config, positions)).toBeNull();
    // Another run's plan refuses some of them: the check reads the plan. A plan that is the same
    // for every seed refuses a trial moved to another trial's position instead.
    if (task.planVariesWithSeed?.(config) ?? true) {
      const other = task.plan('seed-other', config);
      expect(fixture.some(({ trial }) => task.checkTrial(trial, other, config).length > 0)).toBe(
        true,
      );
    } else {
      const [first, ...rest] = fixture.map(({ trial }) => trial);
      const moved = rest.map((at) => ({ ...first, ...positionOf(at) }) as typeof at);
      expect(moved.some((trial) => task.checkTrial(trial, plan, config).length > 0)).toBe(true);
    }
  });

  it('scores a simulated run and puts every scored trial in a report cell', () => {
    const config = task.settings.defaults;
    const trials = storedTrialsOf(task, 'seed-score');
    const score = task.score(config, trials);
    // Trials of the scored phase without a right answer (N-back's fillers) are not scored.
    const scored = trials.filter((t) => t.phase === task.scoredPhase && t.isCorrect !== null);
    expect(score.totalTrials).toBe(scored.length);
    expect(score.correctTrials).toBe(scored.filter((t) => t.isCorrect === true).length);
    expect(score.overallScore).toBeGreaterThanOrEqual(0);
    expect(score.overallScore).toBeLessThanOrEqual(100);
    expect(Number.isInteger(task.scoringVersion) && task.scoringVersion > 0).toBe(true);
    const cellKeys = task.reportCells.map((cell) => cell.key);
    const inCells = scored.filter((trial) => task.reportCell(trial) !== null);
    for (const trial of inCells) expect(cellKeys).toContain(task.reportCell(trial));
    // Only a trial without a place in the design's conditions is in no cell (Stroop's trial 0).
    expect(inCells.length).toBeGreaterThanOrEqual(scored.length - 1);
    for (const trial of trials.filter((t) => t.phase !== task.scoredPhase)) {
      expect(task.reportCell(trial)).toBeNull();
    }
    // The run's report cells: every cell, holding the trials the task puts in it.
    expect(Object.keys(score.reportCells).sort()).toEqual([...cellKeys].sort());
    const counted = Object.values(score.reportCells).reduce((sum, c) => sum + c.trialCount, 0);
    expect(counted).toBe(inCells.length);
    for (const cell of Object.values(score.reportCells)) {
      expect(cell.rtTrialCount).toBeLessThanOrEqual(cell.trialCount);
      expect(cell.errorTrialCount).toBeLessThanOrEqual(cell.trialCount);
    }
    // Exclusions name scored trials only, once each.
    const excluded = score.trialExclusions.map((t) => `${t.phase}/${t.block}/${t.trialNumber}`);
    expect(new Set(excluded).size).toBe(excluded.length);
    for (const t of score.trialExclusions) expect(t.phase).toBe(task.scoredPhase);
  });

  it('follows its trend measures across sessions: distinct keys, a number or null from a run', () => {
    const measures = task.trendMeasures ?? [];
    expect(new Set(measures.map((m) => m.key)).size).toBe(measures.length);
    expect(measures.map((m) => m.key)).not.toContain('overallScore');
    const { scores } = task.score(task.settings.defaults, storedTrialsOf(task, 'seed-trend'));
    for (const measure of measures) {
      expect(measure.label, measure.key).not.toBe('');
      expect(measure.axisLabel, measure.key).not.toBe('');
      const value = measure.value(scores);
      expect(value === null || Number.isFinite(value), measure.key).toBe(true);
      if (measure.format === 'percent' && value !== null) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(100);
      }
    }
  });

  it('names its export columns in snake_case, apart from the common ones', () => {
    const common = new Set(TRIAL_EXPORT_COLUMNS.map((column) => column.name));
    for (const column of task.exportColumns) {
      expect(column.name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(common.has(column.name), column.name).toBe(false);
      expect(column.description).not.toBe('');
    }
  });
});

describe('the registry', () => {
  it('lists each test type once', () => {
    const ids = TASKS.map((task) => task.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('finds a task by its test type and nothing for an unknown one', () => {
    for (const task of TASKS) expect(findTask(task.id)).toBe(task);
    expect(findTask('noSuchTest')).toBeUndefined();
  });

  it('gives the export one column name per task column, across tasks', () => {
    const names = [...TRIAL_EXPORT_COLUMNS, ...getTaskExportColumns()].map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
