import type { ReactNode, RefObject } from 'react';
import type { ResponseInput } from '../../lib/task-runtime/response-input';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import type { PadButton } from './response-pad';
import { TaskRunLayout } from './task-run-layout';
import { FinishPrompt, type useFinishRun } from './task-runner';

/** What the layout reads of a fixed-SOA snapshot (lib/task-runtime/soa-runtime.ts). */
type SoaViewSnapshot = {
  kind: 'between' | 'get-ready' | 'running' | 'finished';
  position: object | null;
  saveError: string | null;
};

/**
 * A fixed-SOA task's running screen (TaskRunLayout): the block's intro between blocks, the
 * finish prompt at the end, and the answer buttons or keys taking answers while a block is on
 * (from 'Get ready' to its last trial). The task supplies its words, buttons and intro.
 */
export function SoaRunLayout<
  Snapshot extends SoaViewSnapshot,
  Runtime extends { input: ResponseInput; begin(): void },
>(props: {
  /** The test's name, for screen readers. */
  label: string;
  mode: ResponseMode;
  progress: string;
  stageTestId: string;
  className: string;
  /** What useSoaRuntime returned. */
  soa: {
    stageRef: RefObject<HTMLDivElement | null>;
    runtime: Runtime | null;
    snapshot: Snapshot | null;
    finishing: ReturnType<typeof useFinishRun>;
  };
  /** The intro before the block at `next` (the snapshot's position); `begin` starts that block. */
  renderIntro: (
    snapshot: Snapshot,
    next: NonNullable<Snapshot['position']>,
    begin: () => void,
  ) => ReactNode;
  buttons: readonly PadButton[];
  keys: ReactNode;
}) {
  const { stageRef, runtime, snapshot, finishing } = props.soa;
  const kind = snapshot?.kind;
  const isBlockOn = kind === 'running' || kind === 'get-ready';
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
          {kind === 'between' &&
            snapshot?.position &&
            runtime &&
            props.renderIntro(snapshot, snapshot.position, () => runtime.begin())}
          {kind === 'finished' && <FinishPrompt {...finishing} />}
        </>
      }
      pad={{ buttons: props.buttons, input: runtime?.input ?? null, isActive: isBlockOn }}
      keys={props.keys}
      areKeysActive={isBlockOn}
      className={props.className}
    />
  );
}
