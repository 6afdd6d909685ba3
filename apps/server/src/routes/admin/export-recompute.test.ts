import { type AdminResult, type AnyTask, TASKS, type TestType } from '@cogni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFinishedRun } from '../../services/results/insert-finished-run';
import { insertUser, signUpAdmin } from '../../testing/admin-fixtures';
import { fixtureFinishedRun } from '../../testing/fixture-run';
import { createTestContext, type TestClient, type TestContext } from '../../testing/test-app';
import { TEST_DATABASE_KINDS } from '../../testing/test-database';

/** One exported trial row, by column name (docs: the export's data dictionary). */
type Row = Record<string, unknown>;

/** Every RT score of a run, recomputed from its exported rows, beside where it is stored. */
type Recompute = {
  /** The scores recomputed from the rows alone, by name. */
  fromRows(rows: readonly Row[]): Record<string, number | null>;
  /** The same scores as the server stored them. */
  stored(result: AdminResult): Record<string, number | null>;
};

const mean = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length;
const median = (values: readonly number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const sampleSd = (values: readonly number[]) => {
  const m = mean(values);
  if (m === null || values.length < 2) return null;
  return Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / (values.length - 1));
};

/** A test row the scoring left out of nothing: its exclusions column says 'none'. */
const kept = (row: Row) => row.phase === 'test' && row.scoring_exclusions === 'none';
const rtOf = (row: Row) => Number(row.reaction_time_ms);
const scoresOf = (result: AdminResult) => (result.scores?.scores ?? {}) as Record<string, unknown>;
/** A stored score: a number, or null where it is missing or not a number. */
const num = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * Per task, the RT scores its scoring document defines, as a reader of the export computes
 * them: a trial counts when it is of the score's kind and its `scoring_exclusions` is 'none'.
 */
const RECOMPUTE: Partial<Record<TestType, Recompute>> = {
  stroopTest: {
    fromRows(rows) {
      const rt = rows.filter((r) => kept(r) && r.is_correct === true).map(rtOf);
      const cell = (isSwitch: boolean, cue: string) =>
        mean(
          rows
            .filter(
              (r) =>
                kept(r) && r.is_correct === true && r.is_switch === isSwitch && r.cue_word === cue,
            )
            .map(rtOf),
        );
      return {
        averageReactionTime: mean(rt),
        'switch, color': cell(true, 'Color'),
        'noswitch, color': cell(false, 'Color'),
        'switch, word': cell(true, 'Word'),
        'noswitch, word': cell(false, 'Word'),
      };
    },
    stored(result) {
      const cells = scoresOf(result).cells as Record<string, { meanRtMs: number | null }>;
      return {
        averageReactionTime: result.scores?.averageReactionTime ?? null,
        ...Object.fromEntries(
          ['switch, color', 'noswitch, color', 'switch, word', 'noswitch, word'].map((c) => [
            c,
            cells[c]?.meanRtMs ?? null,
          ]),
        ),
      };
    },
  },
  flankerTest: {
    fromRows(rows) {
      const rts = (congruency: string) =>
        rows
          .filter((r) => kept(r) && r.is_correct === true && r.flanker_congruency === congruency)
          .map(rtOf);
      const congruent = rts('congruent');
      const incongruent = rts('incongruent');
      const c = mean(congruent);
      const i = mean(incongruent);
      return {
        averageReactionTime: mean([...congruent, ...incongruent]),
        'congruent meanRtMs': c,
        'congruent medianRtMs': median(congruent),
        'congruent sdRtMs': sampleSd(congruent),
        'incongruent meanRtMs': i,
        'incongruent medianRtMs': median(incongruent),
        'incongruent sdRtMs': sampleSd(incongruent),
        flankerEffectMs: c === null || i === null ? null : i - c,
      };
    },
    stored(result) {
      const s = scoresOf(result) as Record<
        'congruent' | 'incongruent',
        { meanRtMs: number | null; medianRtMs: number | null; sdRtMs: number | null }
      > & { flankerEffectMs: unknown };
      return {
        averageReactionTime: result.scores?.averageReactionTime ?? null,
        'congruent meanRtMs': s.congruent.meanRtMs,
        'congruent medianRtMs': s.congruent.medianRtMs,
        'congruent sdRtMs': s.congruent.sdRtMs,
        'incongruent meanRtMs': s.incongruent.meanRtMs,
        'incongruent medianRtMs': s.incongruent.medianRtMs,
        'incongruent sdRtMs': s.incongruent.sdRtMs,
        flankerEffectMs: num(s.flankerEffectMs),
      };
    },
  },
  goNoGoTest: {
    fromRows(rows) {
      const go = rows
        .filter((r) => kept(r) && r.stimulus_type === 'go' && r.responded === true)
        .map(rtOf);
      const commissions = rows
        .filter((r) => kept(r) && r.stimulus_type === 'nogo' && r.responded === true)
        .map(rtOf);
      return {
        meanGoRtMs: mean(go),
        medianGoRtMs: median(go),
        sdGoRtMs: sampleSd(go),
        meanCommissionRtMs: mean(commissions),
      };
    },
    stored(result) {
      const s = scoresOf(result);
      return {
        meanGoRtMs: num(s.meanGoRtMs),
        medianGoRtMs: num(s.medianGoRtMs),
        sdGoRtMs: num(s.sdGoRtMs),
        meanCommissionRtMs: num(s.meanCommissionRtMs),
      };
    },
  },
  sartTest: {
    fromRows(rows) {
      const go = rows
        .filter((r) => kept(r) && r.sart_is_nogo === false && r.reaction_time_ms !== null)
        .map(rtOf);
      return { meanGoRtMs: mean(go), medianGoRtMs: median(go), sdGoRtMs: sampleSd(go) };
    },
    stored(result) {
      const s = scoresOf(result);
      return {
        meanGoRtMs: num(s.meanGoRtMs),
        medianGoRtMs: num(s.medianGoRtMs),
        sdGoRtMs: num(s.sdGoRtMs),
      };
    },
  },
  nbackTest: {
    fromRows(rows) {
      const rts = (level: number | null, kind: string) =>
        rows
          .filter(
            (r) =>
              kept(r) &&
              r.nback_response_type === kind &&
              (level === null || r.nback_level === level),
          )
          .map(rtOf);
      const levels = [...new Set(rows.map((r) => r.nback_level))].filter(
        (n): n is number => typeof n === 'number',
      );
      return {
        averageReactionTime: mean(rts(null, 'hit')),
        ...Object.fromEntries(
          levels.flatMap((n) => [
            [`${n}-back meanHitRtMs`, mean(rts(n, 'hit'))],
            [`${n}-back medianHitRtMs`, median(rts(n, 'hit'))],
            [`${n}-back meanCorrectRejectionRtMs`, mean(rts(n, 'correct_rejection'))],
          ]),
        ),
      };
    },
    stored(result) {
      const levels = (scoresOf(result).levels ?? []) as {
        n: number;
        meanHitRtMs: number | null;
        medianHitRtMs: number | null;
        meanCorrectRejectionRtMs: number | null;
      }[];
      return {
        averageReactionTime: result.scores?.averageReactionTime ?? null,
        ...Object.fromEntries(
          levels.flatMap((l) => [
            [`${l.n}-back meanHitRtMs`, l.meanHitRtMs],
            [`${l.n}-back medianHitRtMs`, l.medianHitRtMs],
            [`${l.n}-back meanCorrectRejectionRtMs`, l.meanCorrectRejectionRtMs],
          ]),
        ),
      };
    },
  },
  digitSpanTest: {
    fromRows(rows) {
      const of = (direction: string) =>
        rows.filter((r) => kept(r) && r.span_direction === direction);
      const numbers = (list: readonly Row[], column: string) =>
        list.flatMap((r) => (r[column] === null ? [] : [Number(r[column])]));
      return Object.fromEntries(
        ['forward', 'backward'].flatMap((d) => [
          [
            `${d} meanAnswerTimeMs`,
            mean(
              numbers(
                of(d).filter((r) => r.is_correct === true),
                'reaction_time_ms',
              ),
            ),
          ],
          [`${d} meanFirstKeyMs`, mean(numbers(of(d), 'first_key_rt_ms'))],
        ]),
      );
    },
    stored(result) {
      const s = scoresOf(result) as Partial<
        Record<string, { meanAnswerTimeMs: number | null; meanFirstKeyMs: number | null }>
      >;
      return Object.fromEntries(
        ['forward', 'backward'].flatMap((d) => [
          [`${d} meanAnswerTimeMs`, s[d]?.meanAnswerTimeMs ?? null],
          [`${d} meanFirstKeyMs`, s[d]?.meanFirstKeyMs ?? null],
        ]),
      );
    },
  },
  pvtTest: {
    fromRows(rows) {
      const rts = rows.filter(kept).map(rtOf);
      // Response speed counts a timeout (left out of the RT scores, and of nothing else) at the
      // timeout's speed: the default timeout, 30 s.
      const timeouts = rows.filter(
        (r) => r.phase === 'test' && r.scoring_exclusions === 'timeout',
      ).length;
      const speeds = [...rts.map((rt) => 1000 / rt), ...Array(timeouts).fill(1000 / 30_000)];
      return { meanRtMs: mean(rts), medianRtMs: median(rts), meanSpeed: mean(speeds) };
    },
    stored(result) {
      const s = scoresOf(result);
      return {
        meanRtMs: num(s.meanRtMs),
        medianRtMs: num(s.medianRtMs),
        meanSpeed: num(s.meanSpeed),
      };
    },
  },
  towerOfHanoiTest: {
    fromRows(rows) {
      const timed = rows.filter(kept);
      const times = (column: string) =>
        timed.flatMap((r) => (r[column] === null ? [] : [Number(r[column])]));
      return {
        averageReactionTime: mean(times('toh_planning_time_ms')),
        medianPlanningTimeMs: median(times('toh_planning_time_ms')),
        medianFirstMoveTimeMs: median(times('toh_first_move_time_ms')),
        medianSolutionTimeMs: median(
          timed
            .filter((r) => r.toh_solved === true)
            .flatMap((r) =>
              r.toh_solution_time_ms === null ? [] : [Number(r.toh_solution_time_ms)],
            ),
        ),
      };
    },
    stored(result) {
      const s = scoresOf(result);
      return {
        averageReactionTime: result.scores?.averageReactionTime ?? null,
        medianPlanningTimeMs: num(s.medianPlanningTimeMs),
        medianFirstMoveTimeMs: num(s.medianFirstMoveTimeMs),
        medianSolutionTimeMs: num(s.medianSolutionTimeMs),
      };
    },
  },
};

/**
 * A simulated run of the task with one test trial in seven marked interrupted (as a page that
 * lost focus records it), so that every kind of exclusion the simulated participant makes, and
 * interruptions, reach the export.
 */
function runWithInterruptions(task: AnyTask, userId: string, index: number) {
  const seed = `export-recompute-${task.id}`;
  const config = task.settings.defaults;
  const startTime = new Date(Date.UTC(2026, 10, 1 + index, 10));
  const simulated = task.simulate(seed, config, startTime.getTime() + 30 * 60_000);
  // The fixture run's timing records (the simulated run has none), by position.
  const timings = new Map(
    task
      .fixtureRun(seed, config)
      .map(({ trial }) => [
        `${trial.phase}:${trial.block ?? 0}:${trial.trialNumber}`,
        trial.timing,
      ]),
  );
  let testTrials = 0;
  const trials = simulated.trials.map((trial) => {
    if (trial.phase !== 'test' || testTrials++ % 7 !== 3) return trial;
    const timing = timings.get(`${trial.phase}:${trial.block ?? 0}:${trial.trialNumber}`) ?? {};
    return {
      ...trial,
      // A task whose record says it was interrupted (Digit Span) says so there too.
      ...('interrupted' in trial ? { interrupted: true } : {}),
      timing: { ...timing, wasInterrupted: true } as never,
    };
  });
  return {
    ...fixtureFinishedRun(userId, startTime, { seed, task }),
    endTime: new Date(startTime.getTime() + 30 * 60_000),
    trials,
  };
}

describe.each(TEST_DATABASE_KINDS)('RT scores recomputed from the export on %s', (kind) => {
  let t: TestContext;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestContext(kind);
    admin = await signUpAdmin(t, { email: 'admin@example.com' });
    const userId = await insertUser(t.database.db, { email: 'ada@example.com' });
    for (const [index, task] of TASKS.entries()) {
      await insertFinishedRun(t.database, runWithInterruptions(task, userId, index));
    }
  });
  afterAll(() => t?.close());

  it('has a recomputation for every task', () => {
    expect(TASKS.map((task) => task.id).filter((id) => !RECOMPUTE[id])).toEqual([]);
  });

  it.each(TASKS.map((task) => [task.id]))(
    '%s: every RT score from the exported trials',
    async (id) => {
      const recompute = RECOMPUTE[id as TestType];
      if (!recompute) throw new Error(`no recomputation for ${id}`);
      const listed = await admin.get(`/api/admin/results?testType=${id}`);
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      const [result] = listed.body.results as AdminResult[];
      if (!result) throw new Error(`no ${id} result`);
      const exported = await admin.get(`/api/admin/export?testType=${id}&format=json`);
      expect(exported.status).toBe(200);
      const rows = exported.body.rows as Row[];
      // The run's exclusions reach the export, interruptions among them.
      const excluded = rows.filter((r) => r.phase === 'test' && r.scoring_exclusions !== 'none');
      expect(excluded.some((r) => String(r.scoring_exclusions).includes('interrupted'))).toBe(true);
      const stored = recompute.stored(result);
      const fromRows = recompute.fromRows(rows);
      expect(Object.keys(fromRows)).toEqual(Object.keys(stored));
      for (const [name, value] of Object.entries(stored)) {
        expect(value, name).not.toBeNull();
        expect(fromRows[name], name).toBeCloseTo(value as number, 9);
      }
    },
  );
});
