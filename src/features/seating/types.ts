import type { SeatMap } from '../../shared/schemas/seating';
import type { fetchAvailability, fetchSeatedDates } from './api/seat-map';

/** What a seated date sells (GET /holds/seats): the map without its seats, and each category's price. */
export type SeatedDateView = Awaited<ReturnType<typeof fetchSeatedDates>>[number];
export type SeatSale = SeatedDateView['categories'][string];
/** What is left in one section (GET /holds/seats/availability). */
export type SectionLeft = Awaited<ReturnType<typeof fetchAvailability>>['dates'][number]['sections'][number];
export type SeatedSection = Extract<SeatMap['sections'][number], { kind: 'seated' }>;
