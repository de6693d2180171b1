import type { Api } from '../../../lib/contract';
import { CHECKOUT_PAGE_TEXT, HOLD_MSG } from '../../../shared/messages/checkout';
import { EVENT_MSG } from '../../../shared/messages/events';
import { PROMO_MSG } from '../../../shared/messages/promo';
import { ApiError, unlessNotFound, unwrap } from '../../../shared/provider-result';
import type { OrderView } from '../../../shared/schemas/checkout';
import {
  type HoldRequest,
  HoldRequestSchema,
  PromoCodeInputSchema,
  parseItemsQuery,
} from '../../../shared/schemas/checkout';

export type SelectionLine = { name: string; quantity: number; priceCents: number };

/** A promo code typed or carried from `?codigo=`, and what the provider said about it. */
export type PromoField = { code?: string; codeError?: string };

export type CheckoutState =
  | ({ kind: 'order'; order: OrderView } & PromoField)
  | ({ kind: 'selection'; request: HoldRequest; eventTitle: string; lines: SelectionLine[] } & PromoField)
  | { kind: 'created'; orderId: string }
  | { kind: 'error'; message: string };

const NO_SELECTION = CHECKOUT_PAGE_TEXT.noSelection;
const HOLD_FAILED = CHECKOUT_PAGE_TEXT.holdFailed;

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
export async function readCheckout(
  api: Api,
  publicApi: Api,
  query: URLSearchParams,
  promo: PromoField = { code: promoCodeOf(query.get('codigo')) },
): Promise<CheckoutState> {
  const orderId = query.get('order');
  if (orderId) {
    const answer = await unlessNotFound(unwrap(api.orders[':id'].$get({ param: { id: orderId } })));
    return answer
      ? { kind: 'order', order: answer.data, ...promo }
      : { kind: 'error', message: HOLD_MSG.noReservation };
  }
  const selection = selectionOf(query.get('event'), query.get('items'));
  if (!selection.ok) return { kind: 'error', message: selection.message };
  const { request } = selection;
  const answer = await unlessNotFound(
    unwrap(publicApi.events[':id'].$get({ param: { id: String(request.event_id) } })),
  );
  if (!answer) return { kind: 'error', message: EVENT_MSG.missing };
  // Hidden types the code unlocks are named and priced like the others (the hold checks the code again).
  const unlocked = promo.code
    ? await unwrap(
        publicApi.events[':id'].unlock.$get({
          param: { id: String(request.event_id) },
          query: { codigo: promo.code },
        }),
      )
        .then((a) => a.data.dates)
        .catch(() => [])
    : [];
  const types = new Map(
    [...answer.data.dates, ...unlocked].flatMap((d) => d.ticket_types).map((t) => [t.id, t] as const),
  );
  const lines = request.items.map((i) => ({
    name: types.get(i.ticket_type_id)?.name ?? 'Entrada',
    quantity: i.quantity,
    priceCents: types.get(i.ticket_type_id)?.price_cents ?? 0,
  }));
  return { kind: 'selection', request, eventTitle: answer.data.title, lines, ...promo };
}

/** POST /checkout (the ticket selector's form): reserves the selection through the provider. */
export async function holdSelection(api: Api, publicApi: Api, form: FormData): Promise<CheckoutState> {
  const selection = selectionOf(form.get('event'), form.get('items'));
  if (!selection.ok) return { kind: 'error', message: selection.message };
  // "Venta con fila": the wait page's selector carries the buyer's queue pass.
  const pass = form.get('queue_pass');
  let request = typeof pass === 'string' && pass ? { ...selection.request, queue_pass: pass } : selection.request;
  // A promo code (the checkout's field, or `?codigo=` carried from the event page).
  const typed = form.get('codigo');
  const code = typeof typed === 'string' && typed.trim() ? typed.trim() : undefined;
  // A refused code leaves the buyer where they were (their current reservation, or the selection), with
  // the message on the field.
  const back = (codeError: string) => {
    const query = new URLSearchParams({ event: String(form.get('event')), items: String(form.get('items')) });
    const order = form.get('order');
    if (typeof order === 'string' && order) query.set('order', order);
    return readCheckout(api, publicApi, query, { code, codeError });
  };
  if (code) {
    const parsed = PromoCodeInputSchema.safeParse(code);
    if (!parsed.success) return back(parsed.error.issues[0]?.message ?? PROMO_MSG.codeFormat);
    request = { ...request, promo_code: parsed.data };
  }
  try {
    const created = await unwrap(api.holds.$post({ json: request }));
    return { kind: 'created', orderId: created.data.id };
  } catch (error) {
    const codeError = error instanceof ApiError ? error.errors?.promo_code?.[0] : undefined;
    if (codeError) return back(codeError);
    if (error instanceof ApiError && error.status < 500) return { kind: 'error', message: error.message };
    console.error('Checkout hold failed', error);
    return { kind: 'error', message: HOLD_FAILED };
  }
}

/** The link that reselects an order's tickets (for "Reservar de nuevo"). */
export const reselectHref = (order: OrderView) =>
  `/checkout?event=${order.event.id}&items=${order.items.map((i) => `${i.ticket_type_id}:${i.quantity}`).join(',')}`;

/** A code from a query string (`?codigo=`), when it looks like one (upper-cased); anything else is dropped. */
export function promoCodeOf(value: string | null | undefined): string | undefined {
  const parsed = PromoCodeInputSchema.safeParse(value ?? '');
  return parsed.success ? parsed.data : undefined;
}
