import {
  formatText,
  type InputModality,
  type Text as Message,
  type TextValues,
} from '@cogni/domain';
import { engine, type Input, type Prompt, pvtTask, type Scene } from '@cogni/domain/tasks/pvt';
import {
  createTaskHost,
  type TaskHostRunOptions,
  type TaskHostSnapshot,
  type TaskStageParts,
} from '../../../lib/task-runtime/task-host';

/**
 * A stage message in the page's language. The stage draws outside React, and the timing
 * benchmark's pages build it without the message macros or the catalogs: its messages are plain
 * descriptors marked for extraction (as the domain's are, ADR 042), which the running view
 * translates; without a translation they show as written, in English.
 */
export type Translate = (text: Message, values?: TextValues) => string;
const asWritten: Translate = (text, values) => formatText(text.message, values);

/** What the PVT's stage says. */
export const PVT_STAGE_TEXTS = {
  tooSoon: /*i18n*/ { id: 'tasks.pvtTest.stage.tooSoon', message: 'Too soon!' },
  respondFaster: /*i18n*/ {
    id: 'tasks.pvtTest.stage.respondFaster',
    message: 'Please respond faster',
  },
  pressToContinue: /*i18n*/ {
    id: 'tasks.pvtTest.stage.pressToContinue',
    message: 'Press Space to continue',
  },
  tapToContinue: /*i18n*/ {
    id: 'tasks.pvtTest.stage.tapToContinue',
    message: 'Tap the screen to continue',
  },
  /** The timeout's message and how to go on, as a screen reader hears them. */
  respondFasterPress: /*i18n*/ {
    id: 'tasks.pvtTest.stage.respondFasterPress',
    message: 'Please respond faster. Press Space to continue.',
  },
  respondFasterTap: /*i18n*/ {
    id: 'tasks.pvtTest.stage.respondFasterTap',
    message: 'Please respond faster. Tap the screen to continue.',
  },
} as const satisfies Record<string, Message>;

/** The stage's texts, translated once when a run's stage is made: a frame looks nothing up. */
type PvtStageTexts = { tooSoon: string; respondFaster: string; continueHint: string };

function pvtStageTexts(inputModality: InputModality, translate: Translate): PvtStageTexts {
  return {
    tooSoon: translate(PVT_STAGE_TEXTS.tooSoon),
    respondFaster: translate(PVT_STAGE_TEXTS.respondFaster),
    // How to go on after a timeout, by the run's input mode.
    continueHint: translate(
      inputModality === 'touch' ? PVT_STAGE_TEXTS.tapToContinue : PVT_STAGE_TEXTS.pressToContinue,
    ),
  };
}

/** The Element Timing name of the counter: each one is `pvt-counter-<n>`. */
export const PVT_COUNTER_NAME = 'pvt-counter';

/** Space (by physical key, or by character on other layouts): the one response key. */
export function readPvtKey(event: Pick<KeyboardEvent, 'code' | 'key'>): Input | null {
  return event.code === 'Space' || event.key === ' ' ? 'space' : null;
}

/** The counter's text for `ms` milliseconds: whole ms, at least three digits ("000", "087"). */
export function formatCounter(ms: number): string {
  return String(Math.max(0, Math.floor(ms))).padStart(3, '0');
}

/** A counter on the stage, counting up every frame until it is frozen or leaves the stage. */
type RunningCounter = {
  /** The counter's own text node: what every frame rewrites. */
  text: Text;
  /** Its presented onset once known; until then the first frame after its insertion stands in. */
  fromMs: number | null;
  firstFrameMs: number | null;
  frame: number | null;
};

/**
 * The counter of `scene`: its digits are the element's own text node, rewritten every frame.
 * Element Timing reports an element's first paint once, so the onset is the first presented
 * frame and later digits leave it alone; the reaction time is the press's timestamp minus that
 * onset, never what the digits show.
 */
function createCounter(scene: Extract<Scene, { kind: 'counter' }>) {
  const element = document.createElement('div');
  element.className = 'pvt-counter';
  const { position } = scene;
  element.dataset.position = `${position.phase}:${position.block}:${position.trialNumber}`;
  element.dataset.draw = String(scene.draw);
  element.setAttribute('aria-hidden', 'true');
  const text = document.createTextNode(formatCounter(scene.frozenMs ?? 0));
  element.append(text);
  const counter: RunningCounter = { text, fromMs: null, firstFrameMs: null, frame: null };
  if (scene.frozenMs === null) {
    const frame = (frameMs: number) => {
      // Inserted in the frame that draws it; gone from the stage, it stops.
      if (counter.firstFrameMs !== null && !element.isConnected) return;
      counter.firstFrameMs ??= frameMs;
      text.data = formatCounter(frameMs - (counter.fromMs ?? counter.firstFrameMs));
      counter.frame = requestAnimationFrame(frame);
    };
    counter.frame = requestAnimationFrame(frame);
  }
  return { element, counter };
}

/**
 * A message in place of whatever the stage shows. It is plain text: screen readers hear it
 * through the running view's live region (pvtAnnouncement), which stays on the page (a status
 * element inserted with its text is often not announced).
 */
function createMessage(name: string, title: string, detail: string | null): HTMLElement {
  const element = document.createElement('div');
  element.className = `pvt-message ${name}`;
  element.textContent = title;
  if (detail) {
    const line = document.createElement('span');
    line.className = 'pvt-message__detail';
    line.textContent = detail;
    element.append(line);
  }
  return element;
}

/**
 * What the PVT draws on the task host's stage: the counter, drawn in the frame nearest its due
 * time and counting up every frame from its presented onset, frozen in place at the reaction
 * time; 'Too soon!'; the timeout's message; a blank. Space answers, and so does a touch or the
 * mouse's left button anywhere on the stage (a finger resting on the screen is the primary
 * pointer, so another finger's tap counts). The screen stays on while trials are on. Its
 * messages are `translate`d once, here.
 */
export function pvtStageParts(
  inputModality: InputModality,
  translate: Translate = asWritten,
): TaskStageParts<Input, Scene> {
  const texts = pvtStageTexts(inputModality, translate);
  const counters = new WeakMap<HTMLElement, RunningCounter>();
  return {
    keyToInput: readPvtKey,
    draw(scene) {
      switch (scene.kind) {
        case 'counter': {
          const { element, counter } = createCounter(scene);
          counters.set(element, counter);
          return {
            element,
            name: PVT_COUNTER_NAME,
            onOnset: (atMs) => {
              counter.fromMs = atMs;
            },
          };
        }
        case 'too-soon':
          return {
            element: createMessage('pvt-too-soon', texts.tooSoon, null),
            name: 'pvt-too-soon',
          };
        case 'timeout':
          return {
            element: createMessage('pvt-timeout', texts.respondFaster, texts.continueHint),
            name: 'pvt-timeout',
          };
        case 'blank':
          return { element: null, name: 'pvt-blank' };
      }
    },
    redraw(element, scene) {
      const counter = counters.get(element);
      if (scene.kind !== 'counter' || scene.frozenMs === null || !counter) return false;
      // Stopped: the frozen reaction time stays through the feedback.
      if (counter.frame !== null) cancelAnimationFrame(counter.frame);
      counter.frame = null;
      counter.text.data = formatCounter(scene.frozenMs);
      return true;
    },
    stageInput: 'tap',
    acceptsSecondaryPointers: true,
    keepsScreenAwake: true,
  };
}

/**
 * The task host running a PVT run, its stage's messages put in the page's language by
 * `translate` (the timing benchmark's page makes one too, in English).
 */
export const createPvtHost = (options: TaskHostRunOptions, translate: Translate = asWritten) =>
  createTaskHost(
    pvtTask,
    engine,
    (_config, inputModality) => pvtStageParts(inputModality, translate),
    options,
  );

/** A PVT run's host, as the running view holds it. */
export type PvtHost = ReturnType<typeof createPvtHost>;
export type PvtHostSnapshot = TaskHostSnapshot<Prompt, Scene>;

/**
 * What a screen reader is told of the stage ('Too soon!', 'Please respond faster' and how to go
 * on), put in the page's language by `translate`; empty otherwise.
 */
export function pvtAnnouncement(
  snapshot: PvtHostSnapshot,
  inputModality: InputModality,
  translate: Translate = asWritten,
): string {
  switch (snapshot.scene?.kind) {
    case 'too-soon':
      return translate(PVT_STAGE_TEXTS.tooSoon);
    case 'timeout':
      return translate(
        inputModality === 'touch'
          ? PVT_STAGE_TEXTS.respondFasterTap
          : PVT_STAGE_TEXTS.respondFasterPress,
      );
    default:
      return '';
  }
}

/** The first habituation counter of a run not resumed: the page reminds what to do. */
export function pvtShowsReminder(snapshot: PvtHostSnapshot): boolean {
  const position = snapshot.progress?.position;
  return (
    snapshot.phase === 'running' &&
    position?.phase === 'habituation' &&
    position.trialNumber === 0 &&
    snapshot.prompt?.resumed !== true
  );
}
