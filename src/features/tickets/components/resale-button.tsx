import { useState } from 'react';
import { useData } from '../../../components/ui/use-data';
import { ApiError } from '../../../lib/api';
import { RESALE_MSG } from '../../../shared/messages-promo';
import { toast } from '../../../stores/toast';
import { resaleStatus, returnToWaitlist, withdrawReturn } from '../api/resale';

/**
 * "Devolver a la lista de espera": the ticket stays the holder's and valid until a waiting buyer pays for it
 * (then it is refunded); while nobody has it on offer, it can be taken back.
 */
export default function ResaleButton({ ticketId, returned }: { ticketId: string; returned: boolean }) {
  const resale = useData<string | null>(
    () =>
      returned
        ? resaleStatus(ticketId).then(
            (answer) => answer.data.status,
            () => null,
          )
        : Promise.resolve(null),
    ticketId,
  );
  const status = resale.data;
  const setStatus = resale.setData;
  const [busy, setBusy] = useState(false);

  async function act(action: 'return' | 'withdraw') {
    setBusy(true);
    try {
      const answer = action === 'return' ? await returnToWaitlist(ticketId) : await withdrawReturn(ticketId);
      setStatus(answer.data.status);
      toast('success', answer.message);
    } catch (err) {
      toast('error', err instanceof ApiError ? err.message : RESALE_MSG.closed);
    } finally {
      setBusy(false);
    }
  }

  if (status === 'listed' || status === 'offered') {
    return (
      <span className="flex flex-wrap items-center gap-2">
        <span className="badge badge-info" data-testid="resale-status">
          {status === 'listed' ? RESALE_MSG.listedBadge : RESALE_MSG.offeredBadge}
        </span>
        {status === 'listed' && (
          <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => act('withdraw')}>
            {RESALE_MSG.withdraw}
          </button>
        )}
      </span>
    );
  }
  return (
    <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => act('return')}>
      {RESALE_MSG.action}
    </button>
  );
}
