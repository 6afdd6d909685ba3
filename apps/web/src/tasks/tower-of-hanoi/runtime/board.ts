import type { InputModality } from '@cogni/domain';
import {
  type Board,
  PEGS,
  type Peg,
  type Position,
  type Problem,
  positionKey,
  stackOf,
} from '@cogni/domain/tasks/tower-of-hanoi';
import { msg } from '@lingui/core/macro';
import { i18n } from '../../../lib/i18n/i18n';
import { modalityOfPointer } from '../../../lib/task-runtime/response-input';
import { discWidthPercent } from '../discs';
import { describePosition, pegLabel } from '../labels';

/** What the board reports: a peg chosen (lift or drop), or a drag let go off the pegs. */
export type BoardInput = {
  onPeg: (peg: Peg, atMs: number, modality: InputModality) => void;
  onCancel: (atMs: number, modality: InputModality) => void;
};

/** A disc's move on the board animates this long, ms; it never holds up an input. */
export const DISC_ANIMATION_MS = 120;

/** A pointer that moves this far between down and up is a drag, CSS px. */
const DRAG_THRESHOLD_PX = 8;

/** The keys that activate a focused button: Enter (either) and Space. */
export const isActivationKey = (event: Pick<KeyboardEvent, 'code' | 'key'>) =>
  event.key === 'Enter' || event.key === ' ' || event.code === 'Space';

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  created.className = className;
  return created;
}

function makeDisc(disc: number, discs: number): HTMLElement {
  const made = element('span', `toh-disc toh-disc--${disc}`);
  made.style.setProperty('--toh-disc-width', `${discWidthPercent(disc, discs)}%`);
  made.dataset.disc = String(disc);
  return made;
}

const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The goal, drawn small: three pegs with the goal's discs, one image for screen readers (named
 * in the page's language).
 */
function makeGoal(problem: Problem): HTMLElement {
  const goal = element('div', 'toh-goal');
  goal.setAttribute('role', 'img');
  const position = describePosition(problem.goal);
  goal.setAttribute('aria-label', i18n._(msg`Goal: ${position}.`));
  goal.dataset.goal = problem.goal;
  const label = element('span', 'toh-goal__label');
  label.textContent = i18n._(
    msg({ comment: 'the picture of the position to reach', message: 'Goal' }),
  );
  const pegs = element('div', 'toh-goal__pegs');
  for (const peg of PEGS) {
    const column = element('span', 'toh-goal__peg');
    const stack = element('span', 'toh-stack');
    for (const disc of stackOf(problem.goal, peg)) stack.append(makeDisc(disc, problem.discs));
    column.append(element('span', 'toh-pole'), stack);
    pegs.append(column);
  }
  goal.append(label, pegs, element('span', 'toh-base'));
  return goal;
}

type Drag = {
  pointerId: number;
  startX: number;
  startY: number;
  origin: Peg;
  /** The pointerdown lifted the disc, so letting go elsewhere puts it down. */
  lifted: boolean;
  moved: boolean;
};

/**
 * A problem's board, drawn outside React: the goal above, and the three pegs as full-height
 * thirds of the workspace, each a button in a toolbar (one tab stop, a roving tabindex: the
 * runtime's arrow keys move it a peg at a time). A peg is chosen by a tap or click (on
 * pointerdown, with the event's own timestamp), by the end of a drag over it (pointerup, the
 * pointer captured by the workspace), or by an assistive technology's activation of its button
 * (a click without a pointer or a key). Its keys (1-3, Enter and Space on the focused peg) are
 * the runtime's, read at the key press; the board cancels the buttons' own activation by Enter
 * and Space, which would come as a click at the key's release or repeat. The board only reports
 * inputs; what they mean is the engine's, and it shows the board the engine gives it. Discs
 * keep their elements from peg to peg, so a move animates from where the disc was.
 */
export class TowerBoardView {
  /** The element the stage presents: its own text paint times its presentation. */
  readonly element: HTMLElement;
  private readonly workspace: HTMLElement;
  private readonly pegs = new Map<Peg, HTMLButtonElement>();
  private readonly stacks = new Map<Peg, HTMLElement>();
  private readonly lifts = new Map<Peg, HTMLElement>();
  private readonly discs = new Map<number, HTMLElement>();
  private readonly cue: HTMLElement;
  private board: Board;
  /** The peg keyboard focus is on (the lifted disc hovers over it). */
  private focused: Peg = 1;
  private drag: Drag | null = null;
  private cueTimer: ReturnType<typeof setTimeout> | undefined;
  /** Enter or Space is down on a peg: a click now is the key's, not an assistive technology's. */
  private activationKeys = new Set<string>();

  constructor(
    problem: Problem,
    position: Position,
    private readonly input: BoardInput,
  ) {
    this.board = { position: problem.start, lifted: null, moves: 0, attempt: 1 };
    const root = element('div', 'toh-board');
    root.dataset.position = positionKey(position);
    root.dataset.problem = problem.id;
    root.style.setProperty('--toh-slots', String(Math.max(problem.discs, 4)));
    this.workspace = element('div', 'toh-workspace');
    this.workspace.setAttribute('role', 'toolbar');
    this.workspace.setAttribute('aria-label', i18n._(msg`Your pegs`));
    for (const peg of PEGS) {
      const button = element('button', 'toh-peg');
      button.type = 'button';
      button.dataset.peg = String(peg);
      const lift = element('span', 'toh-lift');
      const stack = element('span', 'toh-stack');
      button.append(lift, element('span', 'toh-pole'), stack);
      button.addEventListener('click', (event) => this.onClick(event, peg));
      button.addEventListener('focus', () => this.onFocus(peg));
      button.addEventListener('contextmenu', (event) => event.preventDefault());
      this.pegs.set(peg, button);
      this.stacks.set(peg, stack);
      this.lifts.set(peg, lift);
      this.workspace.append(button);
    }
    for (let disc = problem.discs; disc >= 1; disc--) {
      this.discs.set(disc, makeDisc(disc, problem.discs));
    }
    // The key of each peg, under it: outside the buttons, whose names say what they hold.
    for (const peg of PEGS) {
      const key = element('span', 'toh-peg__key');
      key.textContent = String(peg);
      key.setAttribute('aria-hidden', 'true');
      key.style.setProperty('--toh-peg-index', String(peg - 1));
      this.workspace.append(key);
    }
    this.cue = element('p', 'toh-cue');
    this.cue.setAttribute('aria-hidden', 'true');
    this.workspace.append(element('span', 'toh-base'), this.cue);
    this.workspace.addEventListener('pointerdown', this.onPointerDown);
    this.workspace.addEventListener('pointermove', this.onPointerMove);
    this.workspace.addEventListener('pointerup', this.onPointerUp);
    this.workspace.addEventListener('pointercancel', this.onPointerCancel);
    this.workspace.addEventListener('keydown', this.onActivationKey);
    this.workspace.addEventListener('keyup', this.onActivationKey);
    this.workspace.addEventListener('focusout', this.onFocusOut);
    // Element Timing times an element by the text it holds itself: a no-break space, no ink.
    root.append('\u00a0', makeGoal(problem), this.workspace);
    this.element = root;
    this.draw(false);
  }

  /** Shows the board the engine gives, animating the discs that changed place. */
  show(board: Board): void {
    if (board.lifted && !this.board.lifted) this.focused = board.lifted.from;
    this.board = board;
    this.draw(true);
  }

  /** Puts keyboard focus on `peg` (the arrow keys, a number key). */
  focusPeg(peg: Peg): void {
    this.pegs.get(peg)?.focus({ preventScroll: true });
  }

  /** The peg the roving tab stop is on (where the arrow keys move from). */
  get focusedPeg(): Peg {
    return this.focused;
  }

  /** The peg whose button has the keyboard focus; null when the focus is elsewhere. */
  pegWithFocus(): Peg | null {
    for (const [peg, button] of this.pegs) if (button === document.activeElement) return peg;
    return null;
  }

  /** Briefly shows `text` over the pegs; a refused drop also shakes the lifted disc. */
  showCue(text: string, kind: 'refused' | 'note'): void {
    clearTimeout(this.cueTimer);
    this.cue.textContent = text;
    this.cue.dataset.kind = kind;
    this.cue.dataset.visible = 'true';
    this.cueTimer = setTimeout(() => {
      this.cue.dataset.visible = 'false';
    }, 1400);
    const lifted = this.board.lifted && this.discs.get(this.board.lifted.disc);
    if (kind === 'refused' && lifted && !prefersReducedMotion()) {
      lifted.animate(
        [
          { transform: 'translateX(0)' },
          { transform: 'translateX(-8px)' },
          { transform: 'translateX(8px)' },
          { transform: 'translateX(-5px)' },
          { transform: 'translateX(0)' },
        ],
        { duration: DISC_ANIMATION_MS + 30, easing: 'ease-out' },
      );
    }
  }

  dispose(): void {
    clearTimeout(this.cueTimer);
    this.drag = null;
  }

  /** Places every disc (the lifted one over the focused or dragged-over peg) and names the pegs. */
  private draw(animate: boolean): void {
    const { position, lifted } = this.board;
    const before = new Map<HTMLElement, DOMRect>();
    if (animate && !prefersReducedMotion()) {
      for (const disc of this.discs.values()) before.set(disc, disc.getBoundingClientRect());
    }
    for (const peg of PEGS) {
      const stack = this.stacks.get(peg) as HTMLElement;
      const wanted = stackOf(position, peg)
        .filter((disc) => disc !== lifted?.disc)
        .map((disc) => this.discs.get(disc) as HTMLElement);
      if (
        wanted.some((disc, i) => stack.children[i] !== disc) ||
        stack.children.length !== wanted.length
      ) {
        stack.replaceChildren(...wanted);
      }
      const button = this.pegs.get(peg) as HTMLButtonElement;
      button.setAttribute('aria-label', pegLabel(position, peg, lifted));
      button.tabIndex = peg === this.focused ? 0 : -1;
      button.classList.toggle('is-origin', lifted?.from === peg);
    }
    const hover = lifted ? this.hoverPeg() : null;
    for (const peg of PEGS) {
      const lift = this.lifts.get(peg) as HTMLElement;
      const disc = lifted && peg === hover ? (this.discs.get(lifted.disc) as HTMLElement) : null;
      if (disc) {
        if (lift.firstChild !== disc) lift.replaceChildren(disc);
      } else if (lift.firstChild) {
        lift.replaceChildren();
      }
    }
    this.element.classList.toggle('has-lifted', lifted !== null);
    for (const [disc, rect] of before) this.slide(disc, rect);
  }

  /** Where the lifted disc is shown: over the peg being dragged over, or the focused one. */
  private hoverPeg(): Peg {
    return this.drag?.moved ? this.drag.origin : this.focused;
  }

  /** Animates a disc from where it was (`from`) to where it is now, if it moved. */
  private slide(disc: HTMLElement, from: DOMRect): void {
    const to = disc.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top - to.top;
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) return;
    disc.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], {
      duration: DISC_ANIMATION_MS,
      easing: 'ease-out',
    });
  }

  /** The peg under a point: the third of the workspace it falls in; null outside it. */
  private pegAt(x: number, y: number): Peg | null {
    const box = this.workspace.getBoundingClientRect();
    if (x < box.left || x >= box.right || y < box.top || y >= box.bottom) return null;
    return (Math.min(2, Math.floor(((x - box.left) / box.width) * 3)) + 1) as Peg;
  }

  private onFocus(peg: Peg): void {
    if (this.focused === peg) return;
    this.focused = peg;
    this.draw(true);
  }

  /**
   * A click without a pointer (detail 0) and without Enter or Space down: an assistive
   * technology's activation of the button (a screen reader's), taken at the click's timestamp.
   * A pointer's click is ignored (its pointerdown already chose the peg), and so is a click
   * made by Enter or Space (their key press already chose it).
   */
  private onClick(event: MouseEvent, peg: Peg): void {
    if (event.detail !== 0 || this.activationKeys.size > 0) return;
    this.input.onPeg(peg, event.timeStamp, 'keyboard');
  }

  /**
   * Enter or Space on a peg: cancels the button's own activation (a click on keydown for Enter,
   * on keyup for Space, again at every repeat), and notes the key as down until the keyup's
   * task is over, so that a click it still makes is not taken for a screen reader's.
   */
  private readonly onActivationKey = (event: KeyboardEvent): void => {
    if (!isActivationKey(event)) return;
    event.preventDefault();
    const key = event.code || event.key;
    if (event.type === 'keydown') {
      this.activationKeys.add(key);
    } else {
      setTimeout(() => this.activationKeys.delete(key), 0);
    }
  };

  /** The focus left the pegs: a key released elsewhere sends them no keyup. */
  private readonly onFocusOut = (event: FocusEvent): void => {
    if (!this.workspace.contains(event.relatedTarget as Node | null)) this.activationKeys.clear();
  };

  private readonly onPointerDown = (event: PointerEvent): void => {
    const atMs = event.timeStamp;
    if (!event.isPrimary || event.button > 0) return;
    const peg = this.pegAt(event.clientX, event.clientY);
    if (peg === null) return;
    // No focus move, text selection or emulated mouse events; the workspace keeps the pointer.
    event.preventDefault();
    this.workspace.setPointerCapture?.(event.pointerId);
    this.drag = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      origin: peg,
      lifted: this.board.lifted === null,
      moved: false,
    };
    this.input.onPeg(peg, atMs, modalityOfPointer(event.pointerType));
    // Only a pointer that lifted the disc can drag it; a tap that put one down ends here.
    if (!this.drag.lifted || this.board.lifted === null) this.drag = null;
  };

  private readonly onPointerMove = (event: PointerEvent): void => {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId || !this.board.lifted) return;
    const dx = event.clientX - drag.startX;
    const dy = event.clientY - drag.startY;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    drag.moved = true;
    const disc = this.discs.get(this.board.lifted.disc);
    if (disc) disc.style.translate = `${dx}px ${dy}px`;
    for (const peg of PEGS) {
      this.pegs
        .get(peg)
        ?.classList.toggle('is-target', this.pegAt(event.clientX, event.clientY) === peg);
    }
  };

  private readonly onPointerUp = (event: PointerEvent): void => {
    const atMs = event.timeStamp;
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    this.endDrag();
    if (!drag.lifted || !drag.moved || !this.board.lifted) return;
    const peg = this.pegAt(event.clientX, event.clientY);
    const modality = modalityOfPointer(event.pointerType);
    // Let go over another peg: put the disc there; over its own peg or off the pegs: put back.
    if (peg === null || peg === drag.origin) this.input.onCancel(atMs, modality);
    else this.input.onPeg(peg, atMs, modality);
  };

  private readonly onPointerCancel = (event: PointerEvent): void => {
    if (this.drag?.pointerId === event.pointerId) this.endDrag();
  };

  /** Ends a drag: the disc leaves the pointer and slides to where the board puts it. */
  private endDrag(): void {
    const lifted = this.board.lifted && this.discs.get(this.board.lifted.disc);
    const from = lifted?.getBoundingClientRect();
    this.drag = null;
    for (const button of this.pegs.values()) button.classList.remove('is-target');
    if (lifted) {
      lifted.style.translate = '';
      this.draw(false);
      if (from && !prefersReducedMotion()) this.slide(lifted, from);
    }
  }
}
