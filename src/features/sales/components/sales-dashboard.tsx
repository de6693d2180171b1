import { useEffect, useRef, useState } from 'react';
import { ScrollRegion } from '../../../components/scroll-region';
import { DataTable } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { useData } from '../../../components/ui/use-data';
import { formatClock, formatEventDate } from '../../../shared/dates';
import { orderStatusLabel } from '../../../shared/messages/checkout';
import { SALES_TEXT } from '../../../shared/messages/sales';
import { formatMoney } from '../../../shared/money';
import { fetchDashboard } from '../api/dashboard';
import type { SalesDashboard as Dashboard } from '../types';
import { FigureCard } from './figure-card';
import { SalesChart } from './sales-chart';
import { filterQuery, SalesFilters, type SalesFilterValue } from './sales-filters';
import { SectionOccupancy } from './section-occupancy';

/** How often the figures refresh during an on-sale (only while the tab is visible). */
const REFRESH_MS = 5_000;

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)} %` : '—');

/** /admin/dashboard: the producer's sales for a period and event, refreshing by itself. */
export default function SalesDashboard() {
  const [filter, setFilter] = useState<SalesFilterValue>({ period: 'hoy', event_id: '', from: '', to: '' });
  // A custom period loads once both ends are set; until then the last complete query stays.
  const complete = !(filter.period === 'custom' && (!filter.from || !filter.to));
  const lastQuery = useRef(filterQuery(filter));
  if (complete) lastQuery.current = filterQuery(filter);
  const key = JSON.stringify(lastQuery.current);
  const state = useData<Dashboard>(() => fetchDashboard(JSON.parse(key)), key);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  useEffect(() => {
    if (state.data) setUpdatedAt(new Date());
  }, [state.data]);

  // Polls while the tab is visible; an answer that a newer poll or filter replaced is dropped (useData).
  const { reload } = state;
  useEffect(() => {
    const timer = setInterval(() => {
      if (!document.hidden) reload();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SalesFilters value={filter} onChange={setFilter} />
        <p className="text-xs text-muted" aria-live="polite">
          {updatedAt ? SALES_TEXT.updated(formatClock(updatedAt)) : SALES_TEXT.loading}
        </p>
      </div>
      {state.error && state.data && (
        <p role="alert" className="alert alert-error">
          {state.error}
        </p>
      )}
      <LoadState state={state} rows={4}>
        {(data) => <DashboardBody data={data} />}
      </LoadState>
    </div>
  );
}

type ProgressRow = { key: number; label: string; figure: string; value: number; max: number };

/** A dashboard panel of rows with a bar each (occupancy, today's entries), or `empty` when there are none. */
function ProgressPanel(props: { title: string; empty: string; tone: string; rows: ProgressRow[] }) {
  return (
    <section className="rounded-box bg-base-200 p-4">
      <h2 className="mb-2 font-bold">{props.title}</h2>
      <ul className="flex flex-col gap-3 text-sm">
        {props.rows.map((r) => (
          <li key={r.key}>
            <div className="flex justify-between gap-2">
              <span>{r.label}</span>
              <span className="tabular-nums">{r.figure}</span>
            </div>
            <progress className={`progress ${props.tone} w-full`} value={r.value} max={Math.max(1, r.max)} />
          </li>
        ))}
        {props.rows.length === 0 && <li className="text-muted">{props.empty}</li>}
      </ul>
    </section>
  );
}

/** The figures, charts, occupancy, check-in and latest orders of one answer. */
function DashboardBody({ data }: { data: Dashboard }) {
  const f = data.figures;
  return (
    <>
      <section aria-label={SALES_TEXT.periodFigures} className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <FigureCard label={SALES_TEXT.grossSales} value={formatMoney(f.gross_cents)} hint={SALES_TEXT.ticketPrices} />
        <FigureCard label={SALES_TEXT.ticketsSold} value={String(f.tickets)} />
        <FigureCard label={SALES_TEXT.invitations} value={String(f.invitation_tickets)} />
        <FigureCard label={SALES_TEXT.serviceCharges} value={formatMoney(f.service_charges_cents)} />
        <FigureCard label={SALES_TEXT.refunds} value={formatMoney(f.refunds_cents)} />
        <FigureCard label={SALES_TEXT.orders} value={String(f.orders)} />
        <FigureCard label={SALES_TEXT.averageOrder} value={formatMoney(f.average_order_cents)} />
      </section>
      <div className="grid gap-6 lg:grid-cols-3">
        <section className="rounded-box bg-base-200 p-4 lg:col-span-2">
          <h2 className="mb-2 font-bold">{SALES_TEXT.salesOverTime}</h2>
          {data.series.length > 0 ? (
            <SalesChart points={data.series} label={SALES_TEXT.totalCharged} range={data.period} />
          ) : (
            <p className="text-sm text-muted">{SALES_TEXT.noSales}</p>
          )}
        </section>
        <section className="rounded-box bg-base-200 p-4">
          <h2 className="mb-2 font-bold">{SALES_TEXT.ticketsByType}</h2>
          <ul className="flex flex-col gap-2 text-sm">
            {data.by_type.map((t) => (
              <li key={t.id} className="flex justify-between gap-2">
                <span>{t.name}</span>
                <span className="tabular-nums">{t.tickets}</span>
              </li>
            ))}
            {data.by_type.length === 0 && <li className="text-muted">{SALES_TEXT.noTicketsSold}</li>}
          </ul>
        </section>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <ProgressPanel
          title={SALES_TEXT.occupancy}
          empty={SALES_TEXT.noUpcoming}
          tone="progress-primary"
          rows={data.occupancy.map((o) => ({
            key: o.event_date_id,
            label: `${o.title} · ${formatEventDate(o.starts_at)}`,
            figure: `${o.sold}/${o.capacity} (${percent(o.sold, o.capacity)})${o.held > 0 ? SALES_TEXT.held(o.held) : ''}`,
            value: o.sold,
            max: o.capacity,
          }))}
        />
        <ProgressPanel
          title={SALES_TEXT.todayEntries}
          empty={SALES_TEXT.noneToday}
          tone="progress-accent"
          rows={data.checkin.map((c) => ({
            key: c.event_date_id,
            label: c.title,
            figure: `${c.checked_in}/${c.tickets} (${percent(c.checked_in, c.tickets)})`,
            value: c.checked_in,
            max: c.tickets,
          }))}
        />
      </div>
      <SectionOccupancy dates={data.occupancy} />
      <section className="rounded-box bg-base-200 p-4">
        <h2 className="mb-2 font-bold">{SALES_TEXT.latestOrders}</h2>
        <ScrollRegion label={SALES_TEXT.latestOrders}>
          <DataTable
            className="table table-sm table-cards"
            columns={[
              SALES_TEXT.order,
              SALES_TEXT.buyer,
              SALES_TEXT.event,
              SALES_TEXT.status,
              { label: SALES_TEXT.total, end: true },
              SALES_TEXT.paidAt,
            ]}
          >
            {data.latest.map((o) => (
              <tr key={o.id}>
                <td data-label={SALES_TEXT.order}>
                  <a className="link" href={`/admin/tickets?orden=${o.id}`}>
                    {o.id.slice(0, 8)}
                  </a>
                </td>
                <td data-card="title">{o.buyer_email ?? o.buyer_name ?? '—'}</td>
                <td data-label={SALES_TEXT.event}>{o.event_title}</td>
                <td data-label={SALES_TEXT.status}>{orderStatusLabel(o.status)}</td>
                <td data-label={SALES_TEXT.total} className="text-right tabular-nums">
                  {formatMoney(o.total_cents)}
                </td>
                <td data-label={SALES_TEXT.paidAt}>{formatEventDate(o.paid_at)}</td>
              </tr>
            ))}
          </DataTable>
        </ScrollRegion>
      </section>
    </>
  );
}
