import {
  ConfigSchema,
  type Congruency,
  type Direction,
  engine,
  type FeedbackKind,
  flankerTask,
  type Input,
  type PlannedTrial,
  type Scene,
} from '@cogni/domain/tasks/flanker';
import type { TaskRuntimeOptions } from '../../../lib/task-runtime/engine-loop';
import { TaskHost, type TaskStageParts } from '../../../lib/task-runtime/task-host';
import { ARROW_PATH, ARROW_VIEW_BOX } from '../arrow-shape';

/**
 * The response keys: the left and right arrow keys, and F and J (by physical key, or by
 * character on other layouts) for those who keep their fingers on the home row, as in N-back.
 */
export function readFlankerKey(event: Pick<KeyboardEvent, 'code' | 'key'>): Input | null {
  if (
    event.code === 'ArrowLeft' ||
    event.code === 'KeyF' ||
    event.key === 'f' ||
    event.key === 'F'
  ) {
    return 'left';
  }
  if (
    event.code === 'ArrowRight' ||
    event.code === 'KeyJ' ||
    event.key === 'j' ||
    event.key === 'J'
  ) {
    return 'right';
  }
  return null;
}

/**
 * The stage's own words in the reader's language: the practice feedback, and what a screen
 * reader is told of each kind of display. The runner hands them over when the run starts, so
 * drawing a scene looks them up and translates nothing. English by default (the tests).
 */
export type FlankerStageTexts = {
  feedback: Record<FeedbackKind, string>;
  arrows: Record<Direction, Record<Congruency, string>>;
};

export const ENGLISH_STAGE_TEXTS: FlankerStageTexts = {
  feedback: { correct: 'Correct', incorrect: 'Incorrect', 'too-slow': 'Too slow' },
  arrows: {
    left: {
      congruent: 'Five arrows; the middle one points left, the others the same way',
      incongruent: 'Five arrows; the middle one points left, the others the other way',
    },
    right: {
      congruent: 'Five arrows; the middle one points right, the others the same way',
      incongruent: 'Five arrows; the middle one points right, the others the other way',
    },
  },
};

const SVG = 'http://www.w3.org/2000/svg';

/**
 * One arrow drawn in SVG (the same on every font): a shaft and a head, pointing right, turned
 * round by CSS to point left.
 */
export function createArrow(direction: Direction): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', ARROW_VIEW_BOX);
  svg.setAttribute('class', `flanker-arrow flanker-arrow--${direction}`);
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', ARROW_PATH);
  svg.append(path);
  return svg;
}

/**
 * The five arrows of a trial in a row, the middle one the target, named by `label`; its position
 * for tests.
 */
export function createDisplayElement(trial: PlannedTrial, label: string): HTMLElement {
  const element = document.createElement('div');
  element.className = 'flanker-display';
  element.dataset.position = `${trial.phase}:${trial.block}:${trial.trialNumber}`;
  element.dataset.display = trial.display;
  element.setAttribute('role', 'img');
  element.setAttribute('aria-label', label);
  for (const arrow of trial.display) element.append(createArrow(arrow === '<' ? 'left' : 'right'));
  return element;
}

/** The fixation cross between displays, where the middle arrow will be. */
function createFixation(): HTMLElement {
  const element = document.createElement('p');
  element.className = 'flanker-fixation';
  element.textContent = '+';
  return element;
}

/** Practice feedback in the stage, announced. */
function createFeedback(kind: FeedbackKind, text: string): HTMLElement {
  const element = document.createElement('p');
  element.className = `task-feedback task-feedback--${kind}`;
  element.setAttribute('role', 'status');
  element.textContent = text;
  return element;
}

/**
 * What the flanker task draws on the task host's stage: the five arrows, replaced after their
 * duration by a fixation cross whose presentation is their offset, and practice feedback. The
 * arrow keys, F and J, or the two on-screen buttons answer.
 */
export function flankerStageParts(
  texts: FlankerStageTexts = ENGLISH_STAGE_TEXTS,
): TaskStageParts<Input, Scene> {
  return {
    keyToInput: readFlankerKey,
    draw(scene) {
      switch (scene.kind) {
        case 'stimulus': {
          const { trial } = scene;
          const label = texts.arrows[trial.targetDirection][trial.congruency];
          return { element: createDisplayElement(trial, label), name: 'arrows' };
        }
        case 'offset':
          return { element: createFixation(), name: 'fixation' };
        case 'feedback':
          return {
            element: createFeedback(scene.feedback, texts.feedback[scene.feedback]),
            name: 'feedback',
          };
      }
    },
  };
}

/**
 * The task host running a flanker run: its engine from the run's configuration and plan, and
 * the flanker drawing with its words in `texts`. Then start() and begin().
 */
export function createFlankerHost(
  options: TaskRuntimeOptions,
  texts: FlankerStageTexts = ENGLISH_STAGE_TEXTS,
) {
  const config = ConfigSchema.parse(options.run.config);
  return new TaskHost({
    ...options,
    engine: engine.forRun(config, flankerTask.plan(options.run.seed, config)),
    parts: flankerStageParts(texts),
  });
}
