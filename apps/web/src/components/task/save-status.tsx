import { Plural, Trans } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { getTrialQueue } from '../../lib/task-runtime/page-trial-queue';

/** During a run: how many answered trials the outbox still holds, announced politely. */
export function SaveStatus({ className }: { className: string }) {
  const queue = getTrialQueue();
  const { pending, isDurable } = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  return (
    <p className={className} role="status">
      {pending > 0 ? (
        <Plural
          value={pending}
          one="# trial waiting to be saved…"
          other="# trials waiting to be saved…"
        />
      ) : (
        <Trans>All trials saved</Trans>
      )}
      {!isDurable && (
        <>
          {' '}
          <Trans>(this browser cannot keep unsaved trials across a reload)</Trans>
        </>
      )}
    </p>
  );
}
