import type { EngineEffect, EngineEvent, EngineStep, OnsetMethod, TaskEngine } from '../engine';
import type { InputModality } from '../shared/envelope';
import {
  type Config,
  getPhaseTrialCount,
  hasFeedback,
  isRestBreakAfter,
  PHASES,
  type Phase,
} from './config';
import { type CompactPlan, plannedTrialAt } from './plan';
import { getNextPosition, getResumePosition, type Position } from './run-order';
import type { PlannedTrial, ResponseKey } from './stimuli';
import type { TrialInput } from './trial';

/** Stroop's inputs: R, G or B, typed or on the on-screen buttons. */
export type Input = ResponseKey;

/**
 * What Stroop's web task draws: the trial's cue ('Color' or 'Word'), its stimulus (a colour word
 * in an ink), and the feedback after a sample or practice answer.
 */
export type Scene =
  | { kind: 'cue'; trial: PlannedTrial }
  | { kind: 'stimulus'; trial: PlannedTrial }
  | { kind: 'feedback'; trial: PlannedTrial; isCorrect: boolean };

/** What Stroop waits on: the start of the run (or of its rest), or a rest break in the test. */
export type Prompt = { kind: 'start' } | { kind: 'rest'; after: Position };

/** A presentation's measured time. */
type Onset = { atMs: number; method: OnsetMethod };
type Press = { key: ResponseKey; atMs: number; modality: InputModality };

/**
 * The trial on screen: its cue until the stimulus is put on the stage, the stimulus until the
 * first press after its presented onset (presses after its drawing wait for that onset), then
 * its feedback (sample and practice).
 */
export type TrialInProgress = {
  planned: PlannedTrial;
  /**
   * The trial whose feedback stays on the stage until this trial's cue is drawn (the progress
   * line names it till then); null once the cue is drawn, or when none came before.
   */
  previous: PlannedTrial | null;
  /** The cue was put on the stage: from then on a lost focus marks this trial. */
  isCueDrawn: boolean;
  stage: 'cue' | 'stimulus' | 'feedback';
  cueOnset: Onset | null;
  stimulusOnset: Onset | null;
  /** Presses after the stimulus was drawn, before its onset was known. */
  pending: readonly Press[];
  interrupted: boolean;
  /** The answer, once given. */
  isCorrect: boolean | null;
};

export type State =
  | { kind: 'waiting'; next: Position | null; timeOriginMs: number }
  | { kind: 'trial'; trial: TrialInProgress; timeOriginMs: number }
  | { kind: 'rest'; after: Position; timeOriginMs: number }
  | { kind: 'finished'; timeOriginMs: number };

type Effect = EngineEffect<Scene, Prompt, TrialInput>;
type Step = EngineStep<State, Scene, Prompt, TrialInput>;
type TrialState = Extract<State, { kind: 'trial' }>;

const positionKey = ({ phase, trialNumber }: Position) => `${phase}:0:${trialNumber}`;
const sceneKey = (trial: Position, kind: Scene['kind']) => `${positionKey(trial)}:${kind}`;

/** The trial at `position` of the plan the server checks saves against. */
function plannedOf(plan: CompactPlan, position: Position): PlannedTrial {
  const trial = plannedTrialAt(plan, position.phase, position.trialNumber);
  if (!trial) throw new Error(`No trial ${position.trialNumber} in ${position.phase}`);
  return trial;
}

/**
 * The trial at `position` begins: its cue at once (in the next frame), or at `dueAtMs` from a
 * timer (the end of the feedback before it).
 */
function beginTrial(
  plan: CompactPlan,
  position: Position,
  timeOriginMs: number,
  cueDueAtMs: number | null,
  previous: PlannedTrial | null = null,
): Step {
  const planned = plannedOf(plan, position);
  const trial: TrialInProgress = {
    planned,
    previous,
    isCueDrawn: false,
    stage: 'cue',
    cueOnset: null,
    stimulusOnset: null,
    pending: [],
    interrupted: false,
    isCorrect: null,
  };
  return {
    state: { kind: 'trial', trial, timeOriginMs },
    effects: [
      {
        type: 'PRESENT',
        key: sceneKey(planned, 'cue'),
        scene: { kind: 'cue', trial: planned },
        dueAtMs: cueDueAtMs,
        timing: cueDueAtMs === null ? 'frame' : 'timer',
      },
    ],
  };
}

/**
 * What follows a trial: a rest break, the next trial's cue (at once, or `cueDueAtMs` from a
 * timer after feedback), or the end.
 */
function afterTrial(
  config: Config,
  plan: CompactPlan,
  trial: PlannedTrial,
  timeOriginMs: number,
  cueDueAtMs: number | null,
): Step {
  if (isRestBreakAfter(config, trial.phase, trial.trialNumber)) {
    const after = { phase: trial.phase, trialNumber: trial.trialNumber };
    return {
      state: { kind: 'rest', after, timeOriginMs },
      effects: [{ type: 'PROMPT', prompt: { kind: 'rest', after }, getReadyMs: 0 }],
    };
  }
  const next = getNextPosition(config, trial);
  if (!next) return { state: { kind: 'finished', timeOriginMs }, effects: [{ type: 'FINISHED' }] };
  return beginTrial(plan, next, timeOriginMs, cueDueAtMs, cueDueAtMs === null ? null : trial);
}

/** The record of the trial answered by `press`: the plan's stimulus and the measured times. */
function recordOf(
  trial: TrialInProgress,
  cueOnset: Onset,
  stimulusOnset: Onset,
  press: Press,
  timeOriginMs: number,
): TrialInput {
  const { planned } = trial;
  return {
    phase: planned.phase,
    trialNumber: planned.trialNumber,
    cueWord: planned.cueWord,
    stimulusWord: planned.stimulusWord,
    stimulusColor: planned.stimulusColor,
    response: press.key,
    // Unrounded (rule 3 in docs/timing-rules.md).
    reactionTime: press.atMs - stimulusOnset.atMs,
    isCorrect: press.key === planned.correctKey,
    isSwitch: planned.isSwitch,
    inputModality: press.modality,
    startTime: new Date(timeOriginMs + cueOnset.atMs).toISOString(),
    endTime: new Date(timeOriginMs + press.atMs).toISOString(),
    timing: {
      cueOnsetMs: cueOnset.atMs,
      stimulusOnsetMs: stimulusOnset.atMs,
      responseTimestampMs: press.atMs,
      onsetMethod: stimulusOnset.method,
      wasInterrupted: trial.interrupted,
    },
  };
}

/**
 * The stimulus on screen is answered by `press` (at or after its presented onset): the trial is
 * recorded, then its feedback comes at once (sample and practice), or what follows it.
 */
function answer(config: Config, plan: CompactPlan, state: TrialState, press: Press): Step {
  const { trial, timeOriginMs } = state;
  const { cueOnset, stimulusOnset, planned } = trial;
  if (!cueOnset || !stimulusOnset) return { state, effects: [] };
  const record = recordOf(trial, cueOnset, stimulusOnset, press, timeOriginMs);
  const effects: Effect[] = [{ type: 'RECORD', trial: record }];
  if (hasFeedback(planned.phase)) {
    const { isCorrect } = record;
    effects.push({
      type: 'PRESENT',
      key: sceneKey(planned, 'feedback'),
      scene: { kind: 'feedback', trial: planned, isCorrect },
      dueAtMs: null,
      timing: 'frame',
    });
    return {
      state: { ...state, trial: { ...trial, stage: 'feedback', isCorrect, pending: [] } },
      effects,
    };
  }
  const next = afterTrial(config, plan, planned, timeOriginMs, null);
  return { state: next.state, effects: [...effects, ...next.effects] };
}

/** Presses in time order: the first at or after the stimulus's onset answers it. */
function applyPresses(
  config: Config,
  plan: CompactPlan,
  state: TrialState,
  presses: readonly Press[],
): Step {
  const onset = state.trial.stimulusOnset;
  if (!onset) return { state, effects: [] };
  const first = [...presses].sort((a, b) => a.atMs - b.atMs).find((p) => p.atMs >= onset.atMs);
  // Pressed before the stimulus was on the screen: not an answer to it.
  return first ? answer(config, plan, state, first) : { state, effects: [] };
}

/** A scene was presented: the cue's onset times the stimulus, the feedback's the next cue. */
function onOnset(
  config: Config,
  plan: CompactPlan,
  state: TrialState,
  key: string,
  onset: Onset,
): Step {
  const { trial, timeOriginMs } = state;
  const { planned } = trial;
  if (key === sceneKey(planned, 'cue') && trial.stage === 'cue' && !trial.cueOnset) {
    return {
      state: { ...state, trial: { ...trial, cueOnset: onset } },
      effects: [
        {
          type: 'PRESENT',
          key: sceneKey(planned, 'stimulus'),
          scene: { kind: 'stimulus', trial: planned },
          dueAtMs: onset.atMs + config.cueDurationMs,
          timing: 'timer',
        },
      ],
    };
  }
  if (key === sceneKey(planned, 'stimulus') && !trial.stimulusOnset) {
    const presented = { ...state, trial: { ...trial, stimulusOnset: onset, pending: [] } };
    return applyPresses(config, plan, presented, trial.pending);
  }
  if (key === sceneKey(planned, 'feedback') && trial.stage === 'feedback') {
    return afterTrial(config, plan, planned, timeOriginMs, onset.atMs + config.feedbackDurationMs);
  }
  return { state, effects: [] };
}

/**
 * A scene was put on the stage: the cue makes its trial the one on screen (after the feedback
 * before it); the stimulus takes presses from then on.
 */
function onDrawn(state: TrialState, key: string): Step {
  const { trial } = state;
  if (key === sceneKey(trial.planned, 'cue') && !trial.isCueDrawn) {
    return {
      state: { ...state, trial: { ...trial, isCueDrawn: true, previous: null } },
      effects: [],
    };
  }
  if (key === sceneKey(trial.planned, 'stimulus') && trial.stage === 'cue') {
    return {
      state: { ...state, trial: { ...trial, stage: 'stimulus' } },
      effects: [],
    };
  }
  return { state, effects: [] };
}

/**
 * Stroop as a pure state machine on the contract (ADR 027, ADR 039): each trial's cue, then its
 * stimulus presented `cueDurationMs` after the cue's presented onset (inserted from a timer), the
 * first press at or after the stimulus's presented onset as the answer, and in the sample and
 * practice phases the feedback, presented at once and followed by the next cue `feedbackDuration`
 * after the feedback's presented onset. The test pauses for a rest break every
 * `restBreakEveryTrials`; a resumed run goes on after its last saved trial. Events that do not
 * fit the state (a key during the cue, a second answer) change nothing.
 *
 * The feedback after the last sample or practice trial stays the scene on screen until the next
 * cue is drawn: the trial after it begins when its cue is put on the stage.
 */
function step(config: Config, plan: CompactPlan, state: State, event: EngineEvent<Input>): Step {
  const unchanged: Step = { state, effects: [] };
  switch (event.type) {
    case 'START':
      if (state.kind === 'waiting' && state.next) {
        return beginTrial(plan, state.next, state.timeOriginMs, null);
      }
      if (state.kind === 'rest') {
        const next = getNextPosition(config, state.after);
        return next
          ? beginTrial(plan, next, state.timeOriginMs, null)
          : {
              state: { kind: 'finished', timeOriginMs: state.timeOriginMs },
              effects: [{ type: 'FINISHED' }],
            };
      }
      return unchanged;
    case 'DRAWN':
      if (state.kind !== 'trial') return unchanged;
      return onDrawn(state, event.key);
    case 'ONSET':
      if (state.kind !== 'trial') return unchanged;
      return onOnset(config, plan, state, event.key, { atMs: event.atMs, method: event.method });
    case 'INPUT': {
      if (state.kind !== 'trial' || state.trial.stage !== 'stimulus') return unchanged;
      const press: Press = { key: event.input, atMs: event.atMs, modality: event.modality };
      if (state.trial.stimulusOnset) return applyPresses(config, plan, state, [press]);
      const pending = [...state.trial.pending, press];
      return { state: { ...state, trial: { ...state.trial, pending } }, effects: [] };
    }
    case 'INTERRUPTED':
      // Before its cue is drawn the trial is not on screen yet (the feedback before it is).
      if (state.kind !== 'trial' || !state.trial.isCueDrawn) return unchanged;
      return { state: { ...state, trial: { ...state.trial, interrupted: true } }, effects: [] };
    case 'TICK':
      return unchanged;
  }
}

/** Whether trials are on: a cue, a stimulus or feedback on the stage. */
const presenting = (state: State) => state.kind === 'trial';

/**
 * Stroop's engine on the task contract: a run opens on a start prompt (the runner begins at
 * once) at the position after the saved trials, or ends at once when every trial is saved.
 */
export const engine: TaskEngine<Config, CompactPlan, State, Input, Scene, Prompt, TrialInput> = {
  forRun(config, plan) {
    return {
      start({ saved, timeOriginMs }) {
        const done = saved.flatMap(({ phase, trialNumber }) =>
          (PHASES as readonly string[]).includes(phase)
            ? [{ phase: phase as Phase, trialNumber }]
            : [],
        );
        const next = getResumePosition(config, done);
        if (!next) {
          return { state: { kind: 'finished', timeOriginMs }, effects: [{ type: 'FINISHED' }] };
        }
        return {
          state: { kind: 'waiting', next, timeOriginMs },
          effects: [{ type: 'PROMPT', prompt: { kind: 'start' }, getReadyMs: 0 }],
        };
      },
      step: (state, event) => step(config, plan, state, event),
      nextDueMs: () => null,
      progress(state) {
        const at =
          state.kind === 'trial'
            ? (state.trial.previous ?? state.trial.planned)
            : state.kind === 'rest'
              ? state.after
              : state.kind === 'waiting'
                ? state.next
                : null;
        if (!at) return null;
        return {
          position: { phase: at.phase, block: 0, trialNumber: at.trialNumber },
          trialsInBlock: getPhaseTrialCount(config, at.phase),
          isReminder: false,
        };
      },
      presenting,
    };
  },
};
