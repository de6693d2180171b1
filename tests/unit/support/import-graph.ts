import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The import graph of the repository's own code (functions/ and src/), type imports included: a type-only
 * import still ties two modules together for whoever reads or changes them. Relative specifiers only;
 * packages are outside the graph. Paths are repository-relative with forward slashes.
 */

export const ROOT = resolve(import.meta.dirname, '../../..');
const SOURCE = /\.(ts|tsx|mts|astro)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.astro', '/index.ts', '/index.tsx'];
// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`, across lines.
const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

function walk(dir: string, out: string[]) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function stripComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function resolveSpecifier(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export type Graph = Map<string, Set<string>>;

/** Module → the modules it imports, for every source file under the given folders. */
export function importGraph(folders: string[]): Graph {
  const graph: Graph = new Map();
  for (const folder of folders) {
    for (const file of walk(join(ROOT, folder), [])) {
      const edges = new Set<string>();
      let code = readFileSync(file, 'utf8');
      if (file.endsWith('.astro')) code = code.split(/^---\s*$/m)[1] ?? '';
      for (const match of stripComments(code).matchAll(SPECIFIER)) {
        const target = resolveSpecifier(file, match[1] ?? match[2] ?? match[3]);
        if (target) edges.add(relative(ROOT, target).replaceAll('\\', '/'));
      }
      graph.set(relative(ROOT, file).replaceAll('\\', '/'), edges);
    }
  }
  return graph;
}

/** The strongly connected groups of more than one module (or a module importing itself): each is a cycle. */
export function cycles(graph: Graph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) !== indexOf.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || graph.get(node)?.has(node)) found.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!indexOf.has(node)) visit(node);
  return found;
}
