import { bestSeats, leftAlone } from '../../../src/shared/seats';
import type { HoldItem } from './items';
import { offerSeats, offerView, type Seating } from './seats';

/**
 * The seats of a waiting-list offer of a seated type (issue 33). An entry that takes only its full quantity gets
 * offerSeats' answer (the best block, else the free seats one by one). An entry that accepts fewer ("acepto
 * menos") is offered seats together, as general admission offers it what is left: the best adjacent block of
 * its full quantity if there is one, else the largest block that leaves no seat newly alone (else the largest
 * block at all), so the seats left over stay whole for the next entries. Null when no seat is free.
 */
export function waitlistOfferSeats(
  sql: SqlStorage,
  seating: Seating,
  typeId: number,
  quantity: number,
  acceptFewer: boolean,
): HoldItem | null {
  if (!acceptFewer) return offerSeats(sql, seating, typeId, quantity);
  const view = offerView(sql, seating, typeId);
  if (!view) return null;
  const { type, date, others, plan } = view;
  let fallback: string[] | null = null;
  for (let n = quantity; n >= 1; n--) {
    const block = bestSeats(date.rows, others, type.sellable, n, date.map.stage, plan);
    if (!block) continue;
    // The full quantity is offered as best available would choose it; fewer only without a seat left alone.
    if (n === quantity || leftAlone(date.rows, others, block).length === 0) {
      const seatIds = block.map((s) => s.id);
      return { typeId, quantity: n, seatIds, dateId: type.dateId };
    }
    fallback ??= block.map((s) => s.id);
  }
  return fallback ? { typeId, quantity: fallback.length, seatIds: fallback, dateId: type.dateId } : null;
}
