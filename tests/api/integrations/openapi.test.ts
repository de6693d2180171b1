import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument, XPermission } from '../../../functions/api/lib/openapi';
import { adminOf } from '../kit/actors';
import { provider } from '../kit/http';
import { keysMayCall } from '../platform/key-callers';
import { type ApiRoute, apiRoutes } from '../platform/route-list';
import { createKey, withKey } from './key-fixtures';

/**
 * The OpenAPI 3.1 document at /api/v1/openapi.json against the routes the app registered (enumerated by
 * route-list.ts, as the route matrix does): every route is in it with its method, path, permission, scope
 * and whether keys may call it; nothing else is; each body lists its validator's fields.
 */

type Operation = {
  'x-permission': XPermission;
  parameters: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  security: Record<string, string[]>[];
};

const toOpenApi = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');

/** What the document gets wrong about the routes: missing, extra or different operations. */
function differences(document: OpenApiDocument, routes: ApiRoute[]): string[] {
  const found: string[] = [];
  const expected = new Set<string>();
  for (const route of routes) {
    const [declaration] = route.declarations;
    const key = `${route.method.toLowerCase()} ${toOpenApi(route.path)}`;
    expected.add(key);
    const operation = document.paths[toOpenApi(route.path)]?.[route.method.toLowerCase()] as Operation | undefined;
    if (!declaration) continue;
    if (!operation) {
      found.push(`missing: ${route.key}`);
      continue;
    }
    const x = operation['x-permission'];
    const wanted: XPermission =
      declaration.kind === 'permission'
        ? {
            kind: 'permission',
            permission: declaration.permission,
            ...(declaration.also ? { also: declaration.also } : {}),
            scope: declaration.scope,
            api_keys: keysMayCall(declaration),
          }
        : { kind: declaration.kind, api_keys: keysMayCall(declaration) };
    if (JSON.stringify(x) !== JSON.stringify(wanted))
      found.push(`differs: ${route.key} is ${JSON.stringify(wanted)}, documented ${JSON.stringify(x)}`);
    const keyScheme = operation.security.some((s) => 'producerKey' in s);
    if (keyScheme !== keysMayCall(declaration)) found.push(`security differs: ${route.key}`);
    for (const [, name] of route.path.matchAll(/:([A-Za-z0-9_]+)/g))
      if (!operation.parameters.some((p) => p.in === 'path' && p.name === name))
        found.push(`path parameter ${name} missing: ${route.key}`);
    const body = operation.requestBody?.content['application/json']?.schema.properties ?? {};
    for (const field of route.fields.json ?? [])
      if (!(field in body)) found.push(`body field ${field} missing: ${route.key}`);
    for (const field of route.fields.query ?? [])
      if (!operation.parameters.some((p) => p.in === 'query' && p.name === field))
        found.push(`query parameter ${field} missing: ${route.key}`);
  }
  for (const [path, item] of Object.entries(document.paths))
    for (const method of Object.keys(item))
      if (!expected.has(`${method} ${path}`)) found.push(`not a route: ${method.toUpperCase()} ${path}`);
  return found;
}

let document: OpenApiDocument;
/** Every route but those that exist only in development (DEV_MODE), which the document leaves out. */
const routes = apiRoutes().filter((r) => !r.devOnly);

beforeAll(async () => {
  const res = await provider('/openapi.json');
  expect(res.status).toBe(200);
  document = (await res.json()) as OpenApiDocument;
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the three ways to authenticate', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys((document.components.securitySchemes ?? {}) as object).sort()).toEqual([
      'platformKey',
      'producerKey',
      'session',
    ]);
  });

  it('leaves out the routes that exist only in development', () => {
    const dev = apiRoutes().filter((r) => r.devOnly);
    expect(dev.map((r) => r.key)).toContain('POST /holds/ceiling');
    for (const route of dev)
      expect(document.paths[toOpenApi(route.path)]?.[route.method.toLowerCase()]).toBeUndefined();
  });

  it('has every route, as declared, and nothing else', () => {
    expect(routes.length).toBeGreaterThan(90);
    const found = differences(document, routes);
    expect(found, found.join('\n')).toEqual([]);
    const operations = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(operations).toBe(routes.length);
  });

  it('the comparison finds a missing route, a changed permission and an invented one', () => {
    const [first, second] = routes.filter((r) => r.declarations[0]?.kind === 'permission');
    const doctored = structuredClone(document);
    delete doctored.paths[toOpenApi(first!.path)]![first!.method.toLowerCase()];
    const changed = doctored.paths[toOpenApi(second!.path)]![second!.method.toLowerCase()] as unknown as Operation;
    changed['x-permission'] = { ...changed['x-permission'], scope: 'otro' };
    doctored.paths['/inventada'] = { get: changed as never };
    const found = differences(doctored, routes);
    expect(found.some((f) => f.startsWith(`missing: ${first!.key}`))).toBe(true);
    expect(found.some((f) => f.startsWith(`differs: ${second!.key}`))).toBe(true);
    expect(found).toContain('not a route: GET /inventada');
  });

  it('describes bodies from the zod schemas (the API key form)', () => {
    const create = document.paths['/admin/api-keys/{producer}']?.post as unknown as Operation;
    const schema = create.requestBody?.content['application/json']?.schema as {
      properties: Record<string, { items?: { enum?: string[] } }>;
      required: string[];
    };
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'permissions']));
    expect(schema.properties.permissions?.items?.enum).toContain('tickets.view');
    expect(schema.properties.permissions?.items?.enum).not.toContain('clients.search_all');
  });

  it('is readable with a producer key too', async () => {
    const admin = await adminOf();
    const key = await createKey(admin, admin.producerId, ['events.view']);
    const res = await withKey(key.secret, '/openapi.json');
    expect(res.status).toBe(200);
    expect(((await res.json()) as OpenApiDocument).openapi).toBe('3.1.0');
  });
});
