import {
  createSartEngine,
  getSartBlockTrialCount,
  getSartFontSizePx,
  getSartMaskSizePx,
  type PlannedSartTrial,
  planSart,
  type SartConfig,
  SartConfigSchema,
  type SartDisplay,
  type SartDrawnDigit,
  type SartFeedbackKind,
  type SartPosition,
  type SartPracticeResult,
  type SartState,
  type SartTrial,
  type SartViewport,
  sartNextDueMs,
  stepSart,
} from '@cogni/domain/tasks/sart';
import {
  SoaRuntime,
  type SoaRuntimeOptions,
  type SoaSnapshot,
} from '../../../lib/task-runtime/soa-runtime';

export { GET_READY_MS } from '../../../lib/task-runtime/soa-runtime';

/** What the React chrome shows of a SART run. */
export type SartSnapshot = SoaSnapshot<SartPosition, SartPracticeResult>;

/**
 * What a SART runtime is made with: the run, the stage to draw into and where trials go. With
 * no saved trials the run starts from its beginning; without a modality it is the keyboard's.
 */
export type SartRuntimeOptions = Omit<SoaRuntimeOptions, 'saved' | 'inputModality'> &
  Partial<Pick<SoaRuntimeOptions, 'saved' | 'inputModality'>>;

/** Space (by physical key, or by character on other layouts): the one response key. */
export function readSartKey(event: Pick<KeyboardEvent, 'code' | 'key'>): string | null {
  return event.code === 'Space' || event.key === ' ' ? 'space' : null;
}

/** The page's viewport now, in CSS px, and its pixel ratio. */
export function readViewport(): SartViewport {
  return {
    widthPx: window.innerWidth,
    heightPx: window.innerHeight,
    devicePixelRatio: window.devicePixelRatio || 1,
  };
}

const keyOf = (trial: SartPosition) => `${trial.phase}:${trial.block}:${trial.trialNumber}`;

/** The digit element, its font size set in px from the viewport; its position for tests. */
export function createDigitElement(trial: PlannedSartTrial, fontSizePx: number): HTMLElement {
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
export function createMaskElement(trial: SartPosition, sizePx: number): HTMLElement {
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
 * ('press' for Space, 'tap' for the on-screen button); nothing (a blank) else.
 */
export function createSartFeedback(
  kind: SartFeedbackKind,
  nogoDigit: number,
  verb: 'press' | 'tap' = 'press',
): HTMLElement | null {
  if (kind === 'none') return null;
  const element = document.createElement('p');
  element.className = 'task-feedback task-feedback--incorrect sart-feedback';
  element.setAttribute('role', 'status');
  element.textContent =
    kind === 'commission'
      ? `Don’t ${verb} for ${nogoDigit}`
      : `${verb === 'press' ? 'Press' : 'Tap'} for every digit except ${nogoDigit}`;
  return element;
}

/**
 * Whether the engine gives a press at `atMs` to the trial at `key`, as far as `state` knows:
 * the trial on screen once its digit was presented at or before the press; before the next
 * digit's presentation is known, the trial before it, whose window is still open (if the press
 * came after that presentation, the engine moves it to the new digit at its ONSET).
 */
function pressBelongsTo(state: SartState, key: string, atMs: number): boolean {
  if (state.kind !== 'trial') return false;
  const { trial, previous } = state;
  if (trial.onset) return keyOf(trial.planned) === key && atMs >= trial.onset.atMs;
  return previous !== null && keyOf(previous.trial.planned) === key && atMs >= previous.onset.atMs;
}

/** A digit's record of how it was drawn: `isMeasured` once read from the page. */
type DrawnDigit = SartDrawnDigit & { isMeasured: boolean };

/**
 * What the page drew: each digit's font size as rendered and the pixel ratio, for its record,
 * and the green mask of PsyToolkit's variant (maskFeedback): the mask of a go digit turns green
 * once the engine holds a press for that digit, whether it came during the digit or the mask.
 */
class SartDrawing implements SartDisplay {
  private readonly digits = new Map<string, DrawnDigit>();
  /** The digit drawn last, read while it is on the page. */
  private digitShown: { key: string; element: HTMLElement } | null = null;
  /** The mask drawn last, with maskFeedback on, after a go digit. */
  private maskShown: { key: string; element: HTMLElement } | null = null;

  constructor(private readonly config: SartConfig) {}

  drawnAs(trial: PlannedSartTrial): SartDrawnDigit {
    const key = keyOf(trial);
    this.measure(key);
    const drawn = this.digits.get(key);
    if (drawn) return { fontSizePx: drawn.fontSizePx, devicePixelRatio: drawn.devicePixelRatio };
    const viewport = readViewport();
    return {
      fontSizePx: getSartFontSizePx(this.config, trial.fontSizeIndex, viewport),
      devicePixelRatio: viewport.devicePixelRatio,
    };
  }

  digit(trial: PlannedSartTrial): HTMLElement {
    const viewport = readViewport();
    const fontSizePx = getSartFontSizePx(this.config, trial.fontSizeIndex, viewport);
    const element = createDigitElement(trial, fontSizePx);
    const key = keyOf(trial);
    this.digits.set(key, {
      fontSizePx,
      devicePixelRatio: viewport.devicePixelRatio,
      isMeasured: false,
    });
    this.digitShown = { key, element };
    return element;
  }

  /**
   * Replaces the requested font size of the digit at `key` with the one the browser computed
   * for it, while the digit is still on the page (its style is settled then: nothing is laid
   * out again). A digit never read keeps the size requested from the viewport.
   */
  private measure(key: string): void {
    const drawn = this.digits.get(key);
    const shown = this.digitShown;
    if (!drawn || drawn.isMeasured || shown?.key !== key || !shown.element.isConnected) return;
    const fontSizePx = Number.parseFloat(getComputedStyle(shown.element).fontSize);
    if (!(fontSizePx > 0)) return;
    this.digits.set(key, { ...drawn, fontSizePx, isMeasured: true });
  }

  /** The mask after `trial`'s digit, drawn just before it replaces the digit. */
  mask(trial: PlannedSartTrial, state: SartState): HTMLElement {
    const key = keyOf(trial);
    this.measure(key);
    const element = createMaskElement(trial, getSartMaskSizePx(this.config, readViewport()));
    if (this.config.maskFeedback && !trial.isNogo) {
      this.maskShown = { key, element };
      if (
        state.kind === 'trial' &&
        state.trial.presses.some((p) => pressBelongsTo(state, key, p.atMs))
      ) {
        element.classList.add('sart-mask--pressed');
      }
    }
    return element;
  }

  /** A press at `atMs`, `state` the engine's as it arrives: the mask turns green if it is its digit's. */
  pressed(atMs: number, state: SartState): void {
    const shown = this.maskShown;
    if (shown && pressBelongsTo(state, shown.key, atMs)) {
      shown.element.classList.add('sart-mask--pressed');
    }
  }
}

/**
 * Runs the SART in the page on the shared fixed-SOA runtime (lib/task-runtime/soa-runtime.ts):
 * each digit on the absolute time line, in its font size from the viewport at the time it is
 * drawn, replaced after digitMs by the mask, whose Element Timing presentation is the digit's
 * offset; Space and the on-screen Tap button respond. Made outside React too (the timing
 * benchmark's page): `new SartRuntime({ run, stage, sink })`, then start() and begin().
 */
export class SartRuntime extends SoaRuntime<
  SartPosition,
  PlannedSartTrial,
  unknown,
  SartTrial,
  SartFeedbackKind,
  SartPracticeResult
> {
  readonly config: SartConfig;

  constructor(options: SartRuntimeOptions) {
    const config = SartConfigSchema.parse(options.run.config);
    const plan = planSart(options.run.seed, config);
    const drawing = new SartDrawing(config);
    const full: SoaRuntimeOptions = {
      ...options,
      saved: options.saved ?? [],
      inputModality: options.inputModality ?? 'keyboard',
    };
    // Keyboard mode answers with Space, touch mode with the Tap button.
    const verb = full.inputModality === 'keyboard' ? 'press' : 'tap';
    super(full, {
      first: createSartEngine({
        config,
        saved: full.saved,
        timeOriginMs: performance.timeOrigin,
        inputModality: full.inputModality,
      }),
      step: (state, event) => stepSart(config, plan, state, event, drawing),
      nextDueMs: (state) => sartNextDueMs(config, state),
      blockTrialCount: (position) => getSartBlockTrialCount(config, position.phase),
      keyToResponse: readSartKey,
      pressOf: ({ atMs, modality }, state) => {
        drawing.pressed(atMs, state);
        return { type: 'PRESS', atMs, modality };
      },
      createStimulus: (trial) => drawing.digit(trial),
      stimulusName: 'digit',
      createFeedback: (kind) => createSartFeedback(kind, config.nogoDigit, verb),
      createOffset: (trial, state) => drawing.mask(trial, state),
      offsetName: 'mask',
    });
    this.config = config;
  }
}
