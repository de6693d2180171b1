import { env, SELF } from 'cloudflare:test';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, makeUser, registration } from '../kit/actors';
import { call } from '../kit/call';
import { type EventData, eventBody } from '../kit/events';
import { ORIGIN } from '../kit/http';
import { routeNetwork } from '../kit/network';
import { type Body, body, pathParam, query, text } from './fuzz-arbitraries';
import { apiRoutes } from './route-list';

/**
 * Bounded fuzzing of every endpoint of the provider API (and the edge in front of it): random and ill-typed
 * path params, queries and bodies, as a visitor, a user, a producer admin and a superadmin. The bar is no
 * 5xx at all. Runs are few per endpoint (RUNS, times the endpoint's weight) so the whole file stays under a minute; a failure prints
 * fast-check's seed and the shrunk request, to replay it with `seed` in fc.assert.
 */
const RUNS = 25;

type Caller = 'visitor' | 'user' | 'owner' | 'admin';
type Endpoint = {
  method: string;
  /** Under /api/v1, or (with `edgeOnly`) a full path that only the edge serves. */
  path: string;
  edgeOnly?: boolean;
  query?: string[];
  fields?: string[];
  valid?: () => Parameters<typeof body>[1] extends (() => infer J) | undefined ? J : never;
  /** More runs for endpoints with deep bodies. */
  weight?: number;
};

const fixture = {
  users: {} as Record<Exclude<Caller, 'visitor'>, Actor>,
  /** On sale for the whole run: what the public, hold and order endpoints get. */
  event: null as unknown as EventData,
  /** What the back-office endpoints change, unpublish, cancel and delete. */
  managed: null as unknown as EventData,
  slug: '',
  orderId: 'sin-orden',
};

/** Real identifiers, so a good share of requests get past the lookups into the services. */
const realIds = (backOffice: boolean) => {
  const event = backOffice ? fixture.managed : fixture.event;
  return [
    String(event.id),
    String(event.producer_id),
    String(event.dates[0].ticket_types[0].id),
    fixture.orderId,
    fixture.slug,
  ];
};

const eventInput = () => {
  const base = eventBody();
  const [date] = base.dates as { ticket_types: Record<string, unknown>[] }[];
  return {
    ...base,
    dates: [
      {
        ...date,
        id: fixture.managed.dates[0].id,
        ticket_types: date.ticket_types.map((t, i) => ({ ...t, id: fixture.managed.dates[0].ticket_types[i].id })),
      },
    ],
  } as never;
};

/**
 * Hints for some endpoints (a valid body to start from, more runs); keyed like the route enumeration
 * ("METHOD /path"). The endpoint list itself is not kept by hand: it is every route of the provider API
 * (`apiRoutes()`, the same enumeration as the caller matrix), with the fields and query keys its zod
 * validators name, plus the edge's own endpoints below.
 */
const HINTS: Endpoint[] = [
  { method: 'GET', path: '/locations' },
  { method: 'POST', path: '/login', fields: ['email', 'password'] },
  {
    method: 'POST',
    path: '/register',
    fields: ['name', 'email', 'password', 'repeat_password', 'telefono', 'dni', 'terms_and_conditions'],
    valid: () => registration(`fuzz-${Date.now()}@prueba.ar`, { name: 'Ana Fuzz' }),
  },
  { method: 'GET', path: '/verify-email', query: ['token'] },
  { method: 'POST', path: '/restore-password', fields: ['email'] },
  { method: 'POST', path: '/reset-password', fields: ['token', 'password', 'repeat_password'] },
  { method: 'POST', path: '/refresh' },
  { method: 'POST', path: '/logout' },
  { method: 'GET', path: '/user', query: ['id'] },
  {
    method: 'PUT',
    path: '/user',
    fields: ['name', 'telefono', 'dni', 'provinces_id', 'pais_id', 'accept_promotions', 'id'],
    valid: () => ({ name: 'Ana Fuzz', telefono: '1123456789', dni: '12345678', provinces_id: 2 }),
  },
  {
    method: 'PUT',
    path: '/password',
    fields: ['user_id', 'token', 'password', 'new_password', 'repeat_password', 'repeat_new_password'],
  },
  { method: 'POST', path: '/change-email', fields: ['new_email'] },
  { method: 'POST', path: '/resend-change-email', fields: ['new_email'] },
  { method: 'GET', path: '/verify-change-email', query: ['token'] },
  {
    method: 'GET',
    path: '/events',
    query: ['q', 'provincia', 'categoria', 'fecha', 'desde', 'hasta', 'productora', 'pagina', 'por_pagina'],
    weight: 2,
  },
  { method: 'GET', path: '/events/featured' },
  { method: 'GET', path: '/catalog/version' },
  { method: 'GET', path: '/events/:id' },
  { method: 'GET', path: '/holds/availability', query: ['event_id'] },
  {
    method: 'POST',
    path: '/holds',
    fields: ['event_id', 'items'],
    valid: () => ({
      event_id: fixture.event.id,
      items: [{ ticket_type_id: fixture.event.dates[0].ticket_types[0].id, quantity: 1 }],
    }),
    weight: 2,
  },
  { method: 'DELETE', path: '/holds/:id' },
  { method: 'GET', path: '/orders/:id' },
  {
    method: 'POST',
    path: '/orders/:id/checkout',
    fields: ['buyer', 'holders', 'accept_terms'],
    valid: () => ({
      buyer: { name: 'Ana Fuzz', email: 'ana@prueba.ar', dni: '12345678', phone: '' },
      holders: [],
      accept_terms: true,
    }),
  },
  { method: 'POST', path: '/orders/:id/refund', fields: ['reason'] },
  {
    method: 'POST',
    path: '/webhooks/mercadopago',
    query: ['producer', 'data.id', 'type', 'topic'],
    fields: ['type', 'data'],
  },
  { method: 'GET', path: '/admin/events', query: ['producer_id', 'status', 'q'] },
  {
    method: 'POST',
    path: '/admin/events',
    fields: ['title', 'description', 'category', 'venue', 'dates', 'producer_id', 'producer_name', 'cover_key'],
    valid: () => ({ ...eventBody(), producer_id: fixture.event.producer_id }) as never,
    weight: 3,
  },
  { method: 'GET', path: '/admin/events/:id' },
  { method: 'PUT', path: '/admin/events/:id', fields: ['title', 'dates', 'venue'], valid: eventInput, weight: 3 },
  { method: 'POST', path: '/admin/events/:id/duplicate' },
  { method: 'POST', path: '/admin/events/:id/publish' },
  { method: 'POST', path: '/admin/events/:id/unpublish' },
  { method: 'POST', path: '/admin/events/:id/cancel', fields: ['reason'] },
  { method: 'DELETE', path: '/admin/events/:id' },
  { method: 'GET', path: '/producers', query: ['q', 'pagina'] },
  { method: 'GET', path: '/producers/:slug' },
  { method: 'GET', path: '/admin/producers' },
  { method: 'GET', path: '/admin/producers/:id' },
  {
    method: 'PUT',
    path: '/admin/producers/:id',
    fields: ['name', 'logo_key', 'description', 'contact_email', 'website', 'provinces_id'],
    valid: () => ({ name: 'Productora Fuzz', description: 'Hola', website: 'https://ejemplo.ar', provinces_id: 1 }),
    weight: 2,
  },
  { method: 'GET', path: '/admin/venues' },
  { method: 'GET', path: '/admin/moderation' },
  { method: 'POST', path: '/admin/moderation/:id/approve' },
  { method: 'POST', path: '/admin/moderation/:id/reject', fields: ['reason'] },
  { method: 'POST', path: '/admin/media', fields: ['image', 'small'] },
  { method: 'GET', path: '/tickets/public-key' },
  { method: 'GET', path: '/tickets/revocations', query: ['event_id'] },
  { method: 'POST', path: '/tickets/verify', fields: ['code'] },
  { method: 'GET', path: '/tickets' },
  { method: 'GET', path: '/tickets/:id/calendar.ics' },
  { method: 'POST', path: '/tickets/:id/transfer', fields: ['email'] },
  { method: 'POST', path: '/tickets/transfers/accept', fields: ['token'] },
  { method: 'PATCH', path: '/:id/:id' },
  { method: 'POST', path: '/api/auth/logout', edgeOnly: true },
  { method: 'POST', path: '/api/v1/refresh', edgeOnly: true },
  { method: 'GET', path: '/api/:id', edgeOnly: true },
  { method: 'DELETE', path: '/api/:id/:id', edgeOnly: true },
];

/** What only the edge serves (not routes of the provider API), and an unknown route. */
const EDGE_ENDPOINTS: Endpoint[] = HINTS.filter((e) => e.edgeOnly || e.path === '/:id/:id');

const ENDPOINTS: Endpoint[] = [
  ...apiRoutes().map((route): Endpoint => {
    const hint = HINTS.find((e) => !e.edgeOnly && `${e.method} ${e.path}` === route.key);
    return {
      method: route.method,
      path: route.path,
      query: route.fields.query,
      fields: route.fields.json ?? route.fields.form,
      ...hint,
    };
  }),
  ...EDGE_ENDPOINTS,
];

type Request = { caller: Caller; viaEdge: boolean; cookie: string | null; path: string; body: Body };

/** Sends one fuzzed request, straight to the provider (with the key) or as a browser through the edge. */
async function send(method: string, request: Request): Promise<Response> {
  const headers = new Headers();
  const user = request.caller === 'visitor' ? null : fixture.users[request.caller];
  if (request.viaEdge) {
    headers.set('origin', ORIGIN);
    headers.set('sec-fetch-site', 'same-origin');
    const cookies = [user ? `auth-token=${user.token}` : '', request.cookie ?? ''].filter(Boolean);
    if (cookies.length) headers.set('cookie', cookies.join('; '));
  } else {
    headers.set('x-api-key', env.API_KEY);
    if (user) headers.set('authorization', `Bearer ${user.token}`);
  }
  const hasBody = request.body && method !== 'GET' && method !== 'HEAD';
  if (hasBody && request.body?.type) headers.set('content-type', request.body.type);
  return SELF.fetch(`${ORIGIN}${request.viaEdge && request.path.startsWith('/api/') ? '' : '/api/v1'}${request.path}`, {
    method,
    headers,
    body: hasBody ? request.body?.text : undefined,
  });
}

function requests(endpoint: Endpoint): fc.Arbitrary<Request> {
  const ids = realIds(endpoint.path.startsWith('/admin/'));
  const segments = endpoint.path.split('/').map((part) => (part.startsWith(':') ? pathParam(ids) : fc.constant(part)));
  return fc.record({
    caller: fc.constantFrom<Caller>('visitor', 'user', 'owner', 'owner', 'admin', 'admin'),
    viaEdge: endpoint.edgeOnly ? fc.constant(true) : fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    // Browsers send whatever cookies they hold: stale, forged or broken session cookies included.
    cookie: fc.option(
      fc
        .tuple(fc.constantFrom('auth-token', 'refresh-token', 'user-data', 'x'), text)
        .map(([name, value]) => `${name}=${encodeURIComponent(value.toWellFormed())}`),
      { freq: 3 },
    ),
    path: fc
      .tuple(fc.tuple(...segments), query(endpoint.query ?? [], ids))
      .map(([parts, qs]) => `${parts.join('/')}${qs}`),
    body: body(endpoint.fields ?? ['x'], endpoint.valid),
  });
}

// The fixture's held order can reach checkout, which calls MercadoPago: route it to the bundled sandbox as
// every other API test does (the test runtime has no network), so a 5xx here is always ours.
let network: ReturnType<typeof routeNetwork>;
afterAll(() => network.mockRestore());

beforeAll(async () => {
  network = routeNetwork();
  const [user, owner, admin] = await Promise.all([makeUser('USER'), makeUser('USER'), makeUser('SUPERADMIN')]);
  fixture.users = { user, owner, admin };
  const created = await call(owner, 'POST /admin/events', { json: eventBody({ title: 'Fuzz Fest' }) });
  expect(created.status).toBe(201);
  fixture.event = created.body.data;
  await call(admin, 'POST /admin/events/:id/publish', { param: { id: fixture.event.id } });
  const managed = await call(owner, 'POST /admin/events', { json: eventBody({ title: 'Fuzz Admin' }) });
  fixture.managed = managed.body.data;
  await call(admin, 'POST /admin/events/:id/publish', { param: { id: fixture.managed.id } });
  const slug = await env.DB.prepare('select slug from producers where id = ?')
    .bind(fixture.event.producer_id)
    .first<{ slug: string }>();
  fixture.slug = slug?.slug ?? 'sin-slug';
  const hold = await call(user, 'POST /holds', {
    json: {
      event_id: fixture.event.id,
      items: [{ ticket_type_id: fixture.event.dates[0].ticket_types[0].id, quantity: 1 }],
    },
  });
  fixture.orderId = hold.body.data?.id ?? 'sin-orden';
});

describe('fuzz: no input makes any endpoint answer 5xx', () => {
  it.each(ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', async (_, endpoint) => {
    await fc.assert(
      fc.asyncProperty(requests(endpoint), async (request) => {
        const res = await send(endpoint.method, request);
        const text = await res.text();
        if (res.status >= 500)
          throw new Error(`${res.status} ${endpoint.method} ${request.path}: ${text.slice(0, 300)}`);
      }),
      { numRuns: RUNS * (endpoint.weight ?? 1), endOnFailure: true },
    );
  });
});
