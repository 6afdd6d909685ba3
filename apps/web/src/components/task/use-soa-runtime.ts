import { useEffect, useRef, useState } from 'react';
import type { AttentionEvent } from '../../lib/task-runtime/attention';
import type { SoaRuntimeOptions } from '../../lib/task-runtime/soa-runtime';
import { getTrialQueue } from '../../lib/task-runtime/trial-queue';
import { type RunningTaskProps, useFinishRun, useRuntimeSnapshot } from './task-runner';

/** What a fixed-SOA runtime offers the running view (lib/task-runtime/soa-runtime.ts). */
type StartableRuntime = {
  start(): void;
  begin(): void;
  dispose(): void;
  subscribe: (onChange: () => void) => () => void;
  getSnapshot: () => unknown;
  getAttentionEvents(): AttentionEvent[];
};

/**
 * A fixed-SOA task's runtime for the running view: made with `create` once the stage is in the
 * page (again when the run, its saved trials, the mode or the measurement change), started and
 * begun at once (the participant has just pressed 'Ready ... Set ... Go!' or 'Continue test'),
 * and disposed of with the view. Returns the stage's ref, the runtime, its snapshot and the
 * finishing state. `create` must be a stable (module-level) function.
 */
export function useSoaRuntime<Runtime extends StartableRuntime>(
  props: RunningTaskProps,
  create: (options: SoaRuntimeOptions) => Runtime,
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
    created.begin();
    return () => created.dispose();
  }, [run, saved, mode, measurement, create]);
  const snapshot = useRuntimeSnapshot(runtime) as ReturnType<Runtime['getSnapshot']> | null;
  const finishing = useFinishRun(run, runtime, props.onComplete);
  return { stageRef, runtime, snapshot, finishing };
}
