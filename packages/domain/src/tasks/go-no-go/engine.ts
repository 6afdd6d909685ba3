import type { SavedTrial } from '../contract';
import type { InputModality, ONSET_METHODS } from '../shared/envelope';
import {
  type GoNoGoConfig,
  getGoNoGoBlockTrialCount,
  getGoNoGoTrialPeriodMs,
  goNoGoHasFeedback,
  meetsGoNoGoPracticeCriterion,
} from './config';
import {
  type GoNoGoPlan,
  type GoNoGoPosition,
  type PlannedGoNoGoTrial,
  plannedGoNoGoTrialAt,
} from './plan';
import {
  countGoNoGoCorrectInRound,
  getGoNoGoNextPosition,
  goNoGoAfterPracticeRound,
} from './run-order';
import {
  type GoNoGoResponseType,
  type GoNoGoTrial,
  goNoGoResponseTypeOf,
  isCorrectResponseType,
} from './trial';

export type GoNoGoOnsetMethod = (typeof ONSET_METHODS)[number];

/**
 * A presented onset later than its due time by more than this (ms) starts a new time line at
 * itself: the page stalled or was hidden, and keeping the old one would show the trials it
 * missed back to back. Lateness up to this moves no later onset (no drift).
 */
export const GO_NO_GO_ONSET_RESYNC_MS = 100;

/** A key press or a tap: its event's timeStamp, on the page's performance.now() time line. */
export type GoNoGoPress = { atMs: number; modality: InputModality };

/**
 * What the runtime tells the engine. Every time is a page timestamp (performance.now() time
 * line), so the engine reads no clock: time is data.
 *
 * - START: the participant left an intro or a practice result screen; the block's next trial
 *   is shown as soon as possible (its onset is due at `atMs`).
 * - ONSET: the current stimulus was presented, at `atMs` (Element Timing, or the animation
 *   frame's timestamp as the marked fallback). It may be reported late: only `atMs` matters.
 * - OFFSET: the first frame without the stimulus was presented (optional; it is recorded).
 * - PRESS: a key press or tap, at its event's timeStamp (the runtime has already dropped
 *   auto-repeats and keys held down). It may be delivered after later TICKs: presses are
 *   placed by their timestamps, not by when they arrive.
 * - INTERRUPTED: the page lost focus or was hidden; the current trial is marked.
 * - TICK: the clock has reached `atMs`. The runtime sends one at `goNoGoNextDueMs(state)` (and may
 *   send more); the engine then ends trials and feedback that are due.
 */
export type GoNoGoEvent =
  | { type: 'START'; atMs: number }
  | { type: 'ONSET'; atMs: number; method: GoNoGoOnsetMethod }
  | { type: 'OFFSET'; atMs: number }
  | { type: 'PRESS'; atMs: number; modality: InputModality }
  | { type: 'INTERRUPTED'; atMs: number }
  | { type: 'TICK'; atMs: number };

/**
 * Practice feedback: 'correct' (hit, correct rejection), 'incorrect' (commission), 'too-slow'
 * (omission).
 */
export type GoNoGoFeedbackKind = 'correct' | 'incorrect' | 'too-slow';

/** What the runtime must do after a step: the engine itself never touches a clock or the DOM. */
export type GoNoGoEffect =
  /** Show the intro of a block (or of the rest of one, on resume) and wait for START. */
  | { type: 'SHOW_BLOCK_INTRO'; position: GoNoGoPosition; resumed: boolean }
  /** Present `trial`'s stimulus so that its onset falls at `dueAtMs`, then report ONSET. */
  | { type: 'SHOW_STIMULUS'; trial: PlannedGoNoGoTrial; dueAtMs: number }
  /** Remove the stimulus at `dueAtMs` (a blank screen follows); report OFFSET if measured. */
  | { type: 'HIDE_STIMULUS'; dueAtMs: number }
  /** Send the trial to the server (the outbox). */
  | { type: 'RECORD_TRIAL'; trial: GoNoGoTrial }
  /** Show practice feedback now, until `untilMs`. */
  | { type: 'SHOW_FEEDBACK'; kind: GoNoGoFeedbackKind; durationMs: number; untilMs: number }
  /** A practice round ended; `next` follows after START (the next round or the test). */
  | {
      type: 'SHOW_PRACTICE_RESULT';
      round: number;
      correct: number;
      total: number;
      criterionMet: boolean;
      next: GoNoGoPosition;
    }
  /** The last test trial is recorded. */
  | { type: 'FINISHED' };

/** The block's time line: onset k is due at anchorOnsetMs + (k - anchorTrial) x period. */
export type GoNoGoTimeline = { anchorTrial: number; anchorOnsetMs: number };

/** What the engine carries from trial to trial. */
export type GoNoGoRunContext = {
  /** performance.timeOrigin: page time + this = device wall-clock time (ms since the epoch). */
  timeOriginMs: number;
  /** The latest press's modality (recorded on trials without a press). */
  modality: InputModality;
  /** Correct trials so far in the current practice round (those saved before a resume too). */
  roundCorrect: number;
};

/** The trial on screen: its plan, its due and presented onset, and what happened so far. */
export type GoNoGoTrialInProgress = {
  planned: PlannedGoNoGoTrial;
  dueAtMs: number;
  onset: { atMs: number; method: GoNoGoOnsetMethod } | null;
  offsetMs: number | null;
  presses: readonly GoNoGoPress[];
  interrupted: boolean;
};

export type GoNoGoState =
  | { kind: 'waiting'; next: GoNoGoPosition; context: GoNoGoRunContext }
  | {
      kind: 'trial';
      trial: GoNoGoTrialInProgress;
      timeline: GoNoGoTimeline | null;
      context: GoNoGoRunContext;
    }
  | {
      kind: 'feedback';
      last: GoNoGoPosition;
      untilMs: number;
      timeline: GoNoGoTimeline;
      /** Presses at or after untilMs, delivered early: they belong to the next trial. */
      carried: readonly GoNoGoPress[];
      context: GoNoGoRunContext;
    }
  | { kind: 'finished'; context: GoNoGoRunContext };

export type GoNoGoStep = { state: GoNoGoState; effects: GoNoGoEffect[] };

export type GoNoGoEngineOptions = {
  config: GoNoGoConfig;
  /** The run's trials saved so far: the engine starts where nextPosition says. */
  saved?: readonly SavedTrial[];
  /** performance.timeOrigin of the page. */
  timeOriginMs: number;
  /** The run's input mode before any press (recorded on unanswered trials). */
  inputModality?: InputModality;
};

/**
 * The engine's first step: the intro of the block where the run starts (its first trial, or
 * the position after the saved trials when a run resumes), or FINISHED if nothing is left.
 */
export function createGoNoGoEngine(options: GoNoGoEngineOptions): GoNoGoStep {
  const { config, saved = [] } = options;
  const next = getGoNoGoNextPosition(config, saved);
  const roundCorrect =
    next?.phase === 'practice'
      ? countGoNoGoCorrectInRound(
          config,
          saved.filter((t) => t.trialNumber < next.trialNumber),
          next.block,
        )
      : 0;
  const context: GoNoGoRunContext = {
    timeOriginMs: options.timeOriginMs,
    modality: options.inputModality ?? 'keyboard',
    roundCorrect,
  };
  if (!next) return { state: { kind: 'finished', context }, effects: [{ type: 'FINISHED' }] };
  return {
    state: { kind: 'waiting', next, context },
    effects: [
      {
        type: 'SHOW_BLOCK_INTRO',
        position: next,
        resumed: saved.some((t) => t.phase === next.phase && t.block === next.block),
      },
    ],
  };
}

/** When onset `trialNumber` of the block is due on `timeline`. */
export function goNoGoDueAtMs(
  config: GoNoGoConfig,
  phase: GoNoGoPosition['phase'],
  timeline: GoNoGoTimeline,
  trialNumber: number,
): number {
  const period = getGoNoGoTrialPeriodMs(config, phase);
  return timeline.anchorOnsetMs + (trialNumber - timeline.anchorTrial) * period;
}

/** When the trial on `timeline` ends: its due onset plus the SOA (the next onset, in the test). */
function trialEndMs(
  config: GoNoGoConfig,
  trial: GoNoGoTrialInProgress,
  timeline: GoNoGoTimeline,
): number {
  return (
    goNoGoDueAtMs(config, trial.planned.phase, timeline, trial.planned.trialNumber) + config.soaMs
  );
}

/**
 * The next time the engine needs a TICK: the end of the trial on screen (once its onset is
 * known) or of the feedback; null while it waits for START or an ONSET, and when finished.
 */
export function goNoGoNextDueMs(config: GoNoGoConfig, state: GoNoGoState): number | null {
  if (state.kind === 'feedback') return state.untilMs;
  if (state.kind === 'trial' && state.timeline && state.trial.onset) {
    return trialEndMs(config, state.trial, state.timeline);
  }
  return null;
}

function plannedOrThrow(
  plan: GoNoGoPlan,
  config: GoNoGoConfig,
  position: GoNoGoPosition,
): PlannedGoNoGoTrial {
  const planned = plannedGoNoGoTrialAt(plan, config, position);
  if (!planned) {
    throw new Error(
      `The plan has no ${position.phase} block ${position.block} trial ${position.trialNumber}`,
    );
  }
  return planned;
}

function showTrial(
  config: GoNoGoConfig,
  plan: GoNoGoPlan,
  position: GoNoGoPosition,
  due: number,
  timeline: GoNoGoTimeline | null,
  presses: readonly GoNoGoPress[],
  context: GoNoGoRunContext,
): GoNoGoStep {
  const planned = plannedOrThrow(plan, config, position);
  const trial: GoNoGoTrialInProgress = {
    planned,
    dueAtMs: due,
    onset: null,
    offsetMs: null,
    presses,
    interrupted: false,
  };
  return {
    state: { kind: 'trial', trial, timeline, context },
    effects: [{ type: 'SHOW_STIMULUS', trial: planned, dueAtMs: due }],
  };
}

const FEEDBACK: Record<GoNoGoResponseType, GoNoGoFeedbackKind> = {
  hit: 'correct',
  correct_rejection: 'correct',
  commission: 'incorrect',
  omission: 'too-slow',
};

/**
 * The record of a trial whose SOA is over. The response window runs from the presented onset
 * for responseWindowMs (cut at the trial's end, if the onset came late): the first press in it
 * is the response, later ones in it are extra responses, and a press after it and before the
 * trial's end is a late response of this trial. Presses before the onset belong to no trial.
 */
function recordTrial(
  config: GoNoGoConfig,
  trial: GoNoGoTrialInProgress,
  onset: { atMs: number; method: GoNoGoOnsetMethod },
  endMs: number,
  context: GoNoGoRunContext,
): GoNoGoTrial {
  const windowEndMs = Math.min(onset.atMs + config.responseWindowMs, endMs);
  const presses = [...trial.presses].sort((a, b) => a.atMs - b.atMs);
  const inWindow = presses.filter((p) => p.atMs >= onset.atMs && p.atMs < windowEndMs);
  const late = presses.some((p) => p.atMs >= windowEndMs && p.atMs < endMs);
  const first = inWindow[0];
  const { planned } = trial;
  const responseType = goNoGoResponseTypeOf(planned.stimulusType, first !== undefined);
  const iso = (ms: number) => new Date(context.timeOriginMs + ms).toISOString();
  return {
    phase: planned.phase,
    block: planned.block,
    trialNumber: planned.trialNumber,
    stimulusType: planned.stimulusType,
    stimulusId: planned.stimulusId,
    response: first ? (first.modality === 'keyboard' ? 'space' : 'tap') : null,
    reactionTime: first ? first.atMs - onset.atMs : null,
    isCorrect: isCorrectResponseType(responseType),
    responded: first !== undefined,
    responseType,
    nExtraResponses: Math.max(0, inWindow.length - 1),
    lateResponse: late,
    inputModality: first?.modality ?? context.modality,
    startTime: iso(onset.atMs),
    endTime: iso(windowEndMs),
    timing: {
      stimulusOnsetMs: onset.atMs,
      responseTimestampMs: first ? first.atMs : null,
      onsetMethod: onset.method,
      wasInterrupted: trial.interrupted,
      ...(trial.offsetMs !== null ? { stimulusOffsetMs: trial.offsetMs } : {}),
    },
  };
}

/** Ends the trial on screen: records it, then feedback (practice) or the next trial. */
function endTrial(
  config: GoNoGoConfig,
  plan: GoNoGoPlan,
  trial: GoNoGoTrialInProgress,
  onset: { atMs: number; method: GoNoGoOnsetMethod },
  timeline: GoNoGoTimeline,
  context: GoNoGoRunContext,
): GoNoGoStep {
  const endMs = trialEndMs(config, trial, timeline);
  const record = recordTrial(config, trial, onset, endMs, context);
  const { phase, block, trialNumber } = trial.planned;
  const carried = trial.presses.filter((p) => p.atMs >= endMs);
  const next: GoNoGoRunContext = {
    ...context,
    roundCorrect: context.roundCorrect + (phase === 'practice' && record.isCorrect ? 1 : 0),
  };
  const effects: GoNoGoEffect[] = [{ type: 'RECORD_TRIAL', trial: record }];
  if (goNoGoHasFeedback(phase)) {
    const untilMs = endMs + config.feedbackMs;
    if (config.feedbackMs > 0) {
      effects.push({
        type: 'SHOW_FEEDBACK',
        kind: FEEDBACK[record.responseType],
        durationMs: config.feedbackMs,
        untilMs,
      });
    }
    return {
      state: {
        kind: 'feedback',
        last: { phase, block, trialNumber },
        untilMs,
        timeline,
        carried: carried.filter((p) => p.atMs >= untilMs),
        context: next,
      },
      effects,
    };
  }
  const step = nextTrialOrEnd(config, plan, { phase, block, trialNumber }, timeline, carried, next);
  return { state: step.state, effects: [...effects, ...step.effects] };
}

/** After a trial (and its feedback): the block's next trial, or the end of the block. */
function nextTrialOrEnd(
  config: GoNoGoConfig,
  plan: GoNoGoPlan,
  last: GoNoGoPosition,
  timeline: GoNoGoTimeline,
  carried: readonly GoNoGoPress[],
  context: GoNoGoRunContext,
): GoNoGoStep {
  if (last.trialNumber + 1 < getGoNoGoBlockTrialCount(config, last.phase)) {
    const position = { ...last, trialNumber: last.trialNumber + 1 };
    const due = goNoGoDueAtMs(config, last.phase, timeline, position.trialNumber);
    return showTrial(config, plan, position, due, timeline, carried, context);
  }
  if (last.phase === 'test') {
    return { state: { kind: 'finished', context }, effects: [{ type: 'FINISHED' }] };
  }
  const correct = context.roundCorrect;
  const next = goNoGoAfterPracticeRound(config, last.block, correct);
  return {
    state: { kind: 'waiting', next, context: { ...context, roundCorrect: 0 } },
    effects: [
      {
        type: 'SHOW_PRACTICE_RESULT',
        round: last.block,
        correct,
        total: config.practiceTrials,
        criterionMet: meetsGoNoGoPracticeCriterion(config, correct),
        next,
      },
      { type: 'SHOW_BLOCK_INTRO', position: next, resumed: false },
    ],
  };
}

/** Ends whatever is due at `atMs`: a trial whose SOA is over, feedback whose time is up. */
function advance(
  config: GoNoGoConfig,
  plan: GoNoGoPlan,
  state: GoNoGoState,
  atMs: number,
): GoNoGoStep {
  const effects: GoNoGoEffect[] = [];
  let current = state;
  for (;;) {
    let step: GoNoGoStep | null = null;
    if (current.kind === 'trial' && current.timeline && current.trial.onset) {
      if (atMs >= trialEndMs(config, current.trial, current.timeline)) {
        step = endTrial(
          config,
          plan,
          current.trial,
          current.trial.onset,
          current.timeline,
          current.context,
        );
      }
    } else if (current.kind === 'feedback' && atMs >= current.untilMs) {
      step = nextTrialOrEnd(
        config,
        plan,
        current.last,
        current.timeline,
        current.carried,
        current.context,
      );
    }
    if (!step) return { state: current, effects };
    current = step.state;
    effects.push(...step.effects);
  }
}

/**
 * The Go/No-Go task as a pure state machine: (state, event) -> (state, effects). Onsets follow
 * a fixed SOA on an absolute time line: onset k of a block is due at the block's first presented
 * onset + k x period (the SOA, plus the feedback in practice), never chained from the onset
 * before, so neither responses nor late onsets move later ones (a stall beyond
 * GO_NO_GO_ONSET_RESYNC_MS starts a new time line). A response never ends a trial early. Events
 * that do not fit the state change nothing.
 */
export function stepGoNoGo(
  config: GoNoGoConfig,
  plan: GoNoGoPlan,
  state: GoNoGoState,
  event: GoNoGoEvent,
): GoNoGoStep {
  const unchanged: GoNoGoStep = { state, effects: [] };
  switch (event.type) {
    case 'START':
      if (state.kind !== 'waiting') return unchanged;
      return showTrial(config, plan, state.next, event.atMs, null, [], state.context);
    case 'ONSET': {
      if (state.kind !== 'trial' || state.trial.onset) return unchanged;
      const { trial } = state;
      const stalled = event.atMs - trial.dueAtMs > GO_NO_GO_ONSET_RESYNC_MS;
      const timeline: GoNoGoTimeline =
        state.timeline && !stalled
          ? state.timeline
          : { anchorTrial: trial.planned.trialNumber, anchorOnsetMs: event.atMs };
      const shown: GoNoGoTrialInProgress = {
        ...trial,
        onset: { atMs: event.atMs, method: event.method },
      };
      const endMs = trialEndMs(config, shown, timeline);
      return {
        state: { ...state, trial: shown, timeline },
        effects: [
          { type: 'HIDE_STIMULUS', dueAtMs: Math.min(event.atMs + config.stimulusMs, endMs) },
        ],
      };
    }
    case 'OFFSET': {
      if (state.kind !== 'trial' || !state.trial.onset || state.trial.offsetMs !== null) {
        return unchanged;
      }
      if (event.atMs < state.trial.onset.atMs) return unchanged;
      return { state: { ...state, trial: { ...state.trial, offsetMs: event.atMs } }, effects: [] };
    }
    case 'PRESS': {
      const press: GoNoGoPress = { atMs: event.atMs, modality: event.modality };
      if (state.kind === 'trial') {
        const trial = { ...state.trial, presses: [...state.trial.presses, press] };
        const context = { ...state.context, modality: event.modality };
        return { state: { ...state, trial, context }, effects: [] };
      }
      if (state.kind === 'feedback' && event.atMs >= state.untilMs) {
        return { state: { ...state, carried: [...state.carried, press] }, effects: [] };
      }
      return unchanged;
    }
    case 'INTERRUPTED':
      if (state.kind !== 'trial') return unchanged;
      return { state: { ...state, trial: { ...state.trial, interrupted: true } }, effects: [] };
    case 'TICK':
      return advance(config, plan, state, event.atMs);
  }
}
