import type { SavedTrial } from '../contract';
import {
  type EngineEffect,
  type EngineEvent,
  type EngineStep,
  isSameScene,
  type RunEngine,
  type TaskEngine,
} from '../engine';
import type { TrialPosition } from './envelope';
import {
  createSoaEngine,
  type SoaEffect,
  type SoaOnset,
  type SoaRules,
  type SoaState,
  soaNextDueMs,
  stepSoa,
} from './soa-engine';

/**
 * The fixed-SOA engine (soa-engine.ts) in the engine vocabulary of the task contract
 * (tasks/engine.ts), so that the one task host runs Go/No-Go, N-back and the SART: a task gives
 * its rules and how an input becomes a press; `soaEngine` does the rest. Its scenes are keyed
 * by the trial's position: the stimulus (`<phase>:<block>:<trial>`), what replaces it at its
 * offset (`…:offset`, a blank or the task's own, such as the SART's mask) and practice feedback
 * (`…:feedback`).
 */

/** The pause between a block intro's button and the block's first stimulus, ms. */
export const SOA_GET_READY_MS = 1000;

/** What a fixed-SOA task draws. */
export type SoaScene<Planned, Feedback, Offset> =
  | { kind: 'stimulus'; trial: Planned }
  /** What replaces the stimulus: `offset` is the task's (null: a blank). */
  | { kind: 'offset'; trial: Planned; offset: Offset | null }
  | { kind: 'feedback'; feedback: Feedback };

/** A block's intro, waiting for the participant. */
export type SoaPrompt<Position, RoundResult> = {
  /** The block's first trial to come. */
  position: Position;
  /** Whether the block was begun before (a resumed run). */
  resumed: boolean;
  /** On resume: how many of the block's stimuli before `position` are shown again first. */
  reminders: number;
  /** The practice round finished last, if one was. */
  roundResult: RoundResult | null;
};

/** The shared engine's state, and what the adapter keeps beside it. */
export type SoaTaskState<Position, Planned, Answer, RoundResult, Offset> = {
  soa: SoaState<Position, Planned, Answer>;
  roundResult: RoundResult | null;
  /**
   * A stimulus presented before the engine reached its trial: the host draws a stimulus ahead of
   * the TICK that names it, and its presentation may be reported before that TICK. It is the
   * trial's ONSET as soon as the trial is on.
   */
  early: { key: string; onset: SoaOnset } | null;
  /** The last offset scene asked for, drawn again when an input changes it (the green mask). */
  offset: { key: string; trial: Planned; scene: Offset | null } | null;
};

/** What a fixed-SOA task gives `soaEngine`. */
export type SoaTaskSpec<
  Config,
  Plan,
  Position extends TrialPosition,
  Planned extends Position,
  Answer,
  Trial extends { isCorrect: boolean | null },
  Feedback,
  RoundResult,
  Input,
  Offset,
> = {
  /** The task's rules for the run. */
  rules(
    config: Config,
    plan: Plan,
  ): SoaRules<Position, Planned, Answer, Trial, Feedback, RoundResult>;
  /** Where the run starts or goes on after the saved trials: the task's nextPosition. */
  firstPosition(config: Config, saved: readonly SavedTrial[]): Position | null;
  /** Reminders on resume inside a block (default none). */
  reminders?(config: Config, next: Position): number;
  /** The press an input stands for (its time and modality are added). */
  answerOf(input: Input): Answer;
  /** What replaces the stimulus of `trial`, with the engine's state now; absent: a blank. */
  offsetOf?(config: Config, trial: Planned, state: SoaState<Position, Planned, Answer>): Offset;
};

export const soaSceneKey = (position: TrialPosition) =>
  `${position.phase}:${position.block}:${position.trialNumber}`;

const OFFSET_SUFFIX = ':offset';
const FEEDBACK_SUFFIX = ':feedback';

/** The contract's engine for a fixed-SOA task. */
export function soaEngine<
  Config,
  Plan,
  Position extends TrialPosition,
  Planned extends Position,
  Answer,
  Trial extends { isCorrect: boolean | null },
  Feedback,
  RoundResult,
  Input,
  Offset,
>(
  spec: SoaTaskSpec<
    Config,
    Plan,
    Position,
    Planned,
    Answer,
    Trial,
    Feedback,
    RoundResult,
    Input,
    Offset
  >,
): TaskEngine<
  Config,
  Plan,
  SoaTaskState<Position, Planned, Answer, RoundResult, Offset>,
  Input,
  SoaScene<Planned, Feedback, Offset>,
  SoaPrompt<Position, RoundResult>,
  Trial
> {
  type State = SoaTaskState<Position, Planned, Answer, RoundResult, Offset>;
  type Scene = SoaScene<Planned, Feedback, Offset>;
  type Prompt = SoaPrompt<Position, RoundResult>;
  type Step = EngineStep<State, Scene, Prompt, Trial>;
  type Effect = EngineEffect<Scene, Prompt, Trial>;
  type Soa = SoaState<Position, Planned, Answer>;

  return {
    forRun(config, plan): RunEngine<State, Input, Scene, Prompt, Trial> {
      const rules = spec.rules(config, plan);

      /** The shared engine's effects in the contract's words; the state they leave. */
      const translate = (
        before: State,
        soa: Soa,
        soaEffects: readonly SoaEffect<Position, Planned, Trial, Feedback, RoundResult>[],
      ): Step => {
        let state: State = { ...before, soa };
        const effects: Effect[] = [];
        for (const effect of soaEffects) {
          switch (effect.type) {
            case 'SHOW_BLOCK_INTRO':
              state = { ...state, early: null, offset: null };
              effects.push({
                type: 'PROMPT',
                prompt: {
                  position: effect.position,
                  resumed: effect.resumed,
                  reminders: effect.reminders ?? 0,
                  roundResult: state.roundResult,
                },
                getReadyMs: SOA_GET_READY_MS,
              });
              break;
            case 'SHOW_PRACTICE_RESULT': {
              const { type: _type, ...result } = effect;
              state = { ...state, roundResult: result as unknown as RoundResult };
              break;
            }
            case 'SHOW_STIMULUS':
              effects.push({
                type: 'PRESENT',
                key: soaSceneKey(effect.trial),
                scene: { kind: 'stimulus', trial: effect.trial },
                dueAtMs: effect.dueAtMs,
                timing: 'frame',
              });
              break;
            case 'HIDE_STIMULUS': {
              // Asked for as the stimulus's onset is stepped: the trial on screen is its trial.
              if (soa.kind !== 'trial') break;
              const trial = soa.trial.planned;
              const key = `${soaSceneKey(trial)}${OFFSET_SUFFIX}`;
              const scene = spec.offsetOf?.(config, trial, soa) ?? null;
              state = { ...state, offset: { key, trial, scene } };
              effects.push({
                type: 'PRESENT',
                key,
                scene: { kind: 'offset', trial, offset: scene },
                dueAtMs: effect.dueAtMs,
                timing: 'frame',
              });
              break;
            }
            case 'SHOW_FEEDBACK':
              effects.push({
                type: 'PRESENT',
                key: `${soa.kind === 'feedback' ? soaSceneKey(soa.last) : 'feedback'}${FEEDBACK_SUFFIX}`,
                scene: { kind: 'feedback', feedback: effect.kind },
                dueAtMs: null,
                timing: 'frame',
              });
              break;
            case 'RECORD_TRIAL':
              effects.push({ type: 'RECORD', trial: effect.trial });
              break;
            case 'FINISHED':
              state = { ...state, early: null, offset: null };
              effects.push({ type: 'FINISHED' });
              break;
          }
        }
        return { state, effects };
      };

      /** A stimulus presented ahead of its TICK: its ONSET once its trial is on. */
      const takeEarlyOnset = (step: Step): Step => {
        const { soa, early } = step.state;
        if (
          !early ||
          soa.kind !== 'trial' ||
          soa.trial.onset ||
          soaSceneKey(soa.trial.planned) !== early.key
        ) {
          return step;
        }
        const onset = stepSoa(rules, soa, { type: 'ONSET', ...early.onset });
        const next = translate({ ...step.state, early: null }, onset.state, onset.effects);
        return { state: next.state, effects: [...step.effects, ...next.effects] };
      };

      /** Asks for the offset scene again where an input changed it. */
      const redrawOffset = (step: Step): Step => {
        const { offset, soa } = step.state;
        if (!offset || !spec.offsetOf) return step;
        const scene = spec.offsetOf(config, offset.trial, soa);
        if (isSameScene(scene, offset.scene)) return step;
        return {
          state: { ...step.state, offset: { ...offset, scene } },
          effects: [
            ...step.effects,
            {
              type: 'PRESENT',
              key: offset.key,
              scene: { kind: 'offset', trial: offset.trial, offset: scene },
              dueAtMs: null,
              timing: 'frame',
            },
          ],
        };
      };

      const run = (state: State, event: Parameters<typeof stepSoa>[2]): Step => {
        const next = stepSoa(rules, state.soa, event as never);
        return takeEarlyOnset(translate(state, next.state, next.effects));
      };

      return {
        start({ saved, timeOriginMs, inputModality }) {
          const next = spec.firstPosition(config, saved);
          const first = createSoaEngine<Position>(next, {
            saved,
            timeOriginMs,
            inputModality,
            reminders: next ? (spec.reminders?.(config, next) ?? 0) : 0,
          });
          const initial: State = {
            soa: first.state as Soa,
            roundResult: null,
            early: null,
            offset: null,
          };
          return translate(initial, first.state as Soa, first.effects as never);
        },

        step(state, event: EngineEvent<Input>) {
          switch (event.type) {
            case 'START':
            case 'INTERRUPTED':
            case 'TICK':
              return run(state, event);
            case 'DRAWN':
              return { state, effects: [] };
            case 'ONSET': {
              const { soa } = state;
              if (event.key.endsWith(OFFSET_SUFFIX)) {
                const ofCurrent =
                  soa.kind === 'trial' &&
                  `${soaSceneKey(soa.trial.planned)}${OFFSET_SUFFIX}` === event.key;
                return ofCurrent
                  ? run(state, { type: 'OFFSET', atMs: event.atMs })
                  : { state, effects: [] };
              }
              if (event.key.endsWith(FEEDBACK_SUFFIX)) return { state, effects: [] };
              const onset: SoaOnset = {
                atMs: event.atMs,
                method: event.method,
                ...(event.measured ? { measured: event.measured } : {}),
              };
              if (
                soa.kind === 'trial' &&
                !soa.trial.onset &&
                soaSceneKey(soa.trial.planned) === event.key
              ) {
                return run(state, { type: 'ONSET', ...onset });
              }
              return { state: { ...state, early: { key: event.key, onset } }, effects: [] };
            }
            case 'INPUT': {
              const press = {
                ...spec.answerOf(event.input),
                type: 'PRESS' as const,
                atMs: event.atMs,
                modality: event.modality,
              };
              return redrawOffset(run(state, press));
            }
          }
        },

        nextDueMs: (state) => soaNextDueMs(rules, state.soa),

        progress(state) {
          const { soa } = state;
          const position =
            soa.kind === 'trial'
              ? soa.trial.planned
              : soa.kind === 'feedback'
                ? soa.last
                : soa.kind === 'waiting'
                  ? soa.next
                  : null;
          if (!position) return null;
          return {
            position: {
              phase: position.phase,
              block: position.block,
              trialNumber: position.trialNumber,
            },
            trialsInBlock: rules.blockTrialCount(position),
            isReminder: soa.kind === 'trial' && soa.trial.isReminder,
          };
        },

        presenting: (state) => state.soa.kind === 'trial' || state.soa.kind === 'feedback',
      };
    },
  };
}
