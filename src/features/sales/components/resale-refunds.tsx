import { RESALE_REFUNDS_MSG as M } from '../../../shared/messages/refunds';
import { retryResaleRefund } from '../api/cancellations';
import type { fetchFinance } from '../api/finance';
import { RefundProblemsTable, useRetry } from './refund-problems-table';

type Problem = Awaited<ReturnType<typeof fetchFinance>>['resale_refunds'][number];

/**
 * Finanzas → resold tickets (face-value resale) whose seller's refund failed (MercadoPago refused: "Reintentar"
 * tries again with a new key) or waits on MercadoPago (the cron job goes on by itself). Below 640 px each
 * table row is a card with its status and action.
 */
export function ResaleRefunds({ problems, onChanged }: { problems: Problem[]; onChanged: () => void }) {
  const { busy, retry } = useRetry<string>(onChanged);
  const retryTicket = (ticketId: string) => {
    const p = problems.find((x) => x.ticket_id === ticketId);
    if (p) void retry(ticketId, () => retryResaleRefund(p.event_id, ticketId));
  };
  return (
    <section className="rounded-box bg-base-200 p-4" aria-labelledby="resale-refunds">
      <h2 id="resale-refunds" className="mb-1 font-bold">
        {M.heading}
      </h2>
      <p className="mb-2 text-sm">{M.intro}</p>
      <RefundProblemsTable
        label={M.heading}
        labels={{ ...M, id: M.ticket, person: M.seller }}
        rows={problems.map((p) => ({ ...p, id: p.ticket_id, email: p.seller_email }))}
        action={(row) =>
          row.status === 'failed' && (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              aria-label={M.retryLabel(row.id.slice(0, 8))}
              disabled={busy === row.id}
              onClick={() => retryTicket(row.id)}
            >
              {M.retry}
            </button>
          )
        }
      />
    </section>
  );
}
