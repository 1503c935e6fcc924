import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';

interface Props {
  title: string;
  confirmLabel: string;
  tone?: 'danger' | 'normal';
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
  children?: ReactNode;
}

/**
 * A modal confirmation on the native <dialog>: the browser traps focus in it, Escape cancels,
 * and focus returns to the control that opened it when it closes.
 */
export function ConfirmDialog({ title, confirmLabel, tone = 'normal', busy = false, onConfirm, onCancel, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form onSubmit={submit}>
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="dialog-actions">
          <button type="button" className="button-quiet" onClick={onCancel}>Cancel</button>
          <button type="submit" className={tone === 'danger' ? 'button-danger' : 'button-primary'} disabled={busy}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
