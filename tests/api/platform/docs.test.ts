import { describe, expect, it } from 'vitest';
import apiDoc from '../../../docs/api.md?raw';
import type { Declaration } from '../../../functions/api/lib/access';
import { apiRoutes } from './route-list';

/**
 * docs/api.md against the routes: every route of the provider API is documented (a backticked
 * `METHOD /path` in the reference), and the generated permission table between the `routes` markers is the
 * one the routes declare. A route added without docs fails here; the message prints the table to paste.
 */
const routes = apiRoutes();

const describeDeclaration = (d: Declaration | undefined) => {
  if (!d) return '**nothing declared**';
  if (d.kind === 'public') return 'public';
  if (d.kind === 'authenticated') return 'signed in';
  if (d.kind === 'superadmin') return 'SUPERADMIN';
  const where = d.scope === 'producer' ? 'producer-wide' : 'per event';
  return `\`${d.permission}\`, ${where}${d.checkedIn === 'handler' ? ' (checked in the scan batch)' : ''}`;
};

const permissionTable = () =>
  [
    '| Route | Who may call it |',
    '| --- | --- |',
    ...routes.map((r) => `| \`${r.key}\` | ${describeDeclaration(r.declarations[0])} |`),
  ].join('\n');

/** The table's cells, whatever the formatter's padding (Biome aligns markdown tables). */
const normalized = (table: string) =>
  table
    .trim()
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .map((cell) => cell.trim().replace(/^-+$/, '---'))
        .join('|'),
    )
    .join('\n');

describe('docs/api.md matches the routes', () => {
  it('documents every route', () => {
    const documented = new Set(
      [...apiDoc.matchAll(/`(GET|POST|PUT|DELETE|PATCH) (\/[^`\s?]*)/g)].map(([, method, path]) => `${method} ${path}`),
    );
    const missing = routes.filter((r) => !documented.has(r.key)).map((r) => r.key);
    expect(missing, `Document these routes in docs/api.md:\n  ${missing.join('\n  ')}`).toEqual([]);
  });

  it('carries the permission table the routes declare', () => {
    const between = apiDoc.match(/<!-- routes:begin -->\n([\s\S]*?)\n<!-- routes:end -->/)?.[1] ?? '';
    const table = permissionTable();
    expect(
      normalized(between),
      `Put this table between <!-- routes:begin --> and <!-- routes:end --> in docs/api.md:\n\n${table}\n`,
    ).toBe(normalized(table));
  });
});
