import type { z } from 'zod';
import type { ExportColumn } from '../exports/trial-columns';
import type { TestType } from '../test-types';
import type { TaskEngine } from './engine';
import type { InputModality, TrialEnvelope, TrialPosition } from './shared/envelope';
import type { CellAggregate } from './shared/report-cells';
import type { TaskSettings } from './shared/settings';

/** A response mapping's setting value at each level of a study's factor (A and B). */
export type ResponseMappingValues = { readonly A: unknown; readonly B: unknown };

/**
 * The contract every task of the battery meets (ADR 027). A task is one folder under
 * `tasks/<task>/` exporting one `TaskDefinition`; the registry lists them, and routes,
 * services, reports, progress, admin views, the export and mock data read only this contract.
 *
 * Members are written as methods so that a definition for a concrete task is assignable to the
 * registry's `AnyTask` (TypeScript checks method parameters bivariantly).
 */
export interface TaskDefinition<Config, Plan, Trial extends TrialEnvelope, Scores> {
  /** The test type stored with every run, e.g. 'stroopTest'. */
  readonly id: TestType;
  /** URL slug under /cognitive-tests. */
  readonly slug: string;
  readonly name: string;
  /** One sentence for the test list. */
  readonly description: string;
  /** What the task measures, e.g. 'Response inhibition'. */
  readonly construct: string;
  /** Semantic version of the task's procedure; a change to what a score means bumps it. */
  readonly version: string;

  /** Every setting with its default, unit, bounds and description; `schema` validates a config. */
  readonly settings: TaskSettings<Config>;
  /**
   * What a setting added since runs were stored reads as in a stored configuration that lacks
   * it (`test_sessions.config`, read by the server's readConfig), where its default for new runs
   * would give those runs another procedure than the one they had. Absent: a missing setting
   * takes its default.
   */
  readonly storedConfigDefaults?: Readonly<Record<string, unknown>>;

  /**
   * The task's response mapping, for a study's `responseMapping` counterbalancing factor
   * (ADR 041): the setting that chooses it and its value at each of the factor's two levels.
   * With the factor, the participant's level sets it in every step of the task. Absent: the
   * task has no mapping to balance.
   */
  readonly responseMapping?: { readonly setting: string; readonly levels: ResponseMappingValues };

  /** Phase names in run order. */
  readonly phases: readonly string[];
  /** The phase whose trials are scored and reported. */
  readonly scoredPhase: string;

  /** The whole run, planned before it starts: the same seed and config give the same plan. */
  plan(seed: string, config: Config): Plan;
  /**
   * Whether another seed plans another run at `config`; absent means it always does. A task
   * whose trials at some configuration are a fixed set, the same for every participant in the
   * same order (a published problem set), answers false there: the generic tests then check
   * that every seed plans the same run, and try the plan check with a trial moved to another
   * position instead of another run's trial.
   */
  planVariesWithSeed?(config: Config): boolean;
  /**
   * How long the whole run takes at a steady pace, in ms: practice, feedback, intros, rests and
   * the test, with the participant keeping an ordinary pace wherever they set it. From the
   * configuration alone, so a page can say "about N minutes" before the run; an estimate, not a
   * bound (earlyArrival and runImplausibility hold the bounds).
   */
  estimateMs(config: Config): number;
  /**
   * The task's engine (tasks/engine.ts): the pure state machine that the browser's one task host
   * runs. A task without one is run by a runtime of its own in the browser.
   */
  readonly engine?: TaskEngine<Config, Plan, unknown, unknown, unknown, unknown, Trial>;

  /** The trial as the browser sends it: the envelope plus the task's own fields. */
  readonly trialSchema: z.ZodType<Trial>;
  /** The task's own fields of a trial as stored (`trials.fields`): what the envelope lacks. */
  fieldsOf(trial: Omit<Trial, 'timing'>): Record<string, unknown>;

  /**
   * Everything that makes a submitted trial impossible for this run, as messages: a position the
   * plan lacks, a stimulus other than the planned one, a correctness that does not follow from
   * the response, a timing record that contradicts itself. Empty when the trial is valid. Runs
   * on every save, so it must be cheap.
   */
  checkTrial(trial: Trial, plan: Plan, config: Config): string[];
  /** What the server notes about a trial it keeps (e.g. 'anticipation'); follows from the trial. */
  trialFlags(trial: Trial, config: Config): string[];

  /**
   * Why a trial at `position`, arriving `elapsedMs` after the run started by the server's clock,
   * cannot have been taken by a person by then; null if it can (ADR 026).
   */
  earlyArrival(config: Config, position: TrialPosition, elapsedMs: number): string | null;
  /** Why a whole run cannot have been taken by a person, or null (ADR 026). */
  runImplausibility(config: Config, runStart: Date, trials: readonly ArrivedTrial[]): string | null;

  /**
   * Where a run continues after the trials saved so far: the position after the last, in run
   * order. Null after the run's last trial. Correctness is given because the order may depend
   * on it (a criterion-practice round is repeated while accuracy is below the criterion).
   */
  nextPosition(config: Config, saved: readonly SavedTrial[]): TrialPosition | null;
  /**
   * The task's own fields that say where a run stands, for a run order that a position cannot
   * tell (a time-limited block ends with the trial whose time on task reaches its duration):
   * `nextPosition` reads them beside the position and correctness, and `runImplausibility` may
   * check that each trial follows the one before. The server and the browser's outbox hand them
   * over as `SavedTrial.fields`, the server also as `ArrivedTrial.fields`; each is a key of what
   * `fieldsOf` stores. Absent for a task whose run order is its positions'.
   */
  readonly runOrderFields?: readonly string[];

  /** The cells of the aggregate report, in display order, named for people. */
  readonly reportCells: readonly ReportCellDefinition[];
  /**
   * The report cell of a trial of the scored phase; null for a trial in no cell. Stored with the
   * trial, for the trial tables and the export; the report itself adds up each run's
   * `reportCells` from its score.
   */
  reportCell(trial: Omit<Trial, 'timing'>): string | null;

  /**
   * The task's own scores that progress tracking follows across sessions, beside the overall
   * score (e.g. Digit Span's forward span). Read from scores of the current scoringVersion.
   */
  readonly trendMeasures?: readonly TrendMeasure<Scores>[];

  /** Bumped whenever a score's rule changes; stored with every result's scores. */
  readonly scoringVersion: number;
  /** The scores of a run from its stored trials (all phases; the task picks what it scores). */
  score(config: Config, trials: readonly StoredTrial<Trial>[]): RunScore<Scores>;

  /** The task's own columns of the trial export, after the common ones. */
  readonly exportColumns: readonly ExportColumn<StoredTrial<Trial>>[];

  /**
   * A simulated participant's whole run, ending at `endTimeMs`: for mock data, tests and
   * benchmarks. Pure and seeded.
   */
  simulate(seed: string, config: Config, endTimeMs: number): SimulatedRun<Trial>;

  /**
   * What a browser would send for a whole run answered by a fixed participant (a few errors,
   * known RTs), in run order, each trial with the least time it takes a person: API tests,
   * fault tests and benchmarks drive any task through the generic routes with it.
   */
  fixtureRun(seed: string, config: Config): FixtureTrial<Trial>[];
}

/** A trial as a browser sends it, and the least time a person takes for it (ms). */
export type FixtureTrial<Trial> = { trial: Trial; minimumMs: number };

/** A definition with its types erased: what the registry holds. */
export type AnyTask = TaskDefinition<unknown, unknown, TrialEnvelope, unknown>;

export type ReportCellDefinition = { key: string; label: string };

/** How a trend measure's values are shown: a percentage 0-100, milliseconds, or a plain number. */
export const TREND_MEASURE_FORMATS = ['percent', 'ms', 'number'] as const;
export type TrendMeasureFormat = (typeof TREND_MEASURE_FORMATS)[number];

/** What the progress page shows of a trend measure: its name, axis and format. */
export type TrendMeasureInfo = {
  key: string;
  /** 'Forward span', as the chart's choice and title name it. */
  label: string;
  /** The y axis's label, e.g. 'Span (digits)'. */
  axisLabel: string;
  format: TrendMeasureFormat;
  /** Which way is better, for the chart's description. */
  better: 'higher' | 'lower';
};

/** A score followed across sessions: its description and how to read it from a run's scores. */
export type TrendMeasure<Scores> = TrendMeasureInfo & {
  /** The run's value; null where the run has none (e.g. a direction it did not take). */
  value(scores: Scores): number | null;
};

/** The headline every task has, and the task's own scores. */
export type RunScore<Scores> = {
  /** 0-100, the task's headline (Stroop: floor of percent correct). */
  overallScore: number;
  /** Scored trials. */
  totalTrials: number;
  correctTrials: number;
  /** Mean RT of the scored trials, in ms; null where the task has none. */
  averageReactionTime: number | null;
  scores: Scores;
  /**
   * The run's aggregate of every report cell (the task's reportCells, by key), by the same
   * rules as its scores: the admin's aggregate report adds these up over runs.
   */
  reportCells: Record<string, CellAggregate>;
  /**
   * Every scored trial with why it is left out of some scores (e.g. 'postError'; an empty list
   * for a trial every score reads), stored with the trial: the export then says 'none' for a
   * scored trial and nothing for one the scoring does not read (another phase).
   */
  trialExclusions: readonly TrialExclusions[];
};

/** A scored trial's exclusion flags, by its position. */
export type TrialExclusions = TrialPosition & { exclusions: readonly string[] };

/**
 * A trial as stored: the envelope's defaults filled in, the server's flags, and a timing record
 * that is null for simulated (mock) trials.
 */
export type StoredTrial<Trial extends TrialEnvelope> = Omit<
  Trial,
  'timing' | 'block' | 'inputModality' | 'startTime' | 'endTime'
> & {
  block: number;
  inputModality: InputModality;
  startTime: string | null;
  endTime: string | null;
  timing: Trial['timing'] | null;
  flags: readonly string[];
};

/**
 * A saved trial's position and correctness: what the run order may depend on; and, for a task
 * that names them (`runOrderFields`), those of its own fields.
 */
export type SavedTrial = TrialPosition & {
  isCorrect: boolean | null;
  fields?: Readonly<Record<string, unknown>>;
};

/** What the plausibility check reads of a stored trial. */
export type ArrivedTrial = TrialPosition & {
  /** By the device's clock; null for a trial never measured. */
  startTime: Date | null;
  endTime: Date | null;
  /** When the trial reached the server, by the server's clock. */
  arrivedAt: Date;
  /** For a task that names them (`runOrderFields`), those of its stored fields. */
  fields?: Readonly<Record<string, unknown>>;
};

/** A simulated run: nothing was measured in a browser, so its trials have no timing record. */
export type SimulatedRun<Trial extends TrialEnvelope> = {
  seed: string;
  /** ISO 8601, UTC. */
  startTime: string;
  endTime: string;
  /** Every trial, in run order. */
  trials: (Omit<Trial, 'timing'> & { timing: null })[];
};
