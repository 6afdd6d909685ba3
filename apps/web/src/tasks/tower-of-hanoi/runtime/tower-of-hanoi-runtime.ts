import { type InputModality, positionOf } from '@cogni/domain';
import {
  createTowerOfHanoiEngine,
  type Peg,
  planTowerOfHanoi,
  stepTowerOfHanoi,
  type TowerOfHanoiConfig,
  TowerOfHanoiConfigSchema,
  type TowerOfHanoiEffect,
  type TowerOfHanoiEngineEvent,
  type TowerOfHanoiInput,
  type TowerOfHanoiPlan,
  type TowerOfHanoiPosition,
  type TowerOfHanoiProblem,
  type TowerOfHanoiState,
  type TowerOfHanoiTrial,
  towerOfHanoiNextDueMs,
  towerOfHanoiPositionKey,
  towerOfHanoiProblemCounts,
} from '@cogni/domain/tasks/tower-of-hanoi';
import { AttentionRecorder, isPageAttended } from '../../../lib/task-runtime/attention';
import {
  DueTimer,
  EngineLoop,
  type TaskRuntimeOptions,
} from '../../../lib/task-runtime/engine-loop';
import { FrameScheduler } from '../../../lib/task-runtime/frame-scheduler';
import { ResponseInput } from '../../../lib/task-runtime/response-input';
import { SnapshotStore } from '../../../lib/task-runtime/snapshot-store';
import { TaskStage } from '../../../lib/task-runtime/stage';
import { StageRuntime } from '../../../lib/task-runtime/stage-runtime';
import { announceEvent, describePosition } from '../labels';
import { TowerBoardView } from './board';
import { type FocusMove, type KeyResponse, movedFocus, readTowerOfHanoiKey } from './keys';
import { closeOpenProblem, readOpenProblem, writeOpenProblem } from './open-problem';

/** What the React chrome shows; the board itself is drawn by the runtime, not by React. */
export type TowerOfHanoiSnapshot = {
  /**
   * 'intro': a phase's intro waits for the participant; 'problem': a problem is on; 'result':
   * how a problem ended waits for the participant; 'finished': every problem is recorded.
   */
  kind: 'intro' | 'problem' | 'result' | 'finished';
  /** The problem on screen, the one a result is about, or the next one an intro leads to. */
  position: TowerOfHanoiPosition | null;
  /** The intro is of a run resumed after a reload, after problems it recorded. */
  resumed: boolean;
  /** The intro is before a problem begun before a reload, given again from its start. */
  restarting: boolean;
  /** The problem on screen: its moves and attempt so far. */
  moves: number;
  attempt: number;
  /** The last problem recorded and what follows it, while its result is shown. */
  result: { trial: TowerOfHanoiTrial; next: TowerOfHanoiPosition | null } | null;
  /** What a screen reader hears next; `seq` changes with every message, repeated ones too. */
  announcement: { text: string; seq: number };
  /** Set when a trial could not be written to the durable outbox. */
  saveError: string | null;
};

/** A prompt's button takes no press for this long after it appears, ms. */
export const PROMPT_SETTLE_MS = 400;

/**
 * Runs the Tower of Hanoi in the page. The engine (the domain's pure state machine) judges every
 * input; this class holds its state outside React, presents each problem through the stage
 * (Element Timing gives the onset), feeds the engine the inputs with their events' own
 * timestamps (the board's pointers and buttons, the keys), lost focus, and a TICK at an attempt's
 * time limit, and shows the board the engine returns. Animations follow the engine's state and
 * never hold an input back.
 */
export class TowerOfHanoiRuntime extends StageRuntime<TowerOfHanoiSnapshot> {
  /** The keys: 1-3, the arrows, Home and End, Enter and Space on a peg, and Esc. */
  readonly input: ResponseInput;
  private readonly loop: EngineLoop<TowerOfHanoiState, TowerOfHanoiEngineEvent, TowerOfHanoiEffect>;
  private readonly config: TowerOfHanoiConfig;
  private readonly plan: TowerOfHanoiPlan;
  protected readonly stage: TaskStage;
  private readonly scheduler: FrameScheduler;
  private readonly initialEffects: TowerOfHanoiEffect[];
  protected readonly store: SnapshotStore<TowerOfHanoiSnapshot>;
  protected readonly attention: AttentionRecorder;
  /** The TICK at an attempt's time limit (towerOfHanoiNextDueMs). */
  private readonly tick = new DueTimer();
  private board: TowerBoardView | null = null;
  private isDisposed = false;
  private resumed = false;
  private restarting = false;
  private result: TowerOfHanoiSnapshot['result'] = null;
  private announcement = { text: '', seq: 0 };
  private promptShownAt = 0;
  private saveError: string | null = null;

  constructor(private readonly options: TaskRuntimeOptions) {
    super();
    this.config = TowerOfHanoiConfigSchema.parse(options.run.config);
    this.plan = planTowerOfHanoi(options.run.seed, this.config);
    this.stage = new TaskStage(options.stage);
    this.scheduler = new FrameScheduler({ frameIntervalMs: options.frameIntervalMs });
    const first = createTowerOfHanoiEngine({
      config: this.config,
      saved: options.saved,
      timeOriginMs: performance.timeOrigin,
      inputModality: options.inputModality,
      restartedPosition: readOpenProblem(options.run.id),
    });
    this.loop = new EngineLoop(first.state, {
      step: (state, event) => stepTowerOfHanoi(this.config, this.plan, state, event),
      perform: (effect) => this.perform(effect),
      settle: () =>
        this.tick.aim(towerOfHanoiNextDueMs(this.config, this.state), (atMs) =>
          this.run({ type: 'TICK', atMs }),
        ),
      idle: () => this.publish(),
    });
    this.initialEffects = first.effects;
    this.store = new SnapshotStore(this.makeSnapshot(), isSameSnapshot);
    this.input = new ResponseInput({
      keyToResponse: (event) => this.readKey(event),
      onResponse: ({ response, atMs, modality }) =>
        this.onKey(response as KeyResponse, atMs, modality),
      isCapturing: () => this.state.kind === 'problem',
    });
    this.attention = new AttentionRecorder((atMs) => this.run({ type: 'INTERRUPTED', atMs }));
  }

  private get state(): TowerOfHanoiState {
    return this.loop.state;
  }

  /** The problems of each phase, for the progress line. */
  get problemCounts() {
    return towerOfHanoiProblemCounts(this.config);
  }

  /** Takes the engine's first step: the intro of the phase where the run starts, or the end. */
  start(): void {
    for (const effect of this.initialEffects.splice(0)) this.perform(effect);
    this.publish();
  }

  /**
   * The participant pressed an intro's or a result's button: what follows is shown. A press
   * sooner than PROMPT_SETTLE_MS after the prompt appeared is ignored (a second tap or key meant
   * for the board), unless `atOnce` (the run begins right after its start button).
   */
  proceed(atOnce = false): void {
    const { kind } = this.state;
    if (this.isDisposed || (kind !== 'waiting' && kind !== 'result')) return;
    if (!atOnce && performance.now() - this.promptShownAt < PROMPT_SETTLE_MS) return;
    this.result = null;
    this.run({ type: 'START', atMs: performance.now() });
  }

  dispose(): void {
    this.isDisposed = true;
    this.loop.stop();
    this.scheduler.cancelAll();
    this.tick.cancel();
    this.board?.dispose();
    this.disposeParts();
  }

  /** Steps the engine with `event` and whatever follows from it (EngineLoop). */
  private run(event: TowerOfHanoiEngineEvent): void {
    this.loop.push(event);
  }

  private choose(input: TowerOfHanoiInput, atMs: number, modality: InputModality): void {
    this.run({ type: 'INPUT', input, atMs, modality });
  }

  /**
   * A key's response (readTowerOfHanoiKey). Enter and Space are the task's only while a peg has
   * the focus: then they choose it at the key press (a repeat or a held key chooses nothing),
   * and the peg's button does not activate; elsewhere they do what they do there.
   */
  private readKey(event: Pick<KeyboardEvent, 'code' | 'key'>): KeyResponse | null {
    const response = readTowerOfHanoiKey(event);
    if (response === 'choose' && !this.board?.pegWithFocus()) return null;
    return response;
  }

  private onKey(response: KeyResponse, atMs: number, modality: InputModality): void {
    if (this.state.kind !== 'problem') return;
    if (response === 'cancel') {
      this.choose({ kind: 'cancel' }, atMs, modality);
      return;
    }
    if (response.startsWith('peg-')) {
      const peg = Number(response.slice(-1)) as Peg;
      this.board?.focusPeg(peg);
      this.choose({ kind: 'peg', peg }, atMs, modality);
      return;
    }
    const { board } = this;
    if (!board) return;
    if (response === 'choose') {
      const peg = board.pegWithFocus();
      if (peg !== null) this.choose({ kind: 'peg', peg }, atMs, modality);
      return;
    }
    board.focusPeg(movedFocus(board.focusedPeg, response as FocusMove));
  }

  private perform(effect: TowerOfHanoiEffect): void {
    switch (effect.type) {
      case 'SHOW_INTRO':
        this.resumed = effect.resumed;
        this.restarting = effect.restarting;
        this.promptShownAt = performance.now();
        this.clearStage();
        return;
      case 'SHOW_PROBLEM':
        this.present(effect.position, effect.problem);
        return;
      case 'BOARD_EVENT': {
        const { event, board } = effect;
        this.board?.show(board);
        const discs = this.currentProblem()?.discs ?? 0;
        this.announce(
          announceEvent(event, discs, board.moves, {
            current: board.attempt,
            max: this.config.maxAttempts,
          }),
        );
        if (event.type === 'illegal') this.board?.showCue('Not allowed', 'refused');
        if (event.type === 'emptySource') this.board?.showCue('That peg is empty', 'note');
        if (event.type === 'reset') this.board?.showCue('Back to the start', 'note');
        return;
      }
      case 'RECORD_TRIAL': {
        const { id } = this.options.run;
        const { trial } = effect;
        // The problem stays open until its trial is safely in the outbox: a reload before
        // then gives it again, flagged restarted.
        this.options.sink.enqueue(id, trial).then(
          () => closeOpenProblem(id, positionOf(trial)),
          (error: unknown) => {
            this.saveError = (error as Error).message || 'This problem could not be stored';
            this.publish();
          },
        );
        return;
      }
      case 'SHOW_RESULT':
        this.result = { trial: effect.trial, next: effect.next };
        this.promptShownAt = performance.now();
        this.clearStage();
        return;
      case 'FINISHED':
        this.clearStage();
        return;
    }
  }

  /**
   * Presents a problem in the next frame and reports its onset (Element Timing). From then on
   * the problem is open in this browser until its trial is stored (a reload gives it again).
   */
  private present(position: TowerOfHanoiPosition, problem: TowerOfHanoiProblem): void {
    this.scheduler.at(performance.now(), () => {
      const board = new TowerBoardView(problem, position, {
        onPeg: (peg, atMs, modality) => this.choose({ kind: 'peg', peg }, atMs, modality),
        onCancel: (atMs, modality) => this.choose({ kind: 'cancel' }, atMs, modality),
      });
      this.board?.dispose();
      this.board = board;
      writeOpenProblem(this.options.run.id, position);
      const presentation = this.stage.show(board.element, 'toh-problem');
      if (this.options.inputModality === 'keyboard') board.focusPeg(1);
      void presentation.onset.then(({ timeMs, method }) => {
        this.run({ type: 'ONSET', atMs: timeMs, method });
        if (!isPageAttended()) this.run({ type: 'INTERRUPTED', atMs: performance.now() });
      });
      const { test } = this.problemCounts;
      const name =
        position.phase === 'practice'
          ? 'Practice problem'
          : `Problem ${position.trialNumber + 1} of ${test}`;
      this.announce(
        `${name}. Goal: ${describePosition(problem.goal)}. Your pegs: ${describePosition(problem.start)}.`,
      );
      this.publish();
      return presentation.onset;
    });
  }

  private announce(text: string): void {
    this.announcement = { text, seq: this.announcement.seq + 1 };
  }

  private currentProblem(): TowerOfHanoiProblem | null {
    return this.state.kind === 'problem' ? this.state.current.problem : null;
  }

  private clearStage(): void {
    this.scheduler.cancelAll();
    this.board?.dispose();
    this.board = null;
    this.stage.clear();
  }

  private makeSnapshot(): TowerOfHanoiSnapshot {
    const { state } = this;
    const base = {
      resumed: this.resumed,
      restarting: this.restarting,
      result: this.result,
      announcement: this.announcement,
      saveError: this.saveError,
      moves: 0,
      attempt: 1,
    };
    if (state.kind === 'problem') {
      const { board, position } = state.current;
      return { ...base, kind: 'problem', position, moves: board.moves, attempt: board.attempt };
    }
    if (state.kind === 'finished') return { ...base, kind: 'finished', position: null };
    if (state.kind === 'result') return { ...base, kind: 'result', position: state.last };
    return { ...base, kind: 'intro', position: state.next };
  }

  private publish(): void {
    this.store.set(this.makeSnapshot());
  }
}

/** Snapshots that show the same: positions compare by key, the rest by identity. */
function isSameSnapshot(next: TowerOfHanoiSnapshot, previous: TowerOfHanoiSnapshot): boolean {
  return (
    next.kind === previous.kind &&
    next.resumed === previous.resumed &&
    next.restarting === previous.restarting &&
    next.moves === previous.moves &&
    next.attempt === previous.attempt &&
    next.result === previous.result &&
    next.announcement === previous.announcement &&
    next.saveError === previous.saveError &&
    (next.position === null
      ? previous.position === null
      : previous.position !== null &&
        towerOfHanoiPositionKey(next.position) === towerOfHanoiPositionKey(previous.position))
  );
}
