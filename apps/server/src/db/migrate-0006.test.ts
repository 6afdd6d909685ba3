// Migration 0006 (ADR 027, "Storage") moves every Stroop trial's own columns into trials.fields
// and every result's Stroop scores into test_results.scores, then drops the old columns. This
// builds a database on the previous schema (migrations 0000-0005, applied by Drizzle's migrator
// as the server does), fills it with Stroop runs through the old columns, migrates it and
// compares every stored value, on each database the suite runs on.

import { rmSync } from 'node:fs';
import * as stroop from '@cogni/domain/tasks/stroop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Connection,
  openFresh,
  writeMigrationsFolderThrough,
} from '../testing/migration-steps';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

/** The last migration of the previous schema. */
const LAST_OLD_IDX = 5;

type Row = Record<string, unknown>;

/**
 * Inserts rows with one multi-row INSERT. Every value is sent as text and cast in SQL (numbers as
 * JavaScript's shortest round-trip text, objects as JSON), so both drivers send the same bytes
 * and no driver rounds a double or re-encodes a JSON value on the way in.
 */
async function insertRows(
  connection: Connection,
  table: string,
  rows: Row[],
  types: Record<string, string>,
): Promise<void> {
  const columns = Object.keys(rows[0] ?? {});
  const params: (string | null)[] = [];
  const tuples = rows.map((row) => {
    const cells = columns.map((column) => {
      const type = types[column];
      if (!type) throw new Error(`no type for ${table}.${column}`);
      const value = row[column];
      params.push(
        value === null ? null : typeof value === 'object' ? JSON.stringify(value) : String(value),
      );
      const param = `$${params.length}::text`;
      return type === 'text[]'
        ? `array(select jsonb_array_elements_text(${param}::jsonb))`
        : `${param}::${type}`;
    });
    return `(${cells.join(', ')})`;
  });
  await connection.query(
    `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')}`,
    params,
  );
}

// ---------------------------------------------------------------------------------------------
// The stored runs, as rows of the previous schema.

const USER_ID = 'user-migrate-0006';

type OldTrial = {
  id: string;
  result_id: string;
  trial_number: number;
  phase: string;
  cue_word: string;
  stimulus_word: string;
  stimulus_color: string;
  response: string;
  reaction_time: number;
  is_correct: boolean;
  is_switch: boolean;
  is_congruent: boolean | null;
  start_time: string | null;
  end_time: string | null;
  timing: unknown;
  flags: string[];
  created_at?: string;
};

type OldResult = {
  id: string;
  user_id: string;
  session_id: string | null;
  test_type: string;
  start_time: string;
  end_time: string | null;
  overall_score: number | null;
  total_trials: number | null;
  correct_trials: number | null;
  average_reaction_time: number | null;
  color_naming_accuracy: number | null;
  word_reading_accuracy: number | null;
  interference_effect: number | null;
  metrics: unknown;
  is_mock: boolean;
  implausible_reason: string | null;
  abandoned_at: string | null;
};

const TRIAL_TYPES: Record<string, string> = {
  id: 'text',
  result_id: 'text',
  trial_number: 'integer',
  phase: 'text',
  cue_word: 'text',
  stimulus_word: 'text',
  stimulus_color: 'text',
  response: 'text',
  reaction_time: 'double precision',
  is_correct: 'boolean',
  is_switch: 'boolean',
  is_congruent: 'boolean',
  start_time: 'timestamptz',
  end_time: 'timestamptz',
  timing: 'jsonb',
  flags: 'text[]',
  created_at: 'timestamptz',
};

const RESULT_TYPES: Record<string, string> = {
  id: 'text',
  user_id: 'text',
  session_id: 'text',
  test_type: 'text',
  start_time: 'timestamptz',
  end_time: 'timestamptz',
  overall_score: 'integer',
  total_trials: 'integer',
  correct_trials: 'integer',
  average_reaction_time: 'double precision',
  color_naming_accuracy: 'double precision',
  word_reading_accuracy: 'double precision',
  interference_effect: 'double precision',
  metrics: 'jsonb',
  is_mock: 'boolean',
  implausible_reason: 'text',
  abandoned_at: 'timestamptz',
};

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const percentCorrect = (trials: { isCorrect: boolean }[]) =>
  (100 * trials.filter((t) => t.isCorrect).length) / trials.length;

/** (a) A complete mock run (no timing records; about a third congruent). */
function mockRun(): { result: OldResult; trials: OldTrial[] } {
  const run = stroop.generateMockRun(
    'migrate-0006',
    stroop.DEFAULT_CONFIG,
    Date.UTC(2026, 2, 1, 9),
  );
  const trials: OldTrial[] = run.trials.map((t) => ({
    id: `a-${t.phase}-${t.trialNumber}`,
    result_id: 'result-a',
    trial_number: t.trialNumber,
    phase: t.phase,
    cue_word: t.cueWord,
    stimulus_word: t.stimulusWord,
    stimulus_color: t.stimulusColor,
    response: t.response,
    reaction_time: t.reactionTime,
    is_correct: t.isCorrect,
    is_switch: t.isSwitch,
    is_congruent: t.isCongruent,
    start_time: t.startTime,
    end_time: t.endTime,
    timing: t.timing,
    flags: [],
  }));
  const test = run.trials.filter((t) => t.phase === 'test');
  const correct = test.filter((t) => t.isCorrect).length;
  const byCue = (cue: string) => test.filter((t) => t.cueWord === cue);
  const colorRt = mean(byCue('Color').map((t) => t.reactionTime));
  const wordRt = mean(byCue('Word').map((t) => t.reactionTime));
  return {
    trials,
    result: {
      id: 'result-a',
      user_id: USER_ID,
      session_id: 'session-a',
      test_type: 'stroopTest',
      start_time: run.startTime,
      end_time: run.endTime,
      overall_score: Math.floor((correct / test.length) * 100),
      total_trials: test.length,
      correct_trials: correct,
      average_reaction_time: mean(test.map((t) => t.reactionTime)),
      color_naming_accuracy: percentCorrect(byCue('Color')),
      word_reading_accuracy: percentCorrect(byCue('Word')),
      interference_effect: colorRt - wordRt,
      metrics: {
        switchCost: { rtMs: 87.41176470588235, errorRatePercent: -3.0303030303030303 },
        cells: {
          'switch, word': {
            trialCount: 17,
            meanRtMs: 912.6470588235294,
            errorRatePercent: 11.76470588235294,
          },
          'noswitch, word': {
            trialCount: 18,
            meanRtMs: 801.5,
            errorRatePercent: 5.555555555555555,
          },
          'switch, color': { trialCount: 18, meanRtMs: 955.1666666666666, errorRatePercent: 0 },
          'noswitch, color': {
            trialCount: 18,
            meanRtMs: null,
            errorRatePercent: 16.666666666666664,
          },
        },
        inverseEfficiencyMs: 1003.0303030303031,
        excludedFromRt: { errors: 7, firstOfPhase: 1, firstAfterBreak: 1 },
      },
      is_mock: true,
      implausible_reason: null,
      abandoned_at: null,
    },
  };
}

type TrialSpec = [
  phase: string,
  trialNumber: number,
  cue: string,
  word: string,
  ink: string,
  response: string,
  reactionTime: number,
  isCorrect: boolean,
  isSwitch: boolean,
  isCongruent: boolean | null,
  flags: string[],
];

/**
 * Trials as the browser saved them: a timing record, unrounded reaction times (some of them
 * doubles that any rounding on the way would change), device times to the microsecond.
 */
function realTrials(resultId: string, prefix: string, specs: TrialSpec[]): OldTrial[] {
  return specs.map(
    (
      [phase, trialNumber, cue, word, ink, response, rt, isCorrect, isSwitch, congruent, flags],
      i,
    ) => {
      const cueOnsetMs = 1234.5678901234 + i * 3217.0000000000005;
      const stimulusOnsetMs = cueOnsetMs + 1400.0000000000002;
      const second = String(10 + i);
      const endSecond = String(11 + i);
      return {
        id: `${prefix}-${phase}-${trialNumber}`,
        result_id: resultId,
        trial_number: trialNumber,
        phase,
        cue_word: cue,
        stimulus_word: word,
        stimulus_color: ink,
        response,
        reaction_time: rt,
        is_correct: isCorrect,
        is_switch: isSwitch,
        is_congruent: congruent,
        // An older row may have no device times and no timing record.
        start_time: i === 4 ? null : `2026-03-02T09:15:${second}.${String(123456 + i)}Z`,
        end_time: i === 4 ? null : `2026-03-02T14:45:${endSecond}.00000${(i % 9) + 1}+05:30`,
        timing:
          i === 4
            ? null
            : {
                cueOnsetMs,
                stimulusOnsetMs,
                responseTimestampMs: stimulusOnsetMs + rt,
                onsetMethod: i % 3 === 0 ? 'animation-frame' : 'element-timing',
                wasInterrupted: i % 5 === 2,
              },
        flags,
        created_at: `2026-03-02T09:16:${second}.${String(999990 + i)}Z`,
      };
    },
  );
}

/** (b) A finished run of real-shaped trials, every score an awkward double. */
function realRun(): { result: OldResult; trials: OldTrial[] } {
  const trials = realTrials('result-b', 'b', [
    ['sample', 0, 'Color', 'RED', 'blue', 'B', 734.5000000000001, true, false, false, []],
    ['sample', 1, 'Color', 'GREEN', 'red', 'R', 0.1 + 0.2, true, false, false, ['anticipation']],
    ['practice', 0, 'Color', 'BLUE', 'green', 'G', 1e-7, true, false, false, ['anticipation']],
    ['practice', 2, 'Word', 'RED', 'green', 'R', 512.3456789012345, true, true, false, []],
    ['practice', 3, 'Word', 'GREEN', 'blue', 'B', 29999.999999999996, false, false, false, []],
    ['test', 0, 'Color', 'RED', 'green', 'G', 623.1000000000001, true, false, false, []],
    ['test', 1, 'Color', 'BLUE', 'red', 'R', 1799999.9999999998, true, false, null, []],
    ['test', 2, 'Word', 'GREEN', 'red', 'G', 845.9999999999999, true, true, false, []],
    ['test', 3, 'Word', 'BLUE', 'green', 'R', 401.25, false, false, false, ['anticipation', 'x']],
    ['test', 4, 'Color', 'RED', 'blue', 'B', Number.MIN_VALUE, true, true, false, []],
    ['test', 5, 'Color', 'GREEN', 'green', 'G', 2.2250738585072014e-308, true, false, true, []],
    ['test', 6, 'Word', 'RED', 'red', 'R', 123456.78901234567, true, true, true, []],
    ['test', 7, 'Word', 'BLUE', 'red', 'B', 0.30000000000000004, true, false, false, []],
  ]);
  return {
    trials,
    result: {
      id: 'result-b',
      user_id: USER_ID,
      session_id: 'session-b',
      test_type: 'stroopTest',
      start_time: '2026-03-02T09:15:00.000001Z',
      end_time: '2026-03-02T09:21:07.654321Z',
      overall_score: 87,
      total_trials: 8,
      correct_trials: 7,
      average_reaction_time: 240625.58196556833,
      color_naming_accuracy: 100 * (2 / 3),
      word_reading_accuracy: 0.1 + 0.2,
      interference_effect: -12.345678901234567,
      metrics: {
        switchCost: { rtMs: 29999.999999999996, errorRatePercent: null },
        cells: {
          'switch, word': { trialCount: 2, meanRtMs: 512.3456789012345, errorRatePercent: 0 },
          'noswitch, word': { trialCount: 2, meanRtMs: null, errorRatePercent: 33.333333333333336 },
          'switch, color': { trialCount: 1, meanRtMs: Number.MIN_VALUE, errorRatePercent: 0 },
          'noswitch, color': { trialCount: 2, meanRtMs: 1e-7, errorRatePercent: 50 },
        },
        inverseEfficiencyMs: 1.7976931348623157e308,
        excludedFromRt: { errors: 1, firstOfPhase: 1, firstAfterBreak: 0 },
        notes: [null, 1.5, { deeper: null, tiny: 5e-324, big: 123456789012345680000 }],
      },
      is_mock: false,
      implausible_reason: null,
      abandoned_at: null,
    },
  };
}

/** (c) A run left unfinished: no end time, no scores, closed as abandoned. */
function unfinishedRun(): { result: OldResult; trials: OldTrial[] } {
  return {
    trials: realTrials('result-c', 'c', [
      ['sample', 0, 'Color', 'BLUE', 'red', 'R', 901.0000000000001, true, false, false, []],
      [
        'sample',
        1,
        'Color',
        'RED',
        'green',
        'B',
        44.44444444444444,
        false,
        false,
        false,
        ['anticipation'],
      ],
      ['practice', 0, 'Color', 'GREEN', 'blue', 'B', 1000, true, false, false, []],
      ['practice', 1, 'Color', 'RED', 'blue', 'B', 987.6543210987654, true, false, false, []],
      ['practice', 2, 'Word', 'BLUE', 'red', 'B', 765.4321, true, true, false, []],
    ]),
    result: {
      id: 'result-c',
      user_id: USER_ID,
      session_id: 'session-c',
      test_type: 'stroopTest',
      start_time: '2026-03-03T18:00:00.999999Z',
      end_time: null,
      overall_score: null,
      total_trials: null,
      correct_trials: null,
      average_reaction_time: null,
      color_naming_accuracy: null,
      word_reading_accuracy: null,
      interference_effect: null,
      metrics: null,
      is_mock: false,
      implausible_reason: null,
      abandoned_at: '2026-03-04T18:00:01.000001Z',
    },
  };
}

/** (d) Finished runs with some scores null: no interference effect; no metrics at all. */
function partlyScoredRuns(): { results: OldResult[]; trials: OldTrial[] } {
  const trials = realTrials('result-d', 'd', [
    ['test', 0, 'Color', 'RED', 'green', 'G', 350.00000000000006, true, false, false, []],
    [
      'test',
      1,
      'Color',
      'GREEN',
      'blue',
      'B',
      21.000000000000004,
      true,
      false,
      false,
      ['anticipation'],
    ],
    ['test', 2, 'Word', 'BLUE', 'red', 'B', 612.7, true, true, false, []],
    ['test', 3, 'Word', 'RED', 'blue', 'G', 9007199254740992, false, false, false, []],
  ]);
  const scored = {
    user_id: USER_ID,
    test_type: 'stroopTest',
    is_mock: false,
    abandoned_at: null,
  };
  return {
    trials,
    results: [
      {
        ...scored,
        id: 'result-d',
        session_id: 'session-d',
        start_time: '2026-03-05T07:30:00.5Z',
        end_time: '2026-03-05T07:31:00.000007Z',
        overall_score: 75,
        total_trials: 4,
        correct_trials: 3,
        average_reaction_time: 2251799813685744.5,
        color_naming_accuracy: 1.7976931348623157e308,
        word_reading_accuracy: Number.MIN_VALUE,
        interference_effect: null,
        metrics: {
          switchCost: { rtMs: null, errorRatePercent: null },
          cells: {
            'switch, word': { trialCount: 1, meanRtMs: 612.7, errorRatePercent: 0 },
            'noswitch, word': { trialCount: 1, meanRtMs: null, errorRatePercent: 100 },
            'switch, color': { trialCount: 0, meanRtMs: null, errorRatePercent: null },
            'noswitch, color': { trialCount: 1, meanRtMs: 21.000000000000004, errorRatePercent: 0 },
          },
          inverseEfficiencyMs: null,
          excludedFromRt: { errors: 1, firstOfPhase: 1, firstAfterBreak: 0 },
        },
        implausible_reason: 'Trials reached the server faster than they can be taken',
      },
      {
        // An early result: scored before metrics were kept, and with no session row.
        ...scored,
        id: 'result-e',
        session_id: null,
        start_time: '2026-03-06T07:30:00.25Z',
        end_time: '2026-03-06T07:40:00.75Z',
        overall_score: 0,
        total_trials: 0,
        correct_trials: 0,
        average_reaction_time: null,
        color_naming_accuracy: 100,
        word_reading_accuracy: 0,
        interference_effect: 0,
        metrics: null,
        implausible_reason: null,
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Reading and comparing.

/** Every difference between two values, by path; numbers compared with Object.is. */
function differences(where: string, actual: unknown, expected: unknown, out: string[]): void {
  if (Object.is(actual, expected)) return;
  if (
    typeof actual === 'object' &&
    typeof expected === 'object' &&
    actual !== null &&
    expected !== null &&
    Array.isArray(actual) === Array.isArray(expected)
  ) {
    const a = actual as Row;
    const e = expected as Row;
    for (const key of new Set([...Object.keys(a), ...Object.keys(e)])) {
      differences(`${where}.${key}`, a[key], e[key], out);
    }
    return;
  }
  const show = (v: unknown) =>
    typeof v === 'number'
      ? Object.is(v, -0)
        ? '-0'
        : String(v)
      : v === undefined
        ? 'missing'
        : JSON.stringify(v);
  out.push(`${where}: expected ${show(expected)}, got ${show(actual)}`);
}

const parseJson = (text: unknown) => (text === null ? null : JSON.parse(text as string));

async function columnsOf(connection: Connection, table: string): Promise<string[]> {
  const rows = await connection.query<{ name: string; type: string }>(
    `select column_name as name, data_type as type from information_schema.columns
     where table_schema = 'public' and table_name = $1 order by column_name`,
    [table],
  );
  return rows.map((r) => `${r.name} ${r.type}`).sort();
}

/** The name of a columnsOf entry ('name type'). */
const nameOf = (column: string) => column.split(' ')[0] ?? '';
const namesOf = (columns: string[]) => columns.map(nameOf);

/** Every column of every row in its text form, which keeps doubles and times exactly. */
async function asText(connection: Connection, table: string, columns: string[]) {
  const list = columns.map((c) => `"${c}"::text as "${c}"`).join(', ');
  return connection.query(`select ${list} from "${table}" order by id`);
}

const OLD_TRIAL_SELECT = `select id, result_id, phase, trial_number, cue_word, stimulus_word,
  stimulus_color, response, reaction_time, is_correct, is_switch, is_congruent,
  start_time::text as start_time, end_time::text as end_time, timing::text as timing, flags,
  created_at::text as created_at
  from trials order by id`;

const NEW_TRIAL_SELECT = `select id, result_id, phase, block, trial_number, response,
  reaction_time, is_correct, input_modality, report_cell, fields::text as fields,
  start_time::text as start_time, end_time::text as end_time, timing::text as timing, flags,
  created_at::text as created_at
  from trials order by id`;

const OLD_RESULT_SELECT = `select id, overall_score, total_trials, correct_trials,
  average_reaction_time, color_naming_accuracy, word_reading_accuracy, interference_effect,
  metrics::text as metrics
  from test_results order by id`;

const NEW_RESULT_SELECT = `select id, overall_score, total_trials, correct_trials,
  average_reaction_time, scores::text as scores, scoring_version
  from test_results order by id`;

/** A trial row of the new schema as migration 0006 should make it from an old row. */
function expectedNewTrial(old: Row): Row {
  const {
    cue_word: cueWord,
    stimulus_word: stimulusWord,
    stimulus_color: stimulusColor,
    is_switch: isSwitch,
    is_congruent: isCongruent,
    timing,
    ...unchanged
  } = old;
  return {
    ...unchanged,
    timing: parseJson(timing),
    block: 0,
    input_modality: 'keyboard',
    report_cell:
      old.phase === 'test'
        ? `${isSwitch ? 'switch' : 'noswitch'}, ${cueWord === 'Word' ? 'word' : 'color'}`
        : null,
    fields: { cueWord, stimulusWord, stimulusColor, isSwitch, isCongruent },
  };
}

function expectedNewResult(old: Row): Row {
  const {
    color_naming_accuracy: colorNamingAccuracy,
    word_reading_accuracy: wordReadingAccuracy,
    interference_effect: interferenceEffect,
    metrics,
    ...unchanged
  } = old;
  const isScored = old.overall_score !== null;
  return {
    ...unchanged,
    scores: isScored
      ? {
          colorNamingAccuracy,
          wordReadingAccuracy,
          interferenceEffect,
          metrics: parseJson(metrics),
        }
      : null,
    scoring_version: isScored ? 1 : null,
  };
}

const readNewTrial = (row: Row): Row => ({
  ...row,
  timing: parseJson(row.timing),
  fields: parseJson(row.fields),
});
const readNewResult = (row: Row): Row => ({ ...row, scores: parseJson(row.scores) });

async function indexColumns(connection: Connection, name: string) {
  const rows = await connection.query<{ unique: boolean; columns: string[] }>(
    `select i.indisunique as unique,
       array(select a.attname::text from unnest(i.indkey::int2[]) with ordinality k(attnum, n)
             join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
             order by k.n) as columns
     from pg_index i join pg_class c on c.oid = i.indexrelid
     where c.relname = $1`,
    [name],
  );
  return rows[0] ?? null;
}

async function migrationCount(connection: Connection): Promise<number> {
  const [row] = await connection.query<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  return row?.n ?? -1;
}

// ---------------------------------------------------------------------------------------------

let oldFolder = '';
let newFolder = '';
beforeAll(() => {
  oldFolder = writeMigrationsFolderThrough(LAST_OLD_IDX);
  newFolder = writeMigrationsFolderThrough(LAST_OLD_IDX + 1);
});
afterAll(() => {
  rmSync(oldFolder, { recursive: true, force: true });
  rmSync(newFolder, { recursive: true, force: true });
});

describe.each(TEST_DATABASE_KINDS)('migration 0006 on %s', (kind) => {
  it('moves every Stroop trial field and score across and loses nothing', async () => {
    const connection = await openFresh(kind);
    try {
      await connection.query(`set timezone = 'UTC'`);
      await connection.migrate(oldFolder);
      expect(await migrationCount(connection)).toBe(LAST_OLD_IDX + 1);

      // The runs, written through the old columns.
      const a = mockRun();
      const b = realRun();
      const c = unfinishedRun();
      const d = partlyScoredRuns();
      const results = [a.result, b.result, c.result, ...d.results];
      await insertRows(
        connection,
        'users',
        [
          {
            id: USER_ID,
            email: 'migrate@example.com',
            password_hash: 'x',
            first_name: 'M',
            last_name: 'G',
          },
        ],
        { id: 'text', email: 'text', password_hash: 'text', first_name: 'text', last_name: 'text' },
      );
      await insertRows(
        connection,
        'test_sessions',
        ['a', 'b', 'c', 'd'].map((s) => ({
          id: `session-${s}`,
          user_id: USER_ID,
          test_type: 'stroopTest',
          seed: `seed-${s}`,
          config: stroop.DEFAULT_CONFIG,
        })),
        { id: 'text', user_id: 'text', test_type: 'text', seed: 'text', config: 'jsonb' },
      );
      await insertRows(connection, 'test_results', results, RESULT_TYPES);
      // The mock run's trials take the server's arrival time; the others carry their own.
      await insertRows(connection, 'trials', a.trials, TRIAL_TYPES);
      await insertRows(connection, 'trials', [...b.trials, ...c.trials, ...d.trials], TRIAL_TYPES);
      const inserted = [...a.trials, ...b.trials, ...c.trials, ...d.trials];

      // The data covers what a wrong CASE or a rounding would get wrong.
      expect(a.trials).toHaveLength(168);
      for (const phase of ['sample', 'practice', 'test']) {
        for (const cue of ['Color', 'Word']) {
          for (const isSwitch of [true, false]) {
            const some = a.trials.some(
              (t) => t.phase === phase && t.cue_word === cue && t.is_switch === isSwitch,
            );
            expect(some, `${phase} ${cue} switch=${isSwitch}`).toBe(true);
          }
        }
      }
      expect(a.trials.some((t) => t.is_congruent === true)).toBe(true);
      expect(a.trials.some((t) => t.is_congruent === false)).toBe(true);

      // Everything before: the typed rows, and every column's text form.
      const oldTrials = await connection.query(OLD_TRIAL_SELECT);
      const oldResults = await connection.query(OLD_RESULT_SELECT);
      const oldTrialColumns = await columnsOf(connection, 'trials');
      const oldResultColumns = await columnsOf(connection, 'test_results');
      const oldTrialText = await asText(connection, 'trials', namesOf(oldTrialColumns));
      const oldResultText = await asText(connection, 'test_results', namesOf(oldResultColumns));

      // What was read is what was written: the awkward doubles reached the database intact.
      const stored: string[] = [];
      const byId = new Map(oldTrials.map((row) => [row.id, row]));
      for (const trial of inserted) {
        const row = byId.get(trial.id);
        for (const column of ['reaction_time', 'is_congruent', 'flags', 'cue_word'] as const) {
          differences(`stored trial ${trial.id}.${column}`, row?.[column], trial[column], stored);
        }
        differences(
          `stored trial ${trial.id}.timing`,
          parseJson(row?.timing),
          trial.timing,
          stored,
        );
      }
      const resultById = new Map(oldResults.map((row) => [row.id, row]));
      for (const result of results) {
        const row = resultById.get(result.id);
        for (const column of [
          'average_reaction_time',
          'color_naming_accuracy',
          'word_reading_accuracy',
          'interference_effect',
        ] as const) {
          differences(
            `stored result ${result.id}.${column}`,
            row?.[column],
            result[column],
            stored,
          );
        }
        differences(
          `stored result ${result.id}.metrics`,
          parseJson(row?.metrics),
          result.metrics,
          stored,
        );
      }
      expect(stored).toEqual([]);
      expect(oldTrials.find((t) => t.id === 'b-sample-0')?.start_time).toBe(
        '2026-03-02 09:15:10.123456+00',
      );
      expect(oldTrials.find((t) => t.id === 'b-sample-0')?.end_time).toBe(
        '2026-03-02 09:15:11.000001+00',
      );

      // Migrate with the folder through 0006 (later migrations add columns of their own): only
      // 0006 is new. The session rounds doubles in their text form (extra_float_digits 0, the
      // default before PostgreSQL 12 and still settable per database or role), so the migration
      // must not depend on the session's float output.
      await connection.query('set extra_float_digits = 0');
      await connection.migrate(newFolder);
      await connection.query('reset extra_float_digits');
      expect(await migrationCount(connection)).toBe(LAST_OLD_IDX + 2);

      // The columns: the Stroop ones gone, the contract's added, every other one kept.
      const STROOP_TRIAL_COLUMNS = [
        'cue_word',
        'stimulus_word',
        'stimulus_color',
        'is_switch',
        'is_congruent',
      ];
      const STROOP_RESULT_COLUMNS = [
        'color_naming_accuracy',
        'word_reading_accuracy',
        'interference_effect',
        'metrics',
      ];
      const keptTrialColumns = oldTrialColumns.filter(
        (c) => !STROOP_TRIAL_COLUMNS.includes(nameOf(c)),
      );
      const keptResultColumns = oldResultColumns.filter(
        (c) => !STROOP_RESULT_COLUMNS.includes(nameOf(c)),
      );
      expect(keptTrialColumns).toHaveLength(oldTrialColumns.length - STROOP_TRIAL_COLUMNS.length);
      expect(keptResultColumns).toHaveLength(
        oldResultColumns.length - STROOP_RESULT_COLUMNS.length,
      );
      expect(await columnsOf(connection, 'trials')).toEqual(
        [
          ...keptTrialColumns,
          'block integer',
          'fields jsonb',
          'input_modality text',
          'report_cell text',
        ].sort(),
      );
      expect(await columnsOf(connection, 'test_results')).toEqual(
        [...keptResultColumns, 'scores jsonb', 'scoring_version integer'].sort(),
      );

      // Every kept column of every row, in its text form: unchanged.
      const newTrialText = await asText(connection, 'trials', namesOf(keptTrialColumns));
      const newResultText = await asText(connection, 'test_results', namesOf(keptResultColumns));
      const keep = (rows: Row[], columns: string[]) =>
        rows.map((row) => Object.fromEntries(columns.map((c) => [c, row[c]])));
      expect(newTrialText).toEqual(keep(oldTrialText, namesOf(keptTrialColumns)));
      expect(newResultText).toEqual(keep(oldResultText, namesOf(keptResultColumns)));

      // Every row, typed: the kept values, and the moved ones where they belong.
      const newTrials = (await connection.query(NEW_TRIAL_SELECT)).map(readNewTrial);
      const newResults = (await connection.query(NEW_RESULT_SELECT)).map(readNewResult);
      expect(newTrials).toHaveLength(oldTrials.length);
      expect(newResults).toHaveLength(oldResults.length);
      expect(newTrials).toHaveLength(inserted.length);
      expect(newResults).toHaveLength(results.length);
      const lost: string[] = [];
      oldTrials.forEach((old, i) => {
        differences(`trial ${old.id}`, newTrials[i], expectedNewTrial(old), lost);
      });
      oldResults.forEach((old, i) => {
        differences(`result ${old.id}`, newResults[i], expectedNewResult(old), lost);
      });
      expect(lost).toEqual([]);

      // Spot checks of the moves, written out.
      const trial = (id: string) => newTrials.find((t) => t.id === id);
      expect(trial('b-test-1')?.fields).toEqual({
        cueWord: 'Color',
        stimulusWord: 'BLUE',
        stimulusColor: 'red',
        isSwitch: false,
        isCongruent: null,
      });
      expect(trial('b-test-1')?.report_cell).toBe('noswitch, color');
      expect(trial('b-test-2')?.report_cell).toBe('switch, word');
      expect(trial('b-practice-2')?.report_cell).toBe(null);
      expect(trial('b-test-4')?.reaction_time).toBe(Number.MIN_VALUE);
      const scoresOf = (id: string) => newResults.find((r) => r.id === id)?.scores as Row;
      expect(scoresOf('result-b').wordReadingAccuracy).toBe(0.1 + 0.2);
      expect(scoresOf('result-b').interferenceEffect).toBe(-12.345678901234567);
      expect(scoresOf('result-d').colorNamingAccuracy).toBe(1.7976931348623157e308);
      expect(scoresOf('result-d').interferenceEffect).toBe(null);
      expect(scoresOf('result-e').metrics).toBe(null);
      expect(newResults.find((r) => r.id === 'result-c')).toMatchObject({
        scores: null,
        scoring_version: null,
      });
      const cells = await connection.query(
        `select distinct report_cell from trials where phase = 'test' order by 1`,
      );
      expect(cells.map((r) => r.report_cell)).toEqual([
        'noswitch, color',
        'noswitch, word',
        'switch, color',
        'switch, word',
      ]);

      // The new key: (result, phase, block, trial number), unique; the old one is gone.
      expect(await indexColumns(connection, 'trials_result_position_key')).toEqual({
        unique: true,
        columns: ['result_id', 'phase', 'block', 'trial_number'],
      });
      expect(await indexColumns(connection, 'trials_result_phase_number_key')).toBe(null);
      expect(await indexColumns(connection, 'trials_report_idx')).toEqual({
        unique: false,
        columns: ['phase', 'report_cell', 'is_correct', 'reaction_time', 'result_id'],
      });
      const duplicate = `insert into trials (result_id, phase, block, trial_number, response,
        reaction_time, is_correct) values ('result-b', 'test', $1::int, 0, 'R', 1, true)`;
      await expect(connection.query(duplicate, [0])).rejects.toThrow(/trials_result_position_key/);
      await connection.query(duplicate, [1]);
    } finally {
      await connection.close();
    }
  });
});
