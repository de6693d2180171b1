import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { runScheduledJobs } from '../../../functions/api/jobs';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { retryWaitlistMails } from '../../../functions/mail/waitlist';
import { MAIL_WAITLIST_EXPIRED, WAITLIST_MSG } from '../../../src/shared/messages/waitlist';
import { asBuyer, buyerWithDni, createBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { createTestEvent } from '../kit/events';
import { eventually } from '../kit/http';
import { mailsTo } from '../kit/mail';

/**
 * The waiting list's e-mails (issue 22) in the dev mailbox: an offer e-mail that fails to send is retried by
 * the scheduled job (once sent, never again); an offer that runs out unanswered passes to the next entry and
 * tells the one who lost it; an offer its buyer gives up themselves sends no such e-mail.
 */

type Buyer = Awaited<ReturnType<typeof createBuyer>>;

/** The dev mailbox refuses this address (as if the mail provider were down for it) until `restore()`. */
async function mailboxDownFor(email: string) {
  const name = `mail_down_${Math.random().toString(36).slice(2, 10)}`;
  await env.DB.prepare(
    `create trigger ${name} before insert on dev_mail when new.to_address = '${email.toLowerCase()}'
     begin select raise(abort, 'mailbox down'); end`,
  ).run();
  return { restore: () => env.DB.prepare(`drop trigger ${name}`).run() };
}

const placeOf = async (buyer: Buyer, eventId: number) =>
  ((await (await asBuyer(buyer, `/waitlist/${eventId}/me`)).json()) as Answer).data;

async function expireHold(eventId: number, orderId: string) {
  const inventory = inventoryOf(env, eventId);
  const hold = await env.DB.prepare('select hold_id from orders where id = ?')
    .bind(orderId)
    .first<{ hold_id: string }>();
  await inventory.expireSoon(hold!.hold_id, 1);
  await new Promise((r) => setTimeout(r, 5));
  await inventory.availability();
  return hold!.hold_id;
}

describe('waiting-list e-mails', () => {
  it('retries a failed offer e-mail from the job; an offer that runs out tells its buyer and passes on', async () => {
    const event = await createTestEvent(env, { capacity: 1, max_per_order: 2, price_cents: 1000_00 });
    const holder = await createBuyer();
    const held = await asBuyer(holder, '/holds', {
      method: 'POST',
      json: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity: 1 }] },
    });
    const holderOrder = (((await held.json()) as Answer).data as { id: string }).id;
    const [a, b, c] = [await buyerWithDni(), await buyerWithDni(), await buyerWithDni()];
    for (const buyer of [a, b, c]) {
      const joined = await asBuyer(buyer, `/waitlist/${event.event_id}`, {
        method: 'POST',
        json: { ticket_type_id: event.ticket_type_id, quantity: 1 },
      });
      expect(joined.status).toBe(201);
    }

    // The first offer's e-mail cannot be sent: it stays queued, with its order written once.
    const down = await mailboxDownFor(a.email);
    await expireHold(event.event_id, holderOrder);
    let offerA: Record<string, unknown> = {};
    await eventually(async () => {
      offerA = await placeOf(a, event.event_id);
      return offerA.status === 'offered' && typeof offerA.order_id === 'string';
    }, 'the first entry is offered the ticket');
    const offerMail = async () =>
      env.DB.prepare("select status, attempts from waitlist_mails where kind = 'offer' and order_id = ?")
        .bind(offerA.order_id)
        .first<{ status: string; attempts: number }>();
    await eventually(async () => (await offerMail())?.attempts === 1, 'the offer e-mail was tried');
    expect(await offerMail()).toEqual({ status: 'pending', attempts: 1 });
    expect(await mailsTo(a.email, 0)).toEqual([]);
    // Not due again yet (a minute after the failure), and still failing when it is.
    expect(await retryWaitlistMails(env)).toBe(0);
    expect(await retryWaitlistMails(env, Date.now() + 61_000)).toBe(0);
    expect(await offerMail()).toEqual({ status: 'pending', attempts: 2 });

    // The mailbox is back: the job sends it, once.
    await down.restore();
    expect(await retryWaitlistMails(env, Date.now() + 7 * 60_000)).toBe(1);
    await retryWaitlistMails(env, Date.now() + 60 * 60_000);
    await runScheduledJobs(env);
    const sentToA = await mailsTo(a.email, 0);
    expect(sentToA).toHaveLength(1);
    expect(sentToA[0].subject).toBe(WAITLIST_MSG.mailSubject((await titleOf(event.event_id))!));
    expect(sentToA[0].html).toContain(`/checkout?order=${offerA.order_id}`);
    expect((await offerMail())?.status).toBe('sent');
    const orders = await env.DB.prepare('select count(*) as n from orders where user_id = ? and event_id = ?')
      .bind(a.id, event.event_id)
      .first<{ n: number }>();
    expect(orders?.n).toBe(1);

    // The offer runs out unanswered: it passes to the next entry, and the first buyer is told.
    await expireHold(event.event_id, String(offerA.order_id));
    expect(await placeOf(a, event.event_id)).toMatchObject({ status: 'expired' });
    await eventually(async () => (await mailsTo(a.email, 0)).length === 2, 'the expiry e-mail reaches the first buyer');
    const title = (await titleOf(event.event_id))!;
    const [expired] = await mailsTo(a.email, 0); // newest first
    expect(expired.subject).toBe(MAIL_WAITLIST_EXPIRED.subject(title));
    expect(expired.html).toContain(MAIL_WAITLIST_EXPIRED.passed);
    expect(expired.html).toContain(`/eventos/${event.event_id}`);
    let offerB: Record<string, unknown> = {};
    await eventually(async () => {
      offerB = await placeOf(b, event.event_id);
      return offerB.status === 'offered' && typeof offerB.order_id === 'string';
    }, 'the second entry is offered the ticket');
    await eventually(async () => (await mailsTo(b.email, 0)).length === 1, 'the second buyer gets the offer');

    // The second buyer gives the offer up themselves: no "ran out" e-mail; the third is offered it.
    expect((await asBuyer(b, `/holds/${offerB.order_id}`, { method: 'DELETE' })).status).toBe(200);
    await eventually(async () => (await placeOf(c, event.event_id)).status === 'offered', 'the third entry is offered');
    await eventually(async () => (await mailsTo(c.email, 0)).length === 1, 'the third buyer gets the offer');
    await runScheduledJobs(env);
    expect((await mailsTo(b.email, 0)).map((m) => m.subject)).toEqual([WAITLIST_MSG.mailSubject(title)]);
    // Each e-mail once, however often the job runs.
    await retryWaitlistMails(env, Date.now() + 24 * 3_600_000);
    expect(await mailsTo(a.email, 0)).toHaveLength(2);
    expect(await mailsTo(c.email, 0)).toHaveLength(1);
  });
});

async function titleOf(eventId: number) {
  return (await env.DB.prepare('select title from events where id = ?').bind(eventId).first<{ title: string }>())
    ?.title;
}
