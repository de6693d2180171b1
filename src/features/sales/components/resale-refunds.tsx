import { useState } from 'react';
import { ScrollRegion } from '../../../components/scroll-region';
import { messageOf } from '../../../lib/api';
import { RESALE_REFUNDS_MSG as M } from '../../../shared/messages-cancellation';
import { formatMoney } from '../../../shared/money';
import { toast } from '../../../stores/toast';
import { retryResaleRefund } from '../api/cancellations';
import type { fetchFinance } from '../api/finance';

type Problem = Awaited<ReturnType<typeof fetchFinance>>['resale_refunds'][number];

/**
 * Finanzas → resold tickets (face-value resale) whose seller's refund failed (MercadoPago refused: "Reintentar"
 * tries again with a new key) or waits on MercadoPago (the cron job goes on by itself). Below 640 px each
 * table row is a card with its status and action.
 */
export function ResaleRefunds({ problems, onChanged }: { problems: Problem[]; onChanged: () => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const retry = async (p: Problem) => {
    setBusy(p.ticket_id);
    try {
      const answer = await retryResaleRefund(p.event_id, p.ticket_id);
      toast('success', answer.message);
      onChanged();
    } catch (e) {
      toast('error', messageOf(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="rounded-box bg-base-200 p-4" aria-labelledby="resale-refunds">
      <h2 id="resale-refunds" className="mb-1 font-bold">
        {M.heading}
      </h2>
      <p className="mb-2 text-sm">{M.intro}</p>
      <ScrollRegion label={M.heading}>
        <table className="table table-sm table-cards">
          <thead>
            <tr>
              <th>{M.ticket}</th>
              <th>{M.status}</th>
              <th>{M.event}</th>
              <th>{M.seller}</th>
              <th className="text-right">{M.amount}</th>
              <th>{M.problem}</th>
              <th>
                <span className="sr-only">{M.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {problems.map((p) => (
              <tr key={p.ticket_id}>
                <td data-card="title">
                  <a className="link font-mono" href={`/admin/tickets?orden=${p.order_id}`}>
                    {p.ticket_id.slice(0, 8)}
                  </a>
                </td>
                <td data-label={M.status}>
                  <span className={`badge badge-sm ${p.status === 'failed' ? 'badge-error' : 'badge-warning'}`}>
                    {p.status === 'failed' ? M.failedRow : M.pendingRow}
                  </span>
                </td>
                <td data-label={M.event}>{p.title}</td>
                <td data-label={M.seller}>{p.seller_email ?? '—'}</td>
                <td data-label={M.amount} className="text-right tabular-nums">
                  {formatMoney(p.amount_cents)}
                </td>
                <td data-label={M.problem} className="text-sm">
                  {p.last_error}
                </td>
                <td data-card="actions">
                  {p.status === 'failed' && (
                    <button
                      type="button"
                      className="btn btn-sm btn-primary"
                      aria-label={M.retryLabel(p.ticket_id.slice(0, 8))}
                      disabled={busy === p.ticket_id}
                      onClick={() => retry(p)}
                    >
                      {M.retry}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
