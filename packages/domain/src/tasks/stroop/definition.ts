import { englishText } from '../../texts';
import type { TaskDefinition } from '../contract';
import { stroopCard } from './card';
import { type Config, PHASES, type Phase, SETTINGS } from './config';
import { engine } from './engine';
import { estimateMs } from './estimate';
import { EXPORT_COLUMNS } from './export-columns';
import { fixtureRun, minimumMs } from './fixture-run';
import { generateMockRun } from './mock-run';
import { type CompactPlan, planCompact, plannedTrialAt } from './plan';
import { findEarlyArrival, findRunImplausibility, getTrialFlags } from './plausibility';
import { getResumePosition } from './run-order';
import {
  flagTrials,
  getReportCell,
  REPORT_CELLS,
  type ReportCell,
  SCORING_VERSION,
  type ScoresV2,
  scoreFlaggedTrials,
} from './scoring';
import type { PlannedTrial } from './stimuli';
import { findTrialProblems, type TrialInput, TrialInputSchema } from './trial';

/** A Stroop trial as the contract sees it: as sent, or as stored with its congruence. */
export type TaskTrial = TrialInput & { isCongruent?: boolean | null };

const isPhase = (phase: string): phase is Phase => (PHASES as readonly string[]).includes(phase);

/** How people read the report cells: cue first, then whether the cue changed. */
export const REPORT_CELL_NAMES: Record<ReportCell, string> = {
  'switch, word': englishText(
    /*i18n*/ { id: 'tasks.stroopTest.cellSwitchWord', message: 'Word cue, switch' },
  ),
  'noswitch, word': englishText(
    /*i18n*/ { id: 'tasks.stroopTest.cellNoswitchWord', message: 'Word cue, repeat' },
  ),
  'switch, color': englishText(
    /*i18n*/ { id: 'tasks.stroopTest.cellSwitchColor', message: 'Colour cue, switch' },
  ),
  'noswitch, color': englishText(
    /*i18n*/ { id: 'tasks.stroopTest.cellNoswitchColor', message: 'Colour cue, repeat' },
  ),
};

/** The Stroop cued task-switching test on the task contract (ADR 027). */
export const stroopTask: TaskDefinition<Config, CompactPlan, TaskTrial, ScoresV2> = {
  id: stroopCard.testType,
  slug: stroopCard.slug,
  name: stroopCard.name,
  description: stroopCard.description,
  construct: englishText(
    /*i18n*/ {
      id: 'tasks.stroopTest.construct',
      message: 'Cognitive flexibility (task switching) and interference control',
    },
  ),
  version: '1.0.0',
  settings: SETTINGS,
  phases: PHASES,
  scoredPhase: 'test',
  plan: planCompact,
  estimateMs: estimateMs,
  engine: engine,
  trialSchema: TrialInputSchema,
  fieldsOf: (trial) => ({
    cueWord: trial.cueWord,
    stimulusWord: trial.stimulusWord,
    stimulusColor: trial.stimulusColor,
    isSwitch: trial.isSwitch,
    // Real trials are never congruent (docs/product.md#the-stroop-test); mock trials may be.
    isCongruent: trial.isCongruent ?? false,
    // What the run's language showed (ADR 042); absent from runs taken before languages.
    ...(trial.shownWord === undefined ? {} : { shownWord: trial.shownWord }),
    ...(trial.shownCue === undefined ? {} : { shownCue: trial.shownCue }),
    ...(trial.keyPressed === undefined ? {} : { keyPressed: trial.keyPressed }),
  }),
  checkTrial(trial, plan, config) {
    // findTrialProblems reads only the plan's entry at the trial's number.
    const planned = plannedTrialAt(plan, trial.phase, trial.trialNumber);
    const sparse: PlannedTrial[] = [];
    if (planned) sparse[trial.trialNumber] = planned;
    return findTrialProblems(trial, sparse, config);
  },
  trialFlags: getTrialFlags,
  earlyArrival(config, position, elapsedMs) {
    if (!isPhase(position.phase)) return null;
    return findEarlyArrival(config, position.phase, position.trialNumber, elapsedMs);
  },
  runImplausibility(config, runStart, trials) {
    const ours = trials.flatMap((t) => (isPhase(t.phase) ? [{ ...t, phase: t.phase }] : []));
    return findRunImplausibility(config, runStart, ours);
  },
  nextPosition(config, saved) {
    const positions = saved.flatMap((p) =>
      isPhase(p.phase) ? [{ phase: p.phase, trialNumber: p.trialNumber }] : [],
    );
    const next = getResumePosition(config, positions);
    return next && { ...next, block: 0 };
  },
  reportCells: REPORT_CELLS.map((key) => ({ key, label: REPORT_CELL_NAMES[key] })),
  // Trial 0 has no trial before it: neither a switch nor a repeat, so in no cell.
  reportCell: (trial) =>
    trial.phase === 'test' && trial.trialNumber > 0 ? getReportCell(trial) : null,
  trendMeasures: [
    {
      key: 'switchCostMs',
      label: englishText(
        /*i18n*/ { id: 'tasks.stroopTest.trendSwitchCostMsLabel', message: 'Switch cost' },
      ),
      axisLabel: englishText(
        /*i18n*/ { id: 'tasks.stroopTest.trendSwitchCostMsAxisLabel', message: 'Switch cost (ms)' },
      ),
      format: 'ms',
      better: 'lower',
      value: (scores) => scores.switchCost.rtMs.mean,
    },
    {
      key: 'colorNamingCostMs',
      label: englishText(
        /*i18n*/ {
          id: 'tasks.stroopTest.trendColorNamingCostMsLabel',
          message: 'Colour-naming cost',
        },
      ),
      axisLabel: englishText(
        /*i18n*/ {
          id: 'tasks.stroopTest.trendColorNamingCostMsAxisLabel',
          message: 'Colour-naming cost (ms)',
        },
      ),
      format: 'ms',
      better: 'lower',
      value: (scores) => scores.colorNamingCost.rtMs,
    },
  ],
  scoringVersion: SCORING_VERSION,
  score(config, trials) {
    const flagged = flagTrials(
      config,
      trials.map((trial) => ({
        ...trial,
        wasInterrupted: trial.timing?.wasInterrupted ?? null,
      })),
    );
    const summary = scoreFlaggedTrials(flagged);
    return {
      ...summary,
      reportCells: Object.fromEntries(
        REPORT_CELLS.map((cell) => {
          const { trialCount, rtTrialCount, meanRtMs, errorTrialCount, errorRatePercent } =
            summary.scores.cells[cell];
          return [cell, { trialCount, rtTrialCount, meanRtMs, errorTrialCount, errorRatePercent }];
        }),
      ),
      trialExclusions: flagged.map((t) => ({
        phase: t.phase,
        block: 0,
        trialNumber: t.trialNumber,
        exclusions: t.exclusions,
      })),
    };
  },
  exportColumns: EXPORT_COLUMNS,
  simulate(seed, config, endTimeMs) {
    const run = generateMockRun(seed, config, endTimeMs);
    return { seed, startTime: run.startTime, endTime: run.endTime, trials: run.trials };
  },
  fixtureRun(seed, config) {
    return fixtureRun(seed, config).map((trial) => ({
      trial,
      minimumMs: minimumMs(config, trial.phase),
    }));
  },
};
