import {
  ConfigSchema,
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

const FEEDBACK_TEXT: Record<FeedbackKind, string> = {
  correct: 'Correct',
  incorrect: 'Incorrect',
  'too-slow': 'Too slow',
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

/** The five arrows of a trial in a row, the middle one the target; its position for tests. */
export function createDisplayElement(trial: PlannedTrial): HTMLElement {
  const element = document.createElement('div');
  element.className = 'flanker-display';
  element.dataset.position = `${trial.phase}:${trial.block}:${trial.trialNumber}`;
  element.dataset.display = trial.display;
  element.setAttribute('role', 'img');
  element.setAttribute(
    'aria-label',
    `Five arrows; the middle one points ${trial.targetDirection}, the others ${
      trial.congruency === 'congruent' ? 'the same way' : 'the other way'
    }`,
  );
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
function createFeedback(kind: FeedbackKind): HTMLElement {
  const element = document.createElement('p');
  element.className = `task-feedback task-feedback--${kind}`;
  element.setAttribute('role', 'status');
  element.textContent = FEEDBACK_TEXT[kind];
  return element;
}

/**
 * What the flanker task draws on the task host's stage: the five arrows, replaced after their
 * duration by a fixation cross whose presentation is their offset, and practice feedback. The
 * arrow keys, F and J, or the two on-screen buttons answer.
 */
export const FLANKER_STAGE_PARTS: TaskStageParts<Input, Scene> = {
  keyToInput: readFlankerKey,
  draw(scene) {
    switch (scene.kind) {
      case 'stimulus':
        return { element: createDisplayElement(scene.trial), name: 'arrows' };
      case 'offset':
        return { element: createFixation(), name: 'fixation' };
      case 'feedback':
        return { element: createFeedback(scene.feedback), name: 'feedback' };
    }
  },
};

/**
 * The task host running a flanker run: its engine from the run's configuration and plan, and
 * the flanker drawing. Then start() and begin().
 */
export function createFlankerHost(options: TaskRuntimeOptions) {
  const config = ConfigSchema.parse(options.run.config);
  return new TaskHost({
    ...options,
    engine: engine.forRun(config, flankerTask.plan(options.run.seed, config)),
    parts: FLANKER_STAGE_PARTS,
  });
}
