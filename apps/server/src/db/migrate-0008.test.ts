// Migration 0008 (ADR 029) keeps every result's scores on record under the version that
// computed them (result_scores) and adds the columns version 2 writes; the server's rescore then
// gives stored runs their version 2 scores, cells and trial exclusions, keeping version 1's.
// This builds a database on the schema before it (0000-0007) with a finished Stroop run scored
// by version 1, migrates it and rescores it, on each database the suite runs on.

import { rmSync } from 'node:fs';
import * as stroop from '@cogni/domain/tasks/stroop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rescoreStoredRuns } from '../services/results/rescore';
import {
  type Connection,
  MIGRATIONS_FOLDER,
  openFresh,
  writeMigrationsFolderThrough,
} from '../testing/migration-steps';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

const BEFORE_IDX = 7;
const SEED = 'migrate-0008';
const START = '2026-03-01T09:00:00.000Z';

let oldFolder: string;
let newFolder: string;
beforeAll(() => {
  oldFolder = writeMigrationsFolderThrough(BEFORE_IDX);
  newFolder = writeMigrationsFolderThrough(BEFORE_IDX + 1);
});
afterAll(() => {
  rmSync(oldFolder, { recursive: true, force: true });
  rmSync(newFolder, { recursive: true, force: true });
});

/** A finished Stroop run as a server before 0008 stored it: version 1 scores, no cells. */
async function storeVersionOneRun(connection: Connection): Promise<{ v1: unknown }> {
  const trials: stroop.TrialInput[] = stroop.fixtureRun(SEED, stroop.DEFAULT_CONFIG);
  const { totalTrials, correctTrials, overallScore, averageReactionTime, ...scores } = stroop.score(
    stroop.DEFAULT_CONFIG,
    trials,
  );
  await connection.query(
    `insert into users (id, email, password_hash, first_name, last_name)
     values ('user-0008', 'ada@example.com', 'not-a-hash', 'Ada', 'Lovelace')`,
  );
  await connection.query(
    `insert into test_sessions (id, user_id, test_type, start_time, device_info, measurement, seed, config)
     values ('session-0008', 'user-0008', 'stroopTest', $1, '{}'::jsonb, '{}'::jsonb, $2, $3::jsonb)`,
    [START, SEED, JSON.stringify(stroop.DEFAULT_CONFIG)],
  );
  await connection.query(
    `insert into test_results (id, user_id, session_id, test_type, start_time, end_time,
       overall_score, total_trials, correct_trials, average_reaction_time, scores, scoring_version)
     values ('result-0008', 'user-0008', 'session-0008', 'stroopTest', $1, $1, $2, $3, $4, $5,
       $6::jsonb, 1)`,
    [START, overallScore, totalTrials, correctTrials, averageReactionTime, JSON.stringify(scores)],
  );
  const rows = trials.map((trial) => ({
    phase: trial.phase,
    trial_number: trial.trialNumber,
    response: trial.response,
    reaction_time: trial.reactionTime,
    is_correct: trial.isCorrect,
    report_cell: stroop.stroopTask.reportCell(trial),
    fields: stroop.stroopTask.fieldsOf(trial),
    start_time: trial.startTime,
    end_time: trial.endTime,
    timing: trial.timing,
  }));
  await connection.query(
    `insert into trials (result_id, phase, trial_number, response, reaction_time, is_correct,
       report_cell, fields, start_time, end_time, timing)
     select 'result-0008', t.phase, t.trial_number, t.response, t.reaction_time, t.is_correct,
       t.report_cell, t.fields, t.start_time, t.end_time, t.timing
     from jsonb_to_recordset($1::jsonb) as t(phase text, trial_number int, response text,
       reaction_time float8, is_correct boolean, report_cell text, fields jsonb,
       start_time timestamptz, end_time timestamptz, timing jsonb)`,
    [JSON.stringify(rows)],
  );
  return { v1: scores };
}

describe.each(TEST_DATABASE_KINDS)('migration 0008 and the rescore on %s', (kind) => {
  it('keeps version 1 on record, then rescores the run by the current version from its trials', async () => {
    const connection = await openFresh(kind);
    try {
      await connection.migrate(oldFolder);
      const { v1 } = await storeVersionOneRun(connection);
      await connection.migrate(newFolder);

      // The migration: version 1's row in the history, nothing of version 2 yet.
      const history = () =>
        connection.query<{ scoring_version: number; scores: unknown; report_cells: unknown }>(
          `select scoring_version, scores, report_cells from result_scores
           where result_id = 'result-0008' order by scoring_version`,
        );
      expect(await history()).toEqual([{ scoring_version: 1, scores: v1, report_cells: null }]);
      const [before] = await connection.query(
        `select report_cells from test_results where id = 'result-0008'`,
      );
      expect(before).toEqual({ report_cells: null });
      const index = await connection.query(
        `select 1 from pg_indexes where indexname = 'trials_report_idx'`,
      );
      expect(index).toEqual([]);

      // The rescore: the current version (version 2's rules and after) on the result, both
      // versions in the history, trials flagged. It is today's code, so it runs on today's
      // schema, as a server's start does after every migration.
      await connection.migrate(MIGRATIONS_FOLDER);
      expect(await rescoreStoredRuns({ db: connection.db })).toBe(1);
      expect(await rescoreStoredRuns({ db: connection.db })).toBe(0);
      const [result] = await connection.query<{
        scoring_version: number;
        scores: { scoringVersion: number; switchCost: { rtMs: { mean: number } } };
        report_cells: Record<string, { trialCount: number }>;
      }>(`select scoring_version, scores, report_cells from test_results where id = 'result-0008'`);
      expect(result?.scoring_version).toBe(stroop.stroopTask.scoringVersion);
      expect(result?.scores.scoringVersion).toBe(stroop.stroopTask.scoringVersion);
      // The fixture run has no switch effect: version 1 finds +10.6 ms, version 2 finds 0.
      expect(
        (v1 as { metrics: { switchCost: { rtMs: number } } }).metrics.switchCost.rtMs,
      ).toBeCloseTo(10.6, 1);
      expect(result?.scores.switchCost.rtMs.mean).toBe(0);
      expect(
        Object.values(result?.report_cells ?? {}).reduce((sum, c) => sum + c.trialCount, 0),
      ).toBe(143);
      const versions = await history();
      expect(versions.map((v) => v.scoring_version)).toEqual([1, stroop.stroopTask.scoringVersion]);
      expect(versions[0]?.scores).toEqual(v1);
      expect(versions[1]?.scores).toEqual(result?.scores);
      const flagged = await connection.query<{ phase: string; n: number; first: number }>(
        `select phase, count(*)::int as n,
           count(*) filter (where 'first' = any(exclusions))::int as first
         from trials where exclusions is not null group by phase`,
      );
      expect(flagged).toEqual([{ phase: 'test', n: 144, first: 4 }]);
    } finally {
      await connection.close();
    }
  });
});
