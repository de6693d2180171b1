import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { devRoutes } from '../../../functions/dev/routes';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../../functions/lib/json-depth';
import { MSG } from '../../../src/shared/messages/common';
import { type Actor, makeUser } from '../kit/actors';
import { browser, ORIGIN, provider } from '../kit/http';
import { apiRoutes, routesOf } from './route-list';

/**
 * JSON nested deeper than MAX_JSON_DEPTH (issue 29): a 16 KB body of nested arrays or objects answered 500 on
 * every JSON route (the validation's recursive walk overflowed the stack), even anonymously. It is refused with
 * a Spanish 400 on every route of the enumeration, through the edge and straight to the provider, as a visitor
 * and as a superadmin (whose calls get past every declaration), and on the development tools.
 */

const encoder = new TextEncoder();
const deepArrays = `${'['.repeat(8000)}${']'.repeat(8000)}`;
const deepObjects = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
/** Inside a field the routes know: the same depth, one level down. */
const deepField = `{"email":"a@b.ar","password":"x","name":${deepArrays}}`;
const BODIES = { deepArrays, deepObjects, deepField };

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A concrete path for a route pattern (ids that exist or not: the depth is refused before any lookup). */
const concrete = (path: string) => path.replace(/:[a-zA-Z_]+(\{[^}]*\})?/g, '1');

let admin: Actor;
beforeAll(async () => {
  admin = await makeUser('SUPERADMIN');
});

async function expectRefused(res: Response, what: string) {
  const text = await res.text();
  expect(res.status, `${what}: ${text.slice(0, 120)}`).toBe(400);
  expect(JSON.parse(text), what).toEqual({ status: false, message: MSG.jsonTooDeep });
}

describe('deep JSON', () => {
  it('is measured on the bytes: strings, escapes and non-ASCII text do not count', () => {
    const nest = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(nestsDeeperThan(encoder.encode(nest(MAX_JSON_DEPTH)))).toBe(false);
    expect(nestsDeeperThan(encoder.encode(nest(MAX_JSON_DEPTH + 1)))).toBe(true);
    expect(nestsDeeperThan(encoder.encode(JSON.stringify({ text: '['.repeat(500) })))).toBe(false);
    expect(nestsDeeperThan(encoder.encode(JSON.stringify({ text: `\\"${'{'.repeat(500)}` })))).toBe(false);
    expect(nestsDeeperThan(encoder.encode(JSON.stringify({ ñandú: 'Peñarol [ {', a: [[[1]]] })))).toBe(false);
    expect(nestsDeeperThan(encoder.encode(`{"a":"\\\\",${nest(40).slice(0, 40)}`))).toBe(true);
  });

  it('answers 400 in Spanish on every route of the provider API, as a visitor and as a superadmin', async () => {
    const routes = apiRoutes().filter((r) => WITH_BODY.has(r.method));
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const path = concrete(route.path);
      for (const [name, body] of Object.entries(BODIES)) {
        for (const caller of ['visitor', 'admin'] as const) {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (caller === 'admin') headers.authorization = `Bearer ${admin.token}`;
          const res = await provider(path, { method: route.method, headers, body });
          await expectRefused(res, `${route.key} ${name} ${caller}`);
        }
      }
    }
  });

  it('answers 400 in Spanish through the edge, before anything is forwarded', async () => {
    const routes = apiRoutes().filter((r) => WITH_BODY.has(r.method));
    for (const route of routes) {
      const res = await browser(`/api/v1${concrete(route.path)}`, { method: route.method, body: deepArrays });
      await expectRefused(res, `edge ${route.key}`);
    }
    for (const path of ['/api/auth/logout', '/api/v1/refresh', '/api/no-existe']) {
      await expectRefused(await browser(path, { method: 'POST', body: deepObjects }), `edge ${path}`);
    }
    // Whatever content type it claims (the webhook reads JSON whatever the header says).
    const plain = await browser('/api/v1/webhooks/mercadopago', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: deepArrays,
    });
    await expectRefused(plain, 'edge webhook as text/plain');
  });

  it('answers 400 in Spanish on the development tools (MercadoPago sandbox, seeding, benches)', async () => {
    const routes = routesOf(devRoutes).filter((r) => WITH_BODY.has(r.method));
    expect(routes.map((r) => r.path)).toContain('/mercadopago/v1/payments/:id/refunds');
    for (const route of routes) {
      const res = await SELF.fetch(`${ORIGIN}/dev${concrete(route.path)}`, {
        method: route.method,
        headers: { 'content-type': 'application/json' },
        body: deepObjects,
      });
      await expectRefused(res, `dev ${route.key}`);
    }
  });

  it('still takes ordinary JSON and file uploads', async () => {
    const res = await browser('/api/v1/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'nadie@example.com', password: 'equivocada' }),
    });
    // Read and judged by the route: wrong credentials.
    expect(res.status).toBe(401);
    const form = new FormData();
    form.set('file', new Blob([deepArrays], { type: 'image/png' }), 'x.png');
    // Not through provider(), which would call the form JSON: fetch sets the multipart type itself.
    const upload = await SELF.fetch(`${ORIGIN}/api/v1/admin/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'x-api-key': env.API_KEY },
      body: form,
    });
    expect(upload.status).not.toBe(500);
    expect(((await upload.json()) as { message?: string }).message).not.toBe(MSG.jsonTooDeep);
  });
});
