import { useState } from 'react';
import { messageOf } from '../../../lib/api';
import { TICKETS_TEXT } from '../../../shared/messages/checkout';
import { acceptTransfer } from '../api/accept-transfer';

/** The recipient's "Aceptar entrada" button. */
export default function AcceptTransfer({ token }: { token: string }) {
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' | 'error'; message?: string }>({ kind: 'idle' });

  async function accept() {
    setState({ kind: 'busy' });
    try {
      const res = await acceptTransfer(token);
      setState({ kind: 'done', message: res.message });
    } catch (err) {
      setState({ kind: 'error', message: messageOf(err) });
    }
  }

  if (state.kind === 'done') {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="status" className="alert alert-success">
          {state.message}
        </p>
        <a className="btn btn-primary" href="/mis-tickets">
          {TICKETS_TEXT.viewMyTickets}
        </a>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-start gap-3">
      <button type="button" className="btn btn-primary" onClick={accept} disabled={state.kind === 'busy'}>
        {TICKETS_TEXT.acceptTicket}
      </button>
      {state.kind === 'error' && (
        <p role="alert" className="text-error">
          {state.message}
        </p>
      )}
    </div>
  );
}
