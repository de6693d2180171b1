import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { startPurchase } from '../checkout/checkout-fixtures';
import { asBuyer, createBuyer } from '../kit/actors';
import { createTestEvent } from '../kit/events';

/** A paid (free) order of a fresh event, and an admin of its producer. */
async function paidOrderWithAdmin() {
  const event = await createTestEvent(env, { price_cents: 0 });
  const buyer = await createBuyer();
  const { orderId } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 1);
  const admin = await createBuyer('ADMIN');
  await env.DB.prepare("insert into producer_members (producer_id, user_id, role) values (?, ?, 'ADMIN')")
    .bind(event.producer_id, admin.id)
    .run();
  return { orderId, admin };
}

// Back-office decisions read the caller from the database on every call: a token minted before a
// demotion or a deactivation grants nothing once the database says otherwise.
describe('one authorization rule, read from the database', () => {
  it('a SUPERADMIN demoted in the database cannot refund with a still-valid token', async () => {
    const event = await createTestEvent(env, { price_cents: 0 });
    const buyer = await createBuyer();
    const { orderId } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 1);
    const superadmin = await createBuyer('SUPERADMIN');
    await env.DB.prepare("update users set rol = 'USER' where id = ?").bind(superadmin.id).run();

    const res = await asBuyer(superadmin, `/orders/${orderId}/refund`, { method: 'POST', json: {} });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(
      'No tenés permiso para reembolsar órdenes de esta productora.',
    );
    const order = await env.DB.prepare('select status from orders where id = ?')
      .bind(orderId)
      .first<{ status: string }>();
    expect(order?.status).toBe('paid');
  });

  it('a deactivated admin of the producer loses the refund at once (401)', async () => {
    const { orderId, admin } = await paidOrderWithAdmin();
    await env.DB.prepare('update users set activo = 0 where id = ?').bind(admin.id).run();
    expect((await asBuyer(admin, `/orders/${orderId}/refund`, { method: 'POST', json: {} })).status).toBe(401);
  });

  it('an admin removed from the producer cannot refund its orders any more', async () => {
    const { orderId, admin } = await paidOrderWithAdmin();
    await env.DB.prepare('delete from producer_members where user_id = ?').bind(admin.id).run();
    expect((await asBuyer(admin, `/orders/${orderId}/refund`, { method: 'POST', json: {} })).status).toBe(403);
  });

  it('malformed order and ticket ids are simply not found, in Spanish', async () => {
    const buyer = await createBuyer();
    for (const path of ['/orders/nope', '/orders/../../x', '/tickets/%00/calendar.ics']) {
      const res = await asBuyer(buyer, path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { message: string }).message, path).toMatch(/no existe|no encontrado/i);
    }
    const release = await asBuyer(buyer, '/holds/123', { method: 'DELETE' });
    expect(release.status).toBe(404);
  });
});
