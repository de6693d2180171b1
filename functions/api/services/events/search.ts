/**
 * Text search over the folded search tables of migrations/0009_search_and_media.sql (events_search,
 * producers_search). Each word of the user's text (split on spaces and sentence punctuation) must appear somewhere in the searched text, whatever its
 * accents and case ("cordoba" finds "Córdoba", "electro" finds "Electrónica"). Every word is its own LIKE
 * pattern: escaped, so '%' and '_' are searched literally, and cut to D1's pattern limit, so no text is too
 * long to search.
 */

/** D1 (SQLite) refuses LIKE patterns over 50 bytes; two of them are the surrounding '%'. */
const MAX_PATTERN_BYTES = 48;

/** More words than this add nothing a user would type; they are ignored (the query stays cheap). */
const MAX_WORDS = 8;

const bytes = new TextEncoder();

/** Spaces and the punctuation around words in a sentence; '%', '_', '-', '.', '&' stay part of a word. */
const WORD_SEPARATORS = /[\s,;:()[\]{}"“”«»¿?¡!]+/;

/** What the migration's views do to the stored text: lowercase, accents removed. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The escaped word, cut (at a character boundary) so that it fits in one pattern. */
function bounded(word: string): string {
  let out = '';
  for (const char of word) {
    const next = out + (char === '%' || char === '_' || char === '\\' ? `\\${char}` : char);
    if (bytes.encode(next).length > MAX_PATTERN_BYTES) break;
    out = next;
  }
  return out;
}

/** The LIKE patterns for a search text (with `escape '\'`), one per word; none for a text without words. */
export function searchPatterns(text: string): string[] {
  return foldForSearch(text)
    .split(WORD_SEPARATORS)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((word) => `%${bounded(word)}%`);
}

/**
 * SQL requiring every pattern in `column`, the patterns bound in order as parameters numbered from `first`
 * (plain `?` without it); '0' (nothing matches) when there is no pattern.
 */
export function likeEvery(column: string, patterns: string[], first?: number): string {
  if (patterns.length === 0) return '0';
  return patterns
    .map((_, i) => `${column} like ${first === undefined ? '?' : `?${first + i}`} escape '\\'`)
    .join(' and ');
}
