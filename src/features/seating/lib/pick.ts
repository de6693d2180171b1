import { SEAT_HOLD_MSG } from '../../../shared/messages/checkout';
import { SEAT_STATE_LABEL, seatSpoken } from '../../../shared/messages/seating';
import { formatPrice } from '../../../shared/money';
import { type Discount, type OrderTotals, priceLine, type ServiceFee, selectionTotals } from '../../../shared/pricing';
import type { HoldRequest } from '../../../shared/schemas/checkout';
import type { SeatMapOutline } from '../../../shared/seats';
import { blockWithoutAlone, leftAlone, type PlacedSeat, placedSeats, rowsOf, sectionMap } from '../../../shared/seats';
import type { SeatedSection, SeatSale } from '../types';

/**
 * The buyer's map's pure rules (issue 33): a section's seats in place, how each seat reads, the single-seat
 * rule checked before the hold (src/shared/seats.ts, the API's own rule), the hold's items, and the zoom.
 */

export type LoadedSection = { seats: PlacedSeat[]; rows: PlacedSeat[][] };

/** A section's seats with their rows (the seat rules apply row by row, so one section is enough). */
export function loadSection(outline: SeatMapOutline, section: SeatedSection): LoadedSection {
  const seats = placedSeats(sectionMap(outline, section));
  return { seats, rows: rowsOf(seats) };
}

export type SeatState = 'available' | 'taken' | 'picked';

export function seatState(seat: PlacedSeat, taken: ReadonlySet<string>, picked: ReadonlySet<string>): SeatState {
  if (picked.has(seat.id)) return 'picked';
  return seat.blocked || taken.has(seat.id) ? 'taken' : 'available';
}

/** What a seat is besides its place: wheelchair place, companion seat, restricted view. */
export function seatFlags(seat: PlacedSeat): string[] {
  const flags: string[] = [];
  if (seat.wheelchair) flags.push(SEAT_STATE_LABEL.wheelchair);
  if (seat.companion) flags.push(SEAT_STATE_LABEL.companion);
  if (seat.restricted_view) flags.push(SEAT_STATE_LABEL.restricted);
  return flags;
}

/** "Platea, fila F, butaca 12, disponible, $ 25.000": how the map and the list name a seat. */
export function seatLabel(seat: PlacedSeat, state: SeatState, sale: SeatSale | undefined): string {
  return seatSpoken(seat.name, seatFlags(seat), SEAT_STATE_LABEL[state], sale ? formatPrice(sale.price_cents) : '');
}

/**
 * Whether the pick breaks the single-seat rule as the API applies it: it leaves a free seat alone between
 * occupied ones while another block of as many seats of the category would not. Answers the API's own
 * message, so the buyer reads it before asking; null when the pick is fine.
 */
export function pickProblem(
  section: LoadedSection,
  taken: ReadonlySet<string>,
  pick: PlacedSeat[],
  sellable: (seat: PlacedSeat) => boolean,
): string | null {
  if (pick.length === 0) return null;
  const takenSet = new Set(taken);
  const alone = leftAlone(section.rows, takenSet, pick);
  if (alone.length === 0) return null;
  const category = pick[0].category;
  const same = new Set(section.seats.filter((s) => s.category === category && sellable(s)).map((s) => s.id));
  return blockWithoutAlone(section.rows, takenSet, same, pick.length) ? SEAT_HOLD_MSG.singleSeat(alone[0].name) : null;
}

/** The hold's items: the picked seats grouped by their category's ticket type. */
export function holdItems(picked: PlacedSeat[], categories: Record<string, SeatSale>): HoldRequest['items'] {
  const items = new Map<number, string[]>();
  for (const seat of picked) {
    const type = categories[seat.category]?.ticket_type_id;
    if (type === undefined) continue;
    items.set(type, [...(items.get(type) ?? []), seat.id]);
  }
  return [...items].map(([ticket_type_id, seat_ids]) => ({ ticket_type_id, quantity: seat_ids.length, seat_ids }));
}

/**
 * The picked seats' total as the hold will charge it (src/shared/pricing.ts): each category's price, the page's
 * code's discount, and the service charge per ticket, the same computation as the ticket selector's total.
 */
export function pickedTotals(
  picked: PlacedSeat[],
  categories: Record<string, SeatSale>,
  fee: ServiceFee,
  discount: Discount | null,
): OrderTotals {
  const perCategory = new Map<string, number>();
  for (const seat of picked) perCategory.set(seat.category, (perCategory.get(seat.category) ?? 0) + 1);
  const lines = [...perCategory].flatMap(([category, quantity]) => {
    const sale = categories[category];
    return sale ? [priceLine(sale.ticket_type_id, quantity, sale.price_cents, fee)] : [];
  });
  return selectionTotals(lines, discount, fee);
}

/** Pixels per seat: from a whole stadium section on a phone to a seat big enough for a thumb. */
export const ZOOM = { min: 6, max: 64, start: 22, step: 1.5 } as const;
export const clampZoom = (z: number) => Math.min(ZOOM.max, Math.max(ZOOM.min, z));

/** Two fingers apart: the zoom grows with the distance between them since the pinch began. */
export const pinchZoom = (start: number, startDistance: number, distance: number) =>
  clampZoom(startDistance > 0 ? (start * distance) / startDistance : start);

/** The zoom that fits `width` seat units into `pixels` (the map's first view of a section). */
export const fitZoom = (width: number, pixels: number) => clampZoom(Math.floor(pixels / Math.max(1, width)));

/** The outline's section a seat id belongs to (generated ids are `<section>-<row>-<number>`), else by its name. */
export function sectionOfSeat(outline: SeatMapOutline, seat: { id: string; name: string }): string | null {
  const seated = outline.sections.filter((s) => s.kind === 'seated');
  const byId = seated.filter((s) => seat.id.startsWith(`${s.id}-`)).sort((a, b) => b.id.length - a.id.length)[0];
  return (byId ?? seated.find((s) => seat.name.startsWith(`${s.name}, `)))?.id ?? null;
}
