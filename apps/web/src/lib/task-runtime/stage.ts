import { type Onset, OnsetTracker } from './onset';

/** One thing drawn on the stage: its Element Timing identifier, and when it was presented. */
export type Presentation = {
  /** The element's `elementtiming` attribute: unique within the page. */
  identifier: string;
  /** performance.now() right after the element was inserted. */
  insertedMs: number;
  /** Its presentation time (Element Timing, or the next animation frame's timestamp, marked). */
  onset: Promise<Onset>;
};

/**
 * Element Timing reports images and text only. An element with neither (a shape drawn in CSS, a
 * blank screen) gets this no-break space: it paints no ink, but it is a text paint, so its
 * presentation is reported with the rest of the element's.
 */
const PAINT_MARKER = '\u00a0';

function hasOwnPaint(element: HTMLElement): boolean {
  return (
    (element.textContent ?? '').trim() !== '' ||
    element instanceof HTMLImageElement ||
    element.querySelector('img, image, video') !== null
  );
}

/** Identifiers are numbered per page, so two stages (or a stage made again) never share one. */
let presentations = 0;

/**
 * A task's stage, drawn outside React (rule 7 in docs/timing-rules.md): each `show` replaces what
 * the stage shows with a new element carrying a new `elementtiming` identifier, and returns when
 * that element was presented. Call it inside an animation frame (or a FrameScheduler's draw), so
 * the DOM change lands in the frame that was chosen for it.
 */
export class TaskStage {
  private readonly onsets: OnsetTracker;
  private readonly ownsOnsets: boolean;

  /** `onsets`: a tracker to share; by default the stage makes its own and disposes of it. */
  constructor(
    private readonly root: HTMLElement,
    onsets?: OnsetTracker,
  ) {
    this.onsets = onsets ?? new OnsetTracker();
    this.ownsOnsets = onsets === undefined;
  }

  /**
   * Replaces the stage's content with `element`, named `<name>-<n>` for Element Timing, and
   * starts measuring its presentation. An element that paints neither text nor an image gets an
   * invisible text paint, so that it is measured too.
   */
  show(element: HTMLElement, name: string): Presentation {
    presentations += 1;
    const identifier = `${name}-${presentations}`;
    if (!hasOwnPaint(element)) element.append(PAINT_MARKER);
    element.setAttribute('elementtiming', identifier);
    this.root.replaceChildren(element);
    const insertedMs = performance.now();
    return { identifier, insertedMs, onset: this.onsets.track(identifier) };
  }

  /**
   * Empties the stage with a blank element, whose presentation is that of the first frame
   * without what was shown before (a stimulus's offset).
   */
  blank(name = 'blank'): Presentation {
    const element = document.createElement('span');
    element.className = 'task-stage__blank';
    return this.show(element, name);
  }

  /** Empties the stage without measuring anything (between blocks, at the end). */
  clear(): void {
    this.root.replaceChildren();
  }

  dispose(): void {
    if (this.ownsOnsets) this.onsets.dispose();
    this.root.replaceChildren();
  }
}
