import { useEffect, useRef, useState } from 'react';
import { ScrollRegion } from '../../../components/scroll-region';
import { DataTable } from '../../../components/ui/data-table';
import { SelectField, TextField } from '../../../components/ui/fields';
import { LoadState } from '../../../components/ui/load-state';
import { useData } from '../../../components/ui/use-data';
import { formatEventDate } from '../../../shared/dates';
import { ORDER_STATUS_LABEL, orderStatusLabel } from '../../../shared/messages/checkout';
import { INVITATION_LABEL } from '../../../shared/messages/invitations';
import { SALES_TEXT } from '../../../shared/messages/sales';
import { formatMoney } from '../../../shared/money';
import { ORDER_STATUSES_FILTER } from '../../../shared/sales';
import { fetchOrders } from '../api/orders';
import { BoxOfficeForm } from './box-office-form';
import { OrderDetail } from './order-detail';
import { filterQuery, SalesFilters, type SalesFilterValue } from './sales-filters';

type Page = { total: number; pages: number; page: number };

/** /admin/tickets: server-side search over orders and tickets, the order detail and the exports. */
export default function AdminOrders({ initialOrder }: { initialOrder?: string }) {
  const [filter, setFilter] = useState<SalesFilterValue>({ period: 'todo', event_id: '', from: '', to: '' });
  const [status, setStatus] = useState('');
  const [text, setText] = useState('');
  const [q, setQ] = useState(initialOrder ?? '');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(initialOrder ?? null);
  // On a phone the detail opens below the cards: bring it into view when another order is opened.
  const detailBox = useRef<HTMLElement>(null);
  useEffect(() => {
    if (open) detailBox.current?.scrollIntoView({ block: 'start' });
  }, [open]);
  const params: Record<string, string> = { ...filterQuery(filter), page: String(page), per_page: '25' };
  if (status) params.status = status;
  if (q) params.q = q;
  const key = JSON.stringify(params);
  // The newest search wins: an older page or filter answering late is dropped.
  const state = useData(() => fetchOrders(JSON.parse(key)), key);
  const pagination: Page | null = state.data?.pagination ?? null;
  const load = state.reload;

  const exportHref = (format: 'csv' | 'xlsx') => {
    const params = new URLSearchParams({ format });
    if (filter.event_id) params.set('event_id', filter.event_id);
    return `/api/v1/admin/exports/orders?${params}`;
  };

  return (
    <div className="flex flex-col gap-4">
      <details className="collapse-arrow collapse rounded-box bg-base-200">
        <summary className="collapse-title font-bold">{SALES_TEXT.boxOffice}</summary>
        <div className="collapse-content">
          <BoxOfficeForm onSold={load} />
        </div>
      </details>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setQ(text.trim());
        }}
      >
        <SalesFilters
          withAll
          value={filter}
          onChange={(v) => {
            setPage(1);
            setFilter(v);
          }}
        />
        <SelectField label={SALES_TEXT.status} className="select-sm" value={status} onValue={setStatus}>
          <option value="">{SALES_TEXT.all}</option>
          {ORDER_STATUSES_FILTER.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABEL[s]}
            </option>
          ))}
        </SelectField>
        <div className="w-72 max-w-full">
          <TextField
            label={SALES_TEXT.search}
            className="input-sm"
            placeholder={SALES_TEXT.searchPlaceholder}
            value={text}
            onValue={setText}
          />
        </div>
        <button type="submit" className="btn btn-sm btn-primary">
          {SALES_TEXT.search}
        </button>
        <div className="ml-auto flex gap-2">
          <a className="btn btn-sm" href={exportHref('csv')} download>
            {SALES_TEXT.exportCsv}
          </a>
          <a className="btn btn-sm" href={exportHref('xlsx')} download>
            {SALES_TEXT.exportXlsx}
          </a>
          {filter.event_id && (
            <a
              className="btn btn-sm"
              href={`/api/v1/admin/exports/attendees?event_id=${filter.event_id}&format=pdf`}
              download
            >
              {SALES_TEXT.attendeesPdf}
            </a>
          )}
        </div>
      </form>
      {state.error && state.data && (
        <p role="alert" className="alert alert-error">
          {state.error}
        </p>
      )}
      <LoadState state={state}>
        {({ data: rows }) => (
          <ScrollRegion label={SALES_TEXT.orders} className="rounded-box bg-base-200">
            <DataTable
              className="table table-sm table-cards"
              columns={[
                SALES_TEXT.order,
                SALES_TEXT.buyer,
                SALES_TEXT.event,
                SALES_TEXT.status,
                { label: SALES_TEXT.tickets, end: true },
                { label: SALES_TEXT.total, end: true },
                SALES_TEXT.created,
              ]}
            >
              {rows.map((o) => (
                <tr key={o.id} className={open === o.id ? 'bg-base-300' : undefined}>
                  <td data-label={SALES_TEXT.order}>
                    <button type="button" className="link font-mono" onClick={() => setOpen(o.id)}>
                      {o.id.slice(0, 8)}
                    </button>
                  </td>
                  <td data-card="title">
                    {o.buyer_name ?? '—'}
                    <br />
                    <span className="text-xs text-muted">{o.buyer_email ?? SALES_TEXT.noEmail}</span>
                  </td>
                  <td data-label={SALES_TEXT.event}>{o.event_title}</td>
                  <td data-label={SALES_TEXT.status}>
                    {orderStatusLabel(o.status)}
                    {o.kind === 'invitation' && (
                      <span className="badge badge-secondary badge-sm ml-1">{INVITATION_LABEL}</span>
                    )}
                  </td>
                  <td data-label={SALES_TEXT.tickets} className="text-right tabular-nums">
                    {o.tickets}
                  </td>
                  <td data-label={SALES_TEXT.total} className="text-right tabular-nums">
                    {formatMoney(o.total_cents)}
                  </td>
                  <td data-label={SALES_TEXT.created}>{formatEventDate(o.created_at)}</td>
                </tr>
              ))}
              {rows.length === 0 && (
                <tr>
                  <td colSpan={7} className="text-center text-muted">
                    {SALES_TEXT.noOrders}
                  </td>
                </tr>
              )}
            </DataTable>
          </ScrollRegion>
        )}
      </LoadState>
      {pagination && pagination.pages > 1 && (
        <nav className="join self-center" aria-label={SALES_TEXT.pages}>
          <button type="button" className="join-item btn btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {SALES_TEXT.previous}
          </button>
          <span className="join-item btn btn-sm btn-disabled">
            {SALES_TEXT.page(page, pagination.pages, pagination.total)}
          </span>
          <button
            type="button"
            className="join-item btn btn-sm"
            disabled={page >= pagination.pages}
            onClick={() => setPage(page + 1)}
          >
            {SALES_TEXT.next}
          </button>
        </nav>
      )}
      {open && (
        <section className="rounded-box bg-base-200 p-4" aria-label={SALES_TEXT.orderDetail} ref={detailBox}>
          <OrderDetail key={open} orderId={open} onChanged={load} />
        </section>
      )}
    </div>
  );
}
