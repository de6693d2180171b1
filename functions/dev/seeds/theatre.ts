import { setEventSeating } from '../../api/services/seating/events';
import { createSeatMap } from '../../api/services/seating/maps';
import { theatreMap } from './theatre-map';

/** The demo's seated theatre (issue 33): "La Casa de Bernarda Alba" sells its seats one by one (theatre-map.ts). */
export const THEATRE_TITLE = 'La Casa de Bernarda Alba';

const PRICES = { platea: 18_500_00, pullman: 12_000_00, palcos: 25_000_00 };

/** Makes the event's dates seated on the theatre's map (its general-admission types, unsold, give way). */
export async function seatTheatre(env: Env, eventId: number, userId: number) {
  const db = env.DB;
  const event = await db
    .prepare('select producer_id from events where id = ?')
    .bind(eventId)
    .first<{ producer_id: number }>();
  const { results: dates } = await db
    .prepare('select id from event_dates where event_id = ? order by starts_at')
    .bind(eventId)
    .all<{ id: number }>();
  await db
    .prepare('delete from ticket_types where event_date_id in (select id from event_dates where event_id = ?)')
    .bind(eventId)
    .run();
  const made = await createSeatMap(db, event!.producer_id, theatreMap(), userId);
  for (const date of dates)
    await setEventSeating(
      env,
      { id: eventId, producer_id: event!.producer_id },
      {
        event_date_id: date.id,
        map_id: made.id,
        prices: Object.entries(PRICES).map(([category, price_cents]) => ({ category, price_cents })),
        max_per_order: 10,
        wheelchair_percent: 2,
        wheelchair_release_at: null,
      },
    );
}
