import { describe, expect, it } from 'vitest';
import { adminOf } from '../kit/actors';
import { call } from '../kit/call';
import { eventFor } from '../kit/events';
import { seatedEvent } from './seating-fixtures';

/**
 * What the producer's back office reads of reserved seating (issue 33): an event's seated dates (map, release
 * time, the ticket type each category became) and, on the list of maps, which dates use each map.
 */
describe('the back office view of a seated event', () => {
  it('lists each seated date with its map, release time and ticket types', async () => {
    const w = await seatedEvent({ wheelchair_release_at: '2030-05-01T20:00:00.000Z' });
    const res = await call(w.admin, 'GET /admin/events/:id/seating', { param: { id: w.eventId } });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    const [date] = res.body.data;
    expect(date).toMatchObject({
      event_date_id: w.dateId,
      map_id: w.mapId,
      map_name: 'Teatro de prueba',
      wheelchair_release_at: '2030-05-01T20:00:00.000Z',
    });
    const byName = Object.fromEntries(date.ticket_types.map((t) => [t.name, t]));
    expect(byName.Platea).toMatchObject({ id: w.platea, category: 'platea', section_id: null, price_cents: 25_000_00 });
    expect(byName.Pullman).toMatchObject({ id: w.pullman, category: 'pullman', price_cents: 15_000_00 });
    expect(byName['De pie']).toMatchObject({ id: w.standing, category: null, section_id: 'pie' });
    // The event's general admission type is not part of the seating.
    expect(date.ticket_types.map((t) => t.id)).not.toContain(w.generalType);

    const maps = await call(w.admin, 'GET /admin/seat-maps/:producer', { param: { producer: w.producerId } });
    const used = maps.body.data.find((m) => m.id === w.mapId);
    expect(used).toMatchObject({ in_use: 1 });
    expect(used?.dates).toEqual([expect.objectContaining({ event_id: w.eventId, event_date_id: w.dateId })]);
  });

  it('answers an event without seated dates with an empty list, and nobody else’s', async () => {
    const w = await seatedEvent();
    const stranger = await adminOf();
    const foreign = await call(stranger, 'GET /admin/events/:id/seating', { param: { id: w.eventId } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toMatch(/permiso/);
    // Another event of the same producer, sold without seats.
    const general = await eventFor(w.producerId);
    const none = await call(w.admin, 'GET /admin/events/:id/seating', { param: { id: general.eventId } });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
  });
});
