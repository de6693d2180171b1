import { env, SELF } from 'cloudflare:test';
import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { runScheduledJobs } from '../../../functions/api/jobs';
import { ticketsPdf } from '../../../functions/api/services/checkout/ticket-pdf';
import { sendMail } from '../../../functions/mail/port';
import { qrOf } from '../../../src/shared/qr';
import {
  BUYER_FORM,
  orderOf,
  payInSandbox,
  signedNotification,
  startPurchase,
  ticketsOfOrderInDb,
} from '../checkout/checkout-fixtures';
import { asBuyer, createBuyer } from '../kit/actors';
import { createTestEvent } from '../kit/events';
import { eventually, ORIGIN } from '../kit/http';
import { mailsTo } from '../kit/mail';
import { routeNetwork } from '../kit/network';

/** A preference in the sandbox under any account, paid at once: answers the payment's id. */
async function payOutsideCheckout(opts: { token: string; orderId: string; amount: number; producer?: number }) {
  const res = await SELF.fetch(`${ORIGIN}/dev/mercadopago/checkout/preferences`, {
    method: 'POST',
    headers: { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [{ id: 'x', title: 'Entrada', quantity: 1, unit_price: opts.amount, currency_id: 'ARS' }],
      payer: { email: 'otro@prueba.local' },
      external_reference: opts.orderId,
      back_urls: { success: `${ORIGIN}/ok`, failure: `${ORIGIN}/ok`, pending: `${ORIGIN}/ok` },
      auto_return: 'approved',
      notification_url: `${ORIGIN}/api/v1/webhooks/mercadopago${opts.producer ? `?producer=${opts.producer}` : ''}`,
      expires: false,
    }),
  });
  const pref = (await res.json()) as { init_point: string };
  return payInSandbox(pref.init_point, 'approved');
}

async function sandboxStatus(paymentId: string, token: string) {
  const res = await SELF.fetch(`${ORIGIN}/dev/mercadopago/v1/payments/${paymentId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { status: string }).status;
}

describe('webhook: the payment must match its order', () => {
  it("never applies a payment collected by another producer's account to an order", async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 10, price_cents: 1000_00 });
    const attacker = await env.DB.prepare(
      "insert into producers (name, slug) values ('Otra productora', ?) returning id",
    )
      .bind(`otra-${Date.now()}`)
      .first<{ id: number }>();
    await env.DB.prepare(
      "insert into producer_payment_accounts (producer_id, mp_access_token, mp_webhook_secret) values (?, 'TEST-other-token', 'other-secret')",
    )
      .bind(attacker!.id)
      .run();
    expect(attacker!.id).not.toBe(event.producer_id);
    const buyer = await createBuyer();
    const { orderId } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 1);
    const total = (await env.DB.prepare('select total_cents from orders where id = ?').bind(orderId).first<{
      total_cents: number;
    }>())!.total_cents;

    const { paymentId } = await payOutsideCheckout({
      token: 'TEST-other-token',
      orderId,
      amount: total / 100,
      producer: attacker!.id,
    });
    expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'pending_payment', tickets: 0 });
    expect(await ticketsOfOrderInDb(orderId)).toHaveLength(0);
    expect(await sandboxStatus(paymentId, 'TEST-other-token')).toBe('refunded');
  });

  it('refunds a payment whose amount differs from the order total and issues nothing', async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 10, price_cents: 1000_00 });
    const buyer = await createBuyer();
    const { orderId } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 2);
    const { paymentId } = await payOutsideCheckout({ token: env.MP_ACCESS_TOKEN, orderId, amount: 1 });
    expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'pending_payment', tickets: 0 });
    expect(await sandboxStatus(paymentId, env.MP_ACCESS_TOKEN)).toBe('refunded');
  });

  it('answers 200 to a signed notification of a payment MercadoPago does not know', async () => {
    routeNetwork();
    const res = await signedNotification('1999999999');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true, result: 'unknown_payment' });
  });
});

describe('MercadoPago down at checkout', () => {
  it('answers a Spanish 502, keeps the order held, and the same checkout works once MercadoPago is back', async () => {
    const event = await createTestEvent(env, { capacity: 10, price_cents: 250_000 });
    const buyer = await createBuyer();
    const held = await asBuyer(buyer, '/holds', {
      method: 'POST',
      json: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity: 2 }] },
    });
    expect(held.status).toBe(201);
    const orderId = ((await held.json()) as { data: { id: string } }).data.id;
    const form = { ...BUYER_FORM, buyer: { ...BUYER_FORM.buyer, email: buyer.email } };

    let mercadoPagoDown = true;
    routeNetwork({
      mercadopago: (_request, next) => {
        if (mercadoPagoDown) throw new TypeError('Network connection lost.');
        return next();
      },
    });
    const down = await asBuyer(buyer, `/orders/${orderId}/checkout`, { method: 'POST', json: form });
    expect(down.status).toBe(502);
    expect(await down.json()).toEqual({
      status: false,
      message: 'MercadoPago no responde en este momento. Probá de nuevo en unos minutos.',
    });
    expect((await orderOf(buyer, orderId)).status).toBe('held');
    expect(await ticketsOfOrderInDb(orderId)).toHaveLength(0);

    mercadoPagoDown = false;
    const back = await asBuyer(buyer, `/orders/${orderId}/checkout`, { method: 'POST', json: form });
    expect(back.status).toBe(200);
    const { redirect } = ((await back.json()) as { data: { redirect: string } }).data;
    expect(redirect).toContain('/dev/mercadopago/');
  });
});

describe('the tickets e-mail is retried, tickets are issued once', () => {
  it('issues the tickets when the e-mail fails and sends it later from the cron job', async () => {
    await env.DB.exec(
      "create trigger mail_down before insert on dev_mail when new.subject like 'Tus entradas%' begin select raise(abort, 'mail down'); end",
    );
    try {
      const event = await createTestEvent(env, { capacity: 10, price_cents: 0 });
      const buyer = await createBuyer();
      const { orderId } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 2);
      expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'paid', tickets: 2 });
      const mailState = () =>
        env.DB.prepare('select tickets_mail_status as s, tickets_mail_attempts as n from orders where id = ?')
          .bind(orderId)
          .first<{ s: string; n: number }>();
      await eventually(async () => (await mailState())?.s === 'pending', 'the failed first try');
      expect((await mailState())?.n).toBe(1);
      expect(await mailsTo(buyer.email, 0)).toHaveLength(0);

      await env.DB.exec('drop trigger mail_down');
      // The retry is due a minute later.
      await env.DB.prepare('update orders set tickets_mail_at = ? where id = ?')
        .bind(new Date(Date.now() - 1000).toISOString(), orderId)
        .run();
      await runScheduledJobs(env);
      expect((await mailState())?.s).toBe('sent');
      expect((await mailsTo(buyer.email, 0)).filter((m) => m.subject.startsWith('Tus entradas'))).toHaveLength(1);
      await runScheduledJobs(env);
      expect((await mailsTo(buyer.email, 0)).filter((m) => m.subject.startsWith('Tus entradas'))).toHaveLength(1);
      expect(await ticketsOfOrderInDb(orderId)).toHaveLength(2);
    } finally {
      await env.DB.exec('drop trigger if exists mail_down');
    }
  });

  it('sends the largest allowed order (50 tickets) with its e-mail', async () => {
    const event = await createTestEvent(env, { capacity: 60, price_cents: 0, max_per_order: 50 });
    const buyer = await createBuyer();
    const held = await asBuyer(buyer, '/holds', {
      method: 'POST',
      json: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity: 50 }] },
    });
    expect(held.status).toBe(201);
    const orderId = ((await held.json()) as { data: { id: string } }).data.id;
    const res = await asBuyer(buyer, `/orders/${orderId}/checkout`, {
      method: 'POST',
      json: { ...BUYER_FORM, buyer: { ...BUYER_FORM.buyer, email: buyer.email } },
    });
    expect(res.status).toBe(200);
    expect(await ticketsOfOrderInDb(orderId)).toHaveLength(50);
    await eventually(
      async () => (await mailsTo(buyer.email, 0)).some((m) => m.subject.startsWith('Tus entradas')),
      'the tickets e-mail',
      15_000,
    );
  });

  it('encodes a large attachment for the mail API without throwing', async () => {
    const content = new Uint8Array(3 * 1024 * 1024 + 1).map((_, i) => (i * 7) & 0xff);
    let sent = '';
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      sent = String(init?.body);
      return new Response('{}', { status: 200 });
    });
    try {
      await sendMail({ ...env, DEV_MODE: '', MAIL_API_KEY: 'test-key' } as Env, {
        to: 'ana@prueba.local',
        subject: 'Adjunto grande',
        html: '<p>Hola</p>',
        text: 'Hola',
        attachments: [{ filename: 'entradas.pdf', contentType: 'application/pdf', content }],
      });
    } finally {
      spy.mockRestore();
    }
    const body = JSON.parse(sent) as { attachments: { content: string }[] };
    const decoded = Uint8Array.from(atob(body.attachments[0].content), (c) => c.charCodeAt(0));
    expect(decoded.length).toBe(content.length);
    expect(decoded.every((b, i) => b === content[i])).toBe(true);
  });
});

describe('the tickets PDF', () => {
  it('draws every QR module, as filled runs in one content stream per ticket', async () => {
    const codes = ['BOL1.abc.1.firma-uno', 'BOL1.def.1.firma-dos-un-poco-mas-larga'];
    const bytes = await ticketsPdf(
      codes.map((code) => ({
        code,
        eventTitle: 'Evento',
        when: 'Hoy',
        venue: 'Lugar',
        typeName: 'General',
        holder: 'Ana',
      })),
    );
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2);
    pdf.getPages().forEach((page, n) => {
      const contents = page.node.Contents();
      expect(contents).toBeInstanceOf(PDFArray);
      const streams = (contents as PDFArray).asArray().map((ref) => pdf.context.lookup(ref) as PDFRawStream);
      const text = streams.map((s) => new TextDecoder().decode(decodePDFRawStream(s).decode())).join('\n');
      const runs = [...text.matchAll(/^([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re$/gm)].map((m) => m.slice(1).map(Number));
      const qr = qrOf(codes[n]);
      const cell = runs[0][3];
      const left = Math.min(...runs.map((r) => r[0]));
      const top = Math.max(...runs.map((r) => r[1] + r[3]));
      const dark = new Set<string>();
      for (const [x, y, w] of runs) {
        for (let c = 0; c < w / cell; c++)
          dark.add(`${Math.round((top - y) / cell) - 1}:${Math.round((x - left) / cell) + c}`);
      }
      let expected = 0;
      for (let r = 0; r < qr.size; r++) {
        for (let c = 0; c < qr.size; c++) {
          if (!qr.isDark(r, c)) continue;
          expected++;
          expect(dark.has(`${r}:${c}`)).toBe(true);
        }
      }
      expect(dark.size).toBe(expected);
    });
  });
});
