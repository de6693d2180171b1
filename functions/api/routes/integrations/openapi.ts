import { Hono } from 'hono';
import { type AccessEnv, publicRoute } from '../../lib/access';
import { type OpenApiDocument, openApiDocument, type RegisteredRoute } from '../../lib/openapi';

/**
 * GET /openapi.json: the provider API described as OpenAPI 3.1, generated from the routes the app registered
 * (`routesOf`, given by app.ts so this module does not import the app). Built once per isolate.
 */
export function openApiRoute(routesOf: () => readonly RegisteredRoute[]) {
  let document: OpenApiDocument | undefined;
  return new Hono<AccessEnv>().get('/', publicRoute(), (c) => {
    document ??= openApiDocument(routesOf());
    return c.json(document, 200, { 'cache-control': 'public, max-age=300' });
  });
}
