import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';

/**
 * A local instance runs its cron job (issue 29): `npm start` (scripts/start.mjs, which also serves these
 * tests) fires the Worker's scheduled handler every minute, as Cloudflare does. Without it, a cancellation
 * refunded its first 25 orders in the request's background (CANCEL_BATCH) and the rest waited forever.
 * Here an event with 30 paid orders is cancelled and every order ends refunded, with no sleep: the test
 * polls the producer's Finanzas figures until they say so or the deadline passes (the next minute's run,
 * plus the refunds' own time).
 */

const ORDERS = 30;

type Setup = { event_id: number; ticket_type_id: number; tokens: string[]; admin_token: string };
type Progress = { event_id: number; orders: number; done: number; pending: number; failed: number };

const as = (token: string) => ({ cookie: `auth-token=${token}` });

/** A bench buyer holds one ticket, fills the checkout and approves the payment in the MercadoPago sandbox. */
async function buy(request: APIRequestContext, setup: Setup, token: string) {
  const hold = await request.post('/api/v1/holds', {
    headers: as(token),
    data: { event_id: setup.event_id, items: [{ ticket_type_id: setup.ticket_type_id, quantity: 1 }] },
  });
  expect(hold.status(), await hold.text()).toBe(201);
  const orderId = ((await hold.json()) as { data: { id: string } }).data.id;
  const checkout = await request.post(`/api/v1/orders/${orderId}/checkout`, {
    headers: as(token),
    data: {
      buyer: {
        name: 'Comprador Cron',
        email: `cron-${orderId.slice(0, 8)}@prueba.local`,
        dni: '30123456',
        phone: '1155550000',
      },
      accept_terms: true,
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const redirect = new URL(((await checkout.json()) as { data: { redirect: string } }).data.redirect);
  const pay = await request.post(`${redirect.pathname}/pay`, { form: { outcome: 'approved' }, maxRedirects: 0 });
  expect(pay.status()).toBe(302);
}

test('a cancellation of more paid orders than one run refunds is finished by the cron job', async ({ request }) => {
  test.setTimeout(240_000);
  const created = await request.post('/dev/refunds/bench-setup', { data: { buyers: ORDERS, capacity: ORDERS + 10 } });
  const setup = (await created.json()) as Setup;
  for (let i = 0; i < ORDERS; i += 5)
    await Promise.all(setup.tokens.slice(i, i + 5).map((token) => buy(request, setup, token)));

  const cancel = await request.post(`/api/v1/admin/events/${setup.event_id}/cancel`, {
    headers: as(setup.admin_token),
    data: { reason: 'Prueba de la tarea programada' },
  });
  expect(cancel.status(), await cancel.text()).toBe(200);
  expect(((await cancel.json()) as { refunds: number }).refunds).toBe(ORDERS);

  const progress = async () => {
    const res = await request.get(`/api/v1/admin/finance?event_id=${setup.event_id}`, {
      headers: as(setup.admin_token),
    });
    const data = ((await res.json()) as { data: { cancellations: Progress[] } }).data;
    const mine = data.cancellations.find((c) => c.event_id === setup.event_id);
    return mine && { done: mine.done, pending: mine.pending, failed: mine.failed };
  };
  // The request's own run refunds at most 25; the rest only by a scheduled run (one per minute).
  await expect
    .poll(progress, { timeout: 180_000, intervals: [1_000, 2_000, 5_000] })
    .toEqual({ done: ORDERS, pending: 0, failed: 0 });
});
