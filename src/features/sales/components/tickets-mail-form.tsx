import { useState } from 'react';
import { TextField } from '../../../components/ui/fields';
import { messageOf } from '../../../lib/api';
import { SALES_TEXT } from '../../../shared/messages/sales';
import { mailTickets } from '../api/tickets-mail';

/** The receipt's optional "send them by e-mail": a walk-in buyer without e-mail simply takes them printed. */
export function TicketsMailForm({ orderId, initial }: { orderId: string; initial: string }) {
  const [email, setEmail] = useState(initial);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-label={SALES_TEXT.mailTickets}
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          const answer = await mailTickets(orderId, email);
          setStatus({ ok: true, text: answer.message ?? SALES_TEXT.ticketsSent(email) });
        } catch (err) {
          setStatus({
            ok: false,
            text: messageOf(err),
          });
        } finally {
          setBusy(false);
        }
      }}
    >
      <TextField label={SALES_TEXT.mailTo} type="email" required value={email} onValue={setEmail} />
      <button type="submit" className="btn" disabled={busy}>
        {SALES_TEXT.sendMail}
      </button>
      {status && (
        <p
          role={status.ok ? 'status' : 'alert'}
          className={`w-full text-sm ${status.ok ? 'text-success' : 'text-error'}`}
        >
          {status.text}
        </p>
      )}
    </form>
  );
}
