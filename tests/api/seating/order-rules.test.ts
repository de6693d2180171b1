import { describe, expect, it } from 'vitest';
import { HOLD_MSG, SEAT_HOLD_MSG } from '../../../src/shared/messages/checkout';
import { asBuyer, createBuyer } from '../kit/actors';
import { type Answer, call } from '../kit/call';
import { seatedEvent, takenSeats } from './seating-fixtures';

/**
 * The rules of a seated order taken as a whole (issue 33): the single-seat rule over the picks of all its items
 * (two categories side by side in one row), and the per-order limit for seats picked by hand. The fixture's row
 * A is 5 3 1 2 4 6; here its seats 4 and 6 are made Pullman, so one row sells two categories.
 */

const order = (buyer: { auth: Record<string, string> }, eventId: number, items: unknown[]) =>
  asBuyer(buyer, '/holds', { method: 'POST', json: { event_id: eventId, items } });

async function mixedRow() {
  const w = await seatedEvent();
  const edit = await call(w.admin, 'POST /admin/seat-maps/:producer/:id/edit', {
    param: { producer: w.producerId, id: w.mapId },
    json: { op: 'category', seat_ids: ['platea-A-4', 'platea-A-6'], category: 'pullman' },
  });
  expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  return w;
}

describe('a seated order as a whole', () => {
  it('judges the single-seat rule over all its items’ picks together', async () => {
    const w = await mixedRow();
    const ana = await createBuyer();
    // Platea 1 and 2 with Pullman 6: each pick alone leaves nothing alone, together they leave Pullman 4 alone,
    // and Pullman has a seat that would not (its own section's row ends).
    const together = await order(ana, w.eventId, [
      { ticket_type_id: w.platea, quantity: 2, seat_ids: ['platea-A-1', 'platea-A-2'] },
      { ticket_type_id: w.pullman, quantity: 1, seat_ids: ['platea-A-6'] },
    ]);
    expect(together.status).toBe(409);
    expect(((await together.json()) as Answer).message).toBe(SEAT_HOLD_MSG.singleSeat('Platea, fila A, butaca 4'));
    expect(await takenSeats(w.eventId)).toEqual([]);
    // Beside each other across the categories' border: nothing alone, held at once.
    const beside = await order(ana, w.eventId, [
      { ticket_type_id: w.platea, quantity: 2, seat_ids: ['platea-A-1', 'platea-A-2'] },
      { ticket_type_id: w.pullman, quantity: 1, seat_ids: ['platea-A-4'] },
    ]);
    expect(beside.status, await beside.clone().text()).toBe(201);
    expect((await takenSeats(w.eventId)).map((s) => s.seatId).sort()).toEqual([
      'platea-A-1',
      'platea-A-2',
      'platea-A-4',
    ]);
  });

  it('refuses more seats picked by hand than the per-order limit, holding nothing', async () => {
    const w = await seatedEvent({ rows: 2, seatsPerRow: 8 });
    const ana = await createBuyer();
    const seven = ['platea-A-7', 'platea-A-5', 'platea-A-3', 'platea-A-1', 'platea-A-2', 'platea-A-4', 'platea-A-6'];
    const res = await order(ana, w.eventId, [{ ticket_type_id: w.platea, quantity: 7, seat_ids: seven }]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as Answer).message).toBe(HOLD_MSG.max('Platea'));
    expect(await takenSeats(w.eventId)).toEqual([]);
  });
});
