import {
  createGoNoGoEngine,
  GoNoGoConfigSchema,
  type GoNoGoFeedbackKind,
  type GoNoGoPosition,
  type GoNoGoRoundResult,
  type GoNoGoTrial,
  getGoNoGoBlockTrialCount,
  goNoGoNextDueMs,
  type PlannedGoNoGoTrial,
  planGoNoGo,
  stepGoNoGo,
} from '@cogni/domain/tasks/go-no-go';
import {
  SoaRuntime,
  type SoaRuntimeOptions,
  type SoaSnapshot,
} from '../../../lib/task-runtime/soa-runtime';

export { GET_READY_MS } from '../../../lib/task-runtime/soa-runtime';

/** A finished practice round, as the engine reported it. */
export type PracticeRoundResult = GoNoGoRoundResult;

/** What the React chrome shows of a Go/No-Go run. */
export type GoNoGoSnapshot = SoaSnapshot<GoNoGoPosition, GoNoGoRoundResult>;

/** Space (by physical key, or by character on other layouts): the one response key. */
export function readSpaceKey(event: Pick<KeyboardEvent, 'code' | 'key'>): string | null {
  return event.code === 'Space' || event.key === ' ' ? 'space' : null;
}

const FEEDBACK_TEXT: Record<GoNoGoFeedbackKind, string> = {
  correct: 'Correct',
  incorrect: 'Incorrect',
  'too-slow': 'Too slow',
};

/** The stimulus element: a square drawn in CSS (solid or outlined), or the letter P or R. */
export function createStimulusElement(trial: PlannedGoNoGoTrial): HTMLElement {
  const element = document.createElement('div');
  element.dataset.position = `${trial.phase}:${trial.block}:${trial.trialNumber}`;
  element.dataset.stimulus = trial.stimulusId;
  if (trial.stimulusId === 'P' || trial.stimulusId === 'R') {
    element.className = 'gng-stimulus gng-stimulus--letter';
    element.textContent = trial.stimulusId;
  } else {
    element.className = `gng-stimulus gng-stimulus--${trial.stimulusId}`;
  }
  return element;
}

/** Practice feedback in the stage. */
function createFeedback(kind: GoNoGoFeedbackKind): HTMLElement {
  const element = document.createElement('p');
  element.className = `task-feedback task-feedback--${kind}`;
  element.textContent = FEEDBACK_TEXT[kind];
  return element;
}

/**
 * Runs Go/No-Go in the page on the shared fixed-SOA runtime (lib/task-runtime/soa-runtime.ts):
 * each stimulus on the absolute time line, replaced after its duration by a blank whose
 * Element Timing presentation is its offset; Space and the on-screen Tap button respond.
 */
export class GoNoGoRuntime extends SoaRuntime<
  GoNoGoPosition,
  PlannedGoNoGoTrial,
  unknown,
  GoNoGoTrial,
  GoNoGoFeedbackKind,
  GoNoGoRoundResult
> {
  constructor(options: SoaRuntimeOptions) {
    const config = GoNoGoConfigSchema.parse(options.run.config);
    const plan = planGoNoGo(options.run.seed, config);
    super(options, {
      first: createGoNoGoEngine({
        config,
        saved: options.saved,
        timeOriginMs: performance.timeOrigin,
        inputModality: options.inputModality,
      }),
      step: (state, event) => stepGoNoGo(config, plan, state, event),
      nextDueMs: (state) => goNoGoNextDueMs(config, state),
      blockTrialCount: (position) => getGoNoGoBlockTrialCount(config, position.phase),
      keyToResponse: readSpaceKey,
      pressOf: ({ atMs, modality }) => ({ type: 'PRESS', atMs, modality }),
      createStimulus: createStimulusElement,
      stimulusName: 'stimulus',
      createFeedback,
    });
  }
}
