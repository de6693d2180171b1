import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { logCopied } from '../../../functions/api/services/checkin/scan';
import { shortTicketCode } from '../../../src/shared/checkin';
import { asBuyer, createBuyer } from '../kit/actors';
import type { AnswerOf, DataOf, Refusal } from '../kit/call';
import { eventWithTickets, nonce, type Outcome, scan, setupOf, staffOf } from './checkin-fixtures';

/**
 * Issue 32, item 4: the door's fallbacks. A code typed by hand (a ticket's short code, or its id) is judged by
 * the event's check-in object like the ticket's QR (one decision, the same nonce rules); the search finds
 * tickets by DNI, e-mail, name, short code and order.
 */
type Found = DataOf<'GET /checkin/events/:eventId/search'>[number];

async function search(staff: Awaited<ReturnType<typeof createBuyer>>, eventId: number, q: string) {
  const res = await asBuyer(staff, `/checkin/events/${eventId}/search?q=${encodeURIComponent(q)}`);
  return { status: res.status, json: (await res.json()) as AnswerOf<'GET /checkin/events/:eventId/search'> & Refusal };
}

describe('a code typed at the door', () => {
  it('a short code read out is admitted once, like its QR: the QR afterwards is "used", and the other way round', async () => {
    const { event, tickets } = await eventWithTickets(2);
    const door = await staffOf(event.producer_id);
    const [first, second] = tickets;

    const typed = await scan(door, event.event_id, { code: shortTicketCode(first.id).toLowerCase() });
    expect(typed.status).toBe(200);
    expect(typed.json.data).toMatchObject({ result: 'admitted', ticket: { id: first.id } });
    expect((await scan(door, event.event_id, { code: first.code })).json.data.result).toBe('used');

    expect((await scan(door, event.event_id, { code: second.code })).json.data.result).toBe('admitted');
    const again = await scan(door, event.event_id, { code: shortTicketCode(second.id) });
    expect(again.json.data).toMatchObject({ result: 'used', ticket: { id: second.id } });
  });

  it('takes the whole ticket id too, and a retried request (same nonce) gets the same answer once', async () => {
    const { event, tickets } = await eventWithTickets(1);
    const door = await staffOf(event.producer_id);
    const body = { code: tickets[0].id, nonce: nonce() };
    const [a, b] = await Promise.all([scan(door, event.event_id, body), scan(door, event.event_id, body)]);
    expect([a.json.data.result, b.json.data.result]).toEqual(['admitted', 'admitted']);
    expect([a.json.data.replay, b.json.data.replay].sort()).toEqual([false, true]);
    await logCopied(env, event.event_id);
    const logged = await env.DB.prepare(
      "select count(*) as n from checkin_scans where ticket_id = ? and result = 'admitted'",
    )
      .bind(tickets[0].id)
      .first<{ n: number }>();
    expect(logged?.n).toBe(1);
    // The nonce names that ticket: sent with another code it is refused, never answered with this decision.
    const other = await scan(door, event.event_id, { code: shortTicketCode('ZZZZZZZZZZZZZZZZ'), nonce: body.nonce });
    expect(other.status).toBe(409);
  });

  it('refuses a short code of no ticket of this event (another event’s included) as a damaged code', async () => {
    const mine = await eventWithTickets(1);
    const theirs = await eventWithTickets(1);
    const door = await staffOf(mine.event.producer_id);
    const unknown = await scan(door, mine.event.event_id, { code: '0000-0000' });
    expect(unknown.json.data).toMatchObject({ result: 'forged', ticket: null });
    const foreign = await scan(door, mine.event.event_id, { code: shortTicketCode(theirs.tickets[0].id) });
    expect(foreign.json.data).toMatchObject({ result: 'forged', ticket: null });
    const foreignId = await scan(door, mine.event.event_id, { code: theirs.tickets[0].id });
    expect(foreignId.json.data.result).toBe('forged');
  });

  it('judges a typed code by the ticket’s state: a cancelled ticket is refused, not admitted', async () => {
    const { event, tickets, orderId } = await eventWithTickets(1);
    const door = await staffOf(event.producer_id);
    await env.DB.prepare("update orders set status = 'refunded' where id = ?").bind(orderId).run();
    await env.DB.prepare("update tickets set status = 'cancelled' where order_id = ?").bind(orderId).run();
    // Told like every refund tells the door (reactions/checkin.ts), so the object reads the ticket again.
    const { emit } = await import('../../../functions/api/reactions');
    await emit(env, { kind: 'ticketsChanged', eventId: event.event_id, ticketIds: [tickets[0].id] });
    const res = await scan(door, event.event_id, { code: shortTicketCode(tickets[0].id) });
    expect(res.json.data.result).toBe('cancelled');
  });

  it('finds a ticket sold after the object read the event’s tickets', async () => {
    const { event, buyer } = await eventWithTickets(1);
    const door = await staffOf(event.producer_id);
    await setupOf(door, event.event_id);
    // The object reads the event's tickets on this scan ...
    await scan(door, event.event_id, { code: '0000-0000' });
    // ... then one more is sold, without a push (a push that got lost): the short code still finds it.
    const { startPurchase, ticketsOfOrderInDb } = await import('../checkout/checkout-fixtures');
    const { orderId } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 1);
    const [late] = await ticketsOfOrderInDb(orderId);
    const res = await scan(door, event.event_id, { code: shortTicketCode(late.id) });
    expect(res.json.data).toMatchObject({ result: 'admitted', ticket: { id: late.id } });
  });

  it('an offline queue with a typed code is decided by the object like the scan it stands for', async () => {
    const { event, tickets } = await eventWithTickets(1);
    const door = await staffOf(event.producer_id);
    const res = await asBuyer(door, `/checkin/events/${event.event_id}/sync`, {
      method: 'POST',
      json: {
        scans: [
          {
            code: shortTicketCode(tickets[0].id),
            ticket_id: tickets[0].id,
            nonce: nonce(),
            device: 'sin-red',
            kind: 'entry',
            local_result: 'admitted',
          },
          { code: tickets[0].code, nonce: nonce(), device: 'otra', kind: 'entry', local_result: 'admitted' },
        ],
      },
    });
    expect(res.status).toBe(200);
    const outcomes = ((await res.json()) as { data: Outcome[] }).data;
    expect(outcomes.map((o) => [o.result, o.conflict])).toEqual([
      ['admitted', false],
      ['used', true],
    ]);
  });
});

describe('the door search (online)', () => {
  it('finds by DNI, e-mail, name, short code and order; never another event’s tickets', async () => {
    const { event, buyer, orderId, tickets } = await eventWithTickets(2);
    const other = await eventWithTickets(1);
    const door = await staffOf(event.producer_id);
    const ids = (found: Found[]) => found.map((t) => t.id).sort();
    const all = tickets.map((t) => t.id).sort();

    // The buyer's DNI and e-mail (the checkout's form) find both tickets; the download has neither.
    expect(ids((await search(door, event.event_id, '30123456')).json.data)).toEqual(all);
    expect(ids((await search(door, event.event_id, buyer.email.toUpperCase())).json.data)).toEqual(all);
    expect(ids((await search(door, event.event_id, 'compradora')).json.data)).toEqual(all);
    expect(ids((await search(door, event.event_id, orderId.slice(0, 8))).json.data)).toEqual(all);
    const short = await search(door, event.event_id, shortTicketCode(tickets[1].id).replace('-', ' '));
    expect(ids(short.json.data)).toEqual([tickets[1].id]);
    expect(ids((await search(door, event.event_id, tickets[0].id)).json.data)).toEqual([tickets[0].id]);
    // Another event's ticket is not found from this one, whatever names it.
    expect((await search(door, event.event_id, shortTicketCode(other.tickets[0].id))).json.data).toEqual([]);
    expect((await search(door, event.event_id, 'nadie-con-este-nombre')).json.data).toEqual([]);
  });

  it('finds a transferred ticket by the address it went to', async () => {
    const { event, tickets } = await eventWithTickets(1);
    const door = await staffOf(event.producer_id);
    const to = `nuevo-${Date.now()}@prueba.local`;
    await env.DB.prepare(
      `insert into ticket_transfers (id, ticket_id, from_user_id, to_email, token_hash, status, new_ticket_id)
       select ?, id, owner_user_id, ?, ?, 'accepted', id from tickets where id = ?`,
    )
      .bind(crypto.randomUUID(), to, `hash-${Date.now()}`, tickets[0].id)
      .run();
    expect((await search(door, event.event_id, to)).json.data.map((t) => t.id)).toEqual([tickets[0].id]);
  });

  it('is for the event’s door staff only, and answers a short query with a Spanish 400', async () => {
    const { event } = await eventWithTickets(1);
    const stranger = await createBuyer();
    expect((await search(stranger, event.event_id, 'Ana')).status).toBe(403);
    const door = await staffOf(event.producer_id);
    const short = await search(door, event.event_id, 'a');
    expect(short.status).toBe(400);
    expect(short.json.message).toBe('Escribí al menos 2 letras o números');
  });
});
