import { describe, expect, it } from 'vitest';
import { SEAT_HOLD_MSG } from '../../../src/shared/messages/checkout';
import { SEATED_EVENT_MSG } from '../../../src/shared/messages/seating';
import { asBuyer, createBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { holdSeats, seatedEvent } from './seating-fixtures';

/**
 * The wheelchair reserve (issue 33): a seated date needs at least its share of wheelchair places with a
 * companion seat; while the reserve is kept, best available never takes it and a companion seat goes only with
 * its place; at the producer's time it is sold to anyone. The fixture's map: row B is 5 3 1 2 4 6, with
 * platea-B-5 a wheelchair place and platea-B-3 its companion.
 */

const best = (buyer: { auth: Record<string, string> }, eventId: number, typeId: number, quantity: number) =>
  asBuyer(buyer, '/holds', {
    method: 'POST',
    json: { event_id: eventId, items: [{ ticket_type_id: typeId, quantity, best: true }] },
  });

const ROW_A = ['platea-A-5', 'platea-A-3', 'platea-A-1', 'platea-A-2', 'platea-A-4', 'platea-A-6'];

describe('the wheelchair reserve', () => {
  it('refuses a seated date whose map has fewer wheelchair places than its share, saying how many', async () => {
    await expect(seatedEvent({ wheelchair: false })).rejects.toThrow(SEATED_EVENT_MSG.wheelchairShort(0, 1, 2));
  });

  it('keeps the reserve from best available, and sells a companion seat only with its place', async () => {
    const w = await seatedEvent();
    const [ana, beto, caro, dani] = await Promise.all([createBuyer(), createBuyer(), createBuyer(), createBuyer()]);
    expect((await holdSeats(ana, w.eventId, w.platea, ROW_A)).status).toBe(201);
    // Row B has 6 seats but 2 are the reserve: no block of 5 for best available, a block of 4 without them.
    const five = await best(beto, w.eventId, w.platea, 5);
    expect(five.status).toBe(409);
    expect(((await five.json()) as Answer).message).toBe(SEAT_HOLD_MSG.noBlock(5, 'Platea'));
    expect((await best(beto, w.eventId, w.platea, 4)).status).toBe(201);
    const alone = await holdSeats(caro, w.eventId, w.platea, ['platea-B-3']);
    expect(alone.status).toBe(400);
    expect(((await alone.json()) as Answer).message).toBe(SEAT_HOLD_MSG.companionAlone('Platea, fila B, butaca 3'));
    // The place with its companion: sold online like any seat.
    expect((await holdSeats(dani, w.eventId, w.platea, ['platea-B-5', 'platea-B-3'])).status).toBe(201);
  });

  it('sells the reserve to anyone once the producer released it', async () => {
    const w = await seatedEvent({ wheelchair_release_at: new Date(Date.now() - 60_000).toISOString() });
    const [ana, beto] = await Promise.all([createBuyer(), createBuyer()]);
    expect((await holdSeats(ana, w.eventId, w.platea, ROW_A)).status).toBe(201);
    expect((await best(beto, w.eventId, w.platea, 6)).status).toBe(201);
  });
});
