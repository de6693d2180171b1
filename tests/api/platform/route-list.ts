import type { ZodType } from 'zod';
import { api } from '../../../functions/api/app';
import { type Declaration, declarationOf } from '../../../functions/api/lib/access';
import { isDevOnly } from '../../../functions/api/lib/dev-only';
import { validationOf } from '../../../functions/api/lib/validate';

/** One route of the provider API, as Hono registered it (`api.routes`), relative to /api/v1. */
export type ApiRoute = {
  method: string;
  path: string;
  key: string;
  /** Every declaration among the route's handlers (exactly one is right). */
  declarations: Declaration[];
  /** Field names of the zod objects its validators check, by target (json, query, param, form…). */
  fields: Record<string, string[]>;
  /** Exists only with DEV_MODE (lib/dev-only.ts): out of the OpenAPI document. */
  devOnly: boolean;
};

const BASE = '/api/v1';

function fieldsOf(schema: ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/**
 * The routes of the provider API, from the app itself: the same list the matrix, the fuzzing and the docs
 * check run over, so a route added anywhere is in all three at once.
 */
export const apiRoutes = (): ApiRoute[] => routesOf(api, BASE);

/** The routes of any Hono app, grouped by method and path (paths relative to `base`). */
export function routesOf(app: { routes: { method: string; path: string; handler: unknown }[] }, base = ''): ApiRoute[] {
  const byKey = new Map<string, ApiRoute>();
  for (const r of app.routes) {
    // `use()` middleware (the API key) is registered for ALL methods; routes have a real method.
    if (r.method === 'ALL') continue;
    const path = base && r.path.startsWith(base) ? r.path.slice(base.length) || '/' : r.path;
    const key = `${r.method} ${path}`;
    const route = byKey.get(key) ?? { method: r.method, path, key, declarations: [], fields: {}, devOnly: false };
    const declaration = declarationOf(r.handler);
    if (declaration) route.declarations.push(declaration);
    route.devOnly ||= isDevOnly(r.handler);
    const validation = validationOf(r.handler);
    if (validation) route.fields[validation.target] = fieldsOf(validation.schema);
    byKey.set(key, route);
  }
  return [...byKey.values()];
}
