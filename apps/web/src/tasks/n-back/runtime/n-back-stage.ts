import {
  engine,
  type FeedbackKind,
  nBackTask,
  type PlannedTrial,
  type Response,
  type Scene,
} from '@cogni/domain/tasks/n-back';
import {
  createTaskHost,
  type TaskHostRunOptions,
  type TaskStageParts,
} from '../../../lib/task-runtime/task-host';

/** F and J (by physical key, or by character on other layouts): the two response keys. */
export function readNBackKey(event: Pick<KeyboardEvent, 'code' | 'key'>): Response | null {
  if (event.code === 'KeyF' || event.key === 'f' || event.key === 'F') return 'f';
  if (event.code === 'KeyJ' || event.key === 'j' || event.key === 'J') return 'j';
  return null;
}

const FEEDBACK_TEXT: Record<Exclude<FeedbackKind, 'none'>, string> = {
  correct: 'Correct!',
  incorrect: 'Incorrect',
  'too-slow': 'Respond faster!',
};

/** The stimulus element: the letter, large, with its position for tests and the page. */
export function createLetterElement(trial: PlannedTrial): HTMLElement {
  const element = document.createElement('p');
  element.className = 'nback-stimulus';
  element.dataset.position = `${trial.phase}:${trial.block}:${trial.trialNumber}`;
  element.dataset.letter = trial.letter;
  element.textContent = trial.letter;
  return element;
}

/** Practice feedback in the stage: the words, announced; nothing (a blank) after a filler. */
function createFeedback(kind: FeedbackKind): HTMLElement | null {
  if (kind === 'none') return null;
  const element = document.createElement('p');
  element.className = `task-feedback task-feedback--${kind}`;
  element.setAttribute('role', 'status');
  element.textContent = FEEDBACK_TEXT[kind];
  return element;
}

/**
 * What N-back draws on the task host's stage: each letter, replaced after its duration by a
 * blank whose presentation is its offset, and practice feedback (a blank named 'feedback' after
 * a filler); F and J, or the two on-screen buttons, answer.
 */
export const N_BACK_STAGE_PARTS: TaskStageParts<Response, Scene> = {
  keyToInput: readNBackKey,
  draw(scene) {
    switch (scene.kind) {
      case 'stimulus':
        return { element: createLetterElement(scene.trial), name: 'letter' };
      case 'offset':
        return { element: null, name: 'blank' };
      case 'feedback': {
        const element = createFeedback(scene.feedback);
        return element ? { element, name: 'feedback' } : { element: null, name: 'feedback' };
      }
    }
  },
};

/**
 * The task host running an N-back run: its engine from the run's configuration and plan, and
 * N-back's drawing. Then start() and begin().
 */
export const createNBackHost = (options: TaskHostRunOptions) =>
  createTaskHost(nBackTask, engine, () => N_BACK_STAGE_PARTS, options);
