import { describe, expect, it } from 'vitest';
import { HOLD_MSG } from '../../../src/shared/messages/checkout';
import { asBuyer, createBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { eventually } from '../kit/http';
import { holdSeats, seatedEvent } from './seating-fixtures';

/**
 * The buyer's seat map endpoints (issue 33): the maps without their seats (a stadium's first screen stays small),
 * one section's seats on demand, the availability of one section, and the seats an order holds.
 */

type Outline = {
  event_date_id: number;
  map: { sections: Record<string, unknown>[] };
};
type Left = { dates: { event_date_id: number; taken: string[]; sections: { id: string; available: number }[] }[] };

describe("the buyer's seat map, section by section", () => {
  it('serves the maps without their seats, and one section with its rows on demand', async () => {
    const w = await seatedEvent();
    const ana = await createBuyer();
    const maps = ((await (await asBuyer(ana, `/holds/seats?event_id=${w.eventId}`)).json()) as Answer<Outline[]>).data;
    const platea = maps[0].map.sections.find((s) => s.id === 'platea')!;
    // What a section is without its seats: how many, where, and what they are sold as.
    expect(platea).toEqual({
      id: 'platea',
      name: 'Platea',
      kind: 'seated',
      x: 0,
      y: expect.any(Number),
      categories: ['platea'],
      rows: 2,
      seats: 12,
      box: { x: -2.5, y: expect.any(Number), w: 6, h: expect.any(Number) },
    });
    expect(JSON.stringify(maps)).not.toContain('platea-A-1');
    expect(maps[0].map.sections.find((s) => s.id === 'pie')).toMatchObject({ kind: 'standing', capacity: 5 });

    const section = await asBuyer(
      ana,
      `/holds/seats/section?event_id=${w.eventId}&event_date_id=${w.dateId}&section=pullman`,
    );
    expect(section.status).toBe(200);
    const body = (await section.json()) as Answer<{ section: { rows: { label: string; seats: { id: string }[] }[] } }>;
    expect(body.data.section.rows.flatMap((r) => r.seats.map((s) => s.id))).toEqual([
      'pullman-A-1',
      'pullman-A-2',
      'pullman-A-3',
      'pullman-A-4',
    ]);
  });

  it('answers 404 for a section or a date that is not the event seated one, 400 for a malformed id', async () => {
    const w = await seatedEvent();
    const ana = await createBuyer();
    const at = (query: string) => asBuyer(ana, `/holds/seats/section?event_id=${w.eventId}&${query}`);
    const unknown = await at(`event_date_id=${w.dateId}&section=palcos`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe('El sector "palcos" no existe en el mapa.');
    // A standing section has no seats to open.
    expect((await at(`event_date_id=${w.dateId}&section=pie`)).status).toBe(404);
    const otherDate = await at(`event_date_id=${w.dateId + 1000}&section=platea`);
    expect(otherDate.status).toBe(404);
    expect(((await otherDate.json()) as { message: string }).message).toBe(HOLD_MSG.noEventOnSale);
    expect((await at(`event_date_id=${w.dateId}&section=${encodeURIComponent('no valid!')}`)).status).toBe(400);
  });

  it("answers one section's taken seats, none for an empty section (the counts alone), all without one", async () => {
    const w = await seatedEvent();
    const [ana, beto] = await Promise.all([createBuyer(), createBuyer()]);
    expect((await holdSeats(ana, w.eventId, w.platea, ['platea-A-1', 'platea-A-2'])).status).toBe(201);
    expect((await holdSeats(beto, w.eventId, w.pullman, ['pullman-A-1'])).status).toBe(201);
    const left = async (query: string) =>
      ((await (await asBuyer(ana, `/holds/seats/availability?event_id=${w.eventId}${query}`)).json()) as Answer<Left>)
        .data.dates[0];
    await eventually(async () => (await left('')).taken.length === 3, 'the mirror of both holds', 2500);
    expect((await left('&section=pullman')).taken).toEqual(['pullman-A-1']);
    expect((await left('&section=platea')).taken).toEqual(['platea-A-1', 'platea-A-2']);
    const counts = await left('&section=');
    expect(counts.taken).toEqual([]);
    expect(counts.sections).toContainEqual({ id: 'platea', available: 10, total: 12 });
    expect((await left('')).taken).toEqual(['platea-A-1', 'platea-A-2', 'pullman-A-1']);
  });

  it('names the seats of each line of an order (the checkout shows them)', async () => {
    const w = await seatedEvent();
    const ana = await createBuyer();
    const held = await holdSeats(ana, w.eventId, w.platea, ['platea-A-1', 'platea-A-2']);
    const { id } = ((await held.json()) as Answer<{ id: string }>).data;
    const order = (
      (await (await asBuyer(ana, `/orders/${id}`)).json()) as Answer<{
        items: { ticket_type_id: number; seats: { id: string; name: string }[] }[];
      }>
    ).data;
    expect(order.items).toEqual([
      expect.objectContaining({
        ticket_type_id: w.platea,
        seats: [
          { id: 'platea-A-1', name: 'Platea, fila A, butaca 1' },
          { id: 'platea-A-2', name: 'Platea, fila A, butaca 2' },
        ],
      }),
    ]);
  });
});
