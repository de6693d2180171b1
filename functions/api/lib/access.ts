import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { ORDER_NOT_FOUND } from '../../../src/shared/messages/checkout';
import { EVENT_MSG } from '../../../src/shared/messages/events';
import { ACCESS_MSG } from '../../../src/shared/messages/team';
import type { Permission } from '../../../src/shared/roles';
import type { SessionUser } from '../../../src/shared/session';
import { type Actor, holdsPermission, loadActor, type PermissionScope } from '../services/events/access';
import { findOrder } from '../services/sales/actions';
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
 * route is one of the declarations below. `tests/api/routes.test.ts` enumerates `api.routes` and fails on
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
    };

/** What a request names: a producer, one of its events, or nothing (lists across the caller's producers). */
export type Target = { producerId?: number; eventId?: number };
export type TargetResolver = (c: Context<AccessEnv>) => Promise<Target>;

export type AccessVariables = AuthVariables & { actor: Actor; target: Target };
export type AccessEnv = { Bindings: Env; Variables: AccessVariables & SignedTokenVariables };

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
 * marks it.
 */
function guarded(check: (c: Context<AccessEnv>) => Promise<{ actor: Actor; target: Target }>) {
  return createMiddleware<AccessEnv>(async (c, next) =>
    (requireAuth as MiddlewareHandler)(c, async () => {
      try {
        const { actor, target } = await check(c);
        c.set('actor', actor);
        c.set('target', target);
      } catch (err) {
        if (!(err instanceof HTTPException)) throw err;
        c.res = err.getResponse();
        return;
      }
      await next();
    }),
  );
}

const callerOf = (c: Context<AccessEnv>) => loadActor(c.env.DB, c.var.session as SessionUser);

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
 */
export function requirePermission(
  permission: Permission,
  scope: PermissionScope,
  target: TargetResolver = async () => ({}),
  message?: string,
) {
  return declare(
    { kind: 'permission', permission, scope },
    guarded(async (c) => {
      const [actor, named] = await Promise.all([callerOf(c), target(c)]);
      if (!holdsPermission(actor, permission, scope, named))
        fail(
          403,
          message ?? (scope === 'producer' || named.eventId === undefined ? ACCESS_MSG.noProducer : ACCESS_MSG.noEvent),
        );
      return { actor, target: named };
    }),
  );
}

/**
 * The door's scan endpoints: only the token's signature is checked here; the revocation and the
 * `tickets.validate` check on the event are made by the event's check-in object, which holds its door staff
 * (one call per scan, see services/checkin/scan.ts and durable-objects/checkin-door-cache.ts).
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
 * (the queue's wait-page poll, see routes/queues.ts).
 */
export function signedSession() {
  // A handler of its own: declare() marks the function it is given, and requireSignedToken is shared.
  return declare({ kind: 'authenticated' }, (c, next) => (requireSignedToken as MiddlewareHandler)(c, next));
}

// ---- Target resolvers: read the raw request (the declaration runs before the validators) ----

const positiveInt = (raw: string | undefined | null) =>
  raw && /^\d{1,12}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;

async function jsonField(c: Context<AccessEnv>, field: string): Promise<unknown> {
  const body = await c.req.json().catch(() => null);
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
}

const asId = (value: unknown) =>
  typeof value === 'number' ? positiveInt(String(value)) : typeof value === 'string' ? positiveInt(value) : undefined;

async function eventTarget(db: D1Database, eventId: number | undefined, notFound: string = EVENT_MSG.missing) {
  if (eventId === undefined) fail(404, notFound);
  const row = await db
    .prepare('select producer_id from events where id = ?')
    .bind(eventId)
    .first<{ producer_id: number }>();
  if (!row) fail(404, notFound);
  return { producerId: row.producer_id, eventId };
}

/** A producer id in the path. */
export const producerParam =
  (name: string): TargetResolver =>
  async (c) => {
    const id = positiveInt(c.req.param(name));
    if (id === undefined) fail(404, EVENT_MSG.producerNotFound);
    return { producerId: id };
  };

/** An optional producer id in the query (`?producer_id=`) or the JSON body. */
export const producerQuery =
  (name = 'producer_id'): TargetResolver =>
  async (c) => {
    const raw = c.req.query(name);
    if (raw === undefined || raw === '') return {};
    const id = positiveInt(raw);
    if (id === undefined) fail(400, EVENT_MSG.producerInvalid, { [name]: [EVENT_MSG.producerInvalid] });
    return { producerId: id };
  };

export const producerJson =
  (name = 'producer_id'): TargetResolver =>
  async (c) => {
    const value = await jsonField(c, name);
    if (value === undefined || value === null) return {};
    const id = asId(value);
    if (id === undefined) fail(400, EVENT_MSG.producerInvalid, { [name]: [EVENT_MSG.producerInvalid] });
    return { producerId: id };
  };

/** An event id in the path. */
export const eventParam =
  (name: string): TargetResolver =>
  async (c) =>
    eventTarget(c.env.DB, positiveInt(c.req.param(name)), EVENT_MSG.notFound);

/** An event id in the query; required unless `optional`, then the producer (if named) is the target. */
export const eventQuery =
  (name = 'event_id', options: { optional?: boolean } = {}): TargetResolver =>
  async (c) => {
    const raw = c.req.query(name);
    if (options.optional && (raw === undefined || raw === '')) return producerQuery()(c);
    const id = positiveInt(raw);
    if (id === undefined) fail(400, EVENT_MSG.invalid, { [name]: [EVENT_MSG.invalid] });
    const target = await eventTarget(c.env.DB, id);
    const producer = positiveInt(c.req.query('producer_id'));
    if (producer !== undefined && producer !== target.producerId) fail(404, EVENT_MSG.missing);
    return target;
  };

/** A required event id in the JSON body. */
export const eventJson =
  (name = 'event_id'): TargetResolver =>
  async (c) => {
    const id = asId(await jsonField(c, name));
    if (id === undefined) fail(400, EVENT_MSG.invalid, { [name]: [EVENT_MSG.invalid] });
    return eventTarget(c.env.DB, id);
  };

/** An order id in the path: the order's event (404 `La orden no existe.` when there is no such order). */
export const orderParam =
  (name = 'id'): TargetResolver =>
  async (c) => {
    const raw = c.req.param(name) ?? '';
    const order = /^[0-9a-f-]{36}$/i.test(raw) ? await findOrder(c.env, raw) : null;
    if (!order) fail(404, ORDER_NOT_FOUND);
    return { producerId: order.producer_id, eventId: order.event_id };
  };

/** Any row with an `event_id` found by its id in the path (tickets, check-in lists and gates, invitations). */
export const rowEventParam =
  (
    table: 'tickets' | 'checkin_lists' | 'checkin_gates' | 'guest_invitations',
    notFound: string,
    name = 'id',
  ): TargetResolver =>
  async (c) => {
    const raw = c.req.param(name) ?? '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(raw)) fail(404, notFound);
    const row = await c.env.DB.prepare(
      `select r.event_id, e.producer_id from ${table} r join events e on e.id = r.event_id where r.id = ?`,
    )
      .bind(raw)
      .first<{ event_id: number; producer_id: number }>();
    if (!row) fail(404, notFound);
    return { producerId: row.producer_id, eventId: row.event_id };
  };

/** The sales back office's optional `event_id` / `producer_id` query. */
export const salesTarget = (): TargetResolver => eventQuery('event_id', { optional: true });
