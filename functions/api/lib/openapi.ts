import { type ZodType, z } from 'zod';
import { OPENAPI_TEXT as T } from '../../../src/shared/messages/integrations';
import { type Declaration, declarationOf } from './access';
import { acceptsKeys } from './api-key';
import { isDevOnly } from './dev-only';
import { validationOf } from './validate';

/**
 * The OpenAPI 3.1 document of the provider API (GET /api/v1/openapi.json), generated from the app's own
 * routes: each route's declaration (lib/access.ts) gives its security and permission (`x-permission`), its
 * validators' zod schemas (lib/validate.ts) give its parameters and body through `z.toJSONSchema`. Nothing
 * here is written by hand per route; tests/api/integrations/openapi.test.ts checks the document against the
 * routes.
 */
export type RegisteredRoute = { method: string; path: string; handler: unknown };

type JsonSchema = Record<string, unknown>;
type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema };
type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  security: Record<string, string[]>[];
  parameters: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  'x-permission': XPermission;
};
/** What the route's declaration says, in the document (the completeness test compares the two). */
export type XPermission = {
  kind: Declaration['kind'];
  permission?: string;
  /** A second permission the handler checks over the same target. */
  also?: string;
  scope?: string;
  api_keys: boolean;
};
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: Record<string, string>;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
};

export const API_BASE = '/api/v1';

const BODY_TYPES: Record<string, string> = { json: 'application/json', form: 'multipart/form-data' };

/** `/admin/events/:id` → `/admin/events/{id}` (a Hono pattern `:id{[0-9]+}` loses its pattern). */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');

function jsonSchemaOf(schema: ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function securityOf(declaration: Declaration): Record<string, string[]>[] {
  const person = { platformKey: [], session: [] };
  if (declaration.kind === 'public') return [{ platformKey: [] }, { producerKey: [] }];
  return acceptsKeys(declaration) ? [{ producerKey: [] }, person] : [person];
}

const xPermissionOf = (declaration: Declaration): XPermission =>
  declaration.kind === 'permission'
    ? {
        kind: declaration.kind,
        permission: declaration.permission,
        ...(declaration.also ? { also: declaration.also } : {}),
        scope: declaration.scope,
        api_keys: acceptsKeys(declaration),
      }
    : { kind: declaration.kind, api_keys: acceptsKeys(declaration) };

function summaryOf(declaration: Declaration): string {
  if (declaration.kind === 'public') return T.public;
  if (declaration.kind === 'authenticated') return T.authenticated;
  if (declaration.kind === 'superadmin') return T.superadmin;
  const where = declaration.scope === 'producer' ? T.producerWide : T.perEvent;
  const also = declaration.also ? ` (${T.and} ${declaration.also})` : '';
  return `${T.permission} ${declaration.permission}${also} ${where}`;
}

function parametersOf(path: string, schemas: Map<string, ZodType>): Parameter[] {
  const params: Parameter[] = [];
  const pathSchema = schemas.get('param');
  const pathProps = (pathSchema ? jsonSchemaOf(pathSchema).properties : undefined) as
    | Record<string, JsonSchema>
    | undefined;
  for (const [, name] of path.matchAll(/:([A-Za-z0-9_]+)/g))
    params.push({
      name: name as string,
      in: 'path',
      required: true,
      schema: pathProps?.[name as string] ?? { type: 'string' },
    });
  const query = schemas.get('query');
  if (query) {
    const schema = jsonSchemaOf(query);
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>))
      params.push({ name, in: 'query', required: required.has(name), schema: prop });
  }
  return params;
}

const ERROR_RESPONSE = { $ref: '#/components/responses/Error' };

function operationOf(method: string, path: string, declaration: Declaration, schemas: Map<string, ZodType>): Operation {
  const [first = '', second = ''] = path.split('/').filter(Boolean);
  const tag = first === 'admin' && second ? `admin/${second}` : first || T.rootTag;
  const operation: Operation = {
    operationId: `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ?? '').toUpperCase())}`,
    tags: [tag],
    summary: summaryOf(declaration),
    security: securityOf(declaration),
    parameters: parametersOf(path, schemas),
    responses: {
      '200': { $ref: '#/components/responses/Ok' },
      '400': ERROR_RESPONSE,
      '401': ERROR_RESPONSE,
      '403': ERROR_RESPONSE,
      '404': ERROR_RESPONSE,
      '409': ERROR_RESPONSE,
      '422': ERROR_RESPONSE,
      '429': { $ref: '#/components/responses/TooManyRequests' },
    },
    'x-permission': xPermissionOf(declaration),
  };
  for (const [target, type] of Object.entries(BODY_TYPES)) {
    const schema = schemas.get(target);
    if (schema) operation.requestBody = { required: true, content: { [type]: { schema: jsonSchemaOf(schema) } } };
  }
  return operation;
}

/** The document for the app's registered routes (`api.routes`, paths under `API_BASE`). */
export function openApiDocument(routes: readonly RegisteredRoute[]): OpenApiDocument {
  type Found = {
    method: string;
    path: string;
    declaration?: Declaration;
    devOnly: boolean;
    schemas: Map<string, ZodType>;
  };
  const found = new Map<string, Found>();
  for (const route of routes) {
    // `use()` middleware (the API key, the body depth, idempotency) is registered for ALL methods.
    if (route.method === 'ALL' || !route.path.startsWith(API_BASE)) continue;
    const path = route.path.slice(API_BASE.length) || '/';
    const key = `${route.method} ${path}`;
    const entry: Found = found.get(key) ?? { method: route.method, path, devOnly: false, schemas: new Map() };
    entry.declaration ??= declarationOf(route.handler);
    entry.devOnly ||= isDevOnly(route.handler);
    const validation = validationOf(route.handler);
    if (validation) entry.schemas.set(validation.target, validation.schema);
    found.set(key, entry);
  }
  const paths: OpenApiDocument['paths'] = {};
  for (const { method, path, declaration, devOnly, schemas } of found.values()) {
    // A route without a declaration is refused by tests/api/platform/routes.test.ts; it is not documented, nor is
    // one that exists only in development.
    if (!declaration || devOnly) continue;
    const documented = openApiPath(path);
    paths[documented] = {
      ...paths[documented],
      [method.toLowerCase()]: operationOf(method, path, declaration, schemas),
    };
  }
  return { openapi: '3.1.0', info: INFO, servers: [{ url: API_BASE }], paths, components: COMPONENTS };
}

const INFO = { title: T.title, version: '1', description: T.description };

const ERROR_SCHEMA = {
  type: 'object',
  properties: {
    status: { const: false },
    message: { type: 'string', description: T.message },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
  required: ['status', 'message'],
};

const COMPONENTS = {
  securitySchemes: {
    producerKey: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'bol_live_…',
      description: T.producerKey,
    },
    platformKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: T.platformKey },
    session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: T.session },
  },
  schemas: { Error: ERROR_SCHEMA },
  responses: {
    Ok: {
      description: T.ok,
      content: { 'application/json': { schema: { type: 'object', properties: { status: { const: true } } } } },
    },
    Error: {
      description: T.error,
      content: { 'application/json': { schema: ERROR_SCHEMA } },
    },
    TooManyRequests: {
      description: T.tooMany,
      headers: { 'Retry-After': { schema: { type: 'integer' } } },
      content: { 'application/json': { schema: ERROR_SCHEMA } },
    },
  },
};
