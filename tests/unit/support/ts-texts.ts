import ts from 'typescript';

/**
 * Issue 30, "one vocabulary", for plain .ts (the API's answers, errors, e-mails, PDFs, exports, stores): a
 * Spanish sentence lives in a catalogue (src/shared/messages/<domain>.ts), never inline in server or
 * client code. The .tsx and .astro rules (island-texts, astro-texts) look at what a template shows; in a
 * .ts any string can be code (an id, a SQL query, a header, a URL), so this one looks at how a string
 * reads: it is Spanish prose when it holds
 *   - a Spanish letter or sign (á é í ó ú ü ñ ¿ ¡) next to other letters ("Evento inválido"), or
 *   - a Spanish function word between two words ("Demasiados intentos de ingreso", "Orden no encontrada"), or
 *   - a sentence: a capitalised word followed by a lowercase one ("Evento eliminado", "Lista creada.").
 * Not scanned: module names (import/export … from), developer messages (`new Error(…)`, console.*), quoted
 * property names (keys), and string types (`'pendiente' | …` as a type names a value, it shows nothing).
 */

/** Spanish words that only occur in a sentence (never in an id, a SQL query, a header or a URL). */
const FUNCTION_WORDS =
  /(?<![\p{L}_.:/-])(?:de|del|la|las|el|los|en|un|una|tu|tus|para|con|por|que|se|al|es|sin|más|ya|hay|mis|sus|lo|le|su)(?![\p{L}_.:/-])/iu;
const SPANISH_SIGN = /[áéíóúüñÁÉÍÓÚÜÑ¿¡]/;
/** A capitalised word, a space and a lowercase word: how a sentence starts (never an id, a header or a SQL keyword). */
const SENTENCE = /(?<![\p{L}\d_.:/-])\p{Lu}\p{Ll}+ \p{Ll}+(?![\p{L}\d_:/-])/u;

/** A string reads as Spanish prose (see the rule above). */
export function readsAsSpanish(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  const words = t.match(/\p{L}+/gu) ?? [];
  if (SPANISH_SIGN.test(t) && words.some((w) => w.length >= 2)) return true;
  if (SENTENCE.test(t)) return true;
  return words.length >= 3 && FUNCTION_WORDS.test(t) && /\p{Ll}{2,}/u.test(t);
}

/** Calls whose string arguments are a developer's words, not a user's. */
function isDeveloperCall(node: ts.Node): boolean {
  if (ts.isNewExpression(node)) return /^(?:Error|TypeError|RangeError)$/.test(node.expression.getText());
  if (ts.isCallExpression(node)) return /^console\.\w+$/.test(node.expression.getText());
  return false;
}

/** Each Spanish literal of a .ts source outside the catalogues, as "line: text". */
export function spanishLiterals(source: string, fileName = 'file.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    if (!readsAsSpanish(text)) return;
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${line + 1}: ${text.replace(/\s+/g, ' ').trim()}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isLiteralTypeNode(node)) return;
    if (isDeveloperCall(node)) return;
    // A quoted property name is a key ('tipo de entrada': 'ticket_type' reads a CSV header), not a text.
    const isKey = node.parent !== undefined && ts.isPropertyAssignment(node.parent) && node.parent.name === node;
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !isKey) report(node, node.text);
    else if (ts.isTemplateExpression(node)) {
      // The sentence around the values: "Quedan ${n} entradas" reads as "Quedan … entradas".
      report(node, [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' … '));
      for (const span of node.templateSpans) visit(span.expression);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
