/** Availability of ticket types, shared by the API and the ticket selector island (no zod here: it ships to browsers). */
export type Availability = 'disponible' | 'ultimas' | 'agotado' | 'proximamente' | 'finalizada';

/** The inventory mirror's counts of a ticket type, and its sale window. */
export type StockRow = {
  capacity: number;
  sold: number;
  held: number;
  sale_starts_at?: string | null;
  sale_ends_at?: string | null;
  /** Free seats of a seated type's kept wheelchair reserve (issue 33), not on sale to the public until… */
  reserve_free?: number;
  /** …this time (ISO 8601; null or absent: kept until the event). */
  reserve_release_at?: string | null;
};

/**
 * The free seats of a type's wheelchair reserve still kept from the public (0 once released): the waiting list
 * takes their type as sold out, and who needs one picks it on the seat map.
 */
export function keptReserveCount(t: StockRow, now = new Date()): number {
  if (!t.reserve_free) return 0;
  const released = t.reserve_release_at && new Date(t.reserve_release_at).getTime() <= now.getTime();
  return released ? 0 : t.reserve_free;
}

/**
 * Availability of a ticket type for the public, from the inventory mirror (capacity - sold - held, less the kept
 * wheelchair reserve) and its sale window. "Últimas entradas" when 10% or less (at least 5) are left.
 */
export function availabilityOf(
  t: StockRow,
  dateStartsAt: string,
  now = new Date(),
): { status: Availability; remaining: number } {
  const remaining = Math.max(0, t.capacity - t.sold - t.held - keptReserveCount(t, now));
  const time = now.getTime();
  if (t.sale_starts_at && new Date(t.sale_starts_at).getTime() > time) return { status: 'proximamente', remaining };
  const closes = t.sale_ends_at ?? dateStartsAt;
  if (new Date(closes).getTime() <= time) return { status: 'finalizada', remaining };
  if (remaining <= 0) return { status: 'agotado', remaining };
  if (remaining <= Math.max(5, Math.ceil(t.capacity * 0.1))) return { status: 'ultimas', remaining };
  return { status: 'disponible', remaining };
}
