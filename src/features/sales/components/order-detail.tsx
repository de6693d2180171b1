import { useState } from 'react';
import { ScrollRegion } from '../../../components/scroll-region';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CheckboxField, TextField } from '../../../components/ui/fields';
import { LoadState } from '../../../components/ui/load-state';
import { useData } from '../../../components/ui/use-data';
import { messageOf } from '../../../lib/api';
import { shortTicketCode } from '../../../shared/checkin';
import { formatEventDate } from '../../../shared/dates';
import { INVITATION_LABEL } from '../../../shared/messages/invitations';
import { isBoxOfficePayment, paymentMethodLabel } from '../../../shared/messages/payments';
import { USED_OVERRIDE_PHRASE } from '../../../shared/messages/refunds';
import { ORDER_TEXT as T } from '../../../shared/messages/sales';
import { formatMoney } from '../../../shared/money';
import { toast } from '../../../stores/toast';
import { changeHolder } from '../api/holder';
import { fetchOrderDetail } from '../api/order-detail';
import { refundOrder } from '../api/refund';
import { resendTickets } from '../api/resend';
import type { OrderDetailView } from '../types';

type Pending =
  | { kind: 'resend' }
  | { kind: 'refund'; ticketIds?: string[] }
  | { kind: 'holder'; ticketId: string; name: string; dni: string }
  | null;

/** One order in the back office: buyer, items, tickets, payment, timeline and the staff actions. */
export function OrderDetail({ orderId, onChanged }: { orderId: string; onChanged: () => void }) {
  const state = useData(() => fetchOrderDetail(orderId), orderId);
  const [selected, setSelected] = useState<string[]>([]);
  const [pending, setPending] = useState<Pending>(null);
  const order = state.data;

  // Skeleton, or the error with "Reintentar", until the order is in (then it stays on screen while reloading).
  if (!order) return <LoadState state={state}>{() => null}</LoadState>;
  const payment = order.payments.find((p) => p.id === order.payment_id) ?? order.payments.at(-1);
  // Invitations are managed (resent, revoked) from /admin/invitations, not as sales.
  const paid = order.status === 'paid' && order.kind !== 'invitation';
  const refundable = (t: (typeof order.tickets)[number]) =>
    (t.status === 'valid' || t.status === 'used') && !t.refund_id;
  const done = async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      toast('success', success);
      setSelected([]);
      await state.reload();
      onChanged();
      return null;
    } catch (e) {
      return messageOf(e);
    }
  };

  return (
    <article className="flex flex-col gap-4" aria-label={T.title(order.id.slice(0, 8))}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-xl font-bold">{T.title(order.id.slice(0, 8))}</h2>
          <p className="text-sm text-muted">
            {order.event.title} · <span data-testid="order-status">{order.status_label}</span>
            {order.kind === 'invitation' && T.invitationSuffix(INVITATION_LABEL)}
          </p>
        </div>
        {paid && (
          <div className="flex flex-wrap gap-2">
            {order.buyer.email ? (
              <button type="button" className="btn btn-sm" onClick={() => setPending({ kind: 'resend' })}>
                {T.resend}
              </button>
            ) : null}
            <a className="btn btn-sm" href={`/admin/boleteria/${order.id}`}>
              {T.print}
            </a>
            <button
              type="button"
              className="btn btn-sm btn-error"
              disabled={selected.length === 0}
              onClick={() => setPending({ kind: 'refund', ticketIds: selected })}
            >
              {T.refundSelected}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-error btn-outline"
              onClick={() => setPending({ kind: 'refund' })}
            >
              {T.refundAll}
            </button>
          </div>
        )}
      </header>
      <section className="grid gap-2 text-sm sm:grid-cols-2">
        <p>
          <strong>{T.buyer}</strong> {order.buyer.name ?? '—'} · {order.buyer.email ?? T.noEmail} · {T.dni}{' '}
          {order.buyer.dni ?? '—'}
        </p>
        <p>
          <strong>{T.total}</strong> {formatMoney(order.total_cents)} {T.charge(formatMoney(order.fee_cents))}
          {order.refunded_cents > 0 && T.refunded(formatMoney(order.refunded_cents))}
        </p>
        {payment && isBoxOfficePayment(payment) && (
          <p>
            <strong>{T.payment}</strong> {paymentMethodLabel(payment)}
          </p>
        )}
        {payment && !isBoxOfficePayment(payment) && (
          <p>
            <strong>{T.payment}</strong> {paymentMethodLabel(payment)}
            {T.mercadoPago(String(payment.id), formatMoney(payment.fee_cents))}
          </p>
        )}
        <p>
          <strong>{T.items}</strong>{' '}
          {order.items.map((i) => `${i.quantity} × ${i.name} (${formatMoney(i.unit_price_cents)})`).join(', ')}
        </p>
      </section>
      <section>
        <h3 className="mb-1 font-bold">{T.tickets}</h3>
        <table className="table table-sm">
          <thead>
            <tr>
              <th>
                <span className="sr-only">{T.choose}</span>
              </th>
              <th>{T.ticket}</th>
              <th>{T.type}</th>
              <th>{T.holder}</th>
              <th>{T.status}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {order.tickets.map((t) => (
              <tr key={t.id}>
                <td>
                  {refundable(t) && paid && (
                    <CheckboxField
                      label={T.chooseTicket(t.id)}
                      hideLabel
                      checked={selected.includes(t.id)}
                      onChecked={(checked) =>
                        setSelected((s) => (checked ? [...s, t.id] : s.filter((id) => id !== t.id)))
                      }
                    />
                  )}
                </td>
                <td className="font-mono text-xs">{t.id}</td>
                <td>
                  {t.type_name}
                  {t.seat_label && <span className="block text-sm">{t.seat_label}</span>}
                </td>
                <td>
                  {t.holder_name ?? '—'} {t.holder_dni ? `(${t.holder_dni})` : ''}
                </td>
                <td>
                  {t.status_label}
                  {t.used_at ? ` · ${formatEventDate(t.used_at)}` : ''}
                </td>
                <td>
                  {t.status === 'valid' && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      onClick={() =>
                        setPending({
                          kind: 'holder',
                          ticketId: t.id,
                          name: t.holder_name ?? '',
                          dni: t.holder_dni ?? '',
                        })
                      }
                    >
                      {T.changeHolder}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section>
        <h3 className="mb-1 font-bold">{T.history}</h3>
        <ol className="flex flex-col gap-1 border-l border-base-300 pl-4 text-sm">
          {order.timeline.map((e) => (
            <li key={`${e.at}-${e.kind}-${e.label}`}>
              <span className="text-muted">{formatEventDate(e.at)}</span> · {e.label}
              {e.by ? T.by(e.by) : ''}
              {e.reason ? ` · “${e.reason}”` : ''}
            </li>
          ))}
        </ol>
      </section>
      {pending?.kind === 'resend' && (
        <ConfirmDialog
          title={T.resendTitle}
          text={T.resendText(order.buyer.email ?? '')}
          reasonLabel={T.reason}
          confirmLabel={T.resendConfirm}
          onClose={() => setPending(null)}
          onConfirm={(reason) => done(() => resendTickets(order.id, reason), T.resent)}
        />
      )}
      {pending?.kind === 'refund' && (
        <RefundDialog
          order={order}
          tickets={order.tickets.filter((t) => (pending.ticketIds ? pending.ticketIds.includes(t.id) : refundable(t)))}
          whole={!pending.ticketIds}
          onClose={() => setPending(null)}
          onConfirm={(reason, key, confirmUsed) =>
            done(() => refundOrder(order.id, reason, pending.ticketIds, key, confirmUsed), T.refundDone)
          }
        />
      )}
      {pending?.kind === 'holder' && (
        <HolderDialog
          initial={pending}
          onClose={() => setPending(null)}
          onConfirm={(input) => done(() => changeHolder(pending.ticketId, input), T.holderChanged)}
        />
      )}
    </article>
  );
}

function HolderDialog({
  initial,
  onClose,
  onConfirm,
}: {
  initial: { name: string; dni: string };
  onClose: () => void;
  onConfirm: (input: { name: string; dni: string; reason: string }) => Promise<string | null>;
}) {
  const [name, setName] = useState(initial.name);
  const [dni, setDni] = useState(initial.dni);
  return (
    <ConfirmDialog
      title={T.holderTitle}
      text={T.holderText}
      reasonLabel={T.reason}
      confirmLabel={T.changeHolder}
      onClose={onClose}
      onConfirm={(reason) => onConfirm({ name, dni, reason })}
    >
      <TextField label={T.holderName} value={name} onValue={setName} />
      <TextField label={T.dni} inputMode="numeric" value={dni} onValue={setDni} />
    </ConfirmDialog>
  );
}

type DetailTicket = OrderDetailView['tickets'][number];

/**
 * The refund dialog: per ticket and in total, the amount and the service charge given back, and how
 * (MercadoPago to the original payment, or cash at the box office). Tickets already admitted at the door
 * need the explicit confirmation "ya ingresó: reembolsar igual".
 */
function RefundDialog({
  order,
  tickets,
  whole,
  onClose,
  onConfirm,
}: {
  order: OrderDetailView;
  tickets: DetailTicket[];
  whole: boolean;
  onClose: () => void;
  onConfirm: (reason: string, key: string, confirmUsed: boolean) => Promise<string | null>;
}) {
  const [key] = useState(() => crypto.randomUUID());
  const [confirmUsed, setConfirmUsed] = useState(false);
  const used = tickets.filter((t) => t.status === 'used');
  const amount = tickets.reduce((s, t) => s + t.unit_price_cents + t.unit_fee_cents, 0);
  const fee = tickets.reduce((s, t) => s + t.unit_fee_cents, 0);
  const cash = order.refund_method === 'cash';
  return (
    <ConfirmDialog
      title={whole ? T.refundWholeTitle : T.refundTitle}
      text={cash ? T.refundCash : T.refundMercadoPago}
      reasonLabel={T.reason}
      tone="danger"
      confirmLabel={T.refundConfirm}
      onClose={onClose}
      onConfirm={(reason) => onConfirm(reason, `refund-${key}`, confirmUsed)}
    >
      {/* A phone-wide dialog: the table scrolls inside its box instead of being cut off at its edge. */}
      <ScrollRegion label={T.refundDetail} className="-mx-2 px-2">
        <table className="table table-sm" aria-label={T.refundDetail}>
          <thead>
            <tr>
              <th>{T.ticket}</th>
              <th className="text-right">{T.price}</th>
              <th className="text-right">{T.fee}</th>
              <th className="text-right">{T.back}</th>
            </tr>
          </thead>
          <tbody>
            {tickets.map((t) => (
              <tr key={t.id}>
                <td>
                  {t.type_name}
                  {t.seat_label ? ` · ${t.seat_label}` : ''}{' '}
                  <span className="font-mono text-xs" title={t.id}>
                    {shortTicketCode(t.id)}
                  </span>
                  {t.status === 'used' && <span className="badge badge-warning badge-sm ml-1">{T.alreadyIn}</span>}
                </td>
                <td className="text-right">{formatMoney(t.unit_price_cents)}</td>
                <td className="text-right">{formatMoney(t.unit_fee_cents)}</td>
                <td className="text-right">{formatMoney(t.unit_price_cents + t.unit_fee_cents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th>{T.totalRow}</th>
              <th />
              <th className="text-right">{formatMoney(fee)}</th>
              <th className="text-right" data-testid="refund-total">
                {formatMoney(amount)}
              </th>
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
      <p className="text-sm">
        <strong>{T.method}</strong> {order.refund_method_label}
      </p>
      {used.length > 0 && (
        <CheckboxField
          tone="warning"
          label={
            <>
              {used.length === 1 ? T.usedOne : T.usedMany} {T.confirmUsed(USED_OVERRIDE_PHRASE)}
            </>
          }
          checked={confirmUsed}
          onChecked={setConfirmUsed}
        />
      )}
    </ConfirmDialog>
  );
}
