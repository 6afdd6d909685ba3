import {
  createSoaEngine,
  type SoaEffect,
  type SoaEngineOptions,
  type SoaEvent,
  type SoaOnset,
  type SoaRules,
  type SoaRunContext,
  type SoaState,
  type SoaTrialInProgress,
  soaNextDueMs,
  soaTimingRecord,
  stepSoa,
} from '../shared/soa-engine';
import { type SoaPrompt, type SoaScene, soaEngine, soaSceneKey } from '../shared/soa-task-engine';
import {
  type Config,
  getBlockTrialCount,
  getFontSizePx,
  getSoaMs,
  getTrialPeriodMs,
  hasFeedback,
  NOMINAL_VIEWPORT,
  type Phase,
  type Viewport,
} from './config';
import { type Plan, type PlannedTrial, type Position, plannedTrialAt } from './plan';
import { getNextPosition } from './run-order';
import { isCorrect, latencyTypeOf, type ResponseType, responseTypeOf, type Trial } from './trial';

/**
 * The SART on the shared fixed-SOA engine (shared/soa-engine.ts): a pure state machine whose
 * events carry page timestamps and whose effects say what to show when. Each digit is shown
 * for digitMs and then replaced by the mask until the next digit, SOA = digitMs + maskMs on an
 * absolute time line. A digit's response window runs from its presented onset until the next
 * digit is presented (windowUntilNextOnset; before practice feedback and at the block's end, to
 * its due end), so a press during the digit or the mask is its response and never the next
 * one's. Practice is one fixed block; the test follows it whatever the accuracy.
 */

/** A key press or a tap: its event's timeStamp, on the page's performance.now() time line. */
export type Event = SoaEvent<unknown>;

/**
 * Practice feedback after a trial: 'commission' (pressed for the no-go digit), 'omission'
 * (no press for a go digit), 'none' after a right answer (a blank of the same duration).
 */
export type FeedbackKind = 'none' | 'commission' | 'omission';

/** The practice block's result, shown before the test. */
export type PracticeResult = { correct: number; total: number };

/** What the runtime must do after a step (see SoaEffect). */
export type Effect = SoaEffect<Position, PlannedTrial, Trial, FeedbackKind, PracticeResult>;
export type TrialInProgress = SoaTrialInProgress<PlannedTrial, unknown>;
export type State = SoaState<Position, PlannedTrial, unknown>;
export type Step = { state: State; effects: Effect[] };
export type EngineOptions = SoaEngineOptions<Config>;

/** How a digit was drawn: its font size as rendered (CSS px) and the device's pixels per CSS pixel. */
export type DrawnDigit = { fontSizePx: number; devicePixelRatio: number };

/**
 * How the page drew each digit, for its record: the browser measures its own viewport when it
 * draws a digit; simulated runs use a fixed viewport (displayOn).
 */
export type Display = { drawnAs(trial: PlannedTrial): DrawnDigit };

/** Digits drawn on a fixed viewport (by default NOMINAL_VIEWPORT). */
export function displayOn(config: Config, viewport: Viewport = NOMINAL_VIEWPORT): Display {
  return {
    drawnAs: (trial) => ({
      fontSizePx: getFontSizePx(config, trial.fontSizeIndex, viewport),
      devicePixelRatio: viewport.devicePixelRatio,
    }),
  };
}

/**
 * The engine's first step: the intro of the block where the run starts (practice, the test when
 * practice is off, or the position after the saved trials on resume), or FINISHED.
 */
export function createEngine(options: EngineOptions): Step {
  return createSoaEngine(getNextPosition(options.config, options.saved ?? []), options);
}

const periodOf = (config: Config) => (phase: string) => getTrialPeriodMs(config, phase as Phase);

/**
 * The next time the engine needs a TICK: the end of the trial on screen (once its onset is
 * known) or of the feedback; while the next onset is awaited, the latest end of the previous
 * trial's open window; null while it waits for START or an ONSET, and when finished.
 */
export function nextDueMs(config: Config, state: State): number | null {
  return soaNextDueMs({ soaMs: getSoaMs(config), periodMs: periodOf(config) }, state);
}

const FEEDBACK: Record<ResponseType, FeedbackKind> = {
  go_success: 'none',
  nogo_success: 'none',
  commission: 'commission',
  omission: 'omission',
};

/**
 * How the page drew a digit, as it read it off the digit at its presentation (the web task's
 * measure: the rendered font size and the pixel ratio); null for a digit not measured.
 */
function measuredDigit(onset: SoaOnset): DrawnDigit | null {
  const fontSizePx = onset.measured?.fontSizePx;
  const devicePixelRatio = onset.measured?.devicePixelRatio;
  if (!(fontSizePx !== undefined && fontSizePx > 0)) return null;
  if (!(devicePixelRatio !== undefined && devicePixelRatio > 0)) return null;
  return { fontSizePx, devicePixelRatio };
}

/**
 * The record of a trial whose response window closed at `endMs`: the first press in [onset,
 * endMs) is the response, later ones in it are extra responses. Presses before the onset belong
 * to no trial (they were the digit before's).
 */
function recordTrial(
  trial: TrialInProgress,
  onset: SoaOnset,
  endMs: number,
  context: SoaRunContext,
  display: Display,
): Trial {
  const presses = [...trial.presses].sort((a, b) => a.atMs - b.atMs);
  const inWindow = presses.filter((p) => p.atMs >= onset.atMs && p.atMs < endMs);
  const first = inWindow[0];
  const { planned } = trial;
  const responseType = responseTypeOf(planned.isNogo, first !== undefined);
  const reactionTime = first ? first.atMs - onset.atMs : null;
  const drawn = measuredDigit(onset) ?? display.drawnAs(planned);
  const iso = (ms: number) => new Date(context.timeOriginMs + ms).toISOString();
  return {
    phase: planned.phase,
    block: planned.block,
    trialNumber: planned.trialNumber,
    digit: planned.digit,
    isNogo: planned.isNogo,
    fontSizeIndex: planned.fontSizeIndex,
    fontSizePx: drawn.fontSizePx,
    devicePixelRatio: drawn.devicePixelRatio,
    response: first ? (first.modality === 'keyboard' ? 'space' : 'tap') : null,
    reactionTime,
    isCorrect: isCorrect(responseType),
    responded: first !== undefined,
    latencyType: latencyTypeOf(reactionTime),
    responseType,
    nExtraResponses: Math.max(0, inWindow.length - 1),
    inputModality: first?.modality ?? context.modality,
    startTime: iso(onset.atMs),
    endTime: iso(Math.max(endMs, onset.atMs)),
    timing: soaTimingRecord(trial, onset, first),
  };
}

/** The SART's rules for the shared engine, from the configuration, the plan and the display. */
export function rules(
  config: Config,
  plan: Plan,
  display: Display = displayOn(config),
): SoaRules<Position, PlannedTrial, unknown, Trial, FeedbackKind, PracticeResult> {
  return {
    soaMs: getSoaMs(config),
    stimulusMs: config.digitMs,
    feedbackMs: config.feedbackMs,
    // A press during the digit or its mask is the digit's, until the next digit is on screen.
    windowUntilNextOnset: true,
    periodMs: periodOf(config),
    hasFeedback: hasFeedback,
    blockTrialCount: (position) => getBlockTrialCount(config, position.phase),
    plannedAt: (position) => plannedTrialAt(plan, config, position),
    record: (trial, onset, endMs, context) => recordTrial(trial, onset, endMs, context, display),
    feedbackOf: (record) => FEEDBACK[record.responseType],
    afterBlock(last, correct) {
      if (last.phase === 'test') return { next: null, result: null };
      return {
        next: { phase: 'test', block: 0, trialNumber: 0 },
        result: { correct, total: getBlockTrialCount(config, 'practice') },
      };
    },
  };
}

/**
 * The SART as a pure state machine: (state, event) -> (state, effects), on the shared
 * fixed-SOA engine. A response never ends a trial early. `display` says how the page drew each
 * digit (by default the nominal viewport of simulated runs).
 */
export function step(
  config: Config,
  plan: Plan,
  state: State,
  event: Event,
  display?: Display,
): Step {
  return stepSoa(rules(config, plan, display), state, event);
}

/** The SART's inputs: Space, or the on-screen Tap button. */
export type Input = 'space' | 'tap';

/** The mask after a digit: green (`pressed`) once the engine holds a press for a go digit. */
export type Mask = { pressed: boolean };

/**
 * Whether the engine gives a press at `atMs` to the trial at `key`, as far as `state` knows:
 * the trial on screen once its digit was presented at or before the press; before the next
 * digit's presentation is known, the trial before it, whose window is still open (if the press
 * came after that presentation, the engine moves it to the new digit at its ONSET).
 */
function pressBelongsTo(state: State, key: string, atMs: number): boolean {
  if (state.kind !== 'trial') return false;
  const { trial, previous } = state;
  if (trial.onset) return soaSceneKey(trial.planned) === key && atMs >= trial.onset.atMs;
  return (
    previous !== null && soaSceneKey(previous.trial.planned) === key && atMs >= previous.onset.atMs
  );
}

/**
 * The mask that replaces `trial`'s digit, with the engine's state now: with PsyToolkit's mask
 * feedback (maskFeedback), a go digit's mask turns green once the engine holds a press for that
 * digit, whether it came during the digit or the mask.
 */
export function maskOf(config: Config, trial: PlannedTrial, state: State): Mask {
  if (!config.maskFeedback || trial.isNogo) return { pressed: false };
  const key = soaSceneKey(trial);
  const pressed =
    state.kind === 'trial' &&
    [...state.trial.presses, ...(state.previous?.trial.presses ?? [])].some((press) =>
      pressBelongsTo(state, key, press.atMs),
    );
  return { pressed };
}

/** The SART's engine on the task contract: the shared fixed-SOA engine with its rules. */
export const engine = soaEngine({
  rules: (config: Config, plan: Plan) => rules(config, plan),
  firstPosition: getNextPosition,
  answerOf: (_input: Input): unknown => ({}),
  offsetOf: maskOf,
});

/** What the SART's web task draws and prompts, as the engine names them. */
export type Scene = SoaScene<PlannedTrial, FeedbackKind, Mask>;
export type Prompt = SoaPrompt<Position, PracticeResult>;
