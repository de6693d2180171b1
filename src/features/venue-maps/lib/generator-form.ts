import { VENUE_MAPS_TEXT } from '../../../shared/messages/venue-maps';
import type { SeatGenerator } from '../../../shared/schemas/seating';
import { slug } from '../../../shared/seat-generator';

/**
 * The generator's form as typed (issue 33) and the request it becomes: each section names its category, and the
 * map's categories are the distinct names typed, each with a key made from its name ("Platea baja" → platea-baja).
 */

export type SectionDraft = {
  kind: 'seated' | 'standing';
  name: string;
  category: string;
  rows: string;
  row_labels: 'letters' | 'numbers';
  /** One count, or one per row separated by commas. */
  seats: string;
  curve: string;
  numbering: 'odd_even' | 'consecutive';
  capacity: string;
};

export const newSection = (n: number): SectionDraft => ({
  kind: 'seated',
  name: VENUE_MAPS_TEXT.defaultSection(n),
  category: VENUE_MAPS_TEXT.defaultSection(n),
  rows: '10',
  row_labels: 'letters',
  seats: '20',
  curve: '0',
  numbering: 'odd_even',
  capacity: '500',
});

/** A category's key from its name: lowercase ASCII words joined by dashes. */
export const categoryKey = (name: string) => slug(name, 64, 'general');

const integer = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
const decimal = (text: string) => Number(text.trim().replace(',', '.'));

/** The seats per row typed: one whole number, or several separated by commas. */
function seatsPerRow(text: string): number | number[] {
  const parts = text.split(',').map(integer);
  return parts.length === 1 ? parts[0] : parts;
}

/** The request the form makes (the API validates it; the preview draws it when it is complete). */
export function toGenerator(name: string, drafts: SectionDraft[]): SeatGenerator {
  const categories = new Map<string, string>();
  for (const d of drafts) {
    const label = d.category.trim() || d.name.trim();
    const key = categoryKey(label);
    if (!categories.has(key)) categories.set(key, label);
  }
  const keyOf = (d: SectionDraft) => categoryKey(d.category.trim() || d.name.trim());
  return {
    name: name.trim(),
    categories: [...categories].map(([key, label]) => ({ key, name: label })),
    sections: drafts
      .filter((d) => d.kind === 'seated')
      .map((d) => ({
        name: d.name.trim(),
        category: keyOf(d),
        rows: integer(d.rows),
        row_labels: d.row_labels,
        seats_per_row: seatsPerRow(d.seats),
        curve: decimal(d.curve),
        numbering: d.numbering,
      })),
    standing: drafts
      .filter((d) => d.kind === 'standing')
      .map((d) => ({
        id: categoryKey(d.name),
        name: d.name.trim(),
        category: keyOf(d),
        capacity: integer(d.capacity),
      })),
  };
}
