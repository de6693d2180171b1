import type { Api } from '../../../lib/contract';
import { ApiError, unlessNotFound, unwrap } from '../../../shared/provider-result';
import type { OrderView } from '../../../shared/schemas/checkout';
import { type HoldRequest, HoldRequestSchema, parseItemsQuery } from '../../../shared/schemas/checkout';

export type SelectionLine = { name: string; quantity: number; priceCents: number };

export type CheckoutState =
  | { kind: 'order'; order: OrderView }
  | { kind: 'selection'; request: HoldRequest; eventTitle: string; lines: SelectionLine[] }
  | { kind: 'created'; orderId: string }
  | { kind: 'error'; message: string };

const NO_SELECTION = 'No elegiste entradas. Elegí un evento y la cantidad de entradas.';
const HOLD_FAILED = 'No pudimos reservar tus entradas. Intentá de nuevo.';

/** The event and items of a selection (`event=3&items=12:2,13:1`), within the hold request's limits. */
function selectionOf(
  event: unknown,
  items: unknown,
): { ok: true; request: HoldRequest } | { ok: false; message: string } {
  const parsed = HoldRequestSchema.safeParse({
    event_id: Number(event),
    items: parseItemsQuery(typeof items === 'string' ? items : null),
  });
  if (parsed.success) return { ok: true, request: parsed.data };
  return { ok: false, message: event && items ? (parsed.error.issues[0]?.message ?? NO_SELECTION) : NO_SELECTION };
}

/**
 * What GET /checkout shows. It never changes anything (a cross-site link can open it with the buyer's
 * cookies): `order` shows that reservation when it is the buyer's; `event` and `items` show the selection
 * to confirm, and only the confirmation (a POST) reserves.
 */
export async function readCheckout(api: Api, publicApi: Api, query: URLSearchParams): Promise<CheckoutState> {
  const orderId = query.get('order');
  if (orderId) {
    const answer = await unlessNotFound(unwrap(api.orders[':id'].$get({ param: { id: orderId } })));
    return answer ? { kind: 'order', order: answer.data } : { kind: 'error', message: 'La reserva no existe.' };
  }
  const selection = selectionOf(query.get('event'), query.get('items'));
  if (!selection.ok) return { kind: 'error', message: selection.message };
  const { request } = selection;
  const answer = await unlessNotFound(
    unwrap(publicApi.events[':id'].$get({ param: { id: String(request.event_id) } })),
  );
  if (!answer) return { kind: 'error', message: 'El evento no existe.' };
  const types = new Map(answer.data.dates.flatMap((d) => d.ticket_types).map((t) => [t.id, t]));
  const lines = request.items.map((i) => ({
    name: types.get(i.ticket_type_id)?.name ?? 'Entrada',
    quantity: i.quantity,
    priceCents: types.get(i.ticket_type_id)?.price_cents ?? 0,
  }));
  return { kind: 'selection', request, eventTitle: answer.data.title, lines };
}

/** POST /checkout (the ticket selector's form): reserves the selection through the provider. */
export async function holdSelection(api: Api, form: FormData): Promise<CheckoutState> {
  const selection = selectionOf(form.get('event'), form.get('items'));
  if (!selection.ok) return { kind: 'error', message: selection.message };
  // "Venta con fila": the wait page's selector carries the buyer's queue pass.
  const pass = form.get('queue_pass');
  const request = typeof pass === 'string' && pass ? { ...selection.request, queue_pass: pass } : selection.request;
  try {
    const created = await unwrap(api.holds.$post({ json: request }));
    return { kind: 'created', orderId: created.data.id };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { kind: 'error', message: error.message };
    console.error('Checkout hold failed', error);
    return { kind: 'error', message: HOLD_FAILED };
  }
}

/** The link that reselects an order's tickets (for "Reservar de nuevo"). */
export const reselectHref = (order: OrderView) =>
  `/checkout?event=${order.event.id}&items=${order.items.map((i) => `${i.ticket_type_id}:${i.quantity}`).join(',')}`;
