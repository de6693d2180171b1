import { describe, expect, it } from 'vitest';
import { CHECKOUT_MSG } from '../../../src/shared/messages/checkout';

import { makeUser } from '../kit/actors';
import { call } from '../kit/call';
import { eventBody } from '../kit/events';
import { browser, provider } from '../kit/http';

/** The 500s the fuzz suite (fuzz.test.ts) found, kept as plain tests so they stay fixed whatever its seed. */
describe('inputs the fuzz suite found answering 500', () => {
  it('answers 404 when a superadmin creates an event for a producer that does not exist', async () => {
    const admin = await makeUser('SUPERADMIN');
    const res = await call(admin, 'POST /admin/events', { json: eventBody({ producer_id: 987_654_321 }) });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Productora no encontrada');
  });

  it('answers a webhook whose body is JSON null like any unsigned notification', async () => {
    const res = await provider('/webhooks/mercadopago?topic=payment', { method: 'POST', body: 'null' });
    expect(res.status).toBe(401);
  });

  it.each(['%00', '%0D%0Ax', 'a%0Ab'])(
    'reads a session cookie holding control characters (%s) as absent',
    async (value) => {
      const logout = await browser('/api/auth/logout', { method: 'POST', cookies: `refresh-token=${value}` });
      expect(logout.status).toBe(200);
      const events = await browser('/api/v1/events', { cookies: `refresh-token=${value}; auth-token=${value}` });
      expect(events.status).toBe(200);
    },
  );

  it('refuses a hold with the same ticket type twice with a Spanish 400', async () => {
    const owner = await makeUser('USER');
    const admin = await makeUser('SUPERADMIN');
    const event = (await call(owner, 'POST /admin/events', { json: eventBody() })).body.data;
    await call(admin, 'POST /admin/events/:id/publish', { param: { id: event.id } });
    const type = event.dates[0].ticket_types[0].id;
    const res = await call(await makeUser('USER'), 'POST /holds', {
      json: {
        event_id: event.id,
        items: [
          { ticket_type_id: type, quantity: 1 },
          { ticket_type_id: type, quantity: 2 },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CHECKOUT_MSG.duplicateType);
  });
});
