import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { pageContext } from '../../../functions/edge/provider-client';
import { codeOnPage } from '../../../src/features/promo/server/unlock';
import { MSG } from '../../../src/shared/messages/common';
import { PROMO_MSG } from '../../../src/shared/messages/promo';
import { adminOf, asBuyer, createUser, PASSWORD } from '../kit/actors';
import { createTestEvent } from '../kit/events';
import { browser, cookiesFrom } from '../kit/http';
import worker from '../worker';

/**
 * Every server-side call made for a person carries that person's address (issue 29): the provider's
 * per-address limits (wrong access codes, logins, registrations, queue joins, revocations) count the person,
 * not the Worker. The event page asked `GET /events/:id/unlock` without it, so 60 wrong codes in 7 s were never
 * refused and the right one then worked.
 *
 * Two halves. (1) The call paths are listed: every call of the functions that reach the provider from the
 * Worker's own code is found in the source and must be one of CALL_PATHS, so a new call path fails here until
 * it is listed with a case below. (`callApi` also cannot be called without a `Visitor`, which only
 * `visitorOf(request)` makes.) (2) Each listed path runs as it does in production (a request from Cloudflare,
 * with `request.cf` and `cf-connecting-ip`, DEV_MODE off), with the bundled provider and with an external one
 * (API_ORIGIN), and every call that reaches the provider must carry the address as `x-client-ip`.
 */

/** The ways into the provider from the Worker's own code. */
const ENTRY_POINTS = ['callApi', 'providerClient', 'resolveSession', 'refreshPair', 'pageContext', 'api.fetch'];

/** Where each entry point is called (definitions excluded), per file: what the cases below cover. */
const CALL_PATHS: Record<string, Record<string, number>> = {
  // Cases "edge: …": every browser call, its refresh, the browser's own refresh, logout, media.
  'functions/edge/proxy.ts': { callApi: 3, resolveSession: 2 },
  // Cases "… refreshes": the refresh both the edge and the pages make.
  'functions/edge/session.ts': { callApi: 1, refreshPair: 1 },
  // Cases "page: …": the page middleware's clients and its refresh.
  'functions/edge/provider-client.ts': { callApi: 1, providerClient: 2, resolveSession: 1 },
  'src/middleware.ts': { pageContext: 1 },
  // callApi itself (the bundled provider), and calls that already carry the API key: servers, which send
  // their own x-client-ip (docs/operations.md, "The client address").
  'functions/edge/upstream.ts': { 'api.fetch': 1 },
  'functions/server.ts': { 'api.fetch': 1 },
};

/** The Worker's own source (tests aside), as text: bundled into this test by Vite. */
const SOURCES = import.meta.glob<string>(
  ['../../../functions/**/*.{ts,tsx,mjs}', '../../../src/**/*.{ts,tsx,astro}', '!**/*.test.{ts,tsx}'],
  { query: '?raw', import: 'default', eager: true },
);

/** Calls of each entry point per file, in the source (comments and the definitions left out). */
function callsInSource(): Record<string, Record<string, number>> {
  const found: Record<string, Record<string, number>> = {};
  for (const [path, text] of Object.entries(SOURCES)) {
    const file = path.replace('../../../', '');
    // Comment lines out (JSDoc and // lines name these functions in prose).
    const code = text
      .split('\n')
      .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
      .join('\n');
    for (const name of ENTRY_POINTS) {
      const escaped = name.replace('.', '\\.');
      const calls = [...code.matchAll(new RegExp(`(?<![\\w.])(function\\s+)?${escaped}\\s*(<[^>(]*>)?\\(`, 'g'))];
      const n = calls.filter((m) => !m[1]).length;
      if (n > 0) found[file] = { ...found[file], [name]: n };
    }
  }
  return found;
}

const IP = '198.51.100.29';

/** A production environment (Cloudflare in front, no DEV_MODE), with the bundled provider or an external one. */
const production = (external: boolean) =>
  ({ ...env, DEV_MODE: '', API_ORIGIN: external ? 'https://proveedor.example' : '' }) as Env;

/** A request as Cloudflare hands it to the Worker: `request.cf` and the address it set. */
const fromCloudflare = (path: string, init: RequestInit = {}, address = IP) => {
  const headers = new Headers(init.headers);
  headers.set('cf-connecting-ip', address);
  headers.set('origin', 'http://localhost:8787');
  headers.set('sec-fetch-site', 'same-origin');
  return new Request(`http://localhost:8787${path}`, { ...init, headers, cf: { colo: 'EZE' } });
};

let seen: { path: string; address: string | null }[] = [];
const spies: MockInstance[] = [];
afterEach(() => {
  for (const s of spies.splice(0)) s.mockRestore();
});

/** Records every call that reaches the provider (bundled: api.fetch; external: the network) with its address. */
async function watchProvider(external: boolean) {
  seen = [];
  const { api } = await import('../../../functions/api/app');
  const record = (request: Request) =>
    seen.push({ path: new URL(request.url).pathname, address: request.headers.get('x-client-ip') });
  const original = api.fetch;
  spies.push(
    vi.spyOn(api, 'fetch').mockImplementation((request, ...rest) => {
      record(request);
      return original(request, ...rest);
    }),
  );
  if (external) {
    // The external provider is this same API, reached over the (mocked) network.
    spies.push(
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
        const request = new Request(input, init);
        const url = new URL(request.url);
        if (url.origin !== 'https://proveedor.example') throw new Error(`unexpected fetch ${url}`);
        record(request);
        return original(
          new Request(`http://provider.internal${url.pathname}${url.search}`, request),
          production(false),
        );
      }),
    );
  }
}

async function run(request: Request, e: Env) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(request as Parameters<typeof worker.fetch>[0], e, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A signed-in browser's cookies. */
let cookies = { both: '' };
beforeAll(async () => {
  const user = await createUser();
  const login = await browser('/api/v1/login', {
    method: 'POST',
    body: JSON.stringify({ email: user.email, password: PASSWORD }),
  });
  cookies = { both: cookiesFrom(login) };
});

/** A fresh pair of cookies (a refresh rotates the family: each refreshing case needs its own). */
async function freshRefreshCookie() {
  const user = await createUser();
  const login = await browser('/api/v1/login', {
    method: 'POST',
    body: JSON.stringify({ email: user.email, password: PASSWORD }),
  });
  return cookiesFrom(login)
    .split('; ')
    .filter((c) => c.startsWith('refresh-token='))
    .join('; ');
}

/** `fresh`: the case gets the cookie of a new login (made before the provider is watched). */
type Case = { name: string; calls: string[]; fresh?: true; act: (e: Env, fresh: string) => Promise<unknown> };

const CASES: Case[] = [
  {
    name: "edge: a browser's call",
    calls: ['/api/v1/events'],
    act: (e) => run(fromCloudflare('/api/v1/events'), e),
  },
  {
    name: "edge: a signed-in browser's call",
    calls: ['/api/v1/user'],
    act: (e) => run(fromCloudflare('/api/v1/user', { headers: { cookie: cookies.both } }), e),
  },
  {
    name: "edge: a browser's call that refreshes its session first",
    calls: ['/api/v1/refresh', '/api/v1/user'],
    fresh: true,
    act: (e, cookie) => run(fromCloudflare('/api/v1/user', { headers: { cookie } }), e),
  },
  {
    name: "edge: the browser's own refresh",
    calls: ['/api/v1/refresh'],
    fresh: true,
    act: (e, cookie) => run(fromCloudflare('/api/v1/refresh', { method: 'POST', headers: { cookie } }), e),
  },
  {
    name: 'edge: logout',
    calls: ['/api/v1/logout'],
    fresh: true,
    act: (e, cookie) => run(fromCloudflare('/api/auth/logout', { method: 'POST', headers: { cookie } }), e),
  },
  {
    name: 'edge: an image',
    calls: ['/api/v1/media/eventos/no-existe.webp'],
    act: (e) => run(fromCloudflare('/media/eventos/no-existe.webp'), e),
  },
  {
    name: "page: a visitor's page reads the provider (publicApi)",
    calls: ['/api/v1/catalog/version'],
    act: async (e) => {
      const { event_id } = await createTestEvent(env, { capacity: 5 });
      const page = await pageContext(e, createExecutionContext(), fromCloudflare(`/eventos/${event_id}`));
      // What the public-page cache asks (public-cache.ts): that event page's own version, either way.
      const answer = await page.publicApi.catalog.version.$get({ query: { evento: String(event_id) } });
      expect(((await answer.clone().json()) as { version: string }).version).toMatch(/^e\d+\.\d+\.\d+\.\d+\.t\d+$/);
      return answer;
    },
  },
  {
    name: "page: a signed-in person's page reads the provider as them (api)",
    calls: ['/api/v1/tickets'],
    act: async (e) => {
      const page = await pageContext(
        e,
        createExecutionContext(),
        fromCloudflare('/mis-tickets', { headers: { cookie: cookies.both } }),
      );
      expect(page.session).not.toBeNull();
      return page.api.tickets.$get();
    },
  },
  {
    name: "page: a page refreshes the person's session, then reads as them",
    calls: ['/api/v1/refresh', '/api/v1/tickets'],
    fresh: true,
    act: async (e, cookie) => {
      const request = fromCloudflare('/mis-tickets', { headers: { cookie } });
      const page = await pageContext(e, createExecutionContext(), request);
      expect(page.session).not.toBeNull();
      return page.api.tickets.$get();
    },
  },
];

describe("server-side calls carry the visitor's address", () => {
  it('every call path into the provider is listed here', () => {
    expect(callsInSource(), 'a new call into the provider: list it in CALL_PATHS with a case below').toEqual(
      CALL_PATHS,
    );
  });

  for (const external of [false, true]) {
    for (const c of CASES) {
      it(`${c.name} (${external ? 'external provider' : 'bundled provider'})`, async () => {
        const e = production(external);
        const fresh = c.fresh ? await freshRefreshCookie() : '';
        await watchProvider(external);
        await c.act(e, fresh);
        expect(seen.map((s) => s.path)).toEqual(c.calls);
        for (const call of seen) expect(call, c.name).toEqual({ path: call.path, address: IP });
      });
    }
  }

  it('the address comes only from Cloudflare: none locally (DEV_MODE) or without request.cf', async () => {
    await watchProvider(false);
    await run(fromCloudflare('/api/v1/events'), env);
    const typed = new Request('http://localhost:8787/api/v1/events', { headers: { 'cf-connecting-ip': IP } });
    await run(typed, production(false));
    const page = await pageContext(env, createExecutionContext(), fromCloudflare('/eventos'));
    await page.publicApi.catalog.version.$get({ query: {} });
    expect(seen.map((s) => s.address)).toEqual([null, null, null]);
  });
});

describe('guessing access codes through the event page', () => {
  it('after 30 wrong codes the page is refused in Spanish, and the right code then does not unlock', async () => {
    const event = await createTestEvent(env, { capacity: 50, price_cents: 1000_00, hidden_price_cents: 5000_00 });
    const vip = event.hidden_type_id!;
    const admin = await adminOf(event.producer_id);
    const right = `ADIVINA${Date.now().toString(36).toUpperCase()}`;
    const created = await asBuyer(admin, `/admin/promo-codes/${admin.producerId}`, {
      method: 'POST',
      json: { event_id: event.event_id, code: right, kind: 'access', unlock_ticket_type_ids: [vip] },
    });
    expect(created.status).toBe(201);

    // What /eventos/:id?codigo= does while it renders, for a visitor at `address`.
    const address = `2001:db8:29:${Math.floor(Math.random() * 0xffff).toString(16)}::1`;
    const eventPage = async (code: string, from = address) => {
      const url = `/eventos/${event.event_id}?codigo=${encodeURIComponent(code)}`;
      const page = await pageContext(production(false), createExecutionContext(), fromCloudflare(url, {}, from));
      return codeOnPage(page.publicApi, event.event_id, code);
    };
    for (let i = 0; i < 30; i++) {
      const wrong = await eventPage(`MAL${i}XYZ`);
      expect(wrong?.error, `wrong code ${i + 1}`).toBe(PROMO_MSG.codeInvalid);
    }
    expect((await eventPage('MAL31XYZ'))?.error).toBe(MSG.tooManyRequests);
    const guessed = await eventPage(right);
    expect(guessed?.error).toBe(MSG.tooManyRequests);
    expect(guessed?.unlocked).toBeUndefined();
    // Another address (the same /64 counts as one) is not blocked by this one's guesses.
    const other = await eventPage(right, '2001:db8:30::7');
    expect(other?.unlocked?.dates.flatMap((d) => d.ticket_types.map((t) => t.id))).toEqual([vip]);
  });
});
