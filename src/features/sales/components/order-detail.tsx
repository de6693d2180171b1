import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../../../lib/api';
import { formatEventDate } from '../../../shared/dates';
import { isBoxOfficePayment, paymentMethodLabel } from '../../../shared/labels';
import { formatMoney } from '../../../shared/money';
import { INVITATION_LABEL } from '../../../shared/schemas/invitations';
import { USED_OVERRIDE_PHRASE } from '../../../shared/schemas/sales';
import { toast } from '../../../stores/toast';
import { ReasonDialog } from '../../events/components/reason-dialog';
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
  const [order, setOrder] = useState<OrderDetailView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [pending, setPending] = useState<Pending>(null);

  const load = useCallback(async () => {
    try {
      setOrder(await fetchOrderDetail(orderId));
      setSelected([]);
    } catch (e) {
      setError(messageOf(e));
    }
  }, [orderId]);
  useEffect(() => {
    void load();
  }, [load]);

  if (error)
    return (
      <p role="alert" className="alert alert-error">
        {error}
      </p>
    );
  if (!order) return <p className="text-muted">Cargando la orden…</p>;
  const payment = order.payments.find((p) => p.id === order.payment_id) ?? order.payments.at(-1);
  // Invitations are managed (resent, revoked) from /admin/invitations, not as sales.
  const paid = order.status === 'paid' && order.kind !== 'invitation';
  const refundable = (t: (typeof order.tickets)[number]) =>
    (t.status === 'valid' || t.status === 'used') && !t.refund_id;
  const done = async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      toast('success', success);
      await load();
      onChanged();
      return null;
    } catch (e) {
      return messageOf(e);
    }
  };

  return (
    <article className="flex flex-col gap-4" aria-label={`Orden ${order.id.slice(0, 8)}`}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-xl font-bold">Orden {order.id.slice(0, 8)}</h2>
          <p className="text-sm text-muted">
            {order.event.title} · <span data-testid="order-status">{order.status_label}</span>
            {order.kind === 'invitation' && ` · ${INVITATION_LABEL} (sin cargo)`}
          </p>
        </div>
        {paid && (
          <div className="flex flex-wrap gap-2">
            {order.buyer.email ? (
              <button type="button" className="btn btn-sm" onClick={() => setPending({ kind: 'resend' })}>
                Reenviar entradas
              </button>
            ) : null}
            <a className="btn btn-sm" href={`/admin/boleteria/${order.id}`}>
              Imprimir o enviar entradas
            </a>
            <button
              type="button"
              className="btn btn-sm btn-error"
              disabled={selected.length === 0}
              onClick={() => setPending({ kind: 'refund', ticketIds: selected })}
            >
              Reembolsar seleccionadas
            </button>
            <button
              type="button"
              className="btn btn-sm btn-error btn-outline"
              onClick={() => setPending({ kind: 'refund' })}
            >
              Cancelar y reembolsar todo
            </button>
          </div>
        )}
      </header>
      <section className="grid gap-2 text-sm sm:grid-cols-2">
        <p>
          <strong>Comprador:</strong> {order.buyer.name ?? '—'} · {order.buyer.email ?? 'sin e-mail'} · DNI{' '}
          {order.buyer.dni ?? '—'}
        </p>
        <p>
          <strong>Total:</strong> {formatMoney(order.total_cents)} (cargo {formatMoney(order.fee_cents)})
          {order.refunded_cents > 0 && ` · reembolsado ${formatMoney(order.refunded_cents)}`}
        </p>
        {payment && isBoxOfficePayment(payment) && (
          <p>
            <strong>Pago:</strong> {paymentMethodLabel(payment)}
          </p>
        )}
        {payment && !isBoxOfficePayment(payment) && (
          <p>
            <strong>Pago:</strong> {paymentMethodLabel(payment)} · MercadoPago #{payment.id} · comisión{' '}
            {formatMoney(payment.fee_cents)}
          </p>
        )}
        <p>
          <strong>Ítems:</strong>{' '}
          {order.items.map((i) => `${i.quantity} × ${i.name} (${formatMoney(i.unit_price_cents)})`).join(', ')}
        </p>
      </section>
      <section>
        <h3 className="mb-1 font-bold">Entradas</h3>
        <table className="table table-sm">
          <thead>
            <tr>
              <th>
                <span className="sr-only">Elegir</span>
              </th>
              <th>Entrada</th>
              <th>Tipo</th>
              <th>Titular</th>
              <th>Estado</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {order.tickets.map((t) => (
              <tr key={t.id}>
                <td>
                  {refundable(t) && paid && (
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm"
                      aria-label={`Elegir la entrada ${t.id}`}
                      checked={selected.includes(t.id)}
                      onChange={(e) =>
                        setSelected((s) => (e.target.checked ? [...s, t.id] : s.filter((id) => id !== t.id)))
                      }
                    />
                  )}
                </td>
                <td className="font-mono text-xs">{t.id}</td>
                <td>{t.type_name}</td>
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
                      Cambiar titular
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section>
        <h3 className="mb-1 font-bold">Historial</h3>
        <ol className="flex flex-col gap-1 border-l border-base-300 pl-4 text-sm">
          {order.timeline.map((e) => (
            <li key={`${e.at}-${e.kind}-${e.label}`}>
              <span className="text-muted">{formatEventDate(e.at)}</span> · {e.label}
              {e.by ? ` · por ${e.by}` : ''}
              {e.reason ? ` · “${e.reason}”` : ''}
            </li>
          ))}
        </ol>
      </section>
      {pending?.kind === 'resend' && (
        <ReasonDialog
          title="Reenviar las entradas"
          text={`Le mandamos de nuevo las entradas válidas a ${order.buyer.email}.`}
          reasonLabel="Motivo"
          confirmLabel="Reenviar"
          onClose={() => setPending(null)}
          onConfirm={(reason) => done(() => resendTickets(order.id, reason), 'Entradas reenviadas.')}
        />
      )}
      {pending?.kind === 'refund' && (
        <RefundDialog
          order={order}
          tickets={order.tickets.filter((t) => (pending.ticketIds ? pending.ticketIds.includes(t.id) : refundable(t)))}
          whole={!pending.ticketIds}
          onClose={() => setPending(null)}
          onConfirm={(reason, key, confirmUsed) =>
            done(() => refundOrder(order.id, reason, pending.ticketIds, key, confirmUsed), 'Reembolso hecho.')
          }
        />
      )}
      {pending?.kind === 'holder' && (
        <HolderDialog
          initial={pending}
          onClose={() => setPending(null)}
          onConfirm={(input) => done(() => changeHolder(pending.ticketId, input), 'Titular cambiado.')}
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
    <ReasonDialog
      title="Cambiar el titular"
      text="La entrada conserva su código QR; cambia el nombre y el DNI de quien entra."
      reasonLabel="Motivo"
      confirmLabel="Cambiar titular"
      onClose={onClose}
      onConfirm={(reason) => onConfirm({ name, dni, reason })}
    >
      <label className="flex flex-col gap-1 text-sm">
        Nombre del titular
        <input className="input w-full" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        DNI
        <input className="input w-full" inputMode="numeric" value={dni} onChange={(e) => setDni(e.target.value)} />
      </label>
    </ReasonDialog>
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
    <ReasonDialog
      title={whole ? 'Cancelar y reembolsar la orden' : 'Reembolsar entradas'}
      text={
        cash
          ? 'Devolvé el dinero en efectivo en la boletería: queda registrado como reembolso en efectivo. Las entradas se anulan y vuelven a la venta.'
          : 'MercadoPago devuelve el dinero al medio de pago original. Las entradas se anulan y vuelven a la venta.'
      }
      reasonLabel="Motivo"
      confirmLabel="Reembolsar"
      onClose={onClose}
      onConfirm={(reason) => onConfirm(reason, `refund-${key}`, confirmUsed)}
    >
      <table className="table table-sm" aria-label="Detalle del reembolso">
        <thead>
          <tr>
            <th>Entrada</th>
            <th className="text-right">Precio</th>
            <th className="text-right">Cargo por servicio</th>
            <th className="text-right">Se devuelve</th>
          </tr>
        </thead>
        <tbody>
          {tickets.map((t) => (
            <tr key={t.id}>
              <td>
                {t.type_name} <span className="font-mono text-xs">{t.id}</span>
                {t.status === 'used' && <span className="badge badge-warning badge-sm ml-1">Ya ingresó</span>}
              </td>
              <td className="text-right">{formatMoney(t.unit_price_cents)}</td>
              <td className="text-right">{formatMoney(t.unit_fee_cents)}</td>
              <td className="text-right">{formatMoney(t.unit_price_cents + t.unit_fee_cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th>Total</th>
            <th />
            <th className="text-right">{formatMoney(fee)}</th>
            <th className="text-right" data-testid="refund-total">
              {formatMoney(amount)}
            </th>
          </tr>
        </tfoot>
      </table>
      <p className="text-sm">
        <strong>Medio:</strong> {order.refund_method_label}
      </p>
      {used.length > 0 && (
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-sm checkbox-warning"
            checked={confirmUsed}
            onChange={(e) => setConfirmUsed(e.target.checked)}
          />
          <span>
            {used.length === 1 ? 'Esta entrada ya ingresó al evento.' : 'Estas entradas ya ingresaron al evento.'}{' '}
            Confirmo: {USED_OVERRIDE_PHRASE}.
          </span>
        </label>
      )}
    </ReasonDialog>
  );
}
