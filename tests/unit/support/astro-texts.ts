import { parse } from '@astrojs/compiler-rs';
import { looksLikeWords, VISIBLE_ATTRIBUTES } from './visible-text';

/**
 * Issue 20, "one catalogue of words", for the pages and components written in Astro: every word a person reads
 * on a page comes from the catalogues in src/shared/messages/<domain>.ts (or the long-form texts in src/content), never
 * from a literal in an .astro file. This parses every .astro of src/ with Astro's own compiler
 * (@astrojs/compiler-rs: one ESTree for the frontmatter, the template and the <script>s) and fails on a
 * Spanish-looking literal written
 *   - in the template, as the .tsx rule does (island-texts.test.ts): a text node (`<h1>Eventos</h1>`, the
 *     `<title>`), a string in a child expression (`{n === 1 ? 'entrada' : 'entradas'}`), a user-visible
 *     attribute (the .tsx list plus `content` of a `<meta>` and `set:text`/`set:html`);
 *   - in the frontmatter or a <script> (code, where class names, ids and URLs are strings too), when the
 *     string reads as prose: a non-ASCII letter ("Boletería", "¿Dónde…?"), a capitalised word ("Gratis",
 *     `Desde ${price}`; an HTTP header name such as "Cache-Control" is code), a Spanish function word between words ("Compras de hoy"), or any word at all
 *     when it is bound to a visible name (`title: 'Eventos'`, `const heading = …`, `el.textContent = …`).
 *     Arguments of `new Error(…)` (a developer's message, never shown as such) are not scanned.
 * The one narrow exemption is PROPER_NAMES: a text that is nothing but a third party's name.
 */
/**
 * Third parties' names shown as they are in any language (the share buttons, the footer's networks). Only a
 * text that is exactly one of these passes; "Pagá con Mercado Pago" does not.
 */
const PROPER_NAMES = new Set(['WhatsApp', 'Facebook', 'Instagram', 'YouTube', 'TikTok', 'X']);

/** Spanish words that only occur in a sentence (never in a class list, a selector or an id). */
const FUNCTION_WORDS =
  /(?<!\p{L})(?:de|del|la|las|el|los|en|un|una|tu|tus|para|con|por|que|se|al|es|sin|más|ya|te|hay|mis|sus|lo|le|no|y|o)(?!\p{L})/u;

/** Binding names (property keys, variables, DOM properties) whose string is shown to a person. */
const VISIBLE_BINDING =
  /^(?:title|label|heading|subtitle|description|text|message|hint|caption|placeholder|alt|summary|empty|cta|textContent|innerText|ariaLabel|aria-label)$|(?:Title|Label|Heading|Text|Message|Hint|Description|Caption|Placeholder)$/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The string pieces an expression shows when it is rendered (through ?:, &&, ||, ??, +, `${}`). */
function shownStrings(node: Node): { node: Node; text: string }[] {
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ? [{ node, text: node.value }] : [];
    case 'TemplateLiteral':
      return [
        ...(node.quasis as Node[]).map((q) => ({ node: q, text: (q.value as { cooked: string }).cooked ?? '' })),
        ...(node.expressions as Node[]).flatMap(shownStrings),
      ];
    case 'ParenthesizedExpression':
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return shownStrings(node.expression as Node);
    case 'ConditionalExpression':
      return [...shownStrings(node.consequent as Node), ...shownStrings(node.alternate as Node)];
    case 'LogicalExpression':
      return [...(node.operator === '&&' ? [] : shownStrings(node.left as Node)), ...shownStrings(node.right as Node)];
    case 'BinaryExpression':
      return node.operator === '+' ? [...shownStrings(node.left as Node), ...shownStrings(node.right as Node)] : [];
    default:
      return [];
  }
}

/** A string in code reads as prose (see the header): not a class list, a selector, a URL or an id. */
function readsAsProse(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  // Empty, or a URL (schema.org's "https://schema.org/Discontinued").
  if (!t || /^[a-z][a-z+.-]*:\/\/\S*$/.test(t)) return false;
  if (/[À-ÿ¿¡]/u.test(t)) return true;
  // A capitalised word ("Gratis", `Desde ${price}`), but not an HTTP header name ("Cache-Control").
  if (/(?<![\p{L}\d_-])\p{Lu}\p{Ll}{2,}(?![\p{L}\d_])/u.test(t) && !/^\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)+$/u.test(t))
    return true;
  const words = t.split(' ');
  return words.length >= 2 && words.some((w) => FUNCTION_WORDS.test(w) && w.length <= 4) && /\p{Ll}{3,}/u.test(t);
}

/** The template's test: words as the .tsx rule sees them, plus a heading in capitals ("CUENTA", "LEGALES"). */
const looksLikeTemplateWords = (text: string) => looksLikeWords(text) || /(?<!\p{L})\p{Lu}{5,}(?!\p{L})/u.test(text);

/** The name a value is bound to: `key: value`, `const name = value`, `x.name = value`, `name={value}`. */
function bindingName(parent: Node | undefined, child: Node): string | undefined {
  if (!parent) return undefined;
  const nameOf = (n: unknown) =>
    isNode(n) ? ((n.name as string | undefined) ?? (typeof n.value === 'string' ? n.value : undefined)) : undefined;
  if (parent.type === 'Property' && parent.value === child) return nameOf(parent.key);
  if (parent.type === 'VariableDeclarator' && parent.init === child) return nameOf(parent.id);
  if (parent.type === 'AssignmentExpression' && parent.right === child) {
    const left = parent.left as Node;
    return left.type === 'MemberExpression' ? nameOf(left.property) : nameOf(left);
  }
  return undefined;
}

/** A <meta> whose content is read (description, og:title…), not a setting (viewport, color-scheme, og:locale). */
function metaIsText(opening: Node): boolean {
  return (opening.attributes as Node[]).some(
    (a) =>
      a.type === 'JSXAttribute' &&
      ['name', 'property'].includes(String((a.name as Node).name)) &&
      /(?:description|title|site_name|image:alt)$/.test(String((a.value as Node | null)?.value ?? '')),
  );
}

function elementName(opening: Node): string {
  const name = opening.name as Node;
  return typeof name.name === 'string' ? name.name : '';
}

/** Each inline user-visible literal of an .astro source, as "line: text". */
export function inlineTexts(source: string): string[] {
  const { ast } = parse(source);
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
  const found: string[] = [];
  const reported = new Set<number>();
  const report = (node: Node, text: string, check: (t: string) => boolean = looksLikeTemplateWords) => {
    reported.add(node.start);
    if (!check(text)) return;
    const t = text.replace(/\s+/g, ' ').trim();
    if (PROPER_NAMES.has(t)) return;
    found.push(`${lineOf(node.start)}: ${t}`);
  };

  const visit = (node: Node, parents: Node[]) => {
    const parent = parents.at(-1);
    switch (node.type) {
      case 'JSXElement': {
        const tag = elementName(node.openingElement as Node);
        // Styles are not words; a JSON-LD block is data for search engines (EventJsonLd builds it from the event).
        if (tag === 'style') return;
        break;
      }
      case 'JSXText':
        report(node, node.value as string);
        return;
      case 'JSXExpressionContainer':
        if (parent?.type !== 'JSXAttribute')
          for (const s of shownStrings(node.expression as Node)) report(s.node, s.text);
        break;
      case 'JSXAttribute': {
        const name = typeof (node.name as Node).name === 'string' ? ((node.name as Node).name as string) : '';
        const namespaced = (node.name as Node).type === 'JSXNamespacedName';
        const fullName = namespaced
          ? `${((node.name as Node).namespace as Node).name}:${((node.name as Node).name as Node).name}`
          : name;
        const opening = parent as Node;
        const visible =
          VISIBLE_ATTRIBUTES.has(fullName) ||
          fullName === 'set:text' ||
          fullName === 'set:html' ||
          (fullName === 'content' && elementName(opening) === 'meta' && metaIsText(opening));
        const value = node.value as Node | null;
        if (visible && value) {
          if (value.type === 'Literal') report(value, String(value.value));
          else if (value.type === 'JSXExpressionContainer')
            for (const s of shownStrings(value.expression as Node)) report(s.node, s.text);
        }
        break;
      }
      case 'NewExpression':
        if ((node.callee as Node).type === 'Identifier' && /Error$/.test((node.callee as Node).name as string)) return;
        break;
      case 'CallExpression': {
        // console.error('Queue of the event page', error): a log line for the operator.
        const callee = node.callee as Node;
        if (callee.type === 'MemberExpression' && (callee.object as Node).name === 'console') return;
        break;
      }
      case 'ImportDeclaration':
      case 'ExportNamedDeclaration':
      case 'ExportAllDeclaration':
        if (node.source) return;
        break;
      case 'Literal':
      case 'TemplateLiteral': {
        // Strings of code (frontmatter, <script>, and expressions that the template rules above did not take).
        if (parent?.type === 'JSXAttribute' || reported.has(node.start)) break;
        const bound = bindingName(parent, node);
        // JSON-LD's vocabulary ({ '@type': 'Event' }) is data for search engines, not words.
        if (bound?.startsWith('@')) break;
        const check = bound && VISIBLE_BINDING.test(bound) ? looksLikeWords : readsAsProse;
        if (node.type === 'Literal' && typeof node.value === 'string') report(node, node.value, check);
        if (node.type === 'TemplateLiteral')
          for (const q of node.quasis as Node[]) report(q, (q.value as { cooked: string }).cooked ?? '', check);
        break;
      }
      case 'Property':
        // A key is code ({ 'aria-label': … } is a name, not a text).
        visit(node.value as Node, [...parents, node]);
        return;
      case 'TSInterfaceDeclaration':
      case 'TSTypeAliasDeclaration':
      case 'TSTypeAnnotation':
      case 'TSLiteralType':
        return;
      default:
        break;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'type') continue;
      const children = Array.isArray(value) ? value : [value];
      for (const child of children) if (isNode(child)) visit(child, [...parents, node]);
    }
  };
  visit(ast as Node, []);
  return found;
}
