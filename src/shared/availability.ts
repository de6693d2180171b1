/** Availability of ticket types, shared by the API and the ticket selector island (no zod here: it ships to browsers). */
export type Availability = 'disponible' | 'ultimas' | 'agotado' | 'proximamente' | 'finalizada';

/**
 * Availability of a ticket type from the inventory mirror (capacity - sold - held) and its sale window.
 * "Últimas entradas" when 10% or less (at least 5) are left.
 */
export function availabilityOf(
  t: { capacity: number; sold: number; held: number; sale_starts_at?: string | null; sale_ends_at?: string | null },
  dateStartsAt: string,
  now = new Date(),
): { status: Availability; remaining: number } {
  const remaining = Math.max(0, t.capacity - t.sold - t.held);
  const time = now.getTime();
  if (t.sale_starts_at && new Date(t.sale_starts_at).getTime() > time) return { status: 'proximamente', remaining };
  const closes = t.sale_ends_at ?? dateStartsAt;
  if (new Date(closes).getTime() <= time) return { status: 'finalizada', remaining };
  if (remaining <= 0) return { status: 'agotado', remaining };
  if (remaining <= Math.max(5, Math.ceil(t.capacity * 0.1))) return { status: 'ultimas', remaining };
  return { status: 'disponible', remaining };
}
