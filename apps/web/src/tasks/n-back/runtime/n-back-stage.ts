import { formatText, type Text, type TextValues } from '@cogni/domain';
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

/**
 * A stage message in the page's language. The stage draws outside React: its messages are plain
 * descriptors marked for extraction (as the domain's are, ADR 042, so a page built without the
 * message macros, as the timing benchmark's are, can draw it too), which the running view
 * translates; without a translation they show as written, in English.
 */
export type Translate = (text: Text, values?: TextValues) => string;
const asWritten: Translate = (text, values) => formatText(text.message, values);

/** Practice feedback after each answer. */
export const N_BACK_STAGE_TEXTS = {
  correct: /*i18n*/ { id: 'tasks.nbackTest.stage.correct', message: 'Correct!' },
  incorrect: /*i18n*/ { id: 'tasks.nbackTest.stage.incorrect', message: 'Incorrect' },
  'too-slow': /*i18n*/ { id: 'tasks.nbackTest.stage.tooSlow', message: 'Respond faster!' },
} as const satisfies Record<Exclude<FeedbackKind, 'none'>, Text>;

type FeedbackTexts = Record<Exclude<FeedbackKind, 'none'>, string>;

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
function createFeedback(kind: FeedbackKind, texts: FeedbackTexts): HTMLElement | null {
  if (kind === 'none') return null;
  const element = document.createElement('p');
  element.className = `task-feedback task-feedback--${kind}`;
  element.setAttribute('role', 'status');
  element.textContent = texts[kind];
  return element;
}

/**
 * What N-back draws on the task host's stage: each letter, replaced after its duration by a
 * blank whose presentation is its offset, and practice feedback (a blank named 'feedback' after
 * a filler), its words `translate`d once, here; F and J, or the two on-screen buttons, answer.
 */
export function nBackStageParts(translate: Translate = asWritten): TaskStageParts<Response, Scene> {
  const texts: FeedbackTexts = {
    correct: translate(N_BACK_STAGE_TEXTS.correct),
    incorrect: translate(N_BACK_STAGE_TEXTS.incorrect),
    'too-slow': translate(N_BACK_STAGE_TEXTS['too-slow']),
  };
  return {
    keyToInput: readNBackKey,
    draw(scene) {
      switch (scene.kind) {
        case 'stimulus':
          return { element: createLetterElement(scene.trial), name: 'letter' };
        case 'offset':
          return { element: null, name: 'blank' };
        case 'feedback': {
          const element = createFeedback(scene.feedback, texts);
          return element ? { element, name: 'feedback' } : { element: null, name: 'feedback' };
        }
      }
    },
  };
}

/**
 * The task host running an N-back run: its engine from the run's configuration and plan, and
 * N-back's drawing, its feedback put in the page's language by `translate`. Then start() and
 * begin().
 */
export const createNBackHost = (options: TaskHostRunOptions, translate: Translate = asWritten) =>
  createTaskHost(nBackTask, engine, () => nBackStageParts(translate), options);
