import type { SavedTrial } from '@cogni/domain';
import { useEffect, useRef, useState } from 'react';
import type { AttentionEvent } from '../../lib/task-runtime/attention';
import type { TaskRuntimeOptions } from '../../lib/task-runtime/engine-loop';
import { getTrialQueue } from '../../lib/task-runtime/page-trial-queue';
import { type RunningTaskProps, useFinishRun, useRuntimeSnapshot } from './task-runner';

/** What a task host offers the running view (lib/task-runtime/task-host.ts). */
type Host = {
  start(): void;
  begin(atOnce?: boolean): void;
  dispose(): void;
  subscribe: (onChange: () => void) => () => void;
  getSnapshot: () => unknown;
  getAttentionEvents(): AttentionEvent[];
};

/**
 * By default a run begins at once: the participant has just pressed the runner's start button,
 * so the first prompt's get-ready pause follows without a second button.
 */
const beginAtOnce = (host: Host) => host.begin(true);

/**
 * A task's host for the running view: made with `create` once the stage is in the page (again
 * when the run, its saved trials, the mode or the measurement change), started, handed to
 * `afterStart` (by default it begins at once; a resumed run may show its prompt first), and
 * disposed of with the view. Returns the stage's ref, the host, its snapshot and the finishing
 * state. `create` and `afterStart` must be stable (module-level) functions.
 */
export function useTaskHost<Runtime extends Host>(
  props: RunningTaskProps,
  create: (options: TaskRuntimeOptions) => Runtime,
  afterStart: (runtime: Runtime, saved: readonly SavedTrial[]) => void = beginAtOnce,
) {
  const stageRef = useRef<HTMLDivElement>(null);
  const [runtime, setRuntime] = useState<Runtime | null>(null);
  const { run, saved, mode, measurement } = props;
  useEffect(() => {
    if (!stageRef.current) return;
    const created = create({
      run,
      stage: stageRef.current,
      sink: getTrialQueue(),
      saved,
      inputModality: mode === 'touch' ? 'touch' : 'keyboard',
      frameIntervalMs: measurement.frameIntervalMs,
    });
    setRuntime(created);
    created.start();
    afterStart(created, saved);
    return () => created.dispose();
  }, [run, saved, mode, measurement, create, afterStart]);
  const snapshot = useRuntimeSnapshot(runtime) as ReturnType<Runtime['getSnapshot']> | null;
  const finishing = useFinishRun(run, runtime, props.onComplete);
  return { stageRef, runtime, snapshot, finishing };
}
