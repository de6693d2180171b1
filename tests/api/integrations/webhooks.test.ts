import { createExecutionContext, env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../functions/api/app';
import { afterCommit } from '../../../functions/api/reactions/webhooks';
import {
  deliverWebhooks,
  MAX_ATTEMPTS,
  purgeWebhookLog,
  retryDelayMs,
} from '../../../functions/api/services/integrations/webhook-delivery';
import { webhookRows } from '../../../functions/domain/integrations/webhook-outbox';
import { signWebhook } from '../../../functions/domain/integrations/webhook-signature';
import { WEBHOOK_MAIL, WEBHOOK_MSG } from '../../../src/shared/messages/integrations';
import { addMember, asBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { producerWithEvent } from '../kit/events';
import { mailsTo } from '../kit/mail';
import {
  boxOfficeSale,
  createEndpoint,
  outboxOf,
  RECEIVER_URL,
  receiver,
  verifyStandardWebhook,
} from './webhook-fixtures';

const HOUR = 3_600_000;

// These tests drive the cron's clock: only the runs they make send (the reaction's own test turns it back on).
beforeEach(() => {
  afterCommit.enabled = false;
});
afterEach(async () => {
  await afterCommit.settled();
  afterCommit.enabled = true;
});
const seconds = (ms: number) => Math.floor(ms / 1000);

type Log = Answer<
  {
    id: number;
    status: string;
    type: string;
    attempts: number;
    log: { at: string; status: number | null; duration_ms: number; excerpt: string; replay: boolean }[];
  }[]
>;

async function logOf(admin: { auth: Record<string, string> }, endpointId: string) {
  const res = await asBuyer(admin, `/admin/webhooks/endpoints/${endpointId}/deliveries`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Log).data;
}

describe('Standard Webhooks signatures', () => {
  it("match the specification's published test vector, and the independent verifier accepts it", async () => {
    // The vector of the Standard Webhooks reference libraries (secret, id, timestamp, body → signature).
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    const signature = await signWebhook(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body);
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    const headers = {
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': signature,
    };
    expect(await verifyStandardWebhook(secret, headers, body, 1614265330)).toBeNull();
    expect(await verifyStandardWebhook(secret, headers, '{"test": 2432232315}', 1614265330)).toBe(
      'no matching signature',
    );
  });

  it('a paid order is delivered signed: the verifier accepts it, a wrong secret fails, a replay after 5 min is refused', async () => {
    const { received } = receiver();
    const shop = await producerWithEvent();
    const endpoint = await createEndpoint(shop.admin, shop.producerId, ['order.paid']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const orderId = await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 2);

    const now = Date.now();
    expect(await deliverWebhooks(env, now)).toBe(1);
    expect(received).toHaveLength(1);
    const [{ headers, body, request }] = received;
    expect(request.method).toBe('POST');
    expect(headers['content-type']).toBe('application/json');
    expect(await verifyStandardWebhook(endpoint.secret, headers, body, seconds(now))).toBeNull();

    const other = await createEndpoint(shop.admin, shop.producerId, ['order.refunded']);
    expect(await verifyStandardWebhook(other.secret, headers, body, seconds(now))).toBe('no matching signature');
    expect(await verifyStandardWebhook(endpoint.secret, headers, body, seconds(now + 5 * 60_000 + 1000))).toBe(
      'timestamp out of tolerance',
    );

    // The full payload: the order, its amounts as integers and decimal strings, every ticket, ISO times.
    const message = JSON.parse(body) as {
      type: string;
      timestamp: string;
      data: {
        id: string;
        status: string;
        amounts: Record<string, unknown>;
        tickets: { id: string; status: string; code: string; ticket_type: { name: string } }[];
        event: { id: number };
      };
    };
    expect(message.type).toBe('order.paid');
    expect(message.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(message.data.id).toBe(orderId);
    expect(message.data.status).toBe('paid');
    expect(message.data.event.id).toBe(shop.eventId);
    expect(message.data.amounts).toMatchObject({ total: '2000.00', total_cents: 200000, fee: '0.00' });
    expect(message.data.tickets).toHaveLength(2);
    expect(message.data.tickets[0]).toMatchObject({ status: 'valid', ticket_type: { name: 'General' } });
    expect(headers['webhook-id']).toMatch(/^msg_/);

    // Delivered once: nothing more is due.
    expect(await deliverWebhooks(env, now + HOUR)).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('during a rotation both secrets sign, and each verifies alone', async () => {
    const { received } = receiver();
    const shop = await producerWithEvent();
    const endpoint = await createEndpoint(shop.admin, shop.producerId, ['order.paid']);
    const rotated = await asBuyer(shop.admin, `/admin/webhooks/endpoints/${endpoint.id}/rotate`, { method: 'POST' });
    expect(rotated.status).toBe(200);
    const { data } = (await rotated.json()) as Answer<{ secret: string; rotating_until: string }>;
    expect(data.secret).not.toBe(endpoint.secret);
    await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 1);
    const now = Date.now();
    await deliverWebhooks(env, now);
    const [{ headers, body }] = received;
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(await verifyStandardWebhook(endpoint.secret, headers, body, seconds(now))).toBeNull();
    expect(await verifyStandardWebhook(data.secret, headers, body, seconds(now))).toBeNull();

    // After the overlap only the new secret signs.
    await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 1);
    const later = Date.parse(data.rotating_until) + 1000;
    await deliverWebhooks(env, later);
    const last = received[received.length - 1];
    expect(last.headers['webhook-signature'].split(' ')).toHaveLength(1);
    expect(await verifyStandardWebhook(endpoint.secret, last.headers, last.body, seconds(later))).toBe(
      'no matching signature',
    );
    expect(await verifyStandardWebhook(data.secret, last.headers, last.body, seconds(later))).toBeNull();
  });
});

describe('delivery at least once', () => {
  it('the first attempt follows the commit (the reaction), without the cron; a failure is retried by the cron', async () => {
    afterCommit.enabled = true;
    let up = false;
    const { received } = receiver(() => (up ? new Response('ok') : new Response('caído', { status: 503 })));
    const shop = await producerWithEvent();
    const endpoint = await createEndpoint(shop.admin, shop.producerId, ['order.paid']);
    const first = await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 1);
    await afterCommit.settled();
    expect(received).toHaveLength(1);
    expect((JSON.parse(received[0].body) as { data: { id: string } }).data.id).toBe(first);

    // The reaction sends first attempts only: the failed one waits for its backoff, through the cron.
    up = true;
    await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 1);
    await afterCommit.settled();
    expect(received).toHaveLength(2);
    let log = await logOf(shop.admin, endpoint.id);
    expect(log.map((d) => d.status).sort()).toEqual(['delivered', 'pending']);
    // Nothing is due before the backoff, so neither the cron nor another reaction sends it twice.
    expect(await deliverWebhooks(env, Date.now())).toBe(0);
    expect(received).toHaveLength(2);
    expect(await deliverWebhooks(env, Date.now() + retryDelayMs(1))).toBe(1);
    log = await logOf(shop.admin, endpoint.id);
    expect(log.map((d) => [d.status, d.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 2],
    ]);
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(2);
  });

  it('the receiver is down for 4 attempts, then up: every event is delivered once and the log shows each attempt', async () => {
    let up = false;
    const { received } = receiver(() => (up ? new Response('recibido') : new Response('caído', { status: 503 })));
    const shop = await producerWithEvent();
    const endpoint = await createEndpoint(shop.admin, shop.producerId, ['order.paid']);
    const orders = [
      await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 1),
      await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 1),
      await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 1),
    ];
    let now = Date.now();
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await deliverWebhooks(env, now)).toBe(0);
      // Not due again before its backoff.
      expect(await deliverWebhooks(env, now + retryDelayMs(attempt) - 1)).toBe(0);
      now += retryDelayMs(attempt);
    }
    expect(received).toHaveLength(12);
    up = true;
    expect(await deliverWebhooks(env, now)).toBe(3);
    expect(await deliverWebhooks(env, now + 48 * HOUR)).toBe(0);

    const delivered = received.filter((r) => r.request.headers.get('webhook-id')).slice(12);
    const paidIds = delivered.map((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id).sort();
    expect(paidIds).toEqual([...orders].sort());
    // The same message id on every attempt (receivers deduplicate by it).
    const ids = new Set(received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(3);

    const log = await logOf(shop.admin, endpoint.id);
    expect(log).toHaveLength(3);
    for (const delivery of log) {
      expect(delivery.status).toBe('delivered');
      expect(delivery.log.map((a) => a.status)).toEqual([503, 503, 503, 503, 200]);
      expect(delivery.log[0].excerpt).toBe('caído');
      expect(delivery.log[4].excerpt).toBe('recibido');
      for (const a of delivery.log) expect(a.duration_ms).toBeGreaterThanOrEqual(0);
    }
  });

  it(`a receiver that never answers is tried ${MAX_ATTEMPTS} times over more than 72 hours, then given up`, async () => {
    const { received } = receiver(() => new Response('error', { status: 500 }));
    const shop = await producerWithEvent();
    const endpoint = await createEndpoint(shop.admin, shop.producerId, ['order.paid']);
    await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 1);
    const start = Date.now();
    let now = start;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 2; attempt++) {
      await deliverWebhooks(env, now);
      now += retryDelayMs(attempt);
    }
    expect(received).toHaveLength(MAX_ATTEMPTS);
    expect(MAX_ATTEMPTS).toBeGreaterThanOrEqual(10);
    const [delivery] = await logOf(shop.admin, endpoint.id);
    expect(delivery.status).toBe('failed');
    const times = delivery.log.map((a) => Date.parse(a.at));
    expect(times[times.length - 1] - times[0]).toBeGreaterThanOrEqual(72 * HOUR);
    // Exponential: each wait at least the one before.
    for (let i = 2; i < times.length; i++)
      expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(times[i - 1] - times[i - 2]);
  });

  it('an answer 410 disables the endpoint and its producer is told by e-mail', async () => {
    const { received } = receiver(() => new Response('gone', { status: 410 }));
    const shop = await producerWithEvent();
    const endpoint = await createEndpoint(shop.admin, shop.producerId, ['order.paid']);
    await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 1);
    await deliverWebhooks(env, Date.now());
    await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 1);
    await deliverWebhooks(env, Date.now() + HOUR);
    expect(received).toHaveLength(1);
    const list = await asBuyer(shop.admin, `/admin/webhooks/producers/${shop.producerId}/endpoints`);
    const [listed] = ((await list.json()) as Answer<{ enabled: boolean; disabled_reason: string }[]>).data;
    expect(listed).toMatchObject({ enabled: false, disabled_reason: 'gone' });
    const [mail] = await mailsTo(shop.admin.email);
    expect(mail.subject).toBe(WEBHOOK_MAIL.disabledSubject);
    expect(mail.text).toContain(RECEIVER_URL);
    expect(mail.text).toContain('revisá');
    // Replaying to a disabled endpoint is refused until it is enabled again.
    const [delivery] = await logOf(shop.admin, endpoint.id);
    const replay = await asBuyer(shop.admin, `/admin/webhooks/deliveries/${delivery.id}/replay`, { method: 'POST' });
    expect(replay.status).toBe(409);
    expect(((await replay.json()) as Answer).message).toBe(WEBHOOK_MSG.disabledReplay);
  });

  it('a redirect is not followed: it counts as a failed attempt', async () => {
    const { received, spy, url } = receiver(
      () => new Response(null, { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data' } }),
    );
    const shop = await producerWithEvent();
    const endpoint = await createEndpoint(shop.admin, shop.producerId, ['order.paid']);
    await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 1);
    await deliverWebhooks(env, Date.now());
    expect(received).toHaveLength(1);
    const init = spy.mock.calls.find(([input]) => String(input) === url)?.[1];
    expect(init?.redirect).toBe('manual');
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    const [delivery] = await logOf(shop.admin, endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending' });
    expect(delivery.log.map((a) => a.status)).toEqual([302]);
  });

  it('a replay sends the delivery again, logged as a replay', async () => {
    const { received } = receiver();
    const shop = await producerWithEvent();
    const endpoint = await createEndpoint(shop.admin, shop.producerId, ['order.paid']);
    await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 1);
    await deliverWebhooks(env, Date.now());
    const [delivery] = await logOf(shop.admin, endpoint.id);
    const res = await asBuyer(shop.admin, `/admin/webhooks/deliveries/${delivery.id}/replay`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(received).toHaveLength(2);
    expect(received[1].headers['webhook-id']).toBe(received[0].headers['webhook-id']);
    const [after] = await logOf(shop.admin, endpoint.id);
    expect(after.log.map((a) => [a.status, a.replay])).toEqual([
      [200, false],
      [200, true],
    ]);
  });

  it('the log is kept 30 days', async () => {
    receiver();
    const shop = await producerWithEvent();
    const endpoint = await createEndpoint(shop.admin, shop.producerId, ['order.paid']);
    await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 1);
    await deliverWebhooks(env, Date.now());
    await purgeWebhookLog(env.DB, Date.now() + 29 * 24 * HOUR);
    expect(await logOf(shop.admin, endpoint.id)).toHaveLength(1);
    await purgeWebhookLog(env.DB, Date.now() + 31 * 24 * HOUR);
    expect(await logOf(shop.admin, endpoint.id)).toHaveLength(0);
    expect(await outboxOf(shop.producerId)).toHaveLength(0);
  });
});

/** order.paid's outbox row, as the payment's change stages it in its batch. */
const orderPaidOutbox = (orderId: string, eventId: number) =>
  webhookRows(env.DB, { kind: 'orderPaid', eventId, orderId })[0];

describe('the outbox is written in the same commit as the change', () => {
  it('a batch that fails writes no message, the same batch that succeeds writes one', async () => {
    const shop = await producerWithEvent();
    await createEndpoint(shop.admin, shop.producerId, ['order.paid']);
    const orderId = await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 1);
    await env.DB.prepare('delete from webhook_outbox where producer_id = ?').bind(shop.producerId).run();
    // The change fails after the outbox statement ran inside its batch: nothing of it stays.
    await expect(
      env.DB.batch([orderPaidOutbox(orderId, shop.eventId), env.DB.prepare('insert into tickets (id) values (null)')]),
    ).rejects.toThrow();
    expect(await outboxOf(shop.producerId)).toHaveLength(0);
    await env.DB.batch([orderPaidOutbox(orderId, shop.eventId)]);
    await env.DB.batch([orderPaidOutbox(orderId, shop.eventId)]);
    expect((await outboxOf(shop.producerId)).map((m) => m.dedupe_key)).toEqual([`order.paid:${orderId}`]);
  });

  it('a change that does not happen writes nothing: an unpaid order, a refused cancellation, a producer without endpoints', async () => {
    const shop = await producerWithEvent();
    await createEndpoint(shop.admin, shop.producerId, ['order.paid', 'event.cancelled']);
    const order = await env.DB.prepare(
      `insert into orders (id, user_id, event_id, producer_id, hold_id, status, hold_expires_at, subtotal_cents, fee_cents, total_cents)
       values (?, ?, ?, ?, ?, 'held', ?, 100, 0, 100) returning id`,
    )
      .bind(
        crypto.randomUUID(),
        shop.admin.id,
        shop.eventId,
        shop.producerId,
        crypto.randomUUID(),
        new Date().toISOString(),
      )
      .first<{ id: string }>();
    await env.DB.batch([orderPaidOutbox(order!.id, shop.eventId)]);
    expect(await outboxOf(shop.producerId)).toHaveLength(0);

    const cancel = () =>
      asBuyer(shop.admin, `/admin/events/${shop.eventId}/cancel`, {
        method: 'POST',
        json: { reason: 'Suspendido por lluvia intensa en la zona' },
      });
    expect((await cancel()).status).toBe(200);
    expect((await outboxOf(shop.producerId)).map((m) => m.type)).toEqual(['event.cancelled']);
    expect((await cancel()).status).toBe(409);
    expect(await outboxOf(shop.producerId)).toHaveLength(1);

    const quiet = await producerWithEvent();
    await boxOfficeSale(quiet.admin, quiet.eventId, quiet.typeId, 1);
    expect(await outboxOf(quiet.producerId)).toHaveLength(0);
  });
});

describe('endpoints refuse what they may not call (server-side request forgery)', () => {
  it.each([
    ['http://hooks.ejemplo.com.ar/x', WEBHOOK_MSG.urlNotHttps],
    ['ftp://hooks.ejemplo.com.ar/x', WEBHOOK_MSG.urlInvalid],
    ['no es una url', WEBHOOK_MSG.urlInvalid],
    ['https://usuario:clave@hooks.ejemplo.com.ar/x', WEBHOOK_MSG.urlCredentials],
  ])('%s answers 400: %s', async (url, message) => {
    const shop = await producerWithEvent();
    const res = await asBuyer(shop.admin, `/admin/webhooks/producers/${shop.producerId}/endpoints`, {
      method: 'POST',
      json: { url, event_types: ['order.paid'] },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Answer;
    expect(body.message).toBe(message);
    expect(body.errors?.url).toEqual([message]);
  });

  it.each([
    ['https://localhost/x', WEBHOOK_MSG.urlLocal],
    ['https://api.localhost/x', WEBHOOK_MSG.urlLocal],
    ['https://127.0.0.1/x', WEBHOOK_MSG.urlLocal],
    ['https://2130706433/x', WEBHOOK_MSG.urlLocal],
    ['https://0x7f.0.0.1/x', WEBHOOK_MSG.urlLocal],
    ['https://[::1]/x', WEBHOOK_MSG.urlLocal],
    ['https://10.1.2.3/x', WEBHOOK_MSG.urlPrivate],
    ['https://172.20.0.5/x', WEBHOOK_MSG.urlPrivate],
    ['https://192.168.0.10/x', WEBHOOK_MSG.urlPrivate],
    ['https://169.254.169.254/latest/meta-data', WEBHOOK_MSG.urlPrivate],
    ['https://100.64.0.1/x', WEBHOOK_MSG.urlPrivate],
    ['https://0.0.0.0/x', WEBHOOK_MSG.urlPrivate],
    ['https://[fe80::1]/x', WEBHOOK_MSG.urlPrivate],
    ['https://[fd00::5]/x', WEBHOOK_MSG.urlPrivate],
    ['https://[::ffff:192.168.0.1]/x', WEBHOOK_MSG.urlPrivate],
    ['https://[64:ff9b::a00:1]/x', WEBHOOK_MSG.urlPrivate],
    ['https://metadata.internal/x', WEBHOOK_MSG.urlLocal],
    ['https://intranet/x', WEBHOOK_MSG.urlLocal],
    ['https://hooks.ejemplo.com.ar:8443/x', WEBHOOK_MSG.urlPort],
    ['http://127.0.0.1:8080/x', WEBHOOK_MSG.urlNotHttps],
  ])('in production %s answers 400: %s', async (url, message) => {
    const shop = await producerWithEvent();
    // The production Worker: the same API with DEV_MODE off.
    const res = await api.request(
      `/api/v1/admin/webhooks/producers/${shop.producerId}/endpoints`,
      {
        method: 'POST',
        headers: { ...shop.admin.auth, 'x-api-key': env.API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ url, event_types: ['order.paid'] }),
      },
      { ...env, DEV_MODE: '' },
      createExecutionContext(),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as Answer).message).toBe(message);
  });

  it('in production a public https host is accepted; in development a local receiver is too', async () => {
    const shop = await producerWithEvent();
    const prod = await api.request(
      `/api/v1/admin/webhooks/producers/${shop.producerId}/endpoints`,
      {
        method: 'POST',
        headers: { ...shop.admin.auth, 'x-api-key': env.API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://hooks.ejemplo.com.ar/boleteria', event_types: ['order.paid'] }),
      },
      { ...env, DEV_MODE: '' },
      createExecutionContext(),
    );
    expect(prod.status).toBe(201);
    expect((await createEndpoint(shop.admin, shop.producerId, ['order.paid'], 'http://127.0.0.1:8771/x')).id).toMatch(
      /^we_/,
    );
  });

  it('a saved local endpoint is not called by a production Worker', async () => {
    const { spy } = receiver();
    const shop = await producerWithEvent();
    const endpoint = await createEndpoint(shop.admin, shop.producerId, ['order.paid'], 'http://127.0.0.1:9/x');
    await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 1);
    await deliverWebhooks({ ...env, DEV_MODE: '' }, Date.now());
    expect(spy.mock.calls.filter(([input]) => String(input).startsWith('http://127.0.0.1:9'))).toHaveLength(0);
    const [delivery] = await logOf(shop.admin, endpoint.id);
    expect(delivery.log).toEqual([expect.objectContaining({ status: null, excerpt: WEBHOOK_MSG.urlNotHttps })]);
  });
});

describe('who manages webhooks', () => {
  it('a member without configurations.manage is refused; another producer cannot see the endpoint', async () => {
    const shop = await producerWithEvent();
    const endpoint = await createEndpoint(shop.admin, shop.producerId, ['order.paid']);
    const boxOffice = await addMember(shop.producerId, 'BOX_OFFICE');
    expect((await asBuyer(boxOffice, `/admin/webhooks/producers/${shop.producerId}/endpoints`)).status).toBe(403);
    const stranger = await producerWithEvent();
    expect((await asBuyer(stranger.admin, `/admin/webhooks/endpoints/${endpoint.id}/deliveries`)).status).toBe(403);
    const types = await asBuyer(shop.admin, `/admin/webhooks/producers/${shop.producerId}/endpoints`, {
      method: 'POST',
      json: { url: RECEIVER_URL, event_types: ['order.vendida'] },
    });
    expect(types.status).toBe(400);
    expect(((await types.json()) as Answer).message).toBe(WEBHOOK_MSG.typeUnknown);
  });
});
