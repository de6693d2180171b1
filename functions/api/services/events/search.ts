/**
 * Text search over the FTS5 tables of migrations/0009_search_and_media.sql (events_search, producers_search).
 * Every word of the user's text must appear as the start of a word in the searched columns, whatever its
 * accents and case ("cordoba" finds "Córdoba", "electro" finds "Electrónica"). The query is built from the
 * words alone, each quoted, so FTS5 syntax, '%', '_' and quotes in the text are never operators.
 */

/** More words than this add nothing a user would type; they are ignored (the query stays cheap). */
const MAX_WORDS = 12;

/** The words of a search text: runs of letters, digits and combining marks (what the tokenizer keeps). */
export function searchWords(text: string): string[] {
  return (text.normalize('NFC').match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).slice(0, MAX_WORDS);
}

/**
 * The FTS5 MATCH expression for a text, optionally limited to some columns; null when the text has no word
 * (a text of only punctuation, like "%" or "_", matches nothing rather than everything).
 */
export function matchExpression(text: string, columns?: string[]): string | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  const filter = columns ? `{${columns.join(' ')}} : ` : '';
  return words.map((word) => `${filter}"${word.replaceAll('"', '""')}"*`).join(' AND ');
}
