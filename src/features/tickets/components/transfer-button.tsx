import { useId, useRef, useState } from 'react';
import { messageOf } from '../../../lib/api';
import { TRANSFER_MSG } from '../../../shared/messages-tickets';
import { TransferRequestSchema } from '../../../shared/schemas/checkout';
import { toast } from '../../../stores/toast';
import { transferTicket } from '../api/transfer-ticket';

/** "Transferir": asks for the recipient's e-mail in a dialog and sends the offer. */
export default function TransferButton({ ticketId, label }: { ticketId: string; label: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(e: { preventDefault: () => void }) {
    e.preventDefault();
    const parsed = TransferRequestSchema.safeParse({ email });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Correo inválido');
    setBusy(true);
    try {
      const res = await transferTicket(ticketId, parsed.data.email);
      dialog.current?.close();
      toast('success', 'Transferencia enviada', res.message);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => dialog.current?.showModal()}>
        Transferir
      </button>
      <dialog ref={dialog} className="modal" aria-labelledby={`${id}-title`}>
        <form className="modal-box flex flex-col gap-3" onSubmit={send} noValidate>
          <h2 id={`${id}-title`} className="text-lg font-bold">
            Transferir {label}
          </h2>
          <p className="text-sm">{TRANSFER_MSG.dialogHint}</p>
          <label htmlFor={`${id}-email`} className="text-sm font-medium">
            Correo de quien la recibe
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
              Cancelar
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Enviar
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
