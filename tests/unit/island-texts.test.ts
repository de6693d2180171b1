import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { looksLikeWords, VISIBLE_ATTRIBUTES } from './support/visible-text';

/**
 * Issue 20, "one catalogue of words": the islands' headings, labels, placeholders, help texts, buttons, empty
 * states and accessible names come from the catalogues in src/shared/messages/<domain>.ts, never from literals in the
 * JSX. This parses every .tsx of src/ and fails on a Spanish-looking literal (a word with a lowercase letter
 * next to another word, or a single capitalised word such as "Guardar") written as
 *   - a JSX text node (`<h2>Nuevo evento</h2>`),
 *   - a string in a JSX child expression (`{busy ? 'Guardando…' : 'Guardar'}`),
 *   - a user-visible attribute: label, placeholder, aria-label, title, alt, hint, description, heading…
 * Code (class names, keys, ids, URLs) is not user-visible and is not scanned.
 */
const ROOT = join(__dirname, '..', '..');

/** Files not (yet) held to the rule, each with its reason. Keep it short (empty: every island is held). */
const ALLOWED_FILES: Record<string, string> = {};

/** The string pieces an expression shows when it is rendered (through ?:, &&, ||, ??, parentheses, `${}`). */
function shownStrings(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.flatMap((s) => [...shownStrings(s.expression), s.literal.text])];
  if (ts.isParenthesizedExpression(node)) return shownStrings(node.expression);
  if (ts.isConditionalExpression(node)) return [...shownStrings(node.whenTrue), ...shownStrings(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (
      op === ts.SyntaxKind.AmpersandAmpersandToken ||
      op === ts.SyntaxKind.BarBarToken ||
      op === ts.SyntaxKind.QuestionQuestionToken
    )
      return [
        ...shownStrings(node.left).filter(() => op !== ts.SyntaxKind.AmpersandAmpersandToken),
        ...shownStrings(node.right),
      ];
    if (op === ts.SyntaxKind.PlusToken) return [...shownStrings(node.left), ...shownStrings(node.right)];
  }
  return [];
}

/** Each inline user-visible literal of a .tsx source, as "line: text". */
function inlineTexts(source: string, fileName = 'island.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    if (!looksLikeWords(text)) return;
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${line + 1}: ${text.replace(/\s+/g, ' ').trim()}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      for (const text of shownStrings(node.expression)) report(node, text);
    } else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(file);
      if (VISIBLE_ATTRIBUTES.has(name)) {
        const init = node.initializer;
        if (ts.isStringLiteral(init)) report(init, init.text);
        else if (ts.isJsxExpression(init) && init.expression)
          for (const text of shownStrings(init.expression)) report(init, text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function* islands(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* islands(path);
    else if (entry.name.endsWith('.tsx')) yield path;
  }
}

describe('island texts come from the catalogue', () => {
  it('no .tsx under src/ writes a user-visible Spanish literal in its JSX', () => {
    const found: string[] = [];
    for (const path of islands(join(ROOT, 'src'))) {
      const name = relative(ROOT, path).replaceAll('\\', '/');
      if (name in ALLOWED_FILES) continue;
      for (const hit of inlineTexts(readFileSync(path, 'utf8'), name)) found.push(`${name}:${hit}`);
    }
    expect(found).toEqual([]);
  });

  it('every allowed file exists (a stale entry would hide nothing and should go)', () => {
    const all = new Set([...islands(join(ROOT, 'src'))].map((p) => relative(ROOT, p).replaceAll('\\', '/')));
    for (const name of Object.keys(ALLOWED_FILES)) expect(all.has(name), name).toBe(true);
  });

  it.each([
    ['<h2>Nuevo evento</h2>', 'Nuevo evento'],
    ['<button type="button">Guardar</button>', 'Guardar'],
    ['<Field label="Precio ($)" />', 'Precio ($)'],
    ['<option>{today ? "Hoy · " : ""}</option>', 'Hoy ·'],
    ['<p>{busy ? "Guardando…" : MSG.save}</p>', 'Guardando…'],
    ['<input placeholder="Buscar por correo" />', 'Buscar por correo'],
    ['<button aria-label="Cerrar diálogo" />', 'Cerrar diálogo'],
    ['<TextField label="Nombre" />', 'Nombre'],
    // The placeholder is built so that this file holds no template-looking plain string.
    [`<span title={\`Vence el ${'$'}{date}\`} />`, 'Vence el'],
    ['<p>{error || "No pudimos cargar los datos"}</p>', 'No pudimos cargar los datos'],
  ])('catches %s', (jsx, text) => {
    const hits = inlineTexts(`const x = ${jsx};`);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toContain(text);
  });

  it.each([
    ['<h2>{MSG.title}</h2>'],
    ['<div className="flex items-center gap-2" data-card="title" />'],
    ['<TextField label={MSG.name} placeholder={MSG.namePlaceholder} />'],
    ['<span>{count} · {formatMoney(total)}</span>'],
    ['<td>DNI</td>'],
    ['<span>{formatMoney(total)} · $</span>'],
    ['<span aria-hidden="true">×</span>'],
    ['<p>{ok && MSG.saved}</p>'],
  ])('lets %s pass', (jsx) => {
    expect(inlineTexts(`const x = ${jsx};`)).toEqual([]);
  });
});
