import { Trans } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button, type ButtonVariant } from './button';

type ConfirmDialogProps = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  isBusy?: boolean;
  /** Shown in the dialog, e.g. the server's refusal, so the admin can cancel or retry. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A modal question before a change applies. The native <dialog> traps focus, closes on Escape
 * and returns focus to where it was; focus starts on its first field, or else on Cancel.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  confirmVariant = 'primary',
  isBusy = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    dialog.showModal();
    // A field to fill (a password to confirm with) takes focus; otherwise the harmless choice.
    const field = dialog.querySelector<HTMLInputElement>('input, select, textarea');
    (field ?? cancelRef.current)?.focus();
    return () => dialog.close();
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!isBusy) onCancel();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <div className="dialog__body">{children}</div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={isBusy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={isBusy} isBusy={isBusy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
