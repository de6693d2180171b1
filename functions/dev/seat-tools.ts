import { Hono } from 'hono';
import { aloneSeats, placedSeats, rowsOf } from '../../src/shared/seats';
import { seatedDates } from '../api/services/seating/availability';
import { setEventSeating } from '../api/services/seating/events';
import { createSeatMap } from '../api/services/seating/maps';
import { generateMap } from '../domain/seating/seat-map';
import { inventoryOf } from '../durable-objects/stubs';
import { createBuyers, createTestEvent } from './checkout-tools';

/**
 * Development-only helpers for the seat benchmark (scripts/bench-seats.mjs, mounted at /dev/seats): a stadium
 * of `sections` seated sections sold as one category, buyers with tokens, and what the object holds afterwards
 * (seats held or sold twice, seats left alone between occupied ones).
 */
export const seatTools = new Hono<{ Bindings: Env }>()
  .post('/seats/bench-setup', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as {
      sections?: number;
      rows?: number;
      seats?: number;
      buyers?: number;
    };
    const sections = Math.min(60, Math.max(1, body.sections ?? 20));
    const rows = Math.min(60, Math.max(1, body.rows ?? 20));
    const seats = Math.min(80, Math.max(2, body.seats ?? 25));
    const event = await createTestEvent(c.env, { capacity: 1, max_per_order: 6 });
    const map = generateMap({
      name: 'Estadio de prueba',
      categories: [{ key: 'general', name: 'Tribuna' }],
      sections: Array.from({ length: sections }, (_, i) => ({
        name: `Sector ${i + 1}`,
        category: 'general',
        rows,
        row_labels: 'numbers' as const,
        seats_per_row: seats,
        curve: 0,
        numbering: 'consecutive' as const,
      })),
      standing: [],
    });
    const producer = await c.env.DB.prepare('select producer_id from events where id = ?')
      .bind(event.event_id)
      .first<{ producer_id: number }>();
    const made = await createSeatMap(c.env.DB, producer!.producer_id, map, 1);
    const date = await c.env.DB.prepare('select id from event_dates where event_id = ?')
      .bind(event.event_id)
      .first<{ id: number }>();
    const seating = await setEventSeating(
      c.env,
      { id: event.event_id, producer_id: producer!.producer_id },
      {
        event_date_id: date!.id,
        map_id: made.id,
        prices: [{ category: 'general', price_cents: 1000_00 }],
        max_per_order: 6,
        wheelchair_percent: 0,
        wheelchair_release_at: null,
      },
    );
    const type = seating.ticket_types.find((t) => t.category === 'general')!;
    // The most wanted sections: the first three (closest to the stage), whose seats hand picks choose from.
    const wanted = placedSeats(map)
      .filter((s) => ['sector-1', 'sector-2', 'sector-3'].includes(s.section))
      .map((s) => ({ id: s.id, row: s.rowIndex, at: s.at }));
    return c.json({
      event_id: event.event_id,
      ticket_type_id: type.id,
      seats: made.seats,
      wanted,
      tokens: await createBuyers(c.env, Math.min(body.buyers ?? 2000, 20_000)),
    });
  })
  /** The object's seats after a run: how many are taken, any taken twice, and seats left alone. */
  .get('/seats/check', async (c) => {
    const eventId = Number(c.req.query('event_id') ?? 0);
    const taken = await inventoryOf(c.env, eventId).takenSeats();
    const keys = taken.map((t) => `${t.dateId}:${t.seatId}`);
    const [date] = await seatedDates(c.env, eventId);
    const occupied = new Set(taken.map((t) => t.seatId));
    const alone = rowsOf(placedSeats(date.map)).reduce(
      (n, row) => n + aloneSeats(row, (id) => occupied.has(id)).length,
      0,
    );
    // Seats on two live orders (held or paid): the object's primary key says none; D1's orders say it too.
    const { results } = await c.env.DB.prepare(
      `select count(*) as n from (select j.value ->> 'id' as seat from order_items i join orders o on o.id = i.order_id,
         json_each(i.seats) j where o.event_id = ? and o.status in ('held', 'pending_payment', 'paid') group by seat having count(*) > 1)`,
    )
      .bind(eventId)
      .all<{ n: number }>();
    return c.json({ taken: taken.length, distinct: new Set(keys).size, twice_in_orders: results[0]?.n ?? 0, alone });
  });
