import { DEVELOPERS_TEXT as T } from '../../shared/messages/integrations';

/** The parts of the OpenAPI document (GET /api/v1/openapi.json) the developers' page shows. */
export type OpenApiView = {
  paths: Record<
    string,
    Record<
      string,
      {
        tags?: string[];
        parameters?: { name: string; required?: boolean }[];
        requestBody?: {
          content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }>;
        };
        'x-permission': { kind: string; permission?: string; also?: string; scope?: string; api_keys: boolean };
      }
    >
  >;
};

export type OperationRow = { method: string; path: string; access: string; keys: boolean; fields: string[] };
export type OperationGroup = { id: string; tag: string; operations: OperationRow[] };

function accessOf(x: OpenApiView['paths'][string][string]['x-permission']): string {
  if (x.kind === 'public') return T.public;
  if (x.kind === 'authenticated') return T.person;
  if (x.kind === 'superadmin') return T.superadmin;
  const scope = x.scope === 'producer' ? T.scopeProducer : T.scopeEvent;
  return `${T.permission} ${x.permission}${x.also ? ` + ${x.also}` : ''} (${scope})`;
}

/** The document's operations grouped by tag, in path order, each with its access in words. */
export function groupOperations(document: OpenApiView): OperationGroup[] {
  const groups = new Map<string, OperationRow[]>();
  for (const path of Object.keys(document.paths).sort())
    for (const [method, op] of Object.entries(document.paths[path] ?? {})) {
      const tag = op.tags?.[0] ?? '';
      const body = Object.values(op.requestBody?.content ?? {})[0]?.schema;
      const required = new Set([
        ...(body?.required ?? []),
        ...(op.parameters ?? []).filter((p) => p.required).map((p) => p.name),
      ]);
      const names = [...(op.parameters ?? []).map((p) => p.name), ...Object.keys(body?.properties ?? {})];
      const fields = [...new Set(names)].map((name) => (required.has(name) ? `${name} (${T.required})` : name));
      const row = {
        method: method.toUpperCase(),
        path,
        access: accessOf(op['x-permission']),
        keys: op['x-permission'].api_keys,
        fields,
      };
      groups.set(tag, [...(groups.get(tag) ?? []), row]);
    }
  return [...groups.entries()].map(([tag, operations]) => ({ id: tag.replace(/[^a-z0-9]+/gi, '-'), tag, operations }));
}
