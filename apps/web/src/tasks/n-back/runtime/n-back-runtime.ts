import {
  createNBackEngine,
  getNBackBlockTrialCount,
  NBackConfigSchema,
  type NBackFeedbackKind,
  type NBackKeyMapping,
  type NBackPosition,
  type NBackResponse,
  type NBackRoundResult,
  type NBackTrial,
  nBackNextDueMs,
  type PlannedNBackTrial,
  planNBack,
  splitNBackBlock,
  stepNBack,
} from '@cogni/domain/tasks/n-back';
import {
  SoaRuntime,
  type SoaRuntimeOptions,
  type SoaSnapshot,
} from '../../../lib/task-runtime/soa-runtime';

export { GET_READY_MS } from '../../../lib/task-runtime/soa-runtime';

/** What the React chrome shows of an N-back run. */
export type NBackSnapshot = SoaSnapshot<NBackPosition, NBackRoundResult>;

/** F and J (by physical key, or by character on other layouts): the two response keys. */
export function readNBackKey(event: Pick<KeyboardEvent, 'code' | 'key'>): NBackResponse | null {
  if (event.code === 'KeyF' || event.key === 'f' || event.key === 'F') return 'f';
  if (event.code === 'KeyJ' || event.key === 'j' || event.key === 'J') return 'j';
  return null;
}

const FEEDBACK_TEXT: Record<Exclude<NBackFeedbackKind, 'none'>, string> = {
  correct: 'Correct!',
  incorrect: 'Incorrect',
  'too-slow': 'Respond faster!',
};

/** The stimulus element: the letter, large, with its position for tests and the page. */
export function createLetterElement(trial: PlannedNBackTrial): HTMLElement {
  const element = document.createElement('p');
  element.className = 'nback-stimulus';
  element.dataset.position = `${trial.phase}:${trial.block}:${trial.trialNumber}`;
  element.dataset.letter = trial.letter;
  element.textContent = trial.letter;
  return element;
}

/** Practice feedback in the stage: the words, announced; nothing (a blank) after a filler. */
function createFeedback(kind: NBackFeedbackKind): HTMLElement | null {
  if (kind === 'none') return null;
  const element = document.createElement('p');
  element.className = `task-feedback task-feedback--${kind}`;
  element.setAttribute('role', 'status');
  element.textContent = FEEDBACK_TEXT[kind];
  return element;
}

/**
 * Runs N-back in the page on the shared fixed-SOA runtime (lib/task-runtime/soa-runtime.ts):
 * each letter on the absolute time line, replaced after its duration by a blank whose Element
 * Timing presentation is the letter's offset; F and J answer by the run's key mapping, the two
 * on-screen buttons by their names.
 */
export class NBackRuntime extends SoaRuntime<
  NBackPosition,
  PlannedNBackTrial,
  { response: NBackResponse },
  NBackTrial,
  NBackFeedbackKind,
  NBackRoundResult
> {
  /** The run's key mapping: A is F = same, B is J = same. */
  readonly keyMapping: NBackKeyMapping;

  constructor(options: SoaRuntimeOptions) {
    const config = NBackConfigSchema.parse(options.run.config);
    const plan = planNBack(options.run.seed, config);
    super(options, {
      first: createNBackEngine({
        config,
        saved: options.saved,
        timeOriginMs: performance.timeOrigin,
        inputModality: options.inputModality,
      }),
      step: (state, event) => stepNBack(config, plan, state, event),
      nextDueMs: (state) => nBackNextDueMs(config, state),
      blockTrialCount: (position) =>
        getNBackBlockTrialCount(config, position.phase, splitNBackBlock(position.block).level),
      keyToResponse: readNBackKey,
      pressOf: ({ response, atMs, modality }) => ({
        type: 'PRESS',
        atMs,
        response: response as NBackResponse,
        modality,
      }),
      createStimulus: createLetterElement,
      stimulusName: 'letter',
      createFeedback,
    });
    this.keyMapping = plan.keyMapping;
  }
}
