import { useCallback, useEffect, useState } from 'react';
import { ScrollRegion } from '../../../components/scroll-region';
import { messageOf } from '../../../lib/api';
import { formatMoney } from '../../../shared/money';
import { fetchFinance } from '../api/finance';
import { FigureCard } from './figure-card';
import { SalesChart } from './sales-chart';
import { filterQuery, SalesFilters, type SalesFilterValue } from './sales-filters';

type Finance = Awaited<ReturnType<typeof fetchFinance>>;

/** /admin/finance: what was collected, kept, refunded and is owed to the producer, with reconciliation. */
export default function AdminFinance() {
  const [filter, setFilter] = useState<SalesFilterValue>({ period: '30d', event_id: '', from: '', to: '' });
  const [data, setData] = useState<Finance | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (filter.period === 'custom' && (!filter.from || !filter.to)) return;
    try {
      setData(await fetchFinance(filterQuery(filter)));
      setError(null);
    } catch (e) {
      setError(messageOf(e));
    }
  }, [filter]);
  useEffect(() => {
    void load();
  }, [load]);

  const exportHref = (format: 'csv' | 'xlsx') =>
    `/api/v1/admin/exports/finance?${new URLSearchParams({ ...filterQuery(filter), format })}`;
  const t = data?.totals;
  const mismatches = data ? Object.values(data.reconciliation).reduce((sum, list) => sum + list.length, 0) : 0;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SalesFilters value={filter} onChange={setFilter} />
        <div className="flex gap-2">
          <a className="btn btn-sm" href={exportHref('csv')} download>
            Exportar CSV
          </a>
          <a className="btn btn-sm" href={exportHref('xlsx')} download>
            Exportar XLSX
          </a>
        </div>
      </div>
      {error && (
        <p role="alert" className="alert alert-error">
          {error}
        </p>
      )}
      {t && data && (
        <section aria-label="Totales" className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <FigureCard label="Bruto cobrado" value={formatMoney(t.total_cents)} hint={`${t.orders} órdenes`} />
          <FigureCard
            label="Cargos por servicio"
            value={formatMoney(t.service_charges_cents)}
            hint="De la plataforma"
          />
          <FigureCard label="Comisiones MercadoPago" value={formatMoney(t.mp_fees_cents)} />
          <FigureCard label="Reembolsos" value={formatMoney(t.refunds_cents)} />
          <FigureCard label="Contracargos" value={formatMoney(t.chargebacks_cents)} />
          <FigureCard label="Neto para la productora" value={formatMoney(t.net_cents)} />
          <FigureCard label="Disponible" value={formatMoney(data.available_cents)} hint="Ya liberado por MercadoPago" />
          <FigureCard
            label="A liberar"
            value={formatMoney(data.to_release_cents)}
            hint="Según la fecha de liberación"
          />
        </section>
      )}
      {data && (
        <section className="rounded-box bg-base-200 p-4">
          <h2 className="mb-2 font-bold">Neto por día</h2>
          {data.series.length > 0 ? (
            <SalesChart
              points={data.series.map((s) => ({ bucket: s.bucket, total: s.net_cents, orders: s.orders }))}
              label="Neto"
              range={{ from: data.period.from, to: data.period.to, bucket: 'day' }}
            />
          ) : (
            <p className="text-sm text-muted">Sin movimientos en este período.</p>
          )}
        </section>
      )}
      {data && (
        <section className="rounded-box bg-base-200 p-4">
          <h2 className="mb-2 font-bold">Por evento</h2>
          <ScrollRegion label="Por evento">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th>Evento</th>
                  <th className="text-right">Bruto</th>
                  <th className="text-right">Cargos</th>
                  <th className="text-right">Comisiones MP</th>
                  <th className="text-right">Reembolsos</th>
                  <th className="text-right">Neto</th>
                </tr>
              </thead>
              <tbody>
                {data.by_event.map((e) => (
                  <tr key={e.event_id}>
                    <td>{e.title}</td>
                    <td className="text-right tabular-nums">{formatMoney(e.total_cents)}</td>
                    <td className="text-right tabular-nums">{formatMoney(e.service_charges_cents)}</td>
                    <td className="text-right tabular-nums">{formatMoney(e.mp_fees_cents)}</td>
                    <td className="text-right tabular-nums">{formatMoney(e.refunds_cents + e.chargebacks_cents)}</td>
                    <td className="text-right tabular-nums">{formatMoney(e.net_cents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </section>
      )}
      {data && (
        <section className="rounded-box bg-base-200 p-4">
          <h2 className="mb-2 font-bold">Conciliación</h2>
          {mismatches === 0 ? (
            <p className="text-sm text-success">
              Cada orden pagada tiene un pago por el mismo importe, y los reembolsos coinciden con MercadoPago.
            </p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {data.reconciliation.paid_orders_without_payment.map((r) => (
                <li key={r.order_id}>
                  Orden pagada sin pago aprobado:{' '}
                  <a className="link" href={`/admin/tickets?orden=${r.order_id}`}>
                    {r.order_id.slice(0, 8)}
                  </a>{' '}
                  ({formatMoney(r.total_cents)})
                </li>
              ))}
              {data.reconciliation.payments_without_paid_order.map((r) => (
                <li key={r.payment_id}>
                  Pago aprobado #{r.payment_id} de una orden {r.order_status}: {formatMoney(r.amount_cents)}
                </li>
              ))}
              {data.reconciliation.amount_mismatches.map((r) => (
                <li key={`amount-${r.order_id}`}>
                  Pago #{r.payment_id} por {formatMoney(r.amount_cents)} para la orden{' '}
                  <a className="link" href={`/admin/tickets?orden=${r.order_id}`}>
                    {r.order_id.slice(0, 8)}
                  </a>{' '}
                  de {formatMoney(r.total_cents)}
                </li>
              ))}
              {data.reconciliation.refund_mismatches.map((r) => (
                <li key={`refund-${r.order_id}`}>
                  Reembolso que no coincide: pago #{r.payment_id} en estado {r.payment_status}, orden{' '}
                  <a className="link" href={`/admin/tickets?orden=${r.order_id}`}>
                    {r.order_id.slice(0, 8)}
                  </a>{' '}
                  {r.order_status} (reembolsado {formatMoney(r.refunded_cents)})
                </li>
              ))}
              {data.reconciliation.orders_missing_from_ledger.map((r) => (
                <li key={`ledger-${r.order_id}`}>
                  Orden pagada fuera del libro de movimientos:{' '}
                  <a className="link" href={`/admin/tickets?orden=${r.order_id}`}>
                    {r.order_id.slice(0, 8)}
                  </a>{' '}
                  ({formatMoney(r.total_cents)})
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
