import type { SeatMap } from '../../shared/schemas/seating';
import type { SeatMapOutline } from '../../shared/seats';

/** What a seated date sells (GET /holds/seats): the map without its seats, and each category's price. */
export type SeatSale = { ticket_type_id: number; name: string; price_cents: number };
export type SeatedDateView = {
  event_date_id: number;
  map: SeatMapOutline;
  categories: Record<string, SeatSale>;
  standing: Record<string, SeatSale>;
};
export type SectionLeft = { id: string; available: number; total: number };
export type SeatedSection = Extract<SeatMap['sections'][number], { kind: 'seated' }>;
