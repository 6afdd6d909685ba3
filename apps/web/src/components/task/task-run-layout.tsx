import { useLingui } from '@lingui/react/macro';
import type { ReactNode, Ref } from 'react';
import type { ResponseButtons } from '../../lib/task-runtime/response-input';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import { TRIAL_NOT_STORED } from '../../lib/task-runtime/task-host';
import { Alert } from '../ui/alert';
import { type PadButton, ResponsePad } from './response-pad';
import { SaveStatus } from './save-status';

type TaskRunLayoutProps = {
  /** The test's name, for screen readers. */
  label: string;
  mode: ResponseMode;
  /** Where the run stands, e.g. "Practice · trial 3 of 12"; empty between trials. */
  progress: string;
  /** Set when a trial could not be written to the outbox. */
  saveError: string | null | undefined;
  /** The element the task host draws into; React never renders into it. */
  stageRef: Ref<HTMLDivElement>;
  stageTestId: string;
  /** Extra classes on the stage (a task's size or touch rules). */
  stageClassName?: string;
  /** Over the stage: a break, a block's intro, the end. */
  overlay: ReactNode;
  /**
   * Touch mode's answer buttons, and whether they take answers now; absent for a task whose
   * stage itself takes touches.
   */
  pad?: { buttons: readonly PadButton[]; input: ResponseButtons | null; isActive: boolean };
  /** Keyboard mode's reminder of the keys, under the stage. */
  keys: ReactNode;
  /** Whether the keys take answers now (the reminder is hidden from screen readers otherwise). */
  areKeysActive: boolean;
  className?: string;
};

/**
 * A run's screen, the same for every task: a bar with the progress and the outbox's state, the
 * stage with whatever the task lays over it, and under it the answer buttons (touch) or the
 * keys (keyboard).
 */
export function TaskRunLayout(props: TaskRunLayoutProps) {
  const { t } = useLingui();
  const isTouch = props.mode === 'touch';
  const saveError =
    props.saveError === TRIAL_NOT_STORED ? t`This trial could not be stored` : props.saveError;
  const classes = [
    'task-run',
    isTouch && 'task-run--touch',
    isTouch && props.pad && 'has-response-pad',
    props.className,
  ];
  return (
    <section className={classes.filter(Boolean).join(' ')} aria-label={props.label}>
      <div className="task-run__bar">
        <p className="task-progress" aria-live="off">
          {props.progress || ' '}
        </p>
        <SaveStatus className="task-save-status" />
      </div>
      {saveError && <Alert variant="error">{saveError}</Alert>}
      <div className="task-stage-frame">
        <div
          className={`task-stage${props.stageClassName ? ` ${props.stageClassName}` : ''}`}
          ref={props.stageRef}
          data-testid={props.stageTestId}
        />
        {props.overlay}
      </div>
      {isTouch ? (
        props.pad && <ResponsePad {...props.pad} />
      ) : (
        <p className="task-keys" aria-hidden={!props.areKeysActive}>
          {props.keys}
        </p>
      )}
    </section>
  );
}
