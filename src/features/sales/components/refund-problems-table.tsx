import { type ReactNode, useState } from 'react';
import { ScrollRegion } from '../../../components/scroll-region';
import { DataTable } from '../../../components/ui/data-table';
import { messageOf } from '../../../lib/api';
import { formatMoney } from '../../../shared/money';
import { toast } from '../../../stores/toast';

/** A refund that has not reached its buyer (or seller): still pending at MercadoPago, or refused. */
export type RefundProblem = {
  /** The row's own id (the order, or the resold ticket), shown short as a link to the order. */
  id: string;
  order_id: string;
  status: 'pending' | 'failed';
  title: string;
  email: string | null;
  amount_cents: number;
  last_error: string | null;
};

type Labels = {
  id: string;
  status: string;
  event: string;
  person: string;
  amount: string;
  problem: string;
  failedRow: string;
  pendingRow: string;
  actions: string;
};

/**
 * Finanzas' table of refunds that did not go through (an event's cancellation, a resold ticket), with an
 * optional action per row. Below 640 px each row is a card with its status and action.
 */
export function RefundProblemsTable({
  label,
  labels: L,
  rows,
  action,
}: {
  label: string;
  labels: Labels;
  rows: RefundProblem[];
  action?: (row: RefundProblem) => ReactNode;
}) {
  return (
    <ScrollRegion label={label}>
      <DataTable
        className="table table-sm table-cards"
        columns={[
          L.id,
          L.status,
          L.event,
          L.person,
          { label: L.amount, end: true },
          L.problem,
          action && { label: L.actions, hidden: true },
        ]}
      >
        {rows.map((p) => (
          <tr key={p.id}>
            <td data-card="title">
              <a className="link font-mono" href={`/admin/tickets?orden=${p.order_id}`}>
                {p.id.slice(0, 8)}
              </a>
            </td>
            <td data-label={L.status}>
              <span className={`badge badge-sm ${p.status === 'failed' ? 'badge-error' : 'badge-warning'}`}>
                {p.status === 'failed' ? L.failedRow : L.pendingRow}
              </span>
            </td>
            <td data-label={L.event}>{p.title}</td>
            <td data-label={L.person}>{p.email ?? '—'}</td>
            <td data-label={L.amount} className="text-right tabular-nums">
              {formatMoney(p.amount_cents)}
            </td>
            <td data-label={L.problem} className="text-sm">
              {p.last_error}
            </td>
            {action && <td data-card="actions">{action(p)}</td>}
          </tr>
        ))}
      </DataTable>
    </ScrollRegion>
  );
}

/**
 * "Reintentar" on Finanzas' refund rows: one row at a time (`busy` is its key), the API's answer as a toast,
 * then Finanzas reloads.
 */
export function useRetry<K>(onChanged: () => void) {
  const [busy, setBusy] = useState<K | null>(null);
  const retry = async (key: K, send: () => Promise<{ message: string }>) => {
    setBusy(key);
    try {
      const answer = await send();
      toast('success', answer.message);
      onChanged();
    } catch (e) {
      toast('error', messageOf(e));
    } finally {
      setBusy(null);
    }
  };
  return { busy, retry };
}
