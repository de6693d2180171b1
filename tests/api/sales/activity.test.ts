import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { getManagedEvent, toInput } from '../../../functions/api/services/events/store';
import { ACTIVITY_TEXT } from '../../../src/shared/messages/team';
import { eventWithTickets, nonce, staffOf } from '../checkin/checkin-fixtures';
import { adminOf, asBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { routeNetwork } from '../kit/network';
import { VALID_SETTINGS } from '../settings/settings-fixtures';

/**
 * The activity log (issue 35): every back-office change is recorded with who, when, before and after; the
 * producer reads it in "Actividad" filtered by person, event and kind; nobody can change it.
 */

type Entry = {
  id: number;
  actor_user_id: number;
  action: string;
  kind: string;
  event_id: number | null;
  detail: { before?: unknown; after?: unknown };
};
type Activity = { entries: Entry[]; next_before: number | null; people: { id: number }[]; events: { id: number }[] };

const json = async <D = Record<string, unknown>>(res: Response) => (await res.json()) as Answer<D>;
const read = async (who: { auth: Record<string, string> }, producerId: number, query = '') =>
  (await json<Activity>(await asBuyer(who, `/admin/activity/${producerId}${query}`))).data;

describe('the activity log', () => {
  it('records settings, events, prices, codes, manual check-ins and refunds, and filters them', async () => {
    routeNetwork();
    const { event, tickets, orderId } = await eventWithTickets(2);
    const admin = await adminOf(event.producer_id);
    const second = await adminOf(event.producer_id);
    const door = await staffOf(event.producer_id);
    const producerId = event.producer_id;

    // Settings (before/after), by the first admin.
    const put = await asBuyer(admin, `/admin/settings/producers/${producerId}`, {
      method: 'PUT',
      json: { ...VALID_SETTINGS, attendee_retention_days: 90 },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    // A price change of the event, by the second admin.
    const input = toInput(await getManagedEvent(env.DB, event.event_id), true);
    const oldPrice = input.dates[0].ticket_types[0].price_cents;
    input.dates[0].ticket_types[0].price_cents = oldPrice + 500_00;
    // A published event stays publishable: the test event lacks a description and a venue.
    input.description = 'Una noche de prueba.';
    input.venue = { name: 'Teatro de Prueba', address: 'Av. Corrientes 1234', city: 'CABA', provinces_id: 1 };
    const edit = await asBuyer(second, `/admin/events/${event.event_id}`, { method: 'PUT', json: input });
    expect(edit.status, await edit.clone().text()).toBe(200);
    // A code, a manual admission at the door, a refund.
    const code = await asBuyer(second, `/admin/promo-codes/${producerId}`, {
      method: 'POST',
      json: { event_id: event.event_id, kind: 'discount', discount_type: 'percent', value: 10 },
    });
    expect(code.status).toBe(201);
    const manual = await asBuyer(door, `/checkin/events/${event.event_id}/manual`, {
      method: 'POST',
      json: { ticket_id: tickets[0].id, nonce: nonce() },
    });
    expect(manual.status).toBe(200);
    const refund = await asBuyer(admin, `/admin/orders/${orderId}/refund`, {
      method: 'POST',
      json: { reason: 'Pedido del cliente', ticket_ids: [tickets[1].id] },
    });
    expect(refund.status).toBe(200);

    const all = await read(admin, producerId);
    const kinds = new Set(all.entries.map((e) => e.kind));
    for (const k of ['settings', 'prices', 'codes', 'checkin', 'refunds']) expect(kinds).toContain(k);
    const settings = all.entries.find((e) => e.action === 'settings_change')!;
    expect(settings).toMatchObject({
      actor_user_id: admin.id,
      detail: { before: { attendee_retention_days: 365 }, after: { attendee_retention_days: 90 } },
    });
    const price = all.entries.find((e) => e.action === 'price_change')!;
    expect(price.actor_user_id).toBe(second.id);
    expect(price.detail.before).toEqual([expect.objectContaining({ price_cents: oldPrice })]);
    expect(price.detail.after).toEqual([expect.objectContaining({ price_cents: oldPrice + 500_00 })]);
    const admitted = all.entries.find((e) => e.action === 'manual_checkin')!;
    expect(admitted).toMatchObject({ actor_user_id: door.id, event_id: event.event_id });

    // Filters: by person, by event, by kind.
    const bySecond = await read(admin, producerId, `?actor_id=${second.id}`);
    expect(new Set(bySecond.entries.map((e) => e.actor_user_id))).toEqual(new Set([second.id]));
    expect(bySecond.entries.map((e) => e.action).sort()).toEqual(['code_change', 'event_change', 'price_change']);
    const byKind = await read(admin, producerId, '?kind=refunds');
    expect(byKind.entries).toHaveLength(1);
    expect(byKind.entries[0]).toMatchObject({ kind: 'refunds', actor_user_id: admin.id });
    const byEvent = await read(admin, producerId, `?event_id=${event.event_id}`);
    expect(byEvent.entries.every((e) => e.event_id === event.event_id)).toBe(true);
    expect(byEvent.entries.some((e) => e.action === 'settings_change')).toBe(false);
    expect(all.people.map((p) => p.id)).toEqual(expect.arrayContaining([admin.id, second.id, door.id]));

    // Bad filters: a Spanish 400.
    const bad = await asBuyer(admin, `/admin/activity/${producerId}?kind=todo`);
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe(ACTIVITY_TEXT.invalidFilter);
  });

  it('answers 403 to a member without the permission and to another producer’s admin', async () => {
    const { event } = await eventWithTickets(1);
    const door = await staffOf(event.producer_id);
    const stranger = await adminOf();
    expect((await asBuyer(door, `/admin/activity/${event.producer_id}`)).status).toBe(403);
    const res = await asBuyer(stranger, `/admin/activity/${event.producer_id}`);
    expect(res.status).toBe(403);
    expect((await json(res)).message).toBeTruthy();
    // Its own log does not show the other producer's entries.
    expect((await read(stranger, stranger.producerId)).entries).toEqual([]);
  });

  it('cannot be changed: the database refuses updates and deletes', async () => {
    const admin = await adminOf();
    await asBuyer(admin, `/admin/settings/producers/${admin.producerId}`, {
      method: 'PUT',
      json: { ...VALID_SETTINGS, attendee_retention_days: 30 },
    });
    const row = await env.DB.prepare('select id, detail from audit_log where producer_id = ? limit 1')
      .bind(admin.producerId)
      .first<{ id: number; detail: string }>();
    expect(row).not.toBeNull();
    await expect(env.DB.prepare("update audit_log set detail = '{}' where id = ?").bind(row!.id).run()).rejects.toThrow(
      /audit_log_is_immutable/,
    );
    await expect(env.DB.prepare('delete from audit_log where id = ?').bind(row!.id).run()).rejects.toThrow(
      /audit_log_is_immutable/,
    );
    const after = await env.DB.prepare('select detail from audit_log where id = ?').bind(row!.id).first();
    expect(after).toEqual({ detail: row!.detail });
  });
});
