import type { MarkdownInstance } from 'astro';
import { SHELL_TEXT } from '../shared/messages/common';

/** The sections of /legal (spec section 2), in the order the page lists them. */
export const LEGAL_SECTIONS = [
  'introduccion',
  'privacidad',
  'devoluciones',
  'defensa-consumidor',
  'atencion-usuario',
] as const;

export type LegalSection = (typeof LEGAL_SECTIONS)[number];

type LegalFrontmatter = { title: string; summary: string; updated: string };

const files = import.meta.glob<MarkdownInstance<LegalFrontmatter>>('./legal/*.md', { eager: true });

/** The long-form text of one section (Markdown in src/content/legal). */
export function legalDoc(section: LegalSection): MarkdownInstance<LegalFrontmatter> {
  const doc = files[`./legal/${section}.md`];
  if (!doc) throw new Error(`Missing legal text src/content/legal/${section}.md`);
  return doc;
}

/** A `?section=` value, or the introduction when it is missing or unknown. */
export const toLegalSection = (value: string | null): LegalSection =>
  (LEGAL_SECTIONS as readonly string[]).includes(value ?? '') ? (value as LegalSection) : 'introduccion';

/** The words of /legal around the texts: the sections' menu and the date of the last change. */
export const LEGAL_PAGE = {
  sections: 'Secciones legales',
  heading: SHELL_TEXT.legalHeading,
  withdrawal: SHELL_TEXT.withdrawal,
  updated: (date: string) => `Última actualización: ${date}`,
} as const;
