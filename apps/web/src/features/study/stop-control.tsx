import type { Participation } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { stopParticipation, withdrawParticipation } from '../../lib/api/participation';
import { isApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/i18n/error-text';
import { getTrialQueue } from '../../lib/task-runtime/page-trial-queue';
import { studyRunsPath } from '../../lib/task-runtime/run-paths';

/** How long a stop waits for this browser's unsent trials to reach the server. */
const STOP_SAVE_WAIT_MS = 10_000;

type StopControlProps = {
  code: string;
  onChange: (participation: Participation) => void;
  /**
   * 'both': stop or withdraw (while taking part); 'withdraw': only withdraw (after completing
   * or stopping, when nothing is left to stop).
   */
  offers?: 'both' | 'withdraw';
  /**
   * On a task step: the task reads its keys (F, J, space) from the whole window, so after a
   * Cancel the control gives its focus up instead of taking the task's next key press.
   */
  isBesideTask?: boolean;
};

/**
 * Waits until this browser's outbox is empty (the run of a task left midway included, which the
 * participation read before it began does not list), or `ms` passed; never throws.
 */
async function whenSaved(ms: number): Promise<void> {
  const queue = getTrialQueue();
  queue.flush();
  let timer = 0;
  let unsubscribe = () => {};
  await new Promise<void>((resolve) => {
    const check = () => {
      if (queue.getSnapshot().pending === 0) resolve();
    };
    unsubscribe = queue.subscribe(check);
    timer = window.setTimeout(resolve, ms);
    check();
  });
  unsubscribe();
  window.clearTimeout(timer);
}

/**
 * The participant's way out (ADR 041): a quiet "Stop taking part" button that opens a modal
 * dialog offering "Stop and keep my answers" and "Withdraw and delete my answers", each
 * explained, and Cancel. A stop first lets this browser's unsent trials reach the server (they
 * are answers to keep); after either, the browser's outbox forgets whatever of this study is
 * left unsent, so nothing is sent afterwards. The native <dialog> traps focus, closes on Escape
 * and returns focus to the button.
 */
export function StopControl({
  code,
  onChange,
  offers = 'both',
  isBesideTask = false,
}: StopControlProps) {
  const [isOpen, setIsOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setIsOpen(false);
    if (isBesideTask) {
      // Returned to the button by the dialog first; then given up, so the task's keys go to it.
      window.setTimeout(() => openerRef.current?.blur(), 0);
    }
  };
  return (
    <div className="study-stop">
      <Button
        ref={openerRef}
        variant="ghost"
        className="study-stop__open"
        aria-haspopup="dialog"
        onClick={() => setIsOpen(true)}
      >
        {offers === 'both' ? (
          <Trans>Stop taking part</Trans>
        ) : (
          <Trans>Withdraw from the study</Trans>
        )}
      </Button>
      {isOpen && (
        <StopDialog
          code={code}
          offers={offers}
          onDone={(next) => {
            setIsOpen(false);
            onChange(next);
          }}
          onCancel={close}
        />
      )}
    </div>
  );
}

function StopDialog(props: {
  code: string;
  offers: 'both' | 'withdraw';
  onDone: (participation: Participation) => void;
  onCancel: () => void;
}) {
  const { code, offers } = props;
  const { t } = useLingui();
  const { errorText } = useErrorText();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const stopTextId = useId();
  const withdrawTextId = useId();
  const [busy, setBusy] = useState<'stop' | 'withdraw' | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    dialog.showModal();
    // The harmless choice takes focus.
    cancelRef.current?.focus();
    return () => dialog.close();
  }, []);

  const act = async (action: 'stop' | 'withdraw') => {
    setBusy(action);
    setFailure(null);
    try {
      if (action === 'stop') {
        await whenSaved(STOP_SAVE_WAIT_MS);
      }
      const next =
        action === 'stop' ? await stopParticipation(code) : await withdrawParticipation(code);
      await getTrialQueue().discardUnder(studyRunsPath(code));
      props.onDone(next);
    } catch (error) {
      setFailure({ error });
      setBusy(null);
    }
  };
  const error =
    failure === null
      ? null
      : isApiError(failure.error) && failure.error.status > 0 && failure.error.status < 500
        ? errorText(failure.error)
        : t`This could not reach the server. Check your connection and try again.`;

  return (
    <dialog
      ref={dialogRef}
      className="dialog study-stop__dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) props.onCancel();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {offers === 'both' ? (
          <Trans>Stop taking part?</Trans>
        ) : (
          <Trans>Withdraw from the study?</Trans>
        )}
      </h2>
      <div className="dialog__body study-stop__choices">
        {offers === 'both' && (
          <div className="study-stop__choice">
            <p id={stopTextId}>
              <Trans>
                You leave the study now, and the answers you have given so far are kept for the
                research.
              </Trans>
            </p>
            <Button
              variant="secondary"
              aria-describedby={stopTextId}
              disabled={busy !== null}
              isBusy={busy === 'stop'}
              onClick={() => void act('stop')}
            >
              <Trans>Stop and keep my answers</Trans>
            </Button>
          </div>
        )}
        <div className="study-stop__choice">
          <p id={withdrawTextId}>
            <Trans>
              Every answer you have given in this study is deleted now, and only the fact that you
              took part and withdrew is kept.
            </Trans>
          </p>
          <Button
            variant="danger"
            aria-describedby={withdrawTextId}
            disabled={busy !== null}
            isBusy={busy === 'withdraw'}
            onClick={() => void act('withdraw')}
          >
            <Trans>Withdraw and delete my answers</Trans>
          </Button>
        </div>
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <Button ref={cancelRef} variant="ghost" onClick={props.onCancel} disabled={busy !== null}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </dialog>
  );
}
