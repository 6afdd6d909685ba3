import type { SavedTrial } from '../contract';
import type { InputModality, ONSET_METHODS, TrialPosition } from './envelope';

/**
 * The engine shared by the tasks that present one stimulus per trial on a fixed SOA (Go/No-Go,
 * N-back): a pure state machine `(state, event) -> { state, effects }` that never reads a clock
 * (every time is an event's page timestamp) and never touches the DOM (effects say what to show
 * and when). A task gives its rules (SoaRules): its periods, its plan, how a finished trial is
 * recorded, its feedback and what follows a block.
 *
 * Onsets follow an absolute time line: onset k of a block is due at the block's first presented
 * onset + k x period, never chained from the onset before, so neither responses nor late onsets
 * move later ones; an onset later than SOA_ONSET_RESYNC_MS starts a new time line at itself. A
 * response never ends a trial early.
 *
 * A trial's SOA ends at its due onset + SOA: the next trial of the block is shown then. Where the
 * task's rules say so (windowUntilNextOnset), the trial's response window stays open until the
 * next stimulus is actually presented, which the frame it falls in may put a little before or
 * after its due time: a press is then always given to the stimulus last on screen, and the
 * trial is recorded at the next onset. On resume inside a block a task may ask for reminders:
 * the trials just before the resume point are shown again, on the same time line, and nothing
 * of them is recorded.
 */

export type SoaOnsetMethod = (typeof ONSET_METHODS)[number];

/**
 * A stimulus's presentation: its time, how it was measured, and what the page read off it as it
 * was presented (the web task's `measure`, e.g. a rendered font size), if anything.
 */
export type SoaOnset = {
  atMs: number;
  method: SoaOnsetMethod;
  measured?: Readonly<Record<string, number>>;
};

/**
 * A presented onset later than its due time by more than this (ms) starts a new time line at
 * itself: the page stalled or was hidden, and keeping the old one would show the trials it
 * missed back to back. Lateness up to this moves no later onset (no drift).
 */
export const SOA_ONSET_RESYNC_MS = 100;

/**
 * The most a response window that runs until the next onset (windowUntilNextOnset) may last
 * beyond the SOA, measured from the trial's own presented onset, in ms. The next stimulus may be
 * presented up to SOA_ONSET_RESYNC_MS after its due time on the same time line, and the trial's
 * own stimulus a little before its due time (the scheduler draws in the frame whose
 * presentation is nearest the due time, up to half a frame early, more when its latency
 * estimate is off): the window is cut at SOA + this, so a reaction time is always under it and
 * the server can check that. Presses between the cut and a next onset later still (a stalled
 * page) belong to no trial.
 */
export const SOA_RESPONSE_SLACK_MS = SOA_ONSET_RESYNC_MS;

/** A key press or a tap: its event's timeStamp (page time line), its modality, and what it was. */
export type SoaPress<Answer> = Answer & { atMs: number; modality: InputModality };

/**
 * What the runtime tells the engine, every time a page timestamp (performance.now() time line):
 * - START: the participant left an intro; the block's next trial is due at `atMs`.
 * - ONSET: the current stimulus was presented at `atMs` (Element Timing, or the animation
 *   frame's timestamp as the marked fallback). It may be reported late: only `atMs` matters.
 * - OFFSET: the first frame without the stimulus was presented (recorded).
 * - PRESS: a response at its event's timeStamp (auto-repeats and held keys already dropped);
 *   presses are placed by their timestamps, not by when they arrive.
 * - INTERRUPTED: the page lost focus or was hidden; the current trial is marked, and the trial
 *   before it too while that one's response window is open (windowUntilNextOnset).
 * - TICK: the clock has reached `atMs`; the runtime sends one at soaNextDueMs(state).
 */
export type SoaEvent<Answer> =
  | { type: 'START'; atMs: number }
  | {
      type: 'ONSET';
      atMs: number;
      method: SoaOnsetMethod;
      measured?: Readonly<Record<string, number>>;
    }
  | { type: 'OFFSET'; atMs: number }
  | ({ type: 'PRESS' } & SoaPress<Answer>)
  | { type: 'INTERRUPTED'; atMs: number }
  | { type: 'TICK'; atMs: number };

/** What the runtime must do after a step. */
export type SoaEffect<Position, Planned, Trial, Feedback, RoundResult> =
  /**
   * Show the intro of a block (or of the rest of one, on resume) and wait for START. `reminders`
   * (set on resume when the task asks for them): how many of the block's trials before
   * `position` are shown again first, unrecorded.
   */
  | { type: 'SHOW_BLOCK_INTRO'; position: Position; resumed: boolean; reminders?: number }
  /** Present `trial`'s stimulus so that its onset falls at `dueAtMs`, then report ONSET. */
  | { type: 'SHOW_STIMULUS'; trial: Planned; dueAtMs: number }
  /** Replace the stimulus by a blank at `dueAtMs`; report OFFSET (the blank's presentation). */
  | { type: 'HIDE_STIMULUS'; dueAtMs: number }
  /** Send the trial to the server (the outbox). */
  | { type: 'RECORD_TRIAL'; trial: Trial }
  /** Show practice feedback now, until `untilMs`. */
  | { type: 'SHOW_FEEDBACK'; kind: Feedback; durationMs: number; untilMs: number }
  /** A practice round ended; its result, and what follows after START. */
  | ({ type: 'SHOW_PRACTICE_RESULT' } & RoundResult)
  /** The run's last trial is recorded. */
  | { type: 'FINISHED' };

/** A block's time line: onset k is due at anchorOnsetMs + (k - anchorTrial) x period. */
export type SoaTimeline = { anchorTrial: number; anchorOnsetMs: number };

/** What a task's fixed-SOA engine is made with (goNoGo.createEngine, nBack.createEngine). */
export type SoaEngineOptions<Config> = {
  config: Config;
  /** The run's trials saved so far: the engine starts where nextPosition says. */
  saved?: readonly SavedTrial[];
  /** performance.timeOrigin of the page. */
  timeOriginMs: number;
  /** The run's input mode before any press (recorded on unanswered trials). */
  inputModality?: InputModality;
};

/**
 * A fixed-pace trial's timing record (PACED_TIMING_SHAPE): the presented onset and how it was
 * measured, the first press's timestamp (null without one), whether the page lost focus, and
 * the stimulus's offset once the page measured it.
 */
export function soaTimingRecord(
  trial: { interrupted: boolean; offsetMs: number | null },
  onset: SoaOnset,
  first: { atMs: number } | undefined,
) {
  return {
    stimulusOnsetMs: onset.atMs,
    responseTimestampMs: first ? first.atMs : null,
    onsetMethod: onset.method,
    wasInterrupted: trial.interrupted,
    ...(trial.offsetMs !== null ? { stimulusOffsetMs: trial.offsetMs } : {}),
  };
}

/** What the engine carries from trial to trial. */
export type SoaRunContext = {
  /** performance.timeOrigin: page time + this = device wall-clock time (ms since the epoch). */
  timeOriginMs: number;
  /** The latest press's modality (recorded on trials without a press). */
  modality: InputModality;
  /** Correct trials so far in the current practice round (those saved before a resume too). */
  roundCorrect: number;
  /**
   * On resume with reminders: the trial number recording resumes at. Trials of the block before
   * it are reminders, shown and not recorded. Null otherwise, and after the block.
   */
  recordFrom: number | null;
};

/** The trial on screen: its plan, its due and presented onset, and what happened so far. */
export type SoaTrialInProgress<Planned, Answer> = {
  planned: Planned;
  dueAtMs: number;
  onset: SoaOnset | null;
  offsetMs: number | null;
  presses: readonly SoaPress<Answer>[];
  interrupted: boolean;
  /** A reminder shown on resume: nothing of it is recorded and its presses count for nothing. */
  isReminder: boolean;
};

/**
 * A trial whose SOA is over while its response window is still open: it closes at the next
 * stimulus's presented onset (windowUntilNextOnset), and the trial is recorded then.
 */
export type SoaOpenTrial<Planned, Answer> = {
  trial: SoaTrialInProgress<Planned, Answer>;
  onset: SoaOnset;
  /** Its due onset plus the SOA. */
  dueEndMs: number;
};

export type SoaState<Position, Planned, Answer> =
  | {
      kind: 'waiting';
      next: Position;
      /** How many trials before `next` START shows again first, as reminders. */
      reminders: number;
      context: SoaRunContext;
    }
  | {
      kind: 'trial';
      trial: SoaTrialInProgress<Planned, Answer>;
      /** The trial before, whose response window is open until this one's onset. */
      previous: SoaOpenTrial<Planned, Answer> | null;
      timeline: SoaTimeline | null;
      context: SoaRunContext;
    }
  | {
      kind: 'feedback';
      last: Position;
      untilMs: number;
      timeline: SoaTimeline;
      /** Presses at or after untilMs, delivered early: they belong to the next trial. */
      carried: readonly SoaPress<Answer>[];
      context: SoaRunContext;
    }
  | { kind: 'finished'; context: SoaRunContext };

/** A task's rules, as the shared engine reads them. Criterion practice is the phase 'practice'. */
export type SoaRules<
  Position extends TrialPosition,
  Planned extends Position,
  Answer,
  Trial extends { isCorrect: boolean | null },
  Feedback,
  RoundResult,
> = {
  soaMs: number;
  stimulusMs: number;
  feedbackMs: number;
  /**
   * Whether a trial's response window runs until the next stimulus's presented onset (cut at
   * SOA + SOA_RESPONSE_SLACK_MS) rather than its due end. It does so only where the next trial
   * of the block follows directly; a trial followed by feedback, or the block's last, closes its
   * window at its due end (also cut there).
   */
  windowUntilNextOnset: boolean;
  /** Onset to onset within a block of `phase`: the SOA, plus the feedback where there is some. */
  periodMs(phase: Position['phase']): number;
  hasFeedback(phase: Position['phase']): boolean;
  blockTrialCount(position: Position): number;
  /** The planned trial at a position; undefined where the plan has none. */
  plannedAt(position: Position): Planned | undefined;
  /** The record of a trial whose response window closed at `endMs` (see windowUntilNextOnset). */
  record(
    trial: SoaTrialInProgress<Planned, Answer>,
    onset: SoaOnset,
    endMs: number,
    context: SoaRunContext,
  ): Trial;
  feedbackOf(record: Trial): Feedback;
  /**
   * What follows the last trial of the block at `last`: the next block's first position (null:
   * the run is over) and, after a practice round with `roundCorrect` correct, its result.
   */
  afterBlock(
    last: Position,
    roundCorrect: number,
  ): { next: Position | null; result: RoundResult | null };
};

type Step<P, Pl, A, T, F, R> = { state: SoaState<P, Pl, A>; effects: SoaEffect<P, Pl, T, F, R>[] };

const positionOf = <P extends TrialPosition>(planned: P): P =>
  ({ phase: planned.phase, block: planned.block, trialNumber: planned.trialNumber }) as P;

/**
 * The engine's first step: the intro of the block at `next`, where the run starts or goes on
 * after the saved trials (the task's nextPosition), or FINISHED when `next` is null. On resume
 * inside a practice round, the round's saved correct trials count toward its criterion. On
 * resume inside a block, `reminders` (at most next.trialNumber) of the block's trials before
 * `next` are shown again first, at the block's timing, unrecorded.
 */
export function createSoaEngine<Position extends TrialPosition>(
  next: Position | null,
  options: {
    saved?: readonly SavedTrial[];
    timeOriginMs: number;
    inputModality?: InputModality;
    reminders?: number;
  },
): {
  state: Extract<SoaState<Position, never, never>, { kind: 'waiting' | 'finished' }>;
  effects: SoaEffect<Position, never, never, never, never>[];
} {
  const saved = options.saved ?? [];
  const correct = new Set<number>();
  for (const t of saved) {
    const inRound =
      next?.phase === 'practice' &&
      t.phase === next.phase &&
      t.block === next.block &&
      t.trialNumber < next.trialNumber;
    if (inRound && t.isCorrect === true) correct.add(t.trialNumber);
  }
  const resumed =
    next !== null && saved.some((t) => t.phase === next.phase && t.block === next.block);
  const reminders =
    next && resumed ? Math.max(0, Math.min(options.reminders ?? 0, next.trialNumber)) : 0;
  const context: SoaRunContext = {
    timeOriginMs: options.timeOriginMs,
    modality: options.inputModality ?? 'keyboard',
    roundCorrect: correct.size,
    recordFrom: reminders > 0 && next ? next.trialNumber : null,
  };
  if (!next) return { state: { kind: 'finished', context }, effects: [{ type: 'FINISHED' }] };
  return {
    state: { kind: 'waiting', next, reminders, context },
    effects: [
      {
        type: 'SHOW_BLOCK_INTRO',
        position: next,
        resumed,
        ...(reminders > 0 ? { reminders } : {}),
      },
    ],
  };
}

/** When onset `trialNumber` of a block of `phase` is due on `timeline`. */
export function soaDueAtMs(
  rules: { periodMs(phase: string): number },
  phase: string,
  timeline: SoaTimeline,
  trialNumber: number,
): number {
  return timeline.anchorOnsetMs + (trialNumber - timeline.anchorTrial) * rules.periodMs(phase);
}

/** When the trial on `timeline` ends: its due onset plus the SOA. */
function trialEndMs<P extends TrialPosition, Pl extends P, A>(
  rules: { periodMs(phase: string): number; soaMs: number },
  trial: SoaTrialInProgress<Pl, A>,
  timeline: SoaTimeline,
): number {
  return soaDueAtMs(rules, trial.planned.phase, timeline, trial.planned.trialNumber) + rules.soaMs;
}

/** The latest end of an open response window: its onset + SOA + SOA_RESPONSE_SLACK_MS. */
const windowCapMs = (rules: { soaMs: number }, onset: { atMs: number }) =>
  onset.atMs + rules.soaMs + SOA_RESPONSE_SLACK_MS;

/**
 * Where a trial's response window closes: at its due end, or (windowUntilNextOnset) at the next
 * stimulus's presented onset, `nextOnsetMs` (null: none follows directly, its due end), never
 * after windowCapMs.
 */
function windowEndMs(
  rules: { soaMs: number; windowUntilNextOnset: boolean },
  onset: { atMs: number },
  dueEndMs: number,
  nextOnsetMs: number | null,
): number {
  if (!rules.windowUntilNextOnset) return dueEndMs;
  return Math.min(nextOnsetMs ?? dueEndMs, windowCapMs(rules, onset));
}

/**
 * The next time the engine needs a TICK: the end of the trial on screen (once its onset is
 * known) or of the feedback; while the next onset is awaited, the latest end of the previous
 * trial's open window; null while it waits for START or an ONSET, and when finished.
 */
export function soaNextDueMs<P extends TrialPosition, Pl extends P, A>(
  rules: { periodMs(phase: string): number; soaMs: number },
  state: SoaState<P, Pl, A>,
): number | null {
  if (state.kind === 'feedback') return state.untilMs;
  if (state.kind === 'trial' && state.timeline && state.trial.onset) {
    return trialEndMs(rules, state.trial, state.timeline);
  }
  if (state.kind === 'trial' && state.previous) return windowCapMs(rules, state.previous.onset);
  return null;
}

function showTrial<
  P extends TrialPosition,
  Pl extends P,
  A,
  T extends { isCorrect: boolean | null },
  F,
  R,
>(
  rules: SoaRules<P, Pl, A, T, F, R>,
  position: P,
  due: number,
  timeline: SoaTimeline | null,
  presses: readonly SoaPress<A>[],
  context: SoaRunContext,
  previous: SoaOpenTrial<Pl, A> | null = null,
): Step<P, Pl, A, T, F, R> {
  const planned = rules.plannedAt(position);
  if (!planned) {
    throw new Error(
      `The plan has no ${position.phase} block ${position.block} trial ${position.trialNumber}`,
    );
  }
  const trial: SoaTrialInProgress<Pl, A> = {
    planned,
    dueAtMs: due,
    onset: null,
    offsetMs: null,
    presses,
    interrupted: false,
    isReminder: context.recordFrom !== null && position.trialNumber < context.recordFrom,
  };
  return {
    state: { kind: 'trial', trial, previous, timeline, context },
    effects: [{ type: 'SHOW_STIMULUS', trial: planned, dueAtMs: due }],
  };
}

/**
 * The record of a trial whose response window closed at `endMs`, with the run's context after
 * it; nothing for a reminder.
 */
function recordOf<
  P extends TrialPosition,
  Pl extends P,
  A,
  T extends { isCorrect: boolean | null },
  F,
  R,
>(
  rules: SoaRules<P, Pl, A, T, F, R>,
  trial: SoaTrialInProgress<Pl, A>,
  onset: SoaOnset,
  endMs: number,
  context: SoaRunContext,
): { record: T | null; context: SoaRunContext } {
  if (trial.isReminder) return { record: null, context };
  const record = rules.record(trial, onset, endMs, context);
  const correct = trial.planned.phase === 'practice' && record.isCorrect ? 1 : 0;
  return { record, context: { ...context, roundCorrect: context.roundCorrect + correct } };
}

/**
 * Closes the previous trial's open window at `atMs` (the onset on screen now, or the time a
 * TICK found its cap passed) and records it: presses from its onset to the window's end are
 * its own; those after stay with the trial on screen.
 */
function closePrevious<
  P extends TrialPosition,
  Pl extends P,
  A,
  T extends { isCorrect: boolean | null },
  F,
  R,
>(
  rules: SoaRules<P, Pl, A, T, F, R>,
  state: Extract<SoaState<P, Pl, A>, { kind: 'trial' }>,
  atMs: number,
): Step<P, Pl, A, T, F, R> {
  const { previous } = state;
  if (!previous) return { state, effects: [] };
  const endMs = windowEndMs(rules, previous.onset, previous.dueEndMs, atMs);
  const pool = [...previous.trial.presses, ...state.trial.presses];
  const closed = { ...previous.trial, presses: pool };
  const { record, context } = recordOf(rules, closed, previous.onset, endMs, state.context);
  const trial = { ...state.trial, presses: pool.filter((p) => p.atMs >= endMs) };
  return {
    state: { ...state, trial, previous: null, context },
    effects: record ? [{ type: 'RECORD_TRIAL', trial: record }] : [],
  };
}

/**
 * Ends the trial on screen at its due end: the next trial of the block with this one's window
 * still open (windowUntilNextOnset), or it is recorded and feedback (practice) or the next trial
 * or block follows. A reminder is not recorded and gets no feedback.
 */
function endTrial<
  P extends TrialPosition,
  Pl extends P,
  A,
  T extends { isCorrect: boolean | null },
  F,
  R,
>(
  rules: SoaRules<P, Pl, A, T, F, R>,
  trial: SoaTrialInProgress<Pl, A>,
  onset: SoaOnset,
  timeline: SoaTimeline,
  context: SoaRunContext,
): Step<P, Pl, A, T, F, R> {
  const dueEndMs = trialEndMs(rules, trial, timeline);
  const last = positionOf<P>(trial.planned);
  const hasFeedback = rules.hasFeedback(last.phase) && !trial.isReminder;
  if (
    rules.windowUntilNextOnset &&
    !hasFeedback &&
    last.trialNumber + 1 < rules.blockTrialCount(last)
  ) {
    const position = { ...last, trialNumber: last.trialNumber + 1 };
    const due = soaDueAtMs(rules, last.phase, timeline, position.trialNumber);
    return showTrial(rules, position, due, timeline, [], context, { trial, onset, dueEndMs });
  }
  const endMs = windowEndMs(rules, onset, dueEndMs, null);
  const { record, context: next } = recordOf(rules, trial, onset, endMs, context);
  const carried = trial.presses.filter((p) => p.atMs >= endMs);
  const effects: SoaEffect<P, Pl, T, F, R>[] = record
    ? [{ type: 'RECORD_TRIAL', trial: record }]
    : [];
  if (record && hasFeedback) {
    const untilMs = dueEndMs + rules.feedbackMs;
    if (rules.feedbackMs > 0) {
      effects.push({
        type: 'SHOW_FEEDBACK',
        kind: rules.feedbackOf(record),
        durationMs: rules.feedbackMs,
        untilMs,
      });
    }
    return {
      state: {
        kind: 'feedback',
        last,
        untilMs,
        timeline,
        carried: carried.filter((p) => p.atMs >= untilMs),
        context: next,
      },
      effects,
    };
  }
  const step = nextTrialOrEnd(rules, last, timeline, carried, next);
  return { state: step.state, effects: [...effects, ...step.effects] };
}

/** After a trial (and its feedback): the block's next trial, or what follows the block. */
function nextTrialOrEnd<
  P extends TrialPosition,
  Pl extends P,
  A,
  T extends { isCorrect: boolean | null },
  F,
  R,
>(
  rules: SoaRules<P, Pl, A, T, F, R>,
  last: P,
  timeline: SoaTimeline,
  carried: readonly SoaPress<A>[],
  context: SoaRunContext,
): Step<P, Pl, A, T, F, R> {
  if (last.trialNumber + 1 < rules.blockTrialCount(last)) {
    const position = { ...last, trialNumber: last.trialNumber + 1 };
    const due = soaDueAtMs(rules, last.phase, timeline, position.trialNumber);
    return showTrial(rules, position, due, timeline, carried, context);
  }
  const { next, result } = rules.afterBlock(last, context.roundCorrect);
  const effects: SoaEffect<P, Pl, T, F, R>[] = result
    ? [{ type: 'SHOW_PRACTICE_RESULT', ...result }]
    : [];
  if (!next)
    return { state: { kind: 'finished', context }, effects: [...effects, { type: 'FINISHED' }] };
  return {
    state: {
      kind: 'waiting',
      next,
      reminders: 0,
      context: { ...context, roundCorrect: 0, recordFrom: null },
    },
    effects: [...effects, { type: 'SHOW_BLOCK_INTRO', position: next, resumed: false }],
  };
}

/** Ends whatever is due at `atMs`: a trial whose SOA is over, feedback whose time is up. */
function advance<
  P extends TrialPosition,
  Pl extends P,
  A,
  T extends { isCorrect: boolean | null },
  F,
  R,
>(
  rules: SoaRules<P, Pl, A, T, F, R>,
  state: SoaState<P, Pl, A>,
  atMs: number,
): Step<P, Pl, A, T, F, R> {
  const effects: SoaEffect<P, Pl, T, F, R>[] = [];
  let current = state;
  for (;;) {
    let step: Step<P, Pl, A, T, F, R> | null = null;
    if (current.kind === 'trial' && current.previous && !current.trial.onset) {
      // The next onset is long overdue (a stalled page): the open window closes at its cap.
      if (atMs >= windowCapMs(rules, current.previous.onset)) {
        step = closePrevious(rules, current, atMs);
      }
    } else if (current.kind === 'trial' && current.timeline && current.trial.onset) {
      if (atMs >= trialEndMs(rules, current.trial, current.timeline)) {
        step = endTrial(
          rules,
          current.trial,
          current.trial.onset,
          current.timeline,
          current.context,
        );
      }
    } else if (current.kind === 'feedback' && atMs >= current.untilMs) {
      step = nextTrialOrEnd(
        rules,
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

/** One step of the engine. Events that do not fit the state change nothing. */
export function stepSoa<
  P extends TrialPosition,
  Pl extends P,
  A,
  T extends { isCorrect: boolean | null },
  F,
  R,
>(
  rules: SoaRules<P, Pl, A, T, F, R>,
  state: SoaState<P, Pl, A>,
  event: SoaEvent<A>,
): Step<P, Pl, A, T, F, R> {
  const unchanged: Step<P, Pl, A, T, F, R> = { state, effects: [] };
  switch (event.type) {
    case 'START':
      if (state.kind !== 'waiting') return unchanged;
      return showTrial(
        rules,
        { ...state.next, trialNumber: state.next.trialNumber - state.reminders },
        event.atMs,
        null,
        [],
        state.context,
      );
    case 'ONSET': {
      if (state.kind !== 'trial' || state.trial.onset) return unchanged;
      const { trial } = state;
      const stalled = event.atMs - trial.dueAtMs > SOA_ONSET_RESYNC_MS;
      const timeline: SoaTimeline =
        state.timeline && !stalled
          ? state.timeline
          : { anchorTrial: trial.planned.trialNumber, anchorOnsetMs: event.atMs };
      const shown: SoaTrialInProgress<Pl, A> = {
        ...trial,
        onset: {
          atMs: event.atMs,
          method: event.method,
          ...(event.measured ? { measured: event.measured } : {}),
        },
      };
      const endMs = trialEndMs(rules, shown, timeline);
      const closed = closePrevious(rules, { ...state, trial: shown, timeline }, event.atMs);
      return {
        state: closed.state,
        effects: [
          ...closed.effects,
          { type: 'HIDE_STIMULUS', dueAtMs: Math.min(event.atMs + rules.stimulusMs, endMs) },
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
      const { type: _type, ...rest } = event;
      const press = rest as SoaPress<A>;
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
    case 'INTERRUPTED': {
      if (state.kind !== 'trial') return unchanged;
      const trial = { ...state.trial, interrupted: true };
      // Before the trial's onset, the trial before may still hold its window open (its stimulus
      // or what replaced it is on screen): the event falls in that trial too.
      const { previous } = state;
      const isInPrevious =
        previous !== null && (!state.trial.onset || event.atMs < state.trial.onset.atMs);
      return {
        state: {
          ...state,
          trial,
          previous: isInPrevious
            ? { ...previous, trial: { ...previous.trial, interrupted: true } }
            : previous,
        },
        effects: [],
      };
    }
    case 'TICK':
      return advance(rules, state, event.atMs);
  }
}
