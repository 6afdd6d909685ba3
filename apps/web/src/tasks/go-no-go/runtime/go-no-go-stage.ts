import {
  engine,
  type FeedbackKind,
  goNoGoTask,
  type Input,
  type PlannedTrial,
  type Scene,
} from '@cogni/domain/tasks/go-no-go';
import {
  createTaskHost,
  type TaskHostRunOptions,
  type TaskStageParts,
} from '../../../lib/task-runtime/task-host';

/** Space (by physical key, or by character on other layouts): the one response key. */
export function readSpaceKey(event: Pick<KeyboardEvent, 'code' | 'key'>): Input | null {
  return event.code === 'Space' || event.key === ' ' ? 'space' : null;
}

/**
 * The practice feedback in the reader's language: the runner hands it over when the run starts,
 * so drawing a scene looks it up and translates nothing. English by default (the tests).
 */
export type GoNoGoFeedbackTexts = Record<FeedbackKind, string>;

export const ENGLISH_FEEDBACK_TEXTS: GoNoGoFeedbackTexts = {
  correct: 'Correct',
  incorrect: 'Incorrect',
  'too-slow': 'Too slow',
};

/** The stimulus element: a square drawn in CSS (solid or outlined), or the letter P or R. */
export function createStimulusElement(trial: PlannedTrial): HTMLElement {
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
function createFeedback(kind: FeedbackKind, text: string): HTMLElement {
  const element = document.createElement('p');
  element.className = `task-feedback task-feedback--${kind}`;
  element.textContent = text;
  return element;
}

/**
 * What Go/No-Go draws on the task host's stage: each stimulus, replaced after its duration by a
 * blank whose presentation is its offset, and practice feedback; Space and the Tap button
 * answer.
 */
export function goNoGoStageParts(
  feedback: GoNoGoFeedbackTexts = ENGLISH_FEEDBACK_TEXTS,
): TaskStageParts<Input, Scene> {
  return {
    keyToInput: readSpaceKey,
    draw(scene) {
      switch (scene.kind) {
        case 'stimulus':
          return { element: createStimulusElement(scene.trial), name: 'stimulus' };
        case 'offset':
          return { element: null, name: 'blank' };
        case 'feedback':
          return {
            element: createFeedback(scene.feedback, feedback[scene.feedback]),
            name: 'feedback',
          };
      }
    },
  };
}

/**
 * The task host running a Go/No-Go run: its engine from the run's configuration and plan, and
 * Go/No-Go's drawing with its feedback in `feedback`. Then start() and begin().
 */
export const createGoNoGoHost = (
  options: TaskHostRunOptions,
  feedback: GoNoGoFeedbackTexts = ENGLISH_FEEDBACK_TEXTS,
) => createTaskHost(goNoGoTask, engine, () => goNoGoStageParts(feedback), options);
