import type { ReactNode, RefObject } from 'react';
import type { ResponseButtons } from '../../lib/task-runtime/response-input';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import type { TaskHostSnapshot } from '../../lib/task-runtime/task-host';
import type { PadButton } from './response-pad';
import { TaskRunLayout } from './task-run-layout';
import { FinishPrompt, type useFinishRun } from './task-runner';

/** What the layout uses of a task host (lib/task-runtime/task-host.ts). */
type Host = { input: ResponseButtons; begin(): void };

/**
 * A run on the task host (TaskRunLayout): the engine's prompt while it waits for the
 * participant, the finish prompt at the end, and the answer buttons or keys taking answers
 * while trials are on (from 'Get ready' to the block's last trial). The task supplies its words,
 * buttons and prompt.
 */
export function TaskHostLayout<Prompt>(props: {
  /** The test's name, for screen readers. */
  label: string;
  mode: ResponseMode;
  progress: string;
  stageTestId: string;
  className: string;
  /** What useTaskHost returned. */
  hosted: {
    stageRef: RefObject<HTMLDivElement | null>;
    runtime: Host | null;
    snapshot: TaskHostSnapshot<Prompt> | null;
    finishing: ReturnType<typeof useFinishRun>;
  };
  /** The engine's prompt; `begin` goes on (after the prompt's get-ready pause). */
  renderPrompt: (prompt: Prompt, begin: () => void) => ReactNode;
  buttons: readonly PadButton[];
  keys: ReactNode;
}) {
  const { stageRef, runtime, snapshot, finishing } = props.hosted;
  const phase = snapshot?.phase;
  const isOn = phase === 'running' || phase === 'get-ready';
  return (
    <TaskRunLayout
      label={props.label}
      mode={props.mode}
      progress={props.progress}
      saveError={snapshot?.saveError}
      stageRef={stageRef}
      stageTestId={props.stageTestId}
      overlay={
        <>
          {phase === 'prompt' &&
            snapshot?.prompt &&
            runtime &&
            props.renderPrompt(snapshot.prompt, () => runtime.begin())}
          {phase === 'finished' && <FinishPrompt {...finishing} />}
        </>
      }
      pad={{ buttons: props.buttons, input: runtime?.input ?? null, isActive: isOn }}
      keys={props.keys}
      areKeysActive={isOn}
      className={props.className}
    />
  );
}
