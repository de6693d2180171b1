import { formatEventDate } from '../../../shared/dates';
import { CHECKOUT_TEXT } from '../../../shared/messages/checkout';
import { SEAT_MAP_TEXT } from '../../../shared/messages/seating';
import { formatMoney, formatPrice } from '../../../shared/money';
import type { OrderView } from '../../../shared/schemas/checkout';
import { PromoDiscountRow } from './promo-discount-row';

/** The price breakdown: each line (price × quantity), the service charge, and the total. */
export function OrderSummary({ order }: { order: OrderView }) {
  return (
    <section aria-label={CHECKOUT_TEXT.summary} className="rounded-box bg-base-200 p-5">
      <h2 className="text-lg font-bold">{order.event.title}</h2>
      {order.event.venue && (
        <p className="text-sm text-base-content/70">
          {order.event.venue}
          {order.event.city ? `, ${order.event.city}` : ''}
        </p>
      )}
      <table className="mt-4 w-full text-sm">
        <tbody>
          {order.items.map((i) => (
            <tr key={i.ticket_type_id}>
              <td className="py-1">
                {i.quantity} × {i.name}
                <span className="block text-xs text-base-content/60">
                  {formatEventDate(i.starts_at)} · {formatPrice(i.unit_price_cents + i.unit_discount_cents)} c/u
                </span>
                {i.seats.length > 0 && (
                  <ul aria-label={SEAT_MAP_TEXT.orderSeats} className="mt-1 text-xs" data-testid="order-seats">
                    {i.seats.map((s) => (
                      <li key={s.id}>{s.name}</li>
                    ))}
                  </ul>
                )}
              </td>
              <td className="py-1 text-right">
                {formatPrice((i.unit_price_cents + i.unit_discount_cents) * i.quantity)}
              </td>
            </tr>
          ))}
          <PromoDiscountRow order={order} />
          <tr className="border-t border-base-content/10">
            <td className="pt-2">{CHECKOUT_TEXT.subtotal}</td>
            <td className="pt-2 text-right">{formatMoney(order.subtotal_cents)}</td>
          </tr>
          <tr>
            <td>{CHECKOUT_TEXT.serviceCharge}</td>
            <td className="text-right">{formatMoney(order.fee_cents)}</td>
          </tr>
          <tr className="text-base font-bold">
            <td className="pt-2">{CHECKOUT_TEXT.total}</td>
            <td className="pt-2 text-right" data-testid="order-total">
              {order.total_cents === 0 ? CHECKOUT_TEXT.free : formatMoney(order.total_cents)}
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
