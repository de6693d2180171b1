import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useData } from '../../../components/ui/use-data';
import { ApiError } from '../../../lib/api';
import { RESALE_MSG } from '../../../shared/messages/resale';
import { formatMoney } from '../../../shared/money';
import { toast } from '../../../stores/toast';
import { resaleStatus, returnToWaitlist, withdrawReturn } from '../api/resale';

/**
 * "Devolver a la lista de espera": the ticket stays the holder's and valid until a waiting buyer pays for it
 * (then it is refunded); while nobody has it on offer, it can be taken back. Before returning it, a dialog says
 * what comes back if it is resold ("Si se revende, te devolvemos $ X"), with the producer's policy applied.
 */
export default function ResaleButton({
  ticketId,
  returned,
  waiting,
}: {
  ticketId: string;
  returned: boolean;
  /** People waiting for its type (Mis tickets shows the button only when someone waits). */
  waiting: number;
}) {
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
  const [confirming, setConfirming] = useState(false);
  const [refundCents, setRefundCents] = useState<number | null>(null);
  const [waitingNow, setWaitingNow] = useState(waiting);

  async function open() {
    setBusy(true);
    try {
      const answer = (await resaleStatus(ticketId)).data;
      setWaitingNow(answer.waiting);
      // Whoever waited has left since the page loaded: say so now, not after confirming.
      if (answer.waiting === 0) {
        toast('info', RESALE_MSG.noWaitlist);
        return;
      }
      setRefundCents(answer.refund_cents);
      setConfirming(true);
    } catch (err) {
      toast('error', err instanceof ApiError ? err.message : RESALE_MSG.closed);
    } finally {
      setBusy(false);
    }
  }

  async function returnIt(): Promise<string | null> {
    try {
      const answer = await returnToWaitlist(ticketId);
      setStatus(answer.data.status);
      toast('success', answer.message);
      return null;
    } catch (err) {
      return err instanceof ApiError ? err.message : RESALE_MSG.closed;
    }
  }

  async function withdraw() {
    setBusy(true);
    try {
      const answer = await withdrawReturn(ticketId);
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
          <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={withdraw}>
            {RESALE_MSG.withdraw}
          </button>
        )}
      </span>
    );
  }
  if (waitingNow === 0) return null;
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={open}>
        {RESALE_MSG.action}
      </button>
      {confirming && refundCents !== null && (
        <ConfirmDialog
          title={RESALE_MSG.confirmTitle}
          text={
            <>
              <p>{RESALE_MSG.whoWaits(waitingNow)}</p>
              <p className="mt-2">{RESALE_MSG.confirmText}</p>
              <p className="mt-2">{RESALE_MSG.whenSold}</p>
              <p className="mt-2 font-semibold" data-testid="resale-refund">
                {RESALE_MSG.refundIfSold(formatMoney(refundCents))}
              </p>
            </>
          }
          confirmLabel={RESALE_MSG.confirmAction}
          onConfirm={returnIt}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
