import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError, messageOf } from '../../../lib/api';
import { TICKETS_TEXT, TRANSFER_MSG } from '../../../shared/messages-tickets';
import { TRANSFER_UI_MSG } from '../../../shared/messages-ui';
import { TransferRequestSchema } from '../../../shared/schemas/checkout';
import { toast } from '../../../stores/toast';
import { cancelTransfer } from '../api/cancel-transfer';
import { transferTicket } from '../api/transfer-ticket';

/**
 * "Transferir": asks for the recipient's e-mail in a dialog and sends the offer. While an offer is
 * pending the ticket says so, to whom, with "Cancelar transferencia" (it stays the owner's until accepted).
 */
export default function TransferButton({
  ticketId,
  label,
  pendingTo = null,
}: {
  ticketId: string;
  label: string;
  pendingTo?: string | null;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [pending, setPending] = useState<string | null>(pendingTo);
  const [cancelling, setCancelling] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(e: { preventDefault: () => void }) {
    e.preventDefault();
    const parsed = TransferRequestSchema.safeParse({ email });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? TICKETS_TEXT.invalidEmail);
    setBusy(true);
    try {
      const res = await transferTicket(ticketId, parsed.data.email);
      dialog.current?.close();
      setPending(parsed.data.email);
      toast('success', TICKETS_TEXT.transferSent, res.message);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  if (pending)
    return (
      <div className="flex w-full flex-col items-start gap-2" data-transfer-pending>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="badge badge-warning">{TRANSFER_UI_MSG.pendingBadge}</span>
          {TRANSFER_UI_MSG.pendingTo(pending)}
        </p>
        <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setCancelling(true)}>
          {TICKETS_TEXT.cancelTransfer}
        </button>
        {cancelling && (
          <ConfirmDialog
            title={TICKETS_TEXT.cancelTransfer}
            text={TRANSFER_UI_MSG.cancelText(pending)}
            tone="danger"
            confirmLabel={TICKETS_TEXT.cancelTransfer}
            onClose={() => setCancelling(false)}
            onConfirm={async () => {
              try {
                const res = await cancelTransfer(ticketId);
                toast('success', res.message);
                setPending(null);
                return null;
              } catch (err) {
                return err instanceof ApiError ? err.message : TRANSFER_UI_MSG.cancelFailed;
              }
            }}
          />
        )}
      </div>
    );

  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => dialog.current?.showModal()}>
        {TICKETS_TEXT.transfer}
      </button>
      <dialog ref={dialog} className="modal" aria-labelledby={`${id}-title`}>
        <form className="modal-box flex flex-col gap-3" onSubmit={send} noValidate>
          <h2 id={`${id}-title`} className="text-lg font-bold">
            {TICKETS_TEXT.transfer} {label}
          </h2>
          <p className="text-sm">{TRANSFER_MSG.dialogHint}</p>
          <label htmlFor={`${id}-email`} className="text-sm font-medium">
            {TICKETS_TEXT.recipientEmail}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            className={`input w-full ${error ? 'input-error' : ''}`}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
          />
          {error && <p className="text-error text-sm">{error}</p>}
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
              {TICKETS_TEXT.cancel}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {TICKETS_TEXT.send}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
