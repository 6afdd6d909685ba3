import type { InputModality } from '@cogni/domain';
import {
  type Config,
  engine,
  type Input,
  type Peg,
  type Position,
  type Prompt,
  positionKey,
  problemCounts,
  type Scene,
  type Trial,
  towerOfHanoiTask,
} from '@cogni/domain/tasks/tower-of-hanoi';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '../../../lib/i18n/i18n';
import {
  createTaskHost,
  LocalKey,
  type TaskHostRunOptions,
  type TaskHostSnapshot,
  type TaskStageParts,
} from '../../../lib/task-runtime/task-host';
import { announceEvent, describePosition } from '../labels';
import { TowerBoardView } from './board';
import { type FocusMove, movedFocus, readTowerOfHanoiKey } from './keys';
import { closeOpenProblem, readOpenProblem, writeOpenProblem } from './open-problem';

/** A prompt's button takes no press for this long after it appears, ms. */
export const PROMPT_SETTLE_MS = 400;

/** The cue a board event shows over the pegs, if any. */
const CUES: Partial<Record<string, [MessageDescriptor, 'refused' | 'note']>> = {
  illegal: [msg`Not allowed`, 'refused'],
  emptySource: [msg`That peg is empty`, 'note'],
  reset: [msg`Back to the start`, 'note'],
};

/**
 * What the Tower of Hanoi draws on the task host's stage: the problem's board, presented at
 * once (Element Timing gives the onset) and then changed in place by every board event, with
 * its cue. The pegs take taps, clicks and drags themselves; the keys are 1-3 (a peg, at once),
 * Left and Right, Home and End (move the focus over the pegs), Enter or Space on a peg, and Esc.
 * The problem on screen is kept open in this browser until its trial is in the outbox. The cues
 * are in the page's language when the stage is made (a move looks none up).
 */
export function towerOfHanoiStageParts(
  _config: Config,
  inputModality: InputModality,
): TaskStageParts<Input, Scene> {
  const cues: Partial<Record<string, [string, 'refused' | 'note']>> = {};
  for (const [type, cue] of Object.entries(CUES)) {
    if (cue) cues[type] = [i18n._(cue[0]), cue[1]];
  }
  const boards = new WeakMap<HTMLElement, TowerBoardView>();
  let board: TowerBoardView | null = null;
  const peg = (chosen: Peg): Input => ({ kind: 'peg', peg: chosen });
  return {
    keyToInput(event) {
      const response = readTowerOfHanoiKey(event);
      if (response === null) return null;
      if (response === 'cancel') return { kind: 'cancel' };
      if (response.startsWith('peg-')) {
        const chosen = Number(response.slice(-1)) as Peg;
        return new LocalKey(() => board?.focusPeg(chosen), peg(chosen));
      }
      // Enter and Space are the task's only while a peg has the focus: then they choose it at
      // the key press, and the peg's button does not activate; elsewhere they do what they do.
      const focused = board?.pegWithFocus() ?? null;
      if (response === 'choose') return focused === null ? null : peg(focused);
      const current = board;
      if (!current) return null;
      return new LocalKey(() =>
        current.focusPeg(movedFocus(current.focusedPeg, response as FocusMove)),
      );
    },
    draw(scene, respond) {
      const view = new TowerBoardView(scene.problem, scene.position, {
        onPeg: (chosen, atMs, modality) => respond(peg(chosen), atMs, modality),
        onCancel: (atMs, modality) => respond({ kind: 'cancel' }, atMs, modality),
      });
      if (scene.event) view.show(scene.board);
      boards.set(view.element, view);
      board = view;
      return {
        element: view.element,
        name: 'toh-problem',
        onInserted: () => {
          if (inputModality === 'keyboard') view.focusPeg(1);
        },
        dispose: () => {
          view.dispose();
          if (board === view) board = null;
        },
      };
    },
    redraw(element, scene) {
      const view = boards.get(element);
      if (!view) return false;
      view.show(scene.board);
      const cue = scene.event && cues[scene.event.type];
      if (cue) view.showCue(...cue);
      return true;
    },
    openTrial: { read: readOpenProblem, write: writeOpenProblem, close: closeOpenProblem },
    promptSettleMs: PROMPT_SETTLE_MS,
  };
}

/** The task host running a Tower of Hanoi run. */
export const createTowerOfHanoiHost = (options: TaskHostRunOptions) =>
  createTaskHost(towerOfHanoiTask, engine, towerOfHanoiStageParts, options);

/** A Tower of Hanoi run's host, as the running view holds it. */
export type TowerOfHanoiHost = ReturnType<typeof createTowerOfHanoiHost>;

/** What the running view shows, read off the host's snapshot. */
export type TowerOfHanoiView = {
  /**
   * 'intro': a phase's intro waits for the participant; 'problem': a problem is on; 'result':
   * how a problem ended waits for the participant; 'finished': every problem is recorded.
   */
  kind: 'intro' | 'problem' | 'result' | 'finished';
  /** The problem on screen, the one a result is about, or the next one an intro leads to. */
  position: Position | null;
  /** The intro is of a run resumed after a reload, after problems it recorded. */
  resumed: boolean;
  /** The intro is before a problem begun before a reload, given again from its start. */
  restarting: boolean;
  /** The problem on screen: its moves and attempt so far. */
  moves: number;
  attempt: number;
  /** The last problem recorded and what follows it, while its result is shown. */
  result: { trial: Trial; next: Position | null } | null;
  /** What a screen reader hears: the problem when it comes, then each thing that happens. */
  announcement: { text: string; key: string };
  saveError: string | null;
};

/** What a screen reader is told of the problem on the stage. */
function announcementOf(scene: Scene | null, config: Config): TowerOfHanoiView['announcement'] {
  if (!scene) return { text: '', key: '' };
  const key = `${positionKey(scene.position)}:${scene.eventCount}`;
  const { problem, board, event, position } = scene;
  if (event) {
    const attempt = { current: board.attempt, max: config.maxAttempts };
    return { text: announceEvent(event, problem.discs, board.moves, attempt), key };
  }
  const goal = describePosition(problem.goal);
  const start = describePosition(problem.start);
  const number = position.trialNumber + 1;
  const { test } = problemCounts(config);
  const text =
    position.phase === 'practice'
      ? i18n._(msg`Practice problem. Goal: ${goal}. Your pegs: ${start}.`)
      : i18n._(msg`Problem ${number} of ${test}. Goal: ${goal}. Your pegs: ${start}.`);
  return { text, key };
}

/** The running view's reading of a Tower of Hanoi host's snapshot. */
export function towerOfHanoiView(
  snapshot: TaskHostSnapshot<Prompt, Scene>,
  config: Config,
): TowerOfHanoiView {
  const { prompt, scene } = snapshot;
  const intro = prompt?.kind === 'intro' ? prompt : null;
  const view: TowerOfHanoiView = {
    kind: 'problem',
    position: (snapshot.progress?.position as Position | undefined) ?? null,
    resumed: intro?.resumed ?? false,
    restarting: intro?.restarting ?? false,
    moves: scene?.board.moves ?? 0,
    attempt: scene?.board.attempt ?? 1,
    result: null,
    announcement: announcementOf(scene, config),
    saveError: snapshot.saveError,
  };
  if (snapshot.phase === 'finished') return { ...view, kind: 'finished', position: null };
  if (snapshot.phase !== 'prompt') return view;
  if (prompt?.kind === 'result') {
    const { phase, block = 0, trialNumber } = prompt.trial;
    const last = { phase, block, trialNumber } as Position;
    return { ...view, kind: 'result', position: last, result: prompt };
  }
  return { ...view, kind: 'intro', position: intro?.next ?? view.position };
}
