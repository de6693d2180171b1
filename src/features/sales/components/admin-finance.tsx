import { useRef, useState } from 'react';
import { ScrollRegion } from '../../../components/scroll-region';
import { DataTable } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { useData } from '../../../components/ui/use-data';
import { orderStatusLabel } from '../../../shared/messages/checkout';
import { STATUS_LABEL } from '../../../shared/messages/events';
import { paymentStatusLabel } from '../../../shared/messages/payments';
import { FINANCE_MSG as M } from '../../../shared/messages/sales';
import { formatMoney } from '../../../shared/money';
import { fetchFinance } from '../api/finance';
import { CancellationRefunds } from './cancellation-refunds';
import { FigureCard } from './figure-card';
import { ResaleRefunds } from './resale-refunds';
import { SalesChart } from './sales-chart';
import { filterQuery, SalesFilters, type SalesFilterValue } from './sales-filters';

type Finance = Awaited<ReturnType<typeof fetchFinance>>;

const orderLink = (id: string) => (
  <a className="link" href={`/admin/tickets?orden=${id}`}>
    {id.slice(0, 8)}
  </a>
);

/** /admin/finance: what was collected, kept, refunded and is owed to the producer, with reconciliation. */
export default function AdminFinance() {
  const [filter, setFilter] = useState<SalesFilterValue>({ period: '30d', event_id: '', from: '', to: '' });
  // A custom period loads once both of its days are chosen; until then the last query stays.
  const lastQuery = useRef(filterQuery(filter));
  if (!(filter.period === 'custom' && (!filter.from || !filter.to))) lastQuery.current = filterQuery(filter);
  const query = lastQuery.current;
  const state = useData(() => fetchFinance(query), JSON.stringify(query));

  const exportHref = (format: 'csv' | 'xlsx') =>
    `/api/v1/admin/exports/finance?${new URLSearchParams({ ...query, format })}`;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SalesFilters value={filter} onChange={setFilter} />
        <div className="flex gap-2">
          <a className="btn btn-sm" href={exportHref('csv')} download>
            {M.exportCsv}
          </a>
          <a className="btn btn-sm" href={exportHref('xlsx')} download>
            {M.exportXlsx}
          </a>
        </div>
      </div>
      {state.error && state.data && (
        <p role="alert" className="alert alert-error">
          {state.error}
        </p>
      )}
      <LoadState state={state} rows={4}>
        {(data) => (
          <>
            <Totals data={data} />
            {data.cancellations.length > 0 && (
              <CancellationRefunds cancellations={data.cancellations} onChanged={state.reload} />
            )}
            {data.resale_refunds.length > 0 && (
              <ResaleRefunds problems={data.resale_refunds} onChanged={state.reload} />
            )}
            <section className="rounded-box bg-base-200 p-4">
              <h2 className="mb-2 font-bold">{M.netPerDay}</h2>
              {data.series.length > 0 ? (
                <SalesChart
                  points={data.series.map((s) => ({ bucket: s.bucket, total: s.net_cents, orders: s.orders }))}
                  label={M.netSeries}
                  range={{ from: data.period.from, to: data.period.to, bucket: 'day' }}
                />
              ) : (
                <p className="text-sm text-muted">{M.noMovements}</p>
              )}
            </section>
            <ByEvent
              rows={data.by_event}
              onOnly={(id) => setFilter({ ...filter, event_id: String(id) })}
              filtered={Boolean(filter.event_id)}
            />
            <Reconciliation data={data} />
          </>
        )}
      </LoadState>
    </div>
  );
}

function Totals({ data }: { data: Finance }) {
  const t = data.totals;
  return (
    <section aria-label={M.totals} className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <FigureCard label={M.gross} value={formatMoney(t.total_cents)} hint={M.orders(t.orders)} />
      <FigureCard label={M.serviceCharges} value={formatMoney(t.service_charges_cents)} hint={M.serviceChargesHint} />
      <FigureCard label={M.mpFees} value={formatMoney(t.mp_fees_cents)} />
      <FigureCard label={M.refunds} value={formatMoney(t.refunds_cents)} />
      <FigureCard label={M.chargebacks} value={formatMoney(t.chargebacks_cents)} />
      <FigureCard label={M.net} value={formatMoney(t.net_cents)} />
      <FigureCard label={M.available} value={formatMoney(data.available_cents)} hint={M.availableHint} />
      <FigureCard label={M.toRelease} value={formatMoney(data.to_release_cents)} hint={M.toReleaseHint} />
    </section>
  );
}

/** Per event; below 640 px each row is a card with the event's status and its main action. */
function ByEvent({
  rows,
  onOnly,
  filtered,
}: {
  rows: Finance['by_event'];
  onOnly: (eventId: number) => void;
  filtered: boolean;
}) {
  return (
    <section className="rounded-box bg-base-200 p-4">
      <h2 className="mb-2 font-bold">{M.byEvent}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{M.noEvents}</p>
      ) : (
        <ScrollRegion label={M.byEvent}>
          <DataTable
            className="table table-sm table-cards"
            columns={[
              M.event,
              M.status,
              { label: M.grossColumn, end: true },
              { label: M.chargesColumn, end: true },
              { label: M.mpFeesColumn, end: true },
              { label: M.refundsColumn, end: true },
              { label: M.netColumn, end: true },
              !filtered && { label: M.actions, hidden: true },
            ]}
          >
            {rows.map((e) => (
              <tr key={e.event_id}>
                <td data-card="title" className="font-semibold">
                  {e.title}
                </td>
                <td data-label={M.status}>
                  <span className={`badge badge-sm ${e.status === 'cancelado' ? 'badge-error' : 'badge-ghost'}`}>
                    {STATUS_LABEL[e.status]}
                  </span>
                </td>
                <td data-label={M.grossColumn} className="text-right tabular-nums">
                  {formatMoney(e.total_cents)}
                </td>
                <td data-label={M.chargesColumn} className="text-right tabular-nums">
                  {formatMoney(e.service_charges_cents)}
                </td>
                <td data-label={M.mpFeesColumn} className="text-right tabular-nums">
                  {formatMoney(e.mp_fees_cents)}
                </td>
                <td data-label={M.refundsColumn} className="text-right tabular-nums">
                  {formatMoney(e.refunds_cents + e.chargebacks_cents)}
                </td>
                <td data-label={M.netColumn} className="text-right font-semibold tabular-nums">
                  {formatMoney(e.net_cents)}
                </td>
                {!filtered && (
                  <td data-card="actions">
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      aria-label={M.onlyThisLabel(e.title)}
                      onClick={() => onOnly(e.event_id)}
                    >
                      {M.onlyThis}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </DataTable>
        </ScrollRegion>
      )}
    </section>
  );
}

function Reconciliation({ data }: { data: Finance }) {
  const r = data.reconciliation;
  const mismatches = Object.values(r).reduce((sum, list) => sum + list.length, 0);
  return (
    <section className="rounded-box bg-base-200 p-4">
      <h2 className="mb-2 font-bold">{M.reconciliation}</h2>
      {mismatches === 0 ? (
        <p className="text-sm text-success">{M.reconciled}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {r.paid_orders_without_payment.map((x) => (
            <li key={x.order_id}>
              {M.paidWithoutPayment} {orderLink(x.order_id)} ({formatMoney(x.total_cents)})
            </li>
          ))}
          {r.payments_without_paid_order.map((x) => (
            <li key={x.payment_id}>
              {M.paymentWithoutOrder(x.payment_id, orderStatusLabel(x.order_status), formatMoney(x.amount_cents))}
            </li>
          ))}
          {r.amount_mismatches.map((x) => (
            <li key={`amount-${x.order_id}`}>
              {M.amountMismatch(x.payment_id, formatMoney(x.amount_cents))} {orderLink(x.order_id)} {M.of}{' '}
              {formatMoney(x.total_cents)}
            </li>
          ))}
          {r.refund_mismatches.map((x) => (
            <li key={`refund-${x.order_id}`}>
              {M.refundMismatch(x.payment_id, paymentStatusLabel(x.payment_status))} {orderLink(x.order_id)}{' '}
              {M.refundedSoFar(orderStatusLabel(x.order_status), formatMoney(x.refunded_cents))}
            </li>
          ))}
          {r.orders_missing_from_ledger.map((x) => (
            <li key={`ledger-${x.order_id}`}>
              {M.missingFromLedger} {orderLink(x.order_id)} ({formatMoney(x.total_cents)})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
