import { type ReactNode, useId, useState } from 'react';
import { UI_MSG } from '../../shared/messages/common';
import { Dialog } from './dialog';
import { TextArea } from './fields';

export type ConfirmDialogProps = {
  title: string;
  /** What happens if the user confirms, said plainly. */
  text: ReactNode;
  confirmLabel: string;
  /** `danger`: an action that cannot be undone (cancel, remove, refund): the button says so in red. */
  tone?: 'primary' | 'danger';
  /** Asks for a reason (kept in the audit log) when set; `reasonRequired` refuses an empty one. */
  reasonLabel?: string;
  reasonRequired?: boolean;
  /** Runs the action: null when done (the dialog closes), else the message to show in the dialog. */
  onConfirm: (reason: string) => Promise<string | null> | string | null;
  onClose: () => void;
  children?: ReactNode;
};

/**
 * The app's confirmation dialog (never the browser's `confirm()`), in the kit's one dialog frame (`Dialog`):
 * named by its title and described by its text, optionally asking for a reason; the danger variant styles
 * the confirm button as destructive. Escape and "Volver" close it; focus returns to the opener.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  tone = 'primary',
  reasonLabel,
  reasonRequired = false,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  const textId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title={title} describedBy={textId} tone={tone} onClose={onClose}>
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={async (e) => {
          e.preventDefault();
          e.stopPropagation();
          if (reasonLabel && reasonRequired && !reason.trim()) {
            setError(UI_MSG.reasonRequired);
            return;
          }
          setBusy(true);
          const problem = await onConfirm(reason.trim());
          setBusy(false);
          if (problem) setError(problem);
          else onClose();
        }}
      >
        <div id={textId}>{typeof text === 'string' ? <p>{text}</p> : text}</div>
        {children}
        {reasonLabel && (
          <label className="flex flex-col gap-1 text-sm">
            {reasonLabel}
            <TextArea
              className="textarea w-full"
              value={reason}
              aria-required={reasonRequired || undefined}
              onValue={setReason}
            />
          </label>
        )}
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {UI_MSG.back}
          </button>
          <button type="submit" className={`btn ${tone === 'danger' ? 'btn-error' : 'btn-primary'}`} disabled={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
