/**
 * What counts as a user-visible word, shared by the island (.tsx) and page (.astro) text rules
 * (tests/unit/island-texts.test.ts, tests/unit/astro-texts.test.ts).
 */

/** Attributes whose value a person reads or hears. */
export const VISIBLE_ATTRIBUTES = new Set([
  'label',
  'placeholder',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'title',
  'alt',
  'hint',
  'help',
  'description',
  'heading',
  'empty',
  'emptyText',
  'confirmLabel',
  'cancelLabel',
  'text',
  'message',
  'legend',
  'caption',
  'data-label',
]);

/** A literal reads as words: a capitalised word, a lowercase word of 2+ letters, or two words with a lowercase letter. */
export function looksLikeWords(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!t) return false;
  // A capitalised word anywhere ("Guardar", "Precio ($)", "Hoy · ").
  if (/(?<!\p{L})\p{Lu}\p{Ll}{2,}/u.test(t)) return true;
  // A lowercase word of a sentence split around values ("{page} de {pages}", "a las {time}").
  if (/(?<!\p{L})\p{Ll}{2,}(?!\p{L})/u.test(t)) return true;
  const words = t.match(/\p{L}{2,}/gu) ?? [];
  return words.length >= 2 && words.some((w) => /\p{Ll}/u.test(w));
}
