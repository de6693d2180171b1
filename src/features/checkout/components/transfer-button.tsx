import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/fields';
import { ApiError, messageOf } from '../../../lib/api';
import { TICKETS_TEXT, TRANSFER_MSG, TRANSFER_UI_MSG } from '../../../shared/messages/checkout';
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
  const [pending, setPending] = useState<string | null>(pendingTo);
  const [cancelling, setCancelling] = useState(false);
  const [offering, setOffering] = useState(false);
  const [email, setEmail] = useState('');

  /** The dialog's confirmation: null when the offer went out, else the message to show in it. */
  async function send(): Promise<string | null> {
    const parsed = TransferRequestSchema.safeParse({ email });
    if (!parsed.success) return parsed.error.issues[0]?.message ?? TICKETS_TEXT.invalidEmail;
    try {
      const res = await transferTicket(ticketId, parsed.data.email);
      setPending(parsed.data.email);
      toast('success', TICKETS_TEXT.transferSent, res.message);
      return null;
    } catch (err) {
      return messageOf(err);
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
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOffering(true)}>
        {TICKETS_TEXT.transfer}
      </button>
      {offering && (
        <ConfirmDialog
          title={`${TICKETS_TEXT.transfer} ${label}`}
          text={TRANSFER_MSG.dialogHint}
          confirmLabel={TICKETS_TEXT.send}
          onClose={() => setOffering(false)}
          onConfirm={send}
        >
          <TextField
            label={TICKETS_TEXT.recipientEmail}
            type="email"
            autoComplete="email"
            value={email}
            onValue={setEmail}
          />
        </ConfirmDialog>
      )}
    </>
  );
}
