import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { inventoryOf, queueOf } from '../../../functions/durable-objects/stubs';
import { QUEUE_MSG } from '../../../src/shared/messages/queue';
import { WAITLIST_MSG } from '../../../src/shared/messages/waitlist';
import { asBuyer } from '../kit/actors';
import { eventually } from '../kit/http';
import { mailsTo } from '../kit/mail';
import { join, json, place, queueBuyer, queuedEvent } from './queue-fixtures';

/**
 * One queue for one on-sale (issue 29): on a queued on-sale nothing takes stock without a pass or a named
 * permission, what comes back while people are in the queue stays for the queue, the waiting list opens when
 * the queue closes (or by the producer's choice), a pass buys at most one order's worth, and taking a queue off
 * with people in it needs their number confirmed and tells them. Also the queue's lifecycle (issue 32, item 3):
 * "Cerrar la fila y volver a la venta normal" and reopening.
 */

type Buyer = Awaited<ReturnType<typeof queueBuyer>>;

async function passOf(buyer: Buyer, eventId: number) {
  let pass = '';
  await eventually(
    async () => {
      pass = (await place(buyer, eventId)).pass ?? '';
      return pass !== '';
    },
    'admitted with a pass',
    15_000,
  );
  return pass;
}

const holdWith = (buyer: Buyer, eventId: number, typeId: number, quantity: number, pass?: string) =>
  asBuyer(buyer, '/holds', {
    method: 'POST',
    json: {
      event_id: eventId,
      items: [{ ticket_type_id: typeId, quantity }],
      ...(pass ? { queue_pass: pass } : {}),
    },
  });

const joinWaitlist = (buyer: Buyer, eventId: number, typeId: number, quantity: number) =>
  asBuyer(buyer, `/waitlist/${eventId}`, { method: 'POST', json: { ticket_type_id: typeId, quantity } });

const waitlistPlace = async (buyer: Buyer, eventId: number) =>
  ((await json(await asBuyer(buyer, `/waitlist/${eventId}/me`))).data ?? null) as { status: string } | null;

async function control(admin: { auth: Record<string, string> }, eventId: number, action: string) {
  return asBuyer(admin, `/admin/queues/${eventId}/control`, { method: 'POST', json: { action } });
}

/** Sells a hold as its payment would (the order's hold committed in the inventory object). */
async function sell(orderId: string, eventId: number) {
  const row = await env.DB.prepare('select hold_id from orders where id = ?')
    .bind(orderId)
    .first<{ hold_id: string }>();
  expect(await inventoryOf(env, eventId).commit(row!.hold_id)).toEqual({ ok: true });
}

describe('one queue for one on-sale', () => {
  it('the waiting list does not skip the queue: no join while it runs, and what comes back stays for the queue', async () => {
    // Capacity 3; one person let in a minute, so after the first the others wait.
    const { event, admin } = await queuedEvent(1000, { rate_per_minute: 1 }, 3);
    const queue = await Promise.all(Array.from({ length: 5 }, () => queueBuyer()));
    for (const b of queue) expect((await join(b, event.event_id)).status).toBe(201);
    let first: Buyer | null = null;
    let pass = '';
    await eventually(
      async () => {
        for (const b of queue) {
          const p = await place(b, event.event_id);
          if (p.pass) [first, pass] = [b, p.pass];
        }
        return first !== null;
      },
      'the first place let in',
      15_000,
    );
    const admitted = first as unknown as Buyer;
    // The admitted buyer holds every ticket: nothing is available, but nothing is sold either.
    expect((await holdWith(admitted, event.event_id, event.ticket_type_id, 3, pass)).status).toBe(201);

    // An outsider, not in the queue, asks for the waiting list: refused while the queue runs.
    const outsider = await queueBuyer();
    const refused = await joinWaitlist(outsider, event.event_id, event.ticket_type_id, 3);
    const refusedBody = await json(refused);
    console.info(`queue: waiting-list join without a pass while the queue runs: ${refused.status}`);
    expect(refused.status).toBe(409);
    expect(refusedBody.message).toBe(WAITLIST_MSG.queueRunning);

    // The producer opens the waiting list by choice: the join works, but what comes back still goes to the queue.
    expect((await control(admin, event.event_id, 'waitlist_open')).status).toBe(200);
    expect((await joinWaitlist(outsider, event.event_id, event.ticket_type_id, 2)).status).toBe(201);
    // The admitted buyer changes their mind: 1 instead of 3, so 2 come back while 4 people still wait.
    expect((await holdWith(admitted, event.event_id, event.ticket_type_id, 1, pass)).status).toBe(201);
    const [type] = await inventoryOf(env, event.event_id).availability();
    expect(type).toMatchObject({ held: 1, available: 2 });
    expect(await waitlistPlace(outsider, event.event_id)).toMatchObject({ status: 'waiting' });

    // Closing the queue opens the waiting list for real: the free tickets are offered to it.
    expect((await control(admin, event.event_id, 'close')).status).toBe(200);
    await eventually(
      async () => (await waitlistPlace(outsider, event.event_id))?.status === 'offered',
      'the waiting list gets the free tickets once the queue closed',
    );
  });

  it('a pass buys at most one order’s worth in total, even without a per-DNI cap', async () => {
    const { event } = await queuedEvent(1000, { rate_per_minute: 600 }, 50);
    const buyer = await queueBuyer();
    expect((await join(buyer, event.event_id)).status).toBe(201);
    const pass = await passOf(buyer, event.event_id);
    // Up to 4 per order: 3, then 1 more is fine, then nothing more with the same pass.
    let bought = 0;
    for (const quantity of [3, 2, 1, 1, 4]) {
      const res = await holdWith(buyer, event.event_id, event.ticket_type_id, quantity, pass);
      if (res.status !== 201) {
        expect(res.status).toBe(409);
        expect((await json(res)).message).toBe(QUEUE_MSG.passLimit(4 - bought));
        continue;
      }
      await sell(((await json(res)).data as { id: string }).id, event.event_id);
      bought += quantity;
    }
    console.info(`queue: tickets one pass bought without a per-DNI cap (limit 4 per order): ${bought}`);
    expect(bought).toBe(4);
  });

  it('taking a queue off with people in its pre-queue needs their number confirmed, tells them, and keeps the seed', async () => {
    const { event, admin } = await queuedEvent(10 * 60_000, { prequeue_minutes: 30 });
    const proof = async () =>
      (await json(await asBuyer(admin, `/queues/${event.event_id}`))).data as { seed_hash: string };
    const before = (await proof()).seed_hash;
    const people = await Promise.all(Array.from({ length: 3 }, () => queueBuyer()));
    for (const b of people) expect((await join(b, event.event_id)).status).toBe(201);

    const remove = (query = '') => asBuyer(admin, `/admin/queues/${event.event_id}${query}`, { method: 'DELETE' });
    const silent = await remove();
    console.info(`queue: removing a queue with 3 in its pre-queue, unconfirmed: ${silent.status}`);
    expect(silent.status).toBe(409);
    expect((await json(silent)).message).toBe(QUEUE_MSG.removeConfirm(3));
    expect((await remove('?confirm_dropped=2')).status).toBe(409);
    expect((await place(people[0], event.event_id)).joined).toBe(true);

    const removed = await remove('?confirm_dropped=3');
    expect(removed.status).toBe(200);
    expect((await json(removed)).data).toEqual({ dropped: 3 });
    for (const b of people)
      await eventually(async () => (await mailsTo(b.email, 0)).length > 0, 'the dropped person is told');
    // Set again: the same committed seed (its hash unchanged), and nobody is in it.
    const again = await asBuyer(admin, `/admin/queues/${event.event_id}`, {
      method: 'PUT',
      json: { opens_at: new Date(Date.now() + 10 * 60_000).toISOString(), rate_per_minute: 1, prequeue_minutes: 30 },
    });
    expect(again.status).toBe(200);
    expect((await proof()).seed_hash).toBe(before);
    expect((await place(people[0], event.event_id)).joined).toBe(false);
  });

  it('closing the queue back to the normal sale sells without a pass and opens the waiting list; it can reopen', async () => {
    const { event, admin } = await queuedEvent(1000, { rate_per_minute: 1 }, 2);
    const waiting = await queueBuyer();
    expect((await join(waiting, event.event_id)).status).toBe(201);
    await eventually(async () => (await place(waiting, event.event_id)).admitted, 'admitted', 15_000);
    const anyone = await queueBuyer();
    expect((await holdWith(anyone, event.event_id, event.ticket_type_id, 1)).status).toBe(403);

    const closed = await control(admin, event.event_id, 'close_normal');
    expect(closed.status).toBe(200);
    expect((await json(closed)).data).toMatchObject({ state: 'closed', closed_reason: 'normal' });
    const publicView = (await json(await asBuyer(anyone, `/queues/${event.event_id}`))).data;
    expect(publicView).toMatchObject({ state: 'closed', mode: 'normal' });
    // The normal sale: a hold without a pass.
    const normal = await holdWith(anyone, event.event_id, event.ticket_type_id, 2);
    expect(normal.status).toBe(201);
    // Everything held: the waiting list takes joins again.
    const late = await queueBuyer();
    expect((await joinWaitlist(late, event.event_id, event.ticket_type_id, 1)).status).toBe(201);

    // Reopened: a pass again, and the people who were waiting keep their places.
    const reopened = await control(admin, event.event_id, 'reopen');
    expect(reopened.status).toBe(200);
    const view = (await json(reopened)).data as { state: string; closed_reason: string | null };
    expect(view.closed_reason).toBeNull();
    expect(view.state).toBe('open');
    expect((await holdWith(await queueBuyer(), event.event_id, event.ticket_type_id, 1)).status).toBe(403);
    expect((await place(waiting, event.event_id)).joined).toBe(true);
    expect((await joinWaitlist(await queueBuyer(), event.event_id, event.ticket_type_id, 1)).status).toBe(409);
    const live = await queueOf(env, event.event_id).live();
    expect(live?.state).not.toBe('closed');
  });
});
