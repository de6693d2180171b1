import { SEAT_MAP_FORMAT, type Seat, type SeatGenerator, type SeatMap, type SeatSection } from './schemas/seating';

/**
 * The venue map generator (issue 33), shared by the API (which saves what it builds) and the producer's back
 * office (which draws a live preview of the same map before asking). Positions are in seat units: a seat is
 * a 1 × 1 square centred on its point.
 */

/** Row labels: A…Z, then AA, AB… (Ñ is not used for rows in Argentine theatres), or 1, 2, 3… */
export function rowLabel(index: number, kind: 'letters' | 'numbers'): string {
  if (kind === 'numbers') return String(index + 1);
  let label = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) label = String.fromCharCode(65 + ((n - 1) % 26)) + label;
  return label;
}

/**
 * The seat numbers of a row, left to right as seen from the audience. Argentine theatre numbering (odd_even):
 * odd numbers on the left and even on the right, each side counting out from the centre (… 5 3 1 2 4 6 …);
 * with an odd count the left side has the extra seat.
 */
export function seatNumbers(count: number, numbering: 'odd_even' | 'consecutive'): number[] {
  if (numbering === 'consecutive') return Array.from({ length: count }, (_, i) => i + 1);
  const odd = Math.ceil(count / 2);
  const left = Array.from({ length: odd }, (_, i) => 2 * (odd - i) - 1);
  const right = Array.from({ length: count - odd }, (_, i) => 2 * (i + 1));
  return [...left, ...right];
}

/** Text as an id: lowercase ASCII words joined by dashes ("Platea baja" → "platea-baja"), `fallback` when none. */
export const slug = (text: string, max = 40, fallback = 'sector') =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, max) || fallback;

/**
 * Builds a map from the generator's sections. Sections without a position are stacked front to back (the
 * stage at the top), two rows apart; a curve brings each row's ends towards the stage.
 */
export function generateMap(input: SeatGenerator): SeatMap {
  const sections: SeatSection[] = [];
  let nextY = 0;
  const used = new Set<string>();
  const uniqueId = (wanted: string) => {
    let id = wanted;
    for (let n = 2; used.has(id); n++) id = `${wanted}-${n}`;
    used.add(id);
    return id;
  };
  for (const s of input.sections) {
    const id = uniqueId(s.id ?? slug(s.name));
    const counts = Array.from({ length: s.rows }, (_, r) =>
      typeof s.seats_per_row === 'number' ? s.seats_per_row : (s.seats_per_row[r] ?? s.seats_per_row.at(-1)!),
    );
    const widest = Math.max(...counts);
    // Rows of different widths are offset by half a seat: the curve's slope there is at most `curve` / 2,
    // so rows 1 + curve apart never overlap. The front row's ends come forward by curve × (widest - 1) / 4.
    const pitch = 1 + s.curve;
    const y = s.y ?? nextY + (s.curve * (widest - 1)) / 4;
    nextY = y + s.rows * pitch + 2;
    const rows = counts.map((count, r) => {
      const label = rowLabel(r, s.row_labels);
      const numbers = seatNumbers(count, s.numbering);
      const seats: Seat[] = numbers.map((n, i) => {
        const dx = i - (count - 1) / 2;
        const bend = widest > 1 ? (s.curve * (dx * dx)) / (widest - 1) : 0;
        return {
          id: `${id}-${label}-${n}`,
          number: String(n),
          x: dx,
          y: round(r * pitch - bend),
          category: s.category,
          wheelchair: false,
          companion: false,
          restricted_view: false,
          blocked: null,
        };
      });
      return { label, seats };
    });
    sections.push({ id, name: s.name, kind: 'seated', x: s.x ?? 0, y, rows });
  }
  for (const s of input.standing) {
    sections.push({ ...s, id: uniqueId(s.id), kind: 'standing', x: s.x ?? 0, y: s.y ?? nextY });
    nextY += 4;
  }
  return { format: SEAT_MAP_FORMAT, name: input.name, stage: { x: 0, y: -2 }, categories: input.categories, sections };
}

const round = (n: number) => Math.round(n * 1000) / 1000;
