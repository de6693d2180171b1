import type { Api } from '../../../lib/contract';
import { unlessNotFound, unwrap } from '../../../shared/provider-result';
import type { SeatedDateView, SectionLeft } from '../types';

export type SeatedDateOnPage = { date: SeatedDateView; left: SectionLeft[] };

/**
 * The event page's seated dates (issue 33), read through the provider: each date's map without its seats and
 * what is left per section, so the map's first screen is in the page's HTML. None for an event sold without
 * seats (404), and none when the provider fails (the page still sells what it can).
 */
export async function seatedDatesOnPage(publicApi: Api, eventId: number): Promise<Map<number, SeatedDateOnPage>> {
  const query = { query: { event_id: String(eventId) } };
  try {
    const maps = await unlessNotFound(unwrap(publicApi.holds.seats.$get(query)));
    if (!maps) return new Map();
    const left = await unwrap(publicApi.holds.seats.availability.$get({ query: { ...query.query, section: '' } }));
    return new Map(
      maps.data.map((date) => [
        date.event_date_id,
        { date, left: left.data.dates.find((d) => d.event_date_id === date.event_date_id)?.sections ?? [] },
      ]),
    );
  } catch (error) {
    console.error('Seated dates of the event page', error);
    return new Map();
  }
}
