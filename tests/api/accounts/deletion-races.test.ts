import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { processDeletions } from '../../../functions/api/services/accounts/deletion';
import { logCopied } from '../../../functions/api/services/checkin/scan';
import { payInSandbox, startPurchase } from '../checkout/checkout-fixtures';
import { type Actor, adminOf, asBuyer, createBuyer } from '../kit/actors';
import { createTestEvent } from '../kit/events';
import { routeNetwork } from '../kit/network';
import { assertMoneyOfEvent } from '../refunds/money-invariants';

/**
 * A person's account deletion (issue 35) raced against everything else that touches the same tickets: the
 * producer's refunds, transfers to someone else, and admissions at the door, with the deletion job running in
 * between. Whatever the interleaving:
 * - the money identities hold (money-invariants.ts: refunded ≤ paid, each ticket refunded once, the ledger and
 *   Finanzas say what the orders say, the inventory counts valid + used tickets);
 * - no ticket is both refunded and admitted (nobody gets their money back and goes in);
 * - once the deletion is done, the person holds no valid ticket to a date to come and their account is
 *   anonymised.
 */

type World = { eventId: number; admin: Awaited<ReturnType<typeof adminOf>>; buyer: Actor; orders: string[] };

type Command =
  | { kind: 'delete'; tickets: 'refund' | 'cancel' }
  | { kind: 'job' }
  | { kind: 'refund'; order: number; ticket: number | null }
  | { kind: 'transfer'; order: number; ticket: number }
  | { kind: 'checkin'; order: number; ticket: number };

const order = fc.nat({ max: 1 });
const ticket = fc.nat({ max: 2 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), tickets: fc.constantFrom('refund' as const, 'cancel' as const) }),
  fc.record({ kind: fc.constant('job' as const) }),
  fc.record({ kind: fc.constant('refund' as const), order, ticket: fc.option(ticket, { nil: null }) }),
  fc.record({ kind: fc.constant('transfer' as const), order, ticket }),
  fc.record({ kind: fc.constant('checkin' as const), order, ticket }),
);

const ticketsOf = async (orderId: string) =>
  (
    await env.DB.prepare('select id, code from tickets where order_id = ? order by id')
      .bind(orderId)
      .all<{ id: string; code: string }>()
  ).results;

let nonces = 0;

async function run(world: World, c: Command): Promise<number> {
  if (c.kind === 'delete')
    return (await asBuyer(world.buyer, '/user/deletion', { method: 'POST', json: { tickets: c.tickets } })).status;
  if (c.kind === 'job') {
    await processDeletions(env);
    return 200;
  }
  const orderId = world.orders[c.order];
  const tickets = await ticketsOf(orderId);
  if (c.kind === 'refund') {
    const json = {
      reason: 'Prueba',
      ...(c.ticket === null ? {} : { ticket_ids: [tickets[c.ticket % tickets.length].id] }),
    };
    return (await asBuyer(world.admin, `/admin/orders/${orderId}/refund`, { method: 'POST', json })).status;
  }
  const target = tickets[c.ticket % tickets.length];
  if (c.kind === 'checkin') {
    const res = await asBuyer(world.admin, `/checkin/events/${world.eventId}/scan`, {
      method: 'POST',
      json: { code: target.code, nonce: `del-${Date.now()}-${nonces++}`, device: 'race' },
    });
    return res.status;
  }
  // A transfer to someone else, offered and accepted at once (the link the recipient gets).
  const recipient = await createBuyer();
  const offered = await asBuyer(world.buyer, `/tickets/${target.id}/transfer`, {
    method: 'POST',
    json: { email: recipient.email },
  });
  if (offered.status !== 200) return offered.status;
  const mail = await env.DB.prepare('select links from dev_mail where to_address = ? order by id desc limit 1')
    .bind(recipient.email.toLowerCase())
    .first<{ links: string }>();
  const link = (JSON.parse(mail?.links ?? '[]') as string[]).find((l) => l.includes('/tickets/transfer?token='));
  if (!link) return 409;
  const token = new URL(link).searchParams.get('token') ?? '';
  return (await asBuyer(recipient, '/tickets/transfers/accept', { method: 'POST', json: { token } })).status;
}

async function assertInvariants(world: World) {
  await logCopied(env, world.eventId);
  await assertMoneyOfEvent(world.eventId, world.admin);
  // Nobody both gets their money back and goes in: a refunded ticket is never admitted (no override here).
  const both = await env.DB.prepare(
    `select k.id from tickets k where k.event_id = ? and k.refund_id is not null
       and (k.status = 'used' or exists (select 1 from checkin_admissions a where a.ticket_id = k.id))`,
  )
    .bind(world.eventId)
    .all();
  expect(both.results, 'tickets both refunded and admitted').toEqual([]);
  const deletion = await env.DB.prepare('select status from account_deletions where user_id = ?')
    .bind(world.buyer.id)
    .first<{ status: string }>();
  if (deletion?.status === 'done') {
    const user = await env.DB.prepare('select activo, dni, telefono from users where id = ?')
      .bind(world.buyer.id)
      .first();
    expect(user).toEqual({ activo: 0, dni: '', telefono: '' });
    const left = await env.DB.prepare(
      "select count(*) as n from tickets where owner_user_id = ? and status = 'valid' and event_id = ?",
    )
      .bind(world.buyer.id, world.eventId)
      .first<{ n: number }>();
    expect(left!.n, 'valid tickets left to a deleted account').toBe(0);
  }
}

describe('account deletion under any interleaving (property test against the real endpoints)', () => {
  it('keeps the money identities and never refunds an admitted ticket', async () => {
    routeNetwork();
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 3, maxLength: 7 }), async (commands) => {
        const event = await createTestEvent(env, { capacity: 10, price_cents: 1000_00 });
        const admin = await adminOf(event.producer_id);
        const buyer = await createBuyer();
        const world: World = { eventId: event.event_id, admin, buyer, orders: [] };
        for (const quantity of [2, 3]) {
          const { orderId, redirect } = await startPurchase(buyer, event.event_id, event.ticket_type_id, quantity);
          await payInSandbox(redirect, 'approved');
          world.orders.push(orderId);
        }
        const statuses = await Promise.all(commands.map((c) => run(world, c)));
        for (const [i, s] of statuses.entries()) {
          // The buyer's own calls after their deletion was carried out: their session is over (401).
          const buyers = commands[i].kind === 'delete' || commands[i].kind === 'transfer';
          const allowed = buyers ? [200, 201, 202, 401, 404, 409] : [200, 201, 404, 409];
          expect(allowed, `${JSON.stringify(commands[i])} answered ${s}`).toContain(s);
        }
        // The job finishes whatever the race left (a deletion waits for nothing pending here).
        await processDeletions(env);
        await assertInvariants(world);
      }),
      { numRuns: 8, seed: Number(process.env.DELETION_RACES_SEED ?? Date.now() % 100_000), endOnFailure: true },
    );
  }, 240_000);
});
