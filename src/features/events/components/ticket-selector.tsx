import { useState } from 'react';
import { AVAILABILITY_LABEL, type Availability } from '../../../shared/availability';
import { formatMoney, formatPrice } from '../../../shared/money';

export type SelectorTicket = {
  id: number;
  name: string;
  description: string;
  price_cents: number;
  min_per_order: number;
  max_per_order: number;
  availability: Availability;
  remaining: number;
};
export type SelectorDate = { id: number; label: string; ticket_types: SelectorTicket[] };

const buyable = (t: SelectorTicket) => t.availability === 'disponible' || t.availability === 'ultimas';

/**
 * The ticket selector: pick a date, then quantities per ticket type within the per-order limits and what
 * is left; "Comprar" goes to the checkout, which holds the tickets for real.
 */
export default function TicketSelector({ eventId, dates }: { eventId: number; dates: SelectorDate[] }) {
  const [dateId, setDateId] = useState(dates[0]?.id);
  const [qty, setQty] = useState<Record<number, number>>({});
  const date = dates.find((d) => d.id === dateId) ?? dates[0];
  if (!date) return <p className="text-base-content/70">Todavía no hay entradas a la venta.</p>;

  const change = (t: SelectorTicket, delta: number) => {
    const top = Math.min(t.max_per_order, t.remaining);
    const current = qty[t.id] ?? 0;
    let next = current + delta;
    if (delta > 0 && current === 0) next = t.min_per_order;
    if (delta < 0 && current <= t.min_per_order) next = 0;
    setQty({ ...qty, [t.id]: Math.max(0, Math.min(top, next)) });
  };
  const chosen = date.ticket_types.filter((t) => (qty[t.id] ?? 0) > 0);
  const total = chosen.reduce((sum, t) => sum + t.price_cents * qty[t.id], 0);
  const count = chosen.reduce((sum, t) => sum + qty[t.id], 0);
  const href = `/checkout?event=${eventId}&items=${chosen.map((t) => `${t.id}:${qty[t.id]}`).join(',')}`;

  return (
    <div className="flex flex-col gap-4">
      {dates.length > 1 && (
        <label className="flex flex-col gap-1 text-sm">
          Función
          <select
            className="select w-full"
            value={date.id}
            onChange={(e) => {
              setDateId(Number(e.target.value));
              setQty({});
            }}
          >
            {dates.map((d) => (
              <option key={d.id} value={d.id}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
      )}
      <ul className="flex flex-col gap-3">
        {date.ticket_types.map((t) => (
          <li key={t.id} className="flex items-center justify-between gap-3 rounded-box bg-base-300/60 p-3">
            <div>
              <p className="font-semibold">{t.name}</p>
              <p className="text-sm">{formatPrice(t.price_cents)}</p>
              {t.availability !== 'disponible' && (
                <p className={`text-xs ${t.availability === 'ultimas' ? 'text-warning' : 'text-error'}`}>
                  {AVAILABILITY_LABEL[t.availability]}
                </p>
              )}
            </div>
            {buyable(t) && (
              <div className="flex items-center gap-2">
                <button
                  type="button"
                  className="btn btn-sm btn-circle"
                  aria-label={`Quitar una entrada ${t.name}`}
                  disabled={!qty[t.id]}
                  onClick={() => change(t, -1)}
                >
                  −
                </button>
                <output className="w-6 text-center" aria-label={`Cantidad ${t.name}`}>
                  {qty[t.id] ?? 0}
                </output>
                <button
                  type="button"
                  className="btn btn-sm btn-circle"
                  aria-label={`Agregar una entrada ${t.name}`}
                  disabled={(qty[t.id] ?? 0) >= Math.min(t.max_per_order, t.remaining)}
                  onClick={() => change(t, 1)}
                >
                  +
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <div className="flex items-center justify-between">
        <span className="text-sm text-base-content/70">
          {count > 0 ? `${count} ${count === 1 ? 'entrada' : 'entradas'}` : 'Elegí tus entradas'}
        </span>
        <span className="text-lg font-bold">{count > 0 ? (total === 0 ? 'Gratis' : formatMoney(total)) : ''}</span>
      </div>
      {count > 0 ? (
        <a href={href} className="btn btn-primary btn-block">
          Comprar
        </a>
      ) : (
        <button type="button" className="btn btn-primary btn-block" disabled>
          Comprar
        </button>
      )}
    </div>
  );
}
