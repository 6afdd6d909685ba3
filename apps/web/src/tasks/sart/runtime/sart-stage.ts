import { formatText, type InputModality, type Text, type TextValues } from '@cogni/domain';
import {
  type Config,
  engine,
  type FeedbackKind,
  getFontSizePx,
  getMaskSizePx,
  type Input,
  type PlannedTrial,
  type Position,
  type Scene,
  sartTask,
  type Viewport,
} from '@cogni/domain/tasks/sart';
import {
  createTaskHost,
  type TaskHostRunOptions,
  type TaskStageParts,
} from '../../../lib/task-runtime/task-host';

/**
 * A stage message in the page's language. The stage draws outside React, and the timing
 * benchmark's pages build it without the message macros or the catalogs: its messages are plain
 * descriptors marked for extraction (as the domain's are, ADR 042), which the running view
 * translates; without a translation they show as written, in English.
 */
export type Translate = (text: Text, values?: TextValues) => string;
const asWritten: Translate = (text, values) => formatText(text.message, values);

/** Practice feedback after an error, by the response's verb, with the configured no-go digit. */
export const SART_STAGE_TEXTS = {
  dontPress: /*i18n*/ { id: 'tasks.sartTest.stage.dontPress', message: 'Don’t press for {digit}' },
  dontTap: /*i18n*/ { id: 'tasks.sartTest.stage.dontTap', message: 'Don’t tap for {digit}' },
  pressForEvery: /*i18n*/ {
    id: 'tasks.sartTest.stage.pressForEvery',
    message: 'Press for every digit except {digit}',
  },
  tapForEvery: /*i18n*/ {
    id: 'tasks.sartTest.stage.tapForEvery',
    message: 'Tap for every digit except {digit}',
  },
} as const satisfies Record<string, Text>;

/** Practice feedback's words, by the error: translated once, when a run's stage is made. */
export type SartFeedbackTexts = Record<Exclude<FeedbackKind, 'none'>, string>;

/** The feedback's words for `nogoDigit` and the response's verb, put in the page's language. */
export function sartFeedbackTexts(
  nogoDigit: number,
  verb: 'press' | 'tap' = 'press',
  translate: Translate = asWritten,
): SartFeedbackTexts {
  const values = { digit: nogoDigit };
  return verb === 'press'
    ? {
        commission: translate(SART_STAGE_TEXTS.dontPress, values),
        omission: translate(SART_STAGE_TEXTS.pressForEvery, values),
      }
    : {
        commission: translate(SART_STAGE_TEXTS.dontTap, values),
        omission: translate(SART_STAGE_TEXTS.tapForEvery, values),
      };
}

/** Space (by physical key, or by character on other layouts): the one response key. */
export function readSartKey(event: Pick<KeyboardEvent, 'code' | 'key'>): Input | null {
  return event.code === 'Space' || event.key === ' ' ? 'space' : null;
}

/** The page's viewport now, in CSS px, and its pixel ratio. */
export function readViewport(): Viewport {
  return {
    widthPx: window.innerWidth,
    heightPx: window.innerHeight,
    devicePixelRatio: window.devicePixelRatio || 1,
  };
}

const keyOf = (trial: Position) => `${trial.phase}:${trial.block}:${trial.trialNumber}`;

/** The digit element, its font size set in px from the viewport; its position for tests. */
export function createDigitElement(trial: PlannedTrial, fontSizePx: number): HTMLElement {
  const element = document.createElement('p');
  element.className = 'sart-digit';
  element.dataset.position = keyOf(trial);
  element.dataset.digit = String(trial.digit);
  element.dataset.size = String(trial.fontSizeIndex);
  element.style.fontSize = `${fontSizePx}px`;
  element.textContent = String(trial.digit);
  return element;
}

const SVG = 'http://www.w3.org/2000/svg';

/** The mask: a circle with an X through it, `sizePx` high, drawn in SVG. */
export function createMaskElement(trial: Position, sizePx: number): HTMLElement {
  const element = document.createElement('div');
  element.className = 'sart-mask';
  element.dataset.position = keyOf(trial);
  element.style.width = `${sizePx}px`;
  element.style.height = `${sizePx}px`;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('aria-hidden', 'true');
  const circle = document.createElementNS(SVG, 'circle');
  circle.setAttribute('cx', '50');
  circle.setAttribute('cy', '50');
  circle.setAttribute('r', '45');
  svg.append(circle);
  // The X's arms end on the circle (at 45 degrees, 45 x cos 45 = 31.8 from the centre).
  for (const [x1, y1, x2, y2] of [
    [18.2, 18.2, 81.8, 81.8],
    [81.8, 18.2, 18.2, 81.8],
  ]) {
    const line = document.createElementNS(SVG, 'line');
    line.setAttribute('x1', String(x1));
    line.setAttribute('y1', String(y1));
    line.setAttribute('x2', String(x2));
    line.setAttribute('y2', String(y2));
    svg.append(line);
  }
  element.append(svg);
  return element;
}

/**
 * Practice feedback after an error, with the configured no-go digit and the response's verb
 * ('press' for Space, 'tap' for the on-screen button), in `texts` (by default as written);
 * nothing (a blank) else.
 */
export function createSartFeedback(
  kind: FeedbackKind,
  nogoDigit: number,
  verb: 'press' | 'tap' = 'press',
  texts: SartFeedbackTexts = sartFeedbackTexts(nogoDigit, verb),
): HTMLElement | null {
  if (kind === 'none') return null;
  const element = document.createElement('p');
  element.className = 'task-feedback task-feedback--incorrect sart-feedback';
  element.setAttribute('role', 'status');
  element.textContent = texts[kind];
  return element;
}

/**
 * What the SART draws on the task host's stage: each digit in its font size from the viewport
 * at the time it is drawn (its rendered size read back as it is presented, for its record), the
 * mask that replaces it (green once the engine holds a press for a go digit, with maskFeedback),
 * and practice feedback, its words `translate`d once, here; Space and the Tap button answer.
 */
export function sartStageParts(
  config: Config,
  inputModality: InputModality,
  translate: Translate = asWritten,
): TaskStageParts<Input, Scene> {
  // Keyboard mode answers with Space, touch mode with the Tap button.
  const verb = inputModality === 'keyboard' ? 'press' : 'tap';
  const feedbackTexts = sartFeedbackTexts(config.nogoDigit, verb, translate);
  return {
    keyToInput: readSartKey,
    draw(scene) {
      switch (scene.kind) {
        case 'stimulus': {
          const viewport = readViewport();
          const fontSizePx = getFontSizePx(config, scene.trial.fontSizeIndex, viewport);
          const element = createDigitElement(scene.trial, fontSizePx);
          return {
            element,
            name: 'digit',
            // The size the browser computed, once the digit is on the page; the requested one
            // if it cannot be read.
            measure: () => {
              const rendered = Number.parseFloat(getComputedStyle(element).fontSize);
              return {
                fontSizePx: rendered > 0 ? rendered : fontSizePx,
                devicePixelRatio: viewport.devicePixelRatio,
              };
            },
          };
        }
        case 'offset': {
          const element = createMaskElement(scene.trial, getMaskSizePx(config, readViewport()));
          if (scene.offset?.pressed) element.classList.add('sart-mask--pressed');
          return { element, name: 'mask' };
        }
        case 'feedback': {
          // A blank after a right answer, for the feedback's duration.
          const element = createSartFeedback(scene.feedback, config.nogoDigit, verb, feedbackTexts);
          return element ? { element, name: 'feedback' } : { element: null, name: 'feedback' };
        }
      }
    },
    redraw(element, scene) {
      if (scene.kind !== 'offset') return false;
      element.classList.toggle('sart-mask--pressed', scene.offset?.pressed === true);
      return true;
    },
  };
}

/**
 * The task host running a SART run, its stage's messages put in the page's language by
 * `translate` (the timing benchmark's page makes one too, in English).
 */
export const createSartHost = (options: TaskHostRunOptions, translate: Translate = asWritten) =>
  createTaskHost(
    sartTask,
    engine,
    (config, inputModality) => sartStageParts(config, inputModality, translate),
    options,
  );

/** A SART run's host, as the running view holds it. */
export type SartHost = ReturnType<typeof createSartHost>;
