import * as pvt from '@cogni/domain/tasks/pvt';
import { stroopTask } from '@cogni/domain/tasks/stroop';
import { describe, expect, it } from 'vitest';
import { toArrivedTrial, toSavedTrial } from './to-run';

/** A fixture trial as a stored row: its task's fields as `trials.fields` (JSON), its times. */
function storedRow(trial: ReturnType<typeof pvt.pvtTask.fixtureRun>[number]['trial'], at: number) {
  const { timing: _timing, ...rest } = trial;
  return {
    phase: trial.phase,
    block: trial.block ?? 0,
    trialNumber: trial.trialNumber,
    isCorrect: trial.isCorrect,
    fields: JSON.parse(JSON.stringify(pvt.pvtTask.fieldsOf(rest))) as unknown,
    startTime: new Date(trial.startTime),
    endTime: new Date(trial.endTime),
    arrivedAt: new Date(at),
  };
}

describe('stored trials as the run order and the run check read them', () => {
  const start = new Date('2026-11-27T10:00:00.000Z');
  const fixture = pvt.pvtTask.fixtureRun('to-run-seed', pvt.DEFAULT_CONFIG);
  let atMs = start.getTime();
  const rows = fixture.map(({ trial, minimumMs }) => {
    atMs += minimumMs;
    return storedRow(trial, atMs);
  });

  it("hands over only the task's run-order fields, and none to a task without them", () => {
    const [row] = rows;
    if (!row) throw new Error('no fixture');
    expect(Object.keys(toSavedTrial(pvt.pvtTask, row).fields ?? {})).toEqual([
      ...(pvt.pvtTask.runOrderFields ?? []),
    ]);
    expect(Object.keys(toArrivedTrial(pvt.pvtTask, row).fields ?? {})).toEqual([
      ...(pvt.pvtTask.runOrderFields ?? []),
    ]);
    expect(toSavedTrial(stroopTask, row)).not.toHaveProperty('fields');
    expect(toArrivedTrial(stroopTask, row)).not.toHaveProperty('fields');
  });

  it("gives the PVT's run check what it needs to see that each trial follows the one before", () => {
    const arrived = rows.map((row) => toArrivedTrial(pvt.pvtTask, row));
    expect(pvt.pvtTask.runImplausibility(pvt.DEFAULT_CONFIG, start, arrived)).toBeNull();
    // A test trial that claims a later plan draw than the one after the trial before.
    const index = rows.findIndex((r) => r.phase === 'test' && r.trialNumber === 3);
    const row = rows[index];
    if (!row) throw new Error('no test trial 3');
    const fields = row.fields as { planIndex: number };
    const skipped = { ...row, fields: { ...fields, planIndex: fields.planIndex + 5 } };
    const forged = rows.map((r, i) => toArrivedTrial(pvt.pvtTask, i === index ? skipped : r));
    expect(pvt.pvtTask.runImplausibility(pvt.DEFAULT_CONFIG, start, forged)).toMatch(
      /^Test trial 3 takes plan draw \d+, not \d+ after the trial before/,
    );
  });
});
