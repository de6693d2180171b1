import { useEffect, useState } from 'react';
import { messageOf } from '../../../lib/api';
import { formatEventDate } from '../../../shared/dates';
import { BOX_OFFICE_METHOD_LABEL } from '../../../shared/labels';
import { SALES_TEXT } from '../../../shared/messages-sales';
import { formatMoney } from '../../../shared/money';
import { fetchEventTypes, sellAtBoxOffice } from '../api/box-office';
import { fetchManagedEvents } from '../api/events';

type Method = keyof typeof BOX_OFFICE_METHOD_LABEL;
type TicketType = Awaited<ReturnType<typeof fetchEventTypes>>[number];

/** "Venta en boletería": staff sell at the door; then the receipt screen hands over the tickets. */
export function BoxOfficeForm({ onSold }: { onSold: () => void }) {
  const [events, setEvents] = useState<{ id: number; title: string }[]>([]);
  const [eventId, setEventId] = useState('');
  const [types, setTypes] = useState<TicketType[]>([]);
  const [typeId, setTypeId] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [method, setMethod] = useState<Method>('cash');
  const [buyer, setBuyer] = useState({ name: '', email: '', dni: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchManagedEvents()
      .then((rows) =>
        setEvents(rows.filter((e) => e.status === 'publicado').map((e) => ({ id: e.id, title: e.title }))),
      )
      .catch(() => setEvents([]));
  }, []);
  useEffect(() => {
    setTypes([]);
    setTypeId('');
    if (!eventId) return;
    fetchEventTypes(eventId)
      .then((t) => {
        setTypes(t);
        setTypeId(t[0] ? String(t[0].id) : '');
      })
      .catch((e) => setError(messageOf(e)));
  }, [eventId]);

  const type = types.find((t) => String(t.id) === typeId);
  return (
    <form
      className="grid gap-3 md:grid-cols-3"
      aria-label={SALES_TEXT.boxOffice}
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        try {
          const sold = await sellAtBoxOffice({
            event_id: Number(eventId),
            items: [{ ticket_type_id: Number(typeId), quantity }],
            method,
            buyer,
          });
          onSold();
          // The receipt: order code, amount, method and the tickets to hand over (print, PDF, e-mail).
          window.location.assign(`/admin/boleteria/${sold.order_id}`);
        } catch (err) {
          setError(messageOf(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <label className="flex flex-col gap-1 text-sm">
        {SALES_TEXT.event}
        <select className="select" required value={eventId} onChange={(e) => setEventId(e.target.value)}>
          <option value="">{SALES_TEXT.chooseEvent}</option>
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.title}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        {SALES_TEXT.ticketType}
        <select className="select" required value={typeId} onChange={(e) => setTypeId(e.target.value)}>
          {types.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} · {formatEventDate(t.starts_at)} · {formatMoney(t.price_cents)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        {SALES_TEXT.quantity}
        <input
          className="input"
          type="number"
          min={1}
          max={50}
          value={quantity}
          onChange={(e) => setQuantity(Number(e.target.value))}
        />
      </label>
      <fieldset className="flex flex-col gap-1 text-sm">
        <legend>{SALES_TEXT.payment}</legend>
        <div className="flex gap-3">
          {(Object.keys(BOX_OFFICE_METHOD_LABEL) as Method[]).map((m) => (
            <label key={m} className="flex items-center gap-1">
              <input type="radio" className="radio radio-sm" checked={method === m} onChange={() => setMethod(m)} />
              {BOX_OFFICE_METHOD_LABEL[m]}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex flex-col gap-1 text-sm">
        {SALES_TEXT.buyerName}
        <input className="input" value={buyer.name} onChange={(e) => setBuyer({ ...buyer, name: e.target.value })} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        {SALES_TEXT.buyerEmail}
        <input
          className="input"
          type="email"
          value={buyer.email}
          onChange={(e) => setBuyer({ ...buyer, email: e.target.value })}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        {SALES_TEXT.buyerDni}
        <input
          className="input"
          inputMode="numeric"
          value={buyer.dni}
          onChange={(e) => setBuyer({ ...buyer, dni: e.target.value })}
        />
      </label>
      <div className="flex items-end gap-3 md:col-span-2">
        <button type="submit" className="btn btn-primary" disabled={busy || !typeId}>
          {SALES_TEXT.charge(type ? formatMoney(type.price_cents * quantity) : '')}
        </button>
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
      </div>
    </form>
  );
}
