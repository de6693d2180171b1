import { ScrollRegion } from '../../../components/scroll-region';
import { DataTable } from '../../../components/ui/data-table';
import { CANCELLATION_MSG as M } from '../../../shared/messages/refunds';
import { formatMoney } from '../../../shared/money';
import { retryCancellationRefunds } from '../api/cancellations';
import type { fetchFinance } from '../api/finance';
import { RefundProblemsTable, useRetry } from './refund-problems-table';

type Cancellation = Awaited<ReturnType<typeof fetchFinance>>['cancellations'][number];

const stateOf = (c: Cancellation) =>
  c.failed > 0
    ? { label: M.withFailures, badge: 'badge-error' }
    : c.pending > 0
      ? { label: M.running, badge: 'badge-warning' }
      : { label: M.finished, badge: 'badge-success' };

/**
 * Finanzas → the refunds of cancelled events (services/events/cancellation.ts): refunded X of Y orders,
 * what was given back, the cash sales to hand back at the box office, and the orders that failed, with
 * "Reintentar". Below 640 px each table row is a card with its status and action.
 */
export function CancellationRefunds({
  cancellations,
  onChanged,
}: {
  cancellations: Cancellation[];
  onChanged: () => void;
}) {
  const { busy, retry } = useRetry<number>(onChanged);
  const problems = cancellations.flatMap((c) => c.problems.map((p) => ({ ...p, title: c.title })));
  return (
    <section className="rounded-box bg-base-200 p-4" aria-labelledby="cancellation-refunds">
      <h2 id="cancellation-refunds" className="mb-2 font-bold">
        {M.heading}
      </h2>
      <ScrollRegion label={M.heading}>
        <DataTable
          className="table table-sm table-cards"
          columns={[
            M.event,
            M.status,
            M.progressColumn,
            { label: M.refundedColumn, end: true },
            M.cashColumn,
            { label: M.actions, hidden: true },
          ]}
        >
          {cancellations.map((c) => {
            const state = stateOf(c);
            return (
              <tr key={c.event_id}>
                <td data-card="title" className="font-semibold">
                  {c.title}
                </td>
                <td data-label={M.status}>
                  <span className={`badge badge-sm ${state.badge}`}>{state.label}</span>
                </td>
                <td data-label={M.progressColumn}>
                  <progress
                    className="progress progress-success mr-2 hidden w-20 sm:inline-block"
                    value={c.done}
                    max={Math.max(c.orders, 1)}
                    aria-hidden="true"
                  />
                  {M.progress(c.done, c.orders)}
                </td>
                <td data-label={M.refundedColumn} className="text-right tabular-nums">
                  {formatMoney(c.refunded_cents)}
                </td>
                <td data-label={M.cashColumn} className="text-sm">
                  {c.cash_orders > 0 ? M.cash(c.cash_orders, formatMoney(c.cash_cents)) : M.noCash}
                </td>
                <td data-card="actions">
                  {c.failed > 0 && (
                    <button
                      type="button"
                      className="btn btn-sm btn-primary"
                      aria-label={M.retryLabel(c.title)}
                      disabled={busy === c.event_id}
                      onClick={() => retry(c.event_id, () => retryCancellationRefunds(c.event_id))}
                    >
                      {M.retry}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      </ScrollRegion>
      {problems.length > 0 && (
        <>
          <h3 className="mt-4 mb-2 font-semibold">{M.problemsHeading}</h3>
          <RefundProblemsTable
            label={M.problemsHeading}
            labels={{ ...M, id: M.order, person: M.buyer }}
            rows={problems.map((p) => ({ ...p, id: p.order_id, email: p.buyer_email }))}
          />
        </>
      )}
    </section>
  );
}
