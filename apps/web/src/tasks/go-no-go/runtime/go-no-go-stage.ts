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

const FEEDBACK_TEXT: Record<FeedbackKind, string> = {
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
function createFeedback(kind: FeedbackKind): HTMLElement {
  const element = document.createElement('p');
  element.className = `task-feedback task-feedback--${kind}`;
  element.textContent = FEEDBACK_TEXT[kind];
  return element;
}

/**
 * What Go/No-Go draws on the task host's stage: each stimulus, replaced after its duration by a
 * blank whose presentation is its offset, and practice feedback; Space and the Tap button
 * answer.
 */
export const GO_NO_GO_STAGE_PARTS: TaskStageParts<Input, Scene> = {
  keyToInput: readSpaceKey,
  draw(scene) {
    switch (scene.kind) {
      case 'stimulus':
        return { element: createStimulusElement(scene.trial), name: 'stimulus' };
      case 'offset':
        return { element: null, name: 'blank' };
      case 'feedback':
        return { element: createFeedback(scene.feedback), name: 'feedback' };
    }
  },
};

/**
 * The task host running a Go/No-Go run: its engine from the run's configuration and plan, and
 * Go/No-Go's drawing. Then start() and begin().
 */
export const createGoNoGoHost = (options: TaskHostRunOptions) =>
  createTaskHost(goNoGoTask, engine, () => GO_NO_GO_STAGE_PARTS, options);
