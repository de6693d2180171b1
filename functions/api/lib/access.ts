import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { ORDER_NOT_FOUND, TICKET_MSG } from '../../../src/shared/messages/checkout';
import { EVENT_MSG } from '../../../src/shared/messages/events';
import { API_KEY_MSG } from '../../../src/shared/messages/integrations';
import { ACCESS_MSG } from '../../../src/shared/messages/team';
import type { Permission } from '../../../src/shared/roles';
import { OrderIdParamSchema, TicketIdParamSchema } from '../../../src/shared/schemas/checkout';
import { EventIdSchema, ProducerIdSchema } from '../../../src/shared/schemas/ids';
import type { SessionUser } from '../../../src/shared/session';
import { type Actor, holdsPermission, loadActor, type PermissionScope, type Target } from '../../domain/events/access';
import type { OrderRow } from '../services/checkout/orders';
import { type EventHeader, findEventHeader } from '../services/events/store';
import { type ApiKeyCaller, keySession, loadKeyActor } from '../services/integrations/api-keys';
import { findInvitation, type GuestInvitation } from '../services/invitations/manage';
import { findOrder, type StaffTicket, staffTicket } from '../services/sales/actions';
import {
  type AuthVariables,
  optionalAuth,
  requireAuth,
  requireSignedToken,
  requireSnapshotAuth,
  type SignedTokenVariables,
} from './auth';
import { fail } from './errors';

/**
 * Every route of the provider API declares who may call it, in one place: the first middleware of the
 * route is one of the declarations below. `tests/api/platform/routes.test.ts` enumerates `api.routes` and fails on
 * any route that declares nothing, then calls every route as nine kinds of caller and checks the answer
 * against the declaration.
 *
 *   .get('/x', publicRoute(), …)                                   anyone, no session needed
 *   .get('/x', authenticated(), …)                                  any signed-in person (c.var.actor)
 *   .get('/x', superAdmin(), …)                                     SUPERADMIN only
 *   .put('/:id', requirePermission('configurations.manage', 'producer', producerParam('id')), …)
 *   .post('/:id/refund', requirePermission('tickets.refund', 'event', orderParam('id')), …)
 *
 * Scopes: a `'producer'` permission needs a producer-wide membership (a member limited to some events
 * never passes); an `'event'` permission passes for a member limited to the named event, and when the
 * request names only a producer (or nothing), for any member holding the permission there: the handler
 * then narrows what it reads to the caller's events (`eventsLimit`).
 */
export type Declaration =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'superadmin' }
  | {
      kind: 'permission';
      permission: Permission;
      scope: PermissionScope;
      /** The check runs inside the handler's own D1 batch (the door's hot path), not in the middleware. */
      checkedIn?: 'handler';
      /** Only people, never a producer API key (the keys' own management: see `peopleOnly`). */
      people?: true;
      /** A second permission the handler checks over the same scope (see `alsoNeeds`). */
      also?: Permission;
    };

export type { Target };

/**
 * A resolver finds the target in the raw request and hands on the rows it read to find it (`found`): after
 * the check they are the handler's context variables (`c.var.order`, `c.var.event`…), so a handler never
 * reads its target again nor repeats the check.
 */
export type TargetResolver<Found extends object = object> = (
  c: Context<AccessEnv>,
) => Promise<Target & { found?: Found }>;

/**
 * `apiKey`: the producer key the call was made with (set by the API's door, lib/api-key.ts); then the
 * actor is the key's (its creator narrowed to the key) and `session` is its creator's.
 */
export type AccessVariables = AuthVariables & { actor: Actor; target: Target; apiKey?: ApiKeyCaller };
export type AccessEnv = { Bindings: Env; Variables: AccessVariables & SignedTokenVariables };
/** The context of a handler whose declaration loaded `Found` (see TargetResolver). */
export type FoundEnv<Found extends object> = {
  Bindings: Env;
  Variables: AccessVariables & SignedTokenVariables & Found;
};

const DECLARED = Symbol('route-declaration');
type Declared = MiddlewareHandler & { [DECLARED]: Declaration };

function declare(declaration: Declaration, handler: MiddlewareHandler): MiddlewareHandler<AccessEnv> {
  return Object.assign(handler, { [DECLARED]: declaration }) as Declared;
}

/** The declaration a middleware carries, if it is one (for the route enumeration test and the docs check). */
export const declarationOf = (handler: unknown): Declaration | undefined =>
  typeof handler === 'function' ? (handler as Partial<Declared>)[DECLARED] : undefined;

/**
 * Anyone may call it. With `'optional-session'`, a valid token is read when present (`c.var.session` may be
 * undefined): the route itself tells the cases apart (PUT /password).
 */
export function publicRoute(session?: 'optional-session') {
  return declare({ kind: 'public' }, session ? optionalAuth : async (_c, next) => next());
}

/**
 * Authenticates (requireAuth: 401, and `role_update` on the answer when the caller's memberships changed),
 * then loads the caller and decides with `check`. A refusal becomes the answer here, so requireAuth still
 * marks it. A call made with a producer key was authenticated by the API's door: the same `check` decides
 * for the key's actor.
 */
function guarded(check: (c: Context<AccessEnv>) => Promise<{ actor: Actor; target: Target & { found?: object } }>) {
  return createMiddleware<AccessEnv>(async (c, next) => {
    const decide = async () => {
      try {
        const { actor, target } = await check(c);
        const { found, ...named } = target;
        c.set('actor', actor);
        c.set('target', named);
        for (const [name, row] of Object.entries(found ?? {})) c.set(name as 'target', row);
      } catch (err) {
        if (!(err instanceof HTTPException)) throw err;
        c.res = err.getResponse();
        return;
      }
      await next();
    };
    if (c.var.apiKey) return decide();
    return (requireAuth as MiddlewareHandler)(c, decide);
  });
}

/** The caller: the person of the session, or a key's actor (its creator now, narrowed to the key). */
async function callerOf(c: Context<AccessEnv>): Promise<Actor> {
  const key = c.var.apiKey;
  if (!key) return loadActor(c.env.DB, c.var.session as SessionUser);
  const actor = await loadKeyActor(c.env.DB, key);
  c.set('session', keySession(actor));
  return actor;
}

/**
 * Any signed-in person. By default the caller is read from the database (`c.var.actor`: inactive accounts
 * answer 401). `'session'` only checks the token (`c.var.session`), for the buyer's hot paths that need
 * nothing but the user id and check ownership themselves.
 */
export function authenticated(read: 'actor' | 'session' = 'actor') {
  if (read === 'session') return declare({ kind: 'authenticated' }, requireAuth);
  return declare(
    { kind: 'authenticated' },
    guarded(async (c) => ({ actor: await callerOf(c), target: {} })),
  );
}

/**
 * Any signed-in person, on the buyer's hot paths that every buyer calls at once when a sale opens
 * (POST /holds, joining a queue): like `authenticated('session')`, but whether the token was revoked is
 * answered by the isolate's revocation snapshot (at most about two seconds old, no D1 read per call; see
 * services/accounts/revocation-cache.ts for the bound). `c.var.session` as with requireAuth.
 */
export function buyerSession() {
  // A handler of its own: declare() marks the function it is given, and the middleware is shared.
  return declare({ kind: 'authenticated' }, (c, next) => (requireSnapshotAuth as MiddlewareHandler)(c, next));
}

/** Platform administration: SUPERADMIN only. */
export function superAdmin() {
  return declare(
    { kind: 'superadmin' },
    guarded(async (c) => {
      const actor = await callerOf(c);
      if (!actor.isSuperAdmin) fail(403, ACCESS_MSG.superadminOnly);
      return { actor, target: {} };
    }),
  );
}

/**
 * The caller must hold `permission` on what the request names (`target`), read from the database on every
 * call. A refusal answers 403 with `message` (Spanish); what the target names but does not exist, 404.
 * What the resolver read to find the target is handed to the handler (`c.var.order`, `c.var.event`…).
 */
export function requirePermission<Found extends object = object>(
  permission: Permission,
  scope: PermissionScope,
  target: TargetResolver<Found> = async () => ({}),
  message?: string,
): MiddlewareHandler<FoundEnv<Found>> {
  return declare(
    { kind: 'permission', permission, scope },
    guarded(async (c) => {
      const [actor, named] = await Promise.all([callerOf(c), target(c)]);
      if (!holdsPermission(actor, permission, scope, named)) fail(403, message ?? refusal(c, scope, named));
      return { actor, target: named };
    }),
  ) as unknown as MiddlewareHandler<FoundEnv<Found>>;
}

/** Why a permission was refused: to a person, the team's words; to a key, that the key lacks it. */
function refusal(c: Context<AccessEnv>, scope: PermissionScope, named: Target) {
  const onEvent = scope === 'event' && named.eventId !== undefined;
  if (c.var.apiKey) return onEvent ? API_KEY_MSG.outOfEvents : API_KEY_MSG.outOfScope;
  return onEvent ? ACCESS_MSG.noEvent : ACCESS_MSG.noProducer;
}

/**
 * A permission route that only people may call, never a producer API key (the keys' own management: a key
 * must not mint keys). The API's door refuses keys on it (lib/api-key.ts, 403).
 */
export function peopleOnly<M extends MiddlewareHandler>(middleware: M): M {
  const declaration = declarationOf(middleware);
  if (declaration?.kind !== 'permission') throw new Error('peopleOnly wraps a requirePermission declaration');
  return declare({ ...declaration, people: true }, middleware) as unknown as M;
}

/**
 * Says in the declaration that the handler checks a second permission over the same target (a finance
 * export is `export.data` and reads `finance.view`, services/sales/scope.ts): the route matrix, the keys'
 * matrix and the OpenAPI document then know it. The check itself stays in the handler.
 */
export function alsoNeeds<M extends MiddlewareHandler>(permission: Permission, middleware: M): M {
  const declaration = declarationOf(middleware);
  if (declaration?.kind !== 'permission') throw new Error('alsoNeeds wraps a requirePermission declaration');
  return declare({ ...declaration, also: permission }, middleware) as unknown as M;
}

/**
 * The door's scan endpoints: only the token's signature is checked here; the revocation and the
 * `tickets.validate` check on the event are made by the event's check-in object, which holds its door staff
 * (one call per scan, see services/checkin/scan.ts and durable-objects/checkin/door-cache.ts).
 */
export function signedDoorRoute() {
  return declare(
    { kind: 'permission', permission: 'tickets.validate', scope: 'event', checkedIn: 'handler' },
    requireSignedToken,
  );
}

/**
 * Any signed-in person, on a buyer's hot path where only the token's signature and expiry are checked
 * here (`c.var.signed`): the handler checks the revocation in its own D1 batch, or needs no D1 at all
 * (the queue's wait-page poll, see routes/queue.ts).
 */
export function signedSession() {
  // A handler of its own: declare() marks the function it is given, and requireSignedToken is shared.
  return declare({ kind: 'authenticated' }, (c, next) => (requireSignedToken as MiddlewareHandler)(c, next));
}

// ---- Target resolvers: read the raw request (the declaration runs before the validators) ----

async function jsonField(c: Context<AccessEnv>, field: string): Promise<unknown> {
  const body = await c.req.json().catch(() => null);
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
}

/** An optional producer id (a query or a body), read with the validators' own schema: 400 when malformed. */
function producerIdOf(value: unknown, field: string): Target {
  if (value === undefined || value === null) return {};
  const id = ProducerIdSchema.safeParse(value);
  if (!id.success) fail(400, EVENT_MSG.producerInvalid, { [field]: [EVENT_MSG.producerInvalid] });
  return { producerId: id.data };
}

/** An event id read with the validators' own schema: 400 `EVENT_MSG.invalid` (on the field) when malformed. */
function eventIdOf(value: unknown, field: string): number {
  const id = EventIdSchema.safeParse(value);
  if (!id.success) fail(400, EVENT_MSG.invalid, { [field]: [EVENT_MSG.invalid] });
  return id.data;
}

/** The named event, loaded once: the target and `c.var.event` (404 `notFound` when there is none). */
async function eventTarget(db: D1Database, eventId: number | undefined, notFound: string = EVENT_MSG.missing) {
  const event = eventId === undefined ? null : await findEventHeader(db, eventId);
  if (!event) fail(404, notFound);
  return { producerId: event.producer_id, eventId: event.id, found: { event } };
}

/** A producer id in the path (404 `Productora no encontrada` when malformed). */
export const producerParam =
  (name: string): TargetResolver =>
  async (c) => {
    const id = ProducerIdSchema.safeParse(c.req.param(name));
    if (!id.success) fail(404, EVENT_MSG.producerNotFound);
    return { producerId: id.data };
  };

/** An optional producer id in the query (`?producer_id=`) or the JSON body. */
export const producerQuery =
  (name = 'producer_id'): TargetResolver =>
  async (c) =>
    producerIdOf(c.req.query(name) || undefined, name);

export const producerJson =
  (name = 'producer_id'): TargetResolver =>
  async (c) =>
    producerIdOf(await jsonField(c, name), name);

/** An event id in the path: `c.var.event` (404 `Evento no encontrado` when malformed or missing). */
export const eventParam =
  (name: string): TargetResolver<{ event: EventHeader }> =>
  async (c) => {
    const id = EventIdSchema.safeParse(c.req.param(name));
    return eventTarget(c.env.DB, id.success ? id.data : undefined, EVENT_MSG.notFound);
  };

/** A required event id in the query: `c.var.event`. */
export const eventQuery =
  (name = 'event_id'): TargetResolver<{ event: EventHeader }> =>
  async (c) => {
    const target = await eventTarget(c.env.DB, eventIdOf(c.req.query(name), name));
    const producer = ProducerIdSchema.safeParse(c.req.query('producer_id'));
    if (producer.success && producer.data !== target.producerId) fail(404, EVENT_MSG.missing);
    return target;
  };

/** A required event id in the JSON body: `c.var.event`. */
export const eventJson =
  (name = 'event_id'): TargetResolver<{ event: EventHeader }> =>
  async (c) =>
    eventTarget(c.env.DB, eventIdOf(await jsonField(c, name), name));

/** An order id in the path: `c.var.order`, and its event (404 `La orden no existe.` when there is none). */
export const orderParam =
  (name = 'id'): TargetResolver<{ order: OrderRow }> =>
  async (c) => {
    const id = OrderIdParamSchema.shape.id.safeParse(c.req.param(name));
    const order = id.success ? await findOrder(c.env, id.data) : null;
    if (!order) fail(404, ORDER_NOT_FOUND);
    return { producerId: order.producer_id, eventId: order.event_id, found: { order } };
  };

/** A ticket id in the path, as the staff acts on it: `c.var.ticket` (404 `La entrada no existe.`). */
export const ticketParam =
  (name = 'id'): TargetResolver<{ ticket: StaffTicket }> =>
  async (c) => {
    const id = TicketIdParamSchema.shape.id.safeParse(c.req.param(name));
    const ticket = id.success ? await staffTicket(c.env.DB, id.data) : null;
    if (!ticket) fail(404, TICKET_MSG.notFound);
    return { producerId: ticket.producer_id, eventId: ticket.event_id, found: { ticket } };
  };

/** An invitation id in the path: `c.var.invitation` (404 `notFound`). */
export const invitationParam =
  (notFound: string, name = 'id'): TargetResolver<{ invitation: GuestInvitation }> =>
  async (c) => {
    const raw = c.req.param(name) ?? '';
    const invitation = /^[A-Za-z0-9_-]{1,64}$/.test(raw) ? await findInvitation(c.env.DB, raw) : null;
    if (!invitation) fail(404, notFound);
    return { producerId: invitation.producer_id, eventId: invitation.event_id, found: { invitation } };
  };

/**
 * Any row with an `event_id` found by its id in the path (check-in lists and gates): `c.var.row`, its event
 * and producer.
 */
export const rowEventParam =
  (table: 'checkin_lists' | 'checkin_gates', notFound: string, name = 'id'): TargetResolver<{ row: EventRow }> =>
  async (c) => {
    const raw = c.req.param(name) ?? '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(raw)) fail(404, notFound);
    const row = await c.env.DB.prepare(
      `select r.event_id, e.producer_id from ${table} r join events e on e.id = r.event_id where r.id = ?`,
    )
      .bind(raw)
      .first<EventRow>();
    if (!row) fail(404, notFound);
    return { producerId: row.producer_id, eventId: row.event_id, found: { row } };
  };

/** What `rowEventParam` loads: the row's event and that event's producer. */
export type EventRow = { event_id: number; producer_id: number };

/**
 * The sales back office's optional `event_id` / `producer_id` query: the event (`c.var.event`) when one is
 * named, else the producer if one is.
 */
export const salesTarget = (): TargetResolver<{ event?: EventHeader }> => async (c) => {
  const raw = c.req.query('event_id');
  return raw === undefined || raw === '' ? producerQuery()(c) : eventQuery()(c);
};
