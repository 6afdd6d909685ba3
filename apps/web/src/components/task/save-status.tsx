import { useSyncExternalStore } from 'react';
import { getTrialQueue } from '../../lib/task-runtime/page-trial-queue';

/** During a run: how many answered trials the outbox still holds, announced politely. */
export function SaveStatus({ className }: { className: string }) {
  const queue = getTrialQueue();
  const { pending, isDurable } = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  return (
    <p className={className} role="status">
      {pending > 0
        ? `${pending} ${pending === 1 ? 'trial' : 'trials'} waiting to be saved…`
        : 'All trials saved'}
      {!isDurable && ' (this browser cannot keep unsaved trials across a reload)'}
    </p>
  );
}
