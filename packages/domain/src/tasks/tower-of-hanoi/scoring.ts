import { englishText, type Text } from '../../texts';
import type { RunScore, StoredTrial, TrialExclusions } from '../contract';
import type { CellAggregate } from '../shared/report-cells';
import { mean, median, ratio } from '../shared/statistics';
import { TOO_FAST } from '../shared/time-floors';
import type { Config } from './config';
import { timesUnderFloor } from './plausibility';
import { replay, type Summary } from './replay';
import type { Trial } from './trial';

/**
 * The scores are computed by this version of the rules (test_results.scoring_version). Version
 * 3: the headline (overallScore) is the percentage of test problems solved in their minimum
 * ("perfect solutions"), so that never moving and random legal moves both score about 0;
 * versions 1 and 2 gave it floor(solutionScore), which random moving raises to about 11. Version
 * 2: a problem with a time under its floor ('tooFast', ADR 036) is left out of the time scores
 * and the report cells' RT; version 1 timed it.
 */
export const SCORING_VERSION = 3;

/** A report cell's name: its problems' number of discs (2 to 5). */
const CELL_TEXT: Text = /*i18n*/ {
  id: 'tasks.towerOfHanoiTest.cellDiscs',
  message: '{discs} discs',
};

/** The report cells: the test problems by their number of discs. */
export const REPORT_CELLS = [
  { key: 'discs-2', label: englishText(CELL_TEXT, { discs: 2 }) },
  { key: 'discs-3', label: englishText(CELL_TEXT, { discs: 3 }) },
  { key: 'discs-4', label: englishText(CELL_TEXT, { discs: 4 }) },
  { key: 'discs-5', label: englishText(CELL_TEXT, { discs: 5 }) },
] as const;

/** The report cell of a test problem of `discs` discs. */
export const cellOf = (discs: number) => `discs-${discs}`;

/**
 * Why a test problem is left out of the time scores (planning, first move, solution and
 * execution times): it was given again after a reload ('restarted': the participant had seen it),
 * the page lost focus or was hidden while it was on ('interrupted'), or a time of it is under its
 * floor ('tooFast': no person made its inputs that fast, ADR 036). Its moves still count.
 */
export const EXCLUSIONS = ['restarted', 'interrupted', TOO_FAST] as const;
export type Exclusion = (typeof EXCLUSIONS)[number];

/**
 * The Tower of Hanoi's own scores (scoring versions 1 to 3: the same scores), stored in
 * `test_results.scores`, over the test problems; docs/scoring/tower-of-hanoi.md gives every
 * formula. Times in ms.
 */
export type Scores = {
  /** Test problems given. */
  problems: number;
  /** Problems solved (in any attempt), and their share of the problems. */
  solved: number;
  proportionSolved: number | null;
  /** Problems solved in their first attempt. */
  solvedFirstAttempt: number;
  /**
   * Problems solved in their minimum number of moves ("perfect solutions"), and their share of
   * the problems: an unsolved problem counts as not optimal, so giving a problem up never raises
   * it. The headline is floor(optimal x 100 / problems) (scoring version 3).
   */
  optimal: number;
  proportionOptimal: number | null;
  /**
   * Moves beyond the minimum, summed over the solved problems (of the solving attempt). An
   * unsolved problem adds nothing, so a run that gives problems up scores fewer: read it beside
   * `solved`.
   */
  totalExcessMoves: number;
  /** totalExcessMoves per solved problem. */
  meanExcessMoves: number | null;
  /** totalExcessMoves over the minimum moves of the solved problems. */
  excessMoveRate: number | null;
  /** The mean over solved problems of minimum / moves (1 = every one optimal). */
  meanMoveEfficiency: number | null;
  /**
   * The mean over every test problem of minimum / moves for a solved one and 0 for an unsolved
   * one, as a percentage: graded credit that grows with every move saved (random legal moves
   * score about 11 on it). The headline of scoring versions 1 and 2 was its floor.
   */
  solutionScore: number;
  /** Median planning time (onset to the first pickup) over the timed problems with a pickup. */
  medianPlanningTimeMs: number | null;
  /** Median time from the onset to the first completed move, over the timed problems. */
  medianFirstMoveTimeMs: number | null;
  /** Median time from the onset to the solving move, over the timed solved problems. */
  medianSolutionTimeMs: number | null;
  /**
   * Median over the timed solved problems of the solving attempt's time from its first pickup
   * to its last move, per move.
   */
  medianExecutionTimePerMoveMs: number | null;
  /** Time on the test problems, onset to end of each, summed. */
  totalTimeMs: number;
  /** Drops refused because the disc below was smaller (rule-violation attempts). */
  illegalAttempts: number;
  /** Taps on an empty peg with no disc lifted, apart from the rule violations. */
  emptySourceAttempts: number;
  /** Discs put back on their own peg. */
  cancels: number;
  /** Problems whose last attempt's time ran out, or whose move limit was reached, unsolved. */
  timedOut: number;
  moveLimitReached: number;
  /** Problems left out of the time scores, by reason (a 'tooFast' problem's trial says so). */
  restarted: number;
  interrupted: number;
  /** How the practice problem went; null without one. */
  practice: { solved: boolean; moves: number; minMoves: number } | null;
};

/** The fields of a stored trial that scoring reads. */
export type ScoredTrial = Pick<
  StoredTrial<Trial>,
  | 'phase'
  | 'trialNumber'
  | 'discs'
  | 'start'
  | 'goal'
  | 'minMoves'
  | 'events'
  | 'endReason'
  | 'totalTimeMs'
  | 'restarted'
> & {
  /** Absent means 0, as in a trial the browser sends. */
  block?: number;
  /** Null for a simulated trial (nothing was measured). */
  timing: { wasInterrupted: boolean } | null;
};

/** A scored problem: what its events give, and why its times are left out. */
type ScoredProblem = {
  trial: ScoredTrial;
  summary: Summary;
  exclusions: Exclusion[];
  /** Solved: its moves minus the minimum. */
  excess: number | null;
};

function scoreProblem(config: Config, trial: ScoredTrial): ScoredProblem {
  // The scores come from the moves themselves (replayed from the start), not from the counts the
  // browser sent beside them; the server checked both when it saved the trial.
  const { summary } = replay(trial, trial.events, config);
  const exclusions: Exclusion[] = [];
  if (trial.restarted) exclusions.push('restarted');
  if (trial.timing?.wasInterrupted) exclusions.push('interrupted');
  const timed = { reactionTime: summary.firstPickupMs, events: trial.events };
  if (timesUnderFloor(timed).length > 0) exclusions.push(TOO_FAST);
  return {
    trial,
    summary,
    exclusions,
    excess: summary.solved ? summary.moves - trial.minMoves : null,
  };
}

const values = (list: readonly (number | null)[]) => list.filter((v): v is number => v !== null);

/** The aggregate of one report cell: planning time as its RT, non-optimal problems as errors. */
function scoreCell(problems: readonly ScoredProblem[]): CellAggregate {
  const timed = problems.filter((p) => p.exclusions.length === 0);
  const planning = values(timed.map((p) => p.summary.firstPickupMs));
  const errors = problems.filter((p) => p.excess !== 0).length;
  return {
    trialCount: problems.length,
    rtTrialCount: planning.length,
    meanRtMs: mean(planning),
    errorTrialCount: problems.length,
    errorRatePercent: problems.length === 0 ? null : (errors / problems.length) * 100,
  };
}

/**
 * A run's scores from its stored trials (the test problems are scored; the practice problem is
 * reported). The headline: overallScore = the percentage of test problems solved in exactly
 * their minimum number of moves ("perfect solutions", Owen et al. 1990), floor(optimal x 100 /
 * problems) in integer arithmetic, 0 without problems: an unsolved problem counts as not
 * optimal, so a participant who never moves scores 0 and one who moves at random almost always
 * 0 (docs/scoring/tower-of-hanoi.md, "Chance"). Correct trials =
 * problems solved; averageReactionTime = mean planning time of the timed problems.
 */
export function score(config: Config, trials: readonly ScoredTrial[]): RunScore<Scores> {
  const test = trials
    .filter((t) => t.phase === 'test')
    .sort((a, b) => a.trialNumber - b.trialNumber)
    .map((t) => scoreProblem(config, t));
  const solved = test.filter((p) => p.summary.solved);
  const timed = test.filter((p) => p.exclusions.length === 0);
  const timedSolved = timed.filter((p) => p.summary.solved);
  const totalExcess = solved.reduce((sum, p) => sum + (p.excess ?? 0), 0);
  const solvedMinimum = solved.reduce((sum, p) => sum + p.trial.minMoves, 0);
  const efficiencies = solved.map((p) => p.trial.minMoves / p.summary.moves);
  const solutionScore =
    test.length === 0 ? 0 : (efficiencies.reduce((sum, e) => sum + e, 0) / test.length) * 100;
  const optimal = solved.filter((p) => p.excess === 0).length;
  const planning = values(timed.map((p) => p.summary.firstPickupMs));
  const practiceTrial = trials.find((t) => t.phase === 'practice');
  const practice = practiceTrial ? scoreProblem(config, practiceTrial) : null;
  const ended = (reason: string) => test.filter((p) => p.trial.endReason === reason).length;
  // Every test problem, with what it is left out of (nothing for most).
  const trialExclusions: TrialExclusions[] = test.map((p) => ({
    phase: 'test',
    block: p.trial.block ?? 0,
    trialNumber: p.trial.trialNumber,
    exclusions: p.exclusions,
  }));
  return {
    // optimal x 100 and the problems are whole numbers, so the quotient is exact when whole
    // (13 of 13 is 100) and otherwise at least 1 / problems from one (600 / 13 is 46).
    overallScore: test.length === 0 ? 0 : Math.floor((optimal * 100) / test.length),
    totalTrials: test.length,
    correctTrials: solved.length,
    averageReactionTime: mean(planning),
    scores: {
      problems: test.length,
      solved: solved.length,
      proportionSolved: ratio(solved.length, test.length),
      solvedFirstAttempt: solved.filter((p) => p.summary.attempts === 1).length,
      optimal,
      proportionOptimal: ratio(optimal, test.length),
      totalExcessMoves: totalExcess,
      meanExcessMoves: ratio(totalExcess, solved.length),
      excessMoveRate: ratio(totalExcess, solvedMinimum),
      meanMoveEfficiency: mean(efficiencies),
      solutionScore,
      medianPlanningTimeMs: median(planning),
      medianFirstMoveTimeMs: median(values(timed.map((p) => p.summary.firstMoveTimeMs))),
      medianSolutionTimeMs: median(values(timedSolved.map((p) => p.summary.solutionTimeMs))),
      medianExecutionTimePerMoveMs: median(
        timedSolved.map((p) => (p.summary.executionTimeMs as number) / p.summary.moves),
      ),
      totalTimeMs: test.reduce((sum, p) => sum + p.trial.totalTimeMs, 0),
      illegalAttempts: test.reduce((sum, p) => sum + p.summary.illegalAttempts, 0),
      emptySourceAttempts: test.reduce((sum, p) => sum + p.summary.emptySourceAttempts, 0),
      cancels: test.reduce((sum, p) => sum + p.summary.cancels, 0),
      timedOut: ended('timeLimit'),
      moveLimitReached: ended('moveLimit'),
      restarted: test.filter((p) => p.exclusions.includes('restarted')).length,
      interrupted: test.filter((p) => p.exclusions.includes('interrupted')).length,
      practice: practice
        ? {
            solved: practice.summary.solved,
            moves: practice.summary.moves,
            minMoves: practice.trial.minMoves,
          }
        : null,
    },
    reportCells: Object.fromEntries(
      REPORT_CELLS.map(({ key }) => [
        key,
        scoreCell(test.filter((p) => cellOf(p.trial.discs) === key)),
      ]),
    ),
    trialExclusions,
  };
}
