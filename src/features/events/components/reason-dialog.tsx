import { type ReactNode, useEffect, useRef, useState } from 'react';

/** A modal that asks for a confirmation and, when `reasonLabel` is set, a reason. */
export function ReasonDialog({
  title,
  text,
  reasonLabel,
  confirmLabel,
  onConfirm,
  onClose,
  children,
}: {
  children?: ReactNode;
  title: string;
  text: string;
  reasonLabel?: string;
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => ref.current?.showModal(), []);
  return (
    <dialog ref={ref} className="modal" aria-labelledby="reason-title" onClose={onClose}>
      <form
        method="dialog"
        className="modal-box flex flex-col gap-3"
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          const problem = await onConfirm(reason);
          setBusy(false);
          if (problem) setError(problem);
          else ref.current?.close();
        }}
      >
        <h2 id="reason-title" className="text-lg font-bold">
          {title}
        </h2>
        <p>{text}</p>
        {children}
        {reasonLabel && (
          <label className="flex flex-col gap-1 text-sm">
            {reasonLabel}
            <textarea className="textarea w-full" value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
        )}
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={() => ref.current?.close()}>
            Volver
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
