import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { eraseExpiredAttendees } from '../../../functions/api/services/settings/retention';
import { RETENTION_TEXT } from '../../../src/shared/messages/settings';
import { payInSandbox, startPurchase } from '../checkout/checkout-fixtures';
import { adminOf, asBuyer, createBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { eventFor, producerWithEvent } from '../kit/events';
import { routeNetwork } from '../kit/network';
import { VALID_SETTINGS } from './settings-fixtures';

/**
 * Retention (issue 35): "Borrar datos de asistentes N días después del evento". The job anonymises exactly the
 * attendees of the events past their producer's N days; orders and figures stay; the back office says when.
 */

const json = async <D = Record<string, unknown>>(res: Response) => (await res.json()) as Answer<D>;
const DAY = 86_400_000;

/** A paid order of the event, then the event moved to `daysAgo` days in the past. */
async function soldAndPast(eventId: number, typeId: number, daysAgo: number) {
  const buyer = await createBuyer();
  const { orderId, redirect } = await startPurchase(buyer, eventId, typeId, 2);
  await payInSandbox(redirect, 'approved');
  const when = new Date(Date.now() - daysAgo * DAY).toISOString();
  await env.DB.prepare('update event_dates set starts_at = ?, ends_at = ? where event_id = ?')
    .bind(when, when, eventId)
    .run();
  return orderId;
}

const orderRow = (id: string) =>
  env.DB.prepare('select buyer_name, buyer_email, buyer_dni, buyer_phone, total_cents, status from orders where id = ?')
    .bind(id)
    .first<Record<string, string | number | null>>();

const putSettings = (who: { auth: Record<string, string> }, producerId: number, body: Record<string, unknown>) =>
  asBuyer(who, `/admin/settings/producers/${producerId}`, { method: 'PUT', json: { ...VALID_SETTINGS, ...body } });

describe('retention of attendee data', () => {
  it('is 365 days by default, refuses bad values in Spanish, and logs the change before and after', async () => {
    const p = await producerWithEvent();
    const read = await json<{ attendee_retention_days: number }>(
      await asBuyer(p.admin, `/admin/settings/producers/${p.producerId}`),
    );
    expect(read.data.attendee_retention_days).toBe(365);
    for (const [value, message] of [
      [0, RETENTION_TEXT.daysRange],
      [3651, RETENTION_TEXT.daysRange],
      [1.5, RETENTION_TEXT.daysInt],
      ['mucho', RETENTION_TEXT.daysRequired],
    ] as const) {
      const res = await putSettings(p.admin, p.producerId, { attendee_retention_days: value });
      expect(res.status).toBe(400);
      expect((await json(res)).errors?.attendee_retention_days).toEqual([message]);
    }
    const ok = await putSettings(p.admin, p.producerId, { attendee_retention_days: 30 });
    expect(ok.status).toBe(200);
    const entry = await env.DB.prepare(
      "select detail from audit_log where producer_id = ? and action = 'settings_change' order by id desc limit 1",
    )
      .bind(p.producerId)
      .first<{ detail: string }>();
    expect(JSON.parse(entry!.detail)).toMatchObject({
      before: { attendee_retention_days: 365 },
      after: { attendee_retention_days: 30 },
    });
  });

  it('anonymises exactly the attendees of events past their producer’s N days; orders and figures stay', async () => {
    routeNetwork();
    const p = await producerWithEvent();
    expect((await putSettings(p.admin, p.producerId, { attendee_retention_days: 30 })).status).toBe(200);
    const recent = await eventFor(p.producerId);
    const other = await producerWithEvent(); // default 365 days
    const due = await soldAndPast(p.eventId, p.typeId, 40);
    const notYet = await soldAndPast(recent.eventId, recent.typeId, 10);
    const otherProducer = await soldAndPast(other.eventId, other.typeId, 40);
    const before = await Promise.all([due, notYet, otherProducer].map(orderRow));

    const erased = await eraseExpiredAttendees(env);
    expect(erased).toContain(p.eventId);
    expect(erased).not.toContain(recent.eventId);
    expect(erased).not.toContain(other.eventId);

    expect(await orderRow(due)).toEqual({
      ...before[0],
      buyer_name: RETENTION_TEXT.anonymousBuyer,
      buyer_email: null,
      buyer_dni: null,
      buyer_phone: null,
    });
    const holders = await env.DB.prepare(
      'select count(*) as n from tickets where event_id = ? and (holder_name is not null or holder_dni is not null)',
    )
      .bind(p.eventId)
      .first<{ n: number }>();
    expect(holders!.n).toBe(0);
    expect(await orderRow(notYet)).toEqual(before[1]);
    expect(await orderRow(otherProducer)).toEqual(before[2]);
    // The figures read the same: the producer's ledger for the event is untouched.
    const ledger = await env.DB.prepare(
      'select coalesce(sum(amount_cents), 0) as n from ledger_entries where order_id = ?',
    )
      .bind(due)
      .first<{ n: number }>();
    expect(ledger!.n).toBeGreaterThan(0);

    // A second run finds nothing new; the back office says when each event's data goes (or went).
    expect(await eraseExpiredAttendees(env)).not.toContain(p.eventId);
    const schedule = await json<{ days: number; events: { id: number; erase_at: string; erased_at: string | null }[] }>(
      await asBuyer(p.admin, `/admin/settings/producers/${p.producerId}/retention`),
    );
    expect(schedule.data.days).toBe(30);
    const byId = new Map(schedule.data.events.map((e) => [e.id, e]));
    expect(byId.get(p.eventId)!.erased_at).not.toBeNull();
    expect(byId.get(recent.eventId)!.erased_at).toBeNull();
    const expected = Date.now() + 20 * DAY;
    expect(Math.abs(Date.parse(byId.get(recent.eventId)!.erase_at) - expected)).toBeLessThan(60_000);
  });

  it('shows the schedule only to the producer’s own settings managers', async () => {
    const p = await producerWithEvent();
    const stranger = await adminOf();
    const path = `/admin/settings/producers/${p.producerId}/retention`;
    expect((await asBuyer(p.collaborator, path)).status).toBe(403);
    expect((await asBuyer(stranger, path)).status).toBe(403);
    expect((await asBuyer(p.admin, '/admin/settings/producers/999999999/retention')).status).toBe(403);
  });
});
