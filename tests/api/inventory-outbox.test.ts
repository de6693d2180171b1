import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { runScheduledJobs } from '../../functions/api/jobs';
import { inventoryOf } from '../../functions/api/services/checkout/inventory';
import { drainInventoryOutboxes } from '../../functions/api/services/waitlist/outbox';
import { asBuyer, buyerWithDni, createBuyer, createTestEvent } from './checkout-fixtures';
import { eventually } from './helpers';

/**
 * The inventory object's waiting-list outboxes (issue 22): an offer's order and e-mail, and the e-mail of an
 * offer that ran out, are written to D1 right after the step that made them. When that delivery fails part-way
 * (D1 refusing the e-mail's row here, as a crash would stop it), the event stays marked in inventory_outbox
 * and the cron job drains it, without waiting for the next offer; events with nothing pending are not called.
 */

type Json = { status: boolean; data: Record<string, unknown> };
type Buyer = Awaited<ReturnType<typeof createBuyer>>;

let errors: MockInstance | null = null;
afterEach(() => {
  errors?.mockRestore();
  errors = null;
});

/** D1 refuses the event's waiting-list e-mails of one kind (the delivery fails part-way) until `restore()`. */
async function mailQueueDown(eventId: number, kind: 'offer' | 'expired') {
  const name = `queue_down_${Math.random().toString(36).slice(2, 10)}`;
  await env.DB.prepare(
    `create trigger ${name} before insert on waitlist_mails when new.event_id = ${eventId} and new.kind = '${kind}'
     begin select raise(abort, 'queue down'); end`,
  ).run();
  return { restore: () => env.DB.prepare(`drop trigger ${name}`).run() };
}

const marked = async (eventId: number) =>
  (await env.DB.prepare('select 1 as x from inventory_outbox where event_id = ?').bind(eventId).first()) !== null;

const mailRow = (eventId: number, kind: string, holdId: string) =>
  env.DB.prepare('select id from waitlist_mails where event_id = ? and id = ?')
    .bind(eventId, `${kind}:${holdId}`)
    .first<{ id: string }>();

const placeOf = async (buyer: Buyer, eventId: number) =>
  ((await (await asBuyer(buyer, `/waitlist/${eventId}/me`)).json()) as Json).data;

async function expireHold(eventId: number, orderId: string) {
  const hold = await env.DB.prepare('select hold_id from orders where id = ?')
    .bind(orderId)
    .first<{ hold_id: string }>();
  const inventory = inventoryOf(env, eventId);
  await inventory.expireSoon(hold!.hold_id, 1);
  await new Promise((r) => setTimeout(r, 5));
  await inventory.availability();
  return hold!.hold_id;
}

const failedDeliveries = () =>
  errors!.mock.calls.filter((c) => String(c[0]).startsWith('Waiting-list offer delivery failed')).length;

describe('inventory outbox in the cron job', () => {
  it('an offer and a "ran out" notice left by a failed delivery are drained by the job, once', async () => {
    errors = vi.spyOn(console, 'error');
    const event = await createTestEvent(env, { capacity: 1, max_per_order: 2, price_cents: 1000_00 });
    const idle = await createTestEvent(env, { capacity: 1 });
    const holder = await createBuyer();
    const held = await asBuyer(holder, '/holds', {
      method: 'POST',
      json: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity: 1 }] },
    });
    const holderOrder = (((await held.json()) as Json).data as { id: string }).id;
    const [a, b] = [await buyerWithDni(), await buyerWithDni()];
    for (const buyer of [a, b]) {
      const joined = await asBuyer(buyer, `/waitlist/${event.event_id}`, {
        method: 'POST',
        json: { ticket_type_id: event.ticket_type_id, quantity: 1 },
      });
      expect(joined.status).toBe(201);
    }

    // 1. The offer to A: its order is written, its e-mail's row refused: the delivery stops part-way.
    const offersDown = await mailQueueDown(event.event_id, 'offer');
    const before = failedDeliveries();
    await expireHold(event.event_id, holderOrder);
    await eventually(async () => failedDeliveries() > before, 'the offer delivery fails');
    const offerA = await placeOf(a, event.event_id);
    expect(offerA.status).toBe('offered');
    const holdA = (await env.DB.prepare('select hold_id from orders where user_id = ? and event_id = ?')
      .bind(a.id, event.event_id)
      .first<{ hold_id: string }>())!.hold_id;
    expect(await mailRow(event.event_id, 'offer', holdA)).toBeNull();
    expect(await marked(event.event_id)).toBe(true);
    expect(await marked(idle.event_id)).toBe(false);

    // The job while it still fails changes nothing and keeps the mark; once D1 takes it, the job delivers it.
    await drainInventoryOutboxes(env);
    expect(await marked(event.event_id)).toBe(true);
    await offersDown.restore();
    await runScheduledJobs(env);
    expect(await mailRow(event.event_id, 'offer', holdA)).not.toBeNull();
    expect(await marked(event.event_id)).toBe(false);
    // One order for the offer (the interrupted delivery's), not a second one.
    const ordersOfA = await env.DB.prepare('select count(*) as n from orders where user_id = ? and event_id = ?')
      .bind(a.id, event.event_id)
      .first<{ n: number }>();
    expect(ordersOfA?.n).toBe(1);

    // 2. A's offer runs out: the stock goes to B (delivered), A's notice is refused: left in the outbox.
    const noticesDown = await mailQueueDown(event.event_id, 'expired');
    const beforeNotice = failedDeliveries();
    await expireHold(event.event_id, String(offerA.order_id));
    await eventually(async () => failedDeliveries() > beforeNotice, 'the notice delivery fails');
    expect((await placeOf(b, event.event_id)).status).toBe('offered');
    expect(await mailRow(event.event_id, 'expired', holdA)).toBeNull();
    expect(await marked(event.event_id)).toBe(true);
    await noticesDown.restore();
    await runScheduledJobs(env);
    expect(await mailRow(event.event_id, 'expired', holdA)).not.toBeNull();
    expect(await marked(event.event_id)).toBe(false);
    const toA = await env.DB.prepare('select count(*) as n from dev_mail where to_address = ?')
      .bind(a.email.toLowerCase())
      .first<{ n: number }>();
    // The offer and the "ran out" notice, each once, however often the job runs.
    await runScheduledJobs(env);
    expect(toA?.n).toBe(2);
    const again = await env.DB.prepare('select count(*) as n from dev_mail where to_address = ?')
      .bind(a.email.toLowerCase())
      .first<{ n: number }>();
    expect(again?.n).toBe(2);
  });
});
