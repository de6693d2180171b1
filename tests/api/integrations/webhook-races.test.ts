import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterCommit } from '../../../functions/api/reactions/webhooks';
import { logCopied } from '../../../functions/api/services/checkin/scan';
import { syncInventory } from '../../../functions/api/services/checkout/inventory';
import { deliverWebhooks } from '../../../functions/api/services/integrations/webhook-delivery';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { nonce } from '../checkin/checkin-fixtures';
import { asBuyer, buyerWithDni } from '../kit/actors';
import { producerWithEvent } from '../kit/events';
import { eventually } from '../kit/http';
import { routeNetwork } from '../kit/network';
import { pay } from '../platform/cross-feature-fixtures';
import { createEndpoint, transferTicket } from './webhook-fixtures';

/**
 * Webhooks raced against the features that produce them: random batches of payments (MercadoPago and the box
 * office), refunds, transfers, scans and waiting-list offers fired at once against the real endpoints of one
 * event, with the cron job's runs among them (racing the first attempts that follow each commit), to a
 * receiver that fails 30 % of attempts. After every run: each change that happened has exactly one message
 * (derived from D1's state, not from what the commands answered), each message one delivery per endpoint that
 * wants its type; then, the cron driven to the end, every delivery is delivered, each message reached each of
 * its endpoints exactly once with a 2xx (no duplicate webhook-id), and the log holds every attempt made.
 */

/** true: print each command's statuses and the changes a run made (to see what a run exercised). */
const DEBUG = false;
const CAPACITY = 4;
const HOUR = 3_600_000;
/** What the second endpoint wants (the first wants every type). */
const SOME_TYPES = ['order.paid', 'ticket.checked_in', 'waitlist.offered'];
const ALL_TYPES = ['order.paid', 'order.refunded', 'ticket.transferred', 'ticket.checked_in', 'waitlist.offered'];

type Command =
  | { kind: 'buy'; buyer: number; quantity: number }
  | { kind: 'box_office'; quantity: number }
  | { kind: 'expire'; buyer: number }
  | { kind: 'waitlist_join'; buyer: number }
  | { kind: 'waitlist_pay'; buyer: number }
  | { kind: 'refund'; ticket: number; whole: boolean }
  | { kind: 'transfer'; ticket: number; to: number }
  | { kind: 'scan'; ticket: number }
  | { kind: 'cron' };

const buyer = fc.nat({ max: 3 });
const ticket = fc.nat({ max: 20 });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('buy' as const), buyer, quantity: fc.integer({ min: 1, max: 2 }) }),
  },
  fc.record({ kind: fc.constant('box_office' as const), quantity: fc.integer({ min: 1, max: 2 }) }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('expire' as const), buyer }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('waitlist_join' as const), buyer }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('waitlist_pay' as const), buyer }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), ticket, whole: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('transfer' as const), ticket, to: buyer }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('scan' as const), ticket }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cron' as const) }) },
);

type Shop = Awaited<ReturnType<typeof producerWithEvent>>;
type Buyer = Awaited<ReturnType<typeof buyerWithDni>>;
type World = { shop: Shop; buyers: Buyer[] };

/** 30 % of attempts fail, decided by the message and the attempt's number (the same on every run of a seed). */
function fails(webhookId: string, attempt: number) {
  let hash = 0;
  for (const ch of webhookId) hash = (hash * 31 + ch.charCodeAt(0)) % 1_000_003;
  return (hash + attempt * 7) % 10 < 3;
}

/**
 * The receivers at https://receptor.example/… (one path per endpoint), on top of the network MercadoPago's
 * sandbox needs: every request kept by URL, with its webhook-id and whether it was answered 2xx.
 */
function receivers() {
  const spy = routeNetwork();
  const route = spy.getMockImplementation()!;
  const got = new Map<string, { id: string; ok: boolean }[]>();
  spy.mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).host !== 'receptor.example') return route(input, init);
    const id = request.headers.get('webhook-id') ?? '';
    const seen = got.get(request.url) ?? [];
    got.set(request.url, seen);
    const ok = !fails(id, seen.filter((r) => r.id === id).length + 1);
    seen.push({ id, ok });
    return ok ? new Response('recibido') : new Response('caído', { status: 503 });
  });
  return got;
}

async function ticketsOf(eventId: number) {
  const { results } = await env.DB.prepare(
    'select id, order_id, code, owner_user_id from tickets where event_id = ? order by created_at, id',
  )
    .bind(eventId)
    .all<{ id: string; order_id: string; code: string; owner_user_id: number | null }>();
  return results;
}

async function heldOrderOf(w: World, b: Buyer) {
  return env.DB.prepare(
    `select id, hold_id from orders where user_id = ? and event_id = ? and status in ('held', 'pending_payment')
     order by created_at desc limit 1`,
  )
    .bind(b.id, w.shop.eventId)
    .first<{ id: string; hold_id: string }>();
}

/** Fires one command; answers the HTTP statuses it got. */
async function run(w: World, c: Command): Promise<number[]> {
  const { shop } = w;
  const b = 'buyer' in c ? w.buyers[c.buyer] : w.buyers[0];
  switch (c.kind) {
    case 'buy': {
      const held = await asBuyer(b, '/holds', {
        method: 'POST',
        json: { event_id: shop.eventId, items: [{ ticket_type_id: shop.typeId, quantity: c.quantity }] },
      });
      if (held.status !== 201) return [held.status];
      const orderId = ((await held.json()) as { data: { id: string } }).data.id;
      return [held.status, await pay(b, orderId)];
    }
    case 'box_office': {
      const sold = await asBuyer(shop.admin, '/admin/box-office/sales', {
        method: 'POST',
        json: {
          event_id: shop.eventId,
          items: [{ ticket_type_id: shop.typeId, quantity: c.quantity }],
          method: 'cash',
          buyer: { name: 'Ana Compradora', email: b.email },
        },
      });
      return [sold.status];
    }
    case 'expire': {
      const order = await heldOrderOf(w, b);
      if (order) await inventoryOf(env, shop.eventId).expireSoon(order.hold_id, 1);
      await inventoryOf(env, shop.eventId).availability();
      return [];
    }
    case 'waitlist_join': {
      const joined = await asBuyer(b, `/waitlist/${shop.eventId}`, {
        method: 'POST',
        json: { ticket_type_id: shop.typeId, quantity: 1 },
      });
      return [joined.status];
    }
    case 'waitlist_pay': {
      const me = ((await (await asBuyer(b, `/waitlist/${shop.eventId}/me`)).json()) as { data: { order_id?: string } })
        .data;
      return me?.order_id ? [await pay(b, me.order_id)] : [];
    }
    case 'cron':
      await deliverWebhooks(env, Date.now());
      return [];
    default:
      return ticketCommand(w, c);
  }
}

async function ticketCommand(w: World, c: Extract<Command, { kind: 'refund' | 'transfer' | 'scan' }>) {
  const { shop } = w;
  const tickets = await ticketsOf(shop.eventId);
  if (tickets.length === 0) return [];
  const t = tickets[c.ticket % tickets.length];
  if (c.kind === 'scan') {
    const res = await asBuyer(shop.admin, `/checkin/events/${shop.eventId}/scan`, {
      method: 'POST',
      json: { code: t.code, nonce: nonce(), device: 'puerta-1' },
    });
    return [res.status];
  }
  if (c.kind === 'refund') {
    const res = await asBuyer(shop.admin, `/admin/orders/${t.order_id}/refund`, {
      method: 'POST',
      json: { reason: 'Prueba', ...(c.whole ? {} : { ticket_ids: [t.id] }) },
    });
    return [res.status];
  }
  const owner = w.buyers.find((b) => b.id === t.owner_user_id);
  const to = w.buyers[c.to];
  return owner && to.id !== owner.id ? transferTicket(owner, to, t.id) : [];
}

/** Every change the event went through, as D1 tells it: the message each one must have produced. */
async function changesOf(eventId: number) {
  const { results } = await env.DB.prepare(
    `select 'order.paid:' || o.id as key, 'order.paid' as type from orders o
       where o.event_id = ?1 and o.kind = 'sale' and exists (select 1 from tickets t where t.order_id = o.id)
     union all select 'order.refunded:' || r.id, 'order.refunded' from refunds r join orders o on o.id = r.order_id
       where o.event_id = ?1 and r.status = 'done'
     union all select 'ticket.transferred:' || t.id, 'ticket.transferred' from tickets t
       where t.event_id = ?1 and t.status = 'transferred'
     union all select 'ticket.checked_in:' || s.id, 'ticket.checked_in' from checkin_scans s
       where s.event_id = ?1 and s.result = 'admitted'
     union all select 'waitlist.offered:' || m.id, 'waitlist.offered' from waitlist_mails m
       where m.event_id = ?1 and m.kind = 'offer'`,
  )
    .bind(eventId)
    .all<{ key: string; type: string }>();
  return results;
}

async function messagesOf(producerId: number) {
  const { results } = await env.DB.prepare(
    `select m.id, m.type, m.dedupe_key,
       (select json_group_array(d.endpoint_id) from webhook_deliveries d where d.message_id = m.id) as endpoints,
       (select json_group_array(d.status) from webhook_deliveries d where d.message_id = m.id) as statuses,
       (select count(*) from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
          where d.message_id = m.id) as attempts
     from webhook_outbox m where m.producer_id = ?`,
  )
    .bind(producerId)
    .all<{ id: string; type: string; dedupe_key: string; endpoints: string; statuses: string; attempts: number }>();
  return results;
}

/** The work the commands left running: the check-in copy, the waiting list's offers, the first attempts. */
async function settle(eventId: number) {
  await logCopied(env, eventId);
  const inventory = inventoryOf(env, eventId);
  await eventually(async () => (await inventory.drainOutbox()) === 0, 'the waiting list’s offers written', 15_000);
  await logCopied(env, eventId);
  await eventually(async () => afterCommit.running.size === 0, 'the first attempts done', 15_000);
}

describe('webhooks raced against the features that produce them (property test against the real endpoints)', () => {
  it('one message per change, one delivery per endpoint, each delivered once at least and never twice', async () => {
    const got = receivers();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(command, { minLength: 3, maxLength: 7 }), { minLength: 3, maxLength: 4 }),
        async (batches) => {
          const shop = await producerWithEvent();
          await env.DB.prepare('update ticket_types set capacity = ? where id = ?').bind(CAPACITY, shop.typeId).run();
          await syncInventory(env, shop.eventId);
          const base = `https://receptor.example/carrera/${crypto.randomUUID()}`;
          const all = await createEndpoint(shop.admin, shop.producerId, ALL_TYPES, `${base}/todo`);
          const some = await createEndpoint(shop.admin, shop.producerId, SOME_TYPES, `${base}/parte`);
          const w: World = { shop, buyers: await Promise.all(Array.from({ length: 4 }, () => buyerWithDni())) };
          // From the start: 2 sold, 2 held, and two people waiting (so expiries and refunds make offers).
          expect(await run(w, { kind: 'buy', buyer: 0, quantity: 2 })).toEqual([201, 200]);
          const held = await asBuyer(w.buyers[1], '/holds', {
            method: 'POST',
            json: { event_id: shop.eventId, items: [{ ticket_type_id: shop.typeId, quantity: 2 }] },
          });
          expect(held.status).toBe(201);
          for (const b of [2, 3]) expect(await run(w, { kind: 'waitlist_join', buyer: b })).toEqual([201]);

          const statusesSeen: string[] = [];
          for (const batch of batches) {
            const answers = await Promise.all(batch.map((c) => run(w, c)));
            statusesSeen.push(...answers.map((a, i) => `${batch[i].kind}:${a.join('/')}`));
            for (const [i, statuses] of answers.entries())
              for (const s of statuses) expect(s, `${JSON.stringify(batch[i])} answered ${s}`).toBeLessThan(500);
          }
          await settle(shop.eventId);

          // One message per change, nothing else; one delivery per endpoint that wants its type.
          const changes = await changesOf(shop.eventId);
          if (DEBUG) console.info(statusesSeen.join(' '), '→', changes.map((c) => c.type).join(','));
          let messages = await messagesOf(shop.producerId);
          expect(messages.map((m) => m.dedupe_key).sort()).toEqual(changes.map((c) => c.key).sort());
          await deliverWebhooks(env, Date.now()); // fans out what no run has seen yet (sends only what is due)
          await eventually(async () => afterCommit.running.size === 0, 'the first attempts done');
          messages = await messagesOf(shop.producerId);
          for (const m of messages) {
            const wanted = [all.id, ...(SOME_TYPES.includes(m.type) ? [some.id] : [])].sort();
            expect((JSON.parse(m.endpoints) as string[]).sort(), m.dedupe_key).toEqual(wanted);
          }

          // The cron driven to the end (past every backoff): all delivered, each once, every attempt logged.
          let now = Date.now();
          for (let run = 0; run < 30; run++) {
            now += 25 * HOUR;
            await deliverWebhooks(env, now);
            messages = await messagesOf(shop.producerId);
            if (messages.every((m) => (JSON.parse(m.statuses) as string[]).every((s) => s === 'delivered'))) break;
          }
          for (const m of messages)
            expect(JSON.parse(m.statuses), m.dedupe_key).toEqual(JSON.parse(m.endpoints).map(() => 'delivered'));
          for (const [url, types] of [
            [`${base}/todo`, ALL_TYPES],
            [`${base}/parte`, SOME_TYPES],
          ] as const) {
            const requests = got.get(url) ?? [];
            const okIds = requests.filter((r) => r.ok).map((r) => r.id);
            expect(okIds.length, `${url}: a message answered 2xx twice`).toBe(new Set(okIds).size);
            expect([...okIds].sort()).toEqual(
              messages
                .filter((m) => (types as readonly string[]).includes(m.type))
                .map((m) => m.id)
                .sort(),
            );
          }
          const attemptsLogged = messages.reduce((sum, m) => sum + m.attempts, 0);
          const requestsMade = (got.get(`${base}/todo`)?.length ?? 0) + (got.get(`${base}/parte`)?.length ?? 0);
          expect(attemptsLogged).toBe(requestsMade);
        },
      ),
      {
        numRuns: Number(process.env.WEBHOOK_RACES_RUNS ?? 8),
        seed: Number(process.env.WEBHOOK_RACES_SEED ?? Date.now() % 100_000),
        endOnFailure: true,
      },
    );
  }, 600_000);
});
