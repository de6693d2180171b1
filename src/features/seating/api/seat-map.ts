import { client, unwrap } from '../../../lib/api';
import type { HoldRequest } from '../../../shared/schemas/checkout';

/**
 * The buyer's seat map through the provider API (issue 33): the maps without their seats, one section's seats
 * on demand, and the availability the page polls (D1's mirror, cached a second: never the inventory object).
 */

/** GET /holds/seats: each seated date's map outline and what its categories and standing sections cost. */
export const fetchSeatedDates = async (eventId: number) =>
  (await unwrap(client.holds.seats.$get({ query: { event_id: String(eventId) } }))).data;

/** GET /holds/seats/section: one section's rows and seats. */
export const fetchSection = async (eventId: number, dateId: number, section: string) =>
  (
    await unwrap(
      client.holds.seats.section.$get({
        query: { event_id: String(eventId), event_date_id: String(dateId), section },
      }),
    )
  ).data.section;

/** GET /holds/seats/availability: what is left per section, and the open section's taken seats. */
export const fetchAvailability = async (eventId: number, section: string) =>
  (await unwrap(client.holds.seats.availability.$get({ query: { event_id: String(eventId), section } }))).data;

/** POST /holds: the buyer's seats (picked or best available) held for a few minutes. */
export const holdSeats = async (request: HoldRequest) => (await unwrap(client.holds.$post({ json: request }))).data;

/** GET /orders/:id: the seats a hold took (best available chooses them). */
export const heldSeats = async (orderId: string) =>
  (await unwrap(client.orders[':id'].$get({ param: { id: orderId } }))).data.items.flatMap((i) => i.seats);
