import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { THROTTLE_RULES } from '../../../functions/domain/throttle-rules';

import { MSG } from '../../../src/shared/messages/common';
import { FISCAL_MSG } from '../../../src/shared/messages/settings';
import { startPurchase } from '../checkout/checkout-fixtures';
import { adminOf, asBuyer, createBuyer } from '../kit/actors';
import type { Answer, AnswerOf } from '../kit/call';
import { eventOf } from '../team/scope-fixtures';

const bodyOf = async (res: Response) => (await res.json()) as Answer;

describe('settings refuse identifiers that only look valid', () => {
  it.each([
    ['cuit', '00000000000', FISCAL_MSG.cuitZeros],
    ['cuit', '11123456780', FISCAL_MSG.cuitPrefix],
    ['payout_account', '0000000000000000000000', FISCAL_MSG.accountZeros],
    ['payout_account', '......', FISCAL_MSG.aliasLetters],
    ['payout_account', '------', FISCAL_MSG.aliasLetters],
  ])('%s %s answers 400 with the message on the field', async (field, value, message) => {
    const admin = await adminOf();
    const res = await asBuyer(admin, `/admin/settings/producers/${admin.producerId}`, {
      method: 'PUT',
      json: { [field]: value },
    });
    expect(res.status).toBe(400);
    const body = await bodyOf(res);
    expect(body.errors?.[field]).toEqual([message]);
    const saved = await asBuyer(admin, `/admin/settings/producers/${admin.producerId}`);
    expect(((await bodyOf(saved)).data as Record<string, unknown>)[field] ?? null).toBeNull();
  });
});

describe('control characters are refused in names and free text', () => {
  it('the invitation import refuses a name holding a NUL byte, and issues nothing', async () => {
    const admin = await adminOf();
    const event = await eventOf(admin.producerId);
    const csv = 'nombre,email,dni,cantidad,tipo,etiqueta\nAna\u0000Nul,ana.nul@prueba.ar,30111222,1,General,prensa';
    const res = await asBuyer(admin, '/admin/invitations/import', {
      method: 'POST',
      json: { event_id: event.event_id, csv },
    });
    expect(res.status).toBe(400);
    const body = await bodyOf(res);
    expect(body.message).toBe(MSG.controlChars);
    expect(body.errors?.csv).toEqual([MSG.controlChars]);
    const issued = await env.DB.prepare('select count(*) as n from guest_invitations where event_id = ?')
      .bind(event.event_id)
      .first<{ n: number }>();
    expect(issued?.n).toBe(0);
  });

  it('a profile name and a producer name with a control character answer 400, line breaks in free text do not', async () => {
    const admin = await adminOf();
    const profile = await asBuyer(admin, '/user', { method: 'PUT', json: { name: 'Ana\u0007Bell' } });
    expect(profile.status).toBe(400);
    expect((await bodyOf(profile)).errors?.name).toEqual([MSG.controlChars]);
    const producer = await asBuyer(admin, `/admin/producers/${admin.producerId}`, {
      method: 'PUT',
      json: { name: 'Productora\u001b[31m', description: '', website: '', provinces_id: 1 },
    });
    expect(producer.status).toBe(400);
    expect((await bodyOf(producer)).errors?.name).toEqual([MSG.controlChars]);
    // Line breaks in free text stay allowed.
    const settings = await asBuyer(admin, `/admin/settings/producers/${admin.producerId}`, {
      method: 'PUT',
      json: { refund_policy: 'Primera línea.\nSegunda línea.' },
    });
    expect(settings.status).toBe(200);
  });
});

describe('throttles', () => {
  it(`re-sending an order's tickets: ${THROTTLE_RULES.resendOrder.limit} per order per hour, then a Spanish 429`, async () => {
    const admin = await adminOf();
    const event = await eventOf(admin.producerId);
    const buyer = await createBuyer();
    const { orderId } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 1);
    const resend = () =>
      asBuyer(admin, `/admin/orders/${orderId}/resend`, { method: 'POST', json: { reason: 'No le llegó' } });
    for (let i = 0; i < THROTTLE_RULES.resendOrder.limit; i++) expect((await resend()).status).toBe(200);
    const refused = await resend();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await bodyOf(refused)).message).toBe(MSG.tooManyRequests);
    // An invalid request is not counted: another order is still served.
    const other = await startPurchase(buyer, event.event_id, event.ticket_type_id, 1);
    const bad = await asBuyer(admin, `/admin/orders/${other.orderId}/resend`, { method: 'POST', json: {} });
    expect(bad.status).toBe(400);
  });

  it(`team invitations: ${THROTTLE_RULES.teamInviteAddress.limit} per address per hour, then a Spanish 429`, async () => {
    const admin = await adminOf();
    const email = `repetida.${Date.now()}@prueba.ar`;
    const invite = () =>
      asBuyer(admin, '/admin/team/invitations', {
        method: 'POST',
        json: { producer_id: admin.producerId, email, role: 'DOOR', event_ids: [] },
      });
    for (let i = 0; i < THROTTLE_RULES.teamInviteAddress.limit; i++) expect((await invite()).status).toBe(201);
    const refused = await invite();
    expect(refused.status).toBe(429);
    expect((await bodyOf(refused)).message).toBe(MSG.tooManyRequests);
  });
});

describe('the door', () => {
  it('lists only published events, today’s first', async () => {
    const admin = await adminOf();
    const later = await eventOf(admin.producerId);
    const today = await eventOf(admin.producerId);
    const draft = await eventOf(admin.producerId);
    const review = await eventOf(admin.producerId);
    // Starting now is today in Buenos Aires at any hour (an hour ahead is tomorrow there after 23:00).
    const startsNow = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare('update event_dates set starts_at = ? where event_id = ?').bind(startsNow, today.event_id),
      env.DB.prepare("update events set status = 'borrador' where id = ?").bind(draft.event_id),
      env.DB.prepare("update events set status = 'en_revision' where id = ?").bind(review.event_id),
    ]);
    const res = await asBuyer(admin, '/checkin/events');
    expect(res.status).toBe(200);
    const events = ((await res.json()) as AnswerOf<'GET /checkin/events'>).data;
    const ids = events.map((e) => e.id);
    expect(ids).not.toContain(draft.event_id);
    expect(ids).not.toContain(review.event_id);
    expect(ids.indexOf(today.event_id)).toBeLessThan(ids.indexOf(later.event_id));
    expect(events[0]).toMatchObject({ id: today.event_id, today: true });
  });
});
