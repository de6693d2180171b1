import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ROOT } from './import-graph';

/**
 * Every SQL write (insert, update, delete, replace) written in the server's code, with the table it writes and
 * the function it sits in, and every call of `emit(…)` or `commitChanges(…)` with the change kinds it names. Read from the sources
 * with the TypeScript parser, so a write in a template literal or across lines is found as well.
 */

export type SqlWrite = { file: string; fn: string; table: string; line: number };
export type FunctionFacts = { file: string; fn: string; emits: Set<string>; calls: Set<string> };

/** The calls that emit the changes named in their arguments (`commitChanges` commits them, then emits them). */
const EMITTERS = new Set(['emit', 'commitChanges']);

const WRITE = /\b(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update|delete\s+from)\s+([a-z_]+)\b/gi;
// SQL keywords that may follow "update" in prose or upserts ("on conflict do update set").
const NOT_A_TABLE = new Set(['set', 'or', 'of', 'the', 'that', 'so', 'a']);

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

/** The name of the function a node sits in: a declaration, a method, or a const bound to an arrow. */
function enclosingName(node: ts.Node): string {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if ((ts.isFunctionDeclaration(at) || ts.isMethodDeclaration(at)) && at.name) {
      const owner = ts.isMethodDeclaration(at) && ts.isClassDeclaration(at.parent) ? `${at.parent.name?.text}.` : '';
      return owner + at.name.getText();
    }
    if ((ts.isArrowFunction(at) || ts.isFunctionExpression(at)) && ts.isVariableDeclaration(at.parent))
      return at.parent.name.getText();
  }
  return '(module)';
}

function calleeName(call: ts.CallExpression): string | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
}

/** Writes, and what each function emits and calls, in every module under the given folders. */
export function scanServer(folders: string[]) {
  const writes: SqlWrite[] = [];
  const functions = new Map<string, FunctionFacts>();
  const facts = (file: string, fn: string) => {
    const key = `${file}#${fn}`;
    let entry = functions.get(key);
    if (!entry) {
      entry = { file, fn, emits: new Set(), calls: new Set() };
      functions.set(key, entry);
    }
    return entry;
  };
  for (const folder of folders) {
    for (const path of sources(join(ROOT, folder))) {
      const file = relative(ROOT, path).replaceAll('\\', '/');
      const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) {
          const text = node.getText();
          for (const match of text.matchAll(WRITE)) {
            const table = match[1].toLowerCase();
            if (NOT_A_TABLE.has(table)) continue;
            const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
            writes.push({ file, fn: enclosingName(node), table, line });
          }
          if (ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
          return;
        }
        if (ts.isCallExpression(node)) {
          const name = calleeName(node);
          const entry = facts(file, enclosingName(node));
          if (name) entry.calls.add(name);
          if (name && EMITTERS.has(name))
            for (const arg of node.arguments)
              for (const kind of arg.getText().matchAll(/kind:\s*'(\w+)'/g)) entry.emits.add(kind[1]);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return { writes, functions };
}
