import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { THROTTLE_RULES } from '../../../functions/domain/throttle-rules';
import { asBuyer, createBuyer } from '../kit/actors';
import { createTestEvent } from '../kit/events';
import { mailsTo } from '../kit/mail';
import { startPurchase, ticketsOfOrderInDb } from './checkout-fixtures';

const TOO_MANY = 'Demasiados intentos. Esperá unos minutos y probá de nuevo.';
const PHISH = 'Soporte MercadoPago: verifique su cuenta en https://evil.invalid/login';

async function boughtTicket() {
  const event = await createTestEvent(env, { price_cents: 0, capacity: 5 });
  const buyer = await createBuyer();
  const { orderId } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 1);
  const [ticket] = await ticketsOfOrderInDb(orderId);
  return { buyer, ticket };
}

const offer = (buyer: Awaited<ReturnType<typeof createBuyer>>, ticketId: string, email: string) =>
  asBuyer(buyer, `/tickets/${ticketId}/transfer`, { method: 'POST', json: { email } });

let n = 0;
const stranger = () => `destino-${Date.now()}-${++n}@prueba.local`;

describe('ticket transfers are not an e-mail relay', () => {
  it('throttles transfer offers per user, with a Spanish 429 and no e-mail past the limit', async () => {
    const { limit } = THROTTLE_RULES.transferUser;
    const { buyer, ticket } = await boughtTicket();
    for (let i = 0; i < limit; i++) expect((await offer(buyer, ticket.id, stranger())).status).toBe(200);
    const target = stranger();
    const refused = await offer(buyer, ticket.id, target);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ status: false, message: TOO_MANY });
    expect(await mailsTo(target, 0)).toHaveLength(0);
  });

  it("never puts the sender's chosen name in the product's voice", async () => {
    const { buyer, ticket } = await boughtTicket();
    await env.DB.prepare('update users set name = ? where id = ?').bind(PHISH, buyer.id).run();
    const target = stranger();
    expect((await offer(buyer, ticket.id, target)).status).toBe(200);
    const [mail] = await mailsTo(target);
    for (const part of [mail.subject, mail.html, mail.text]) {
      expect(part).not.toContain('MercadoPago');
      expect(part).not.toContain('evil.invalid');
    }
    // The sender is named by their (masked) account address, as data.
    const masked = `${buyer.email[0]}***@prueba.local`;
    expect(mail.text).toContain(`Una persona con la cuenta ${masked}`);
    expect(mail.subject).toBe('Te transfirieron una entrada en Boletería');
  });

  it("does not tell a wrong account the recipient's address", async () => {
    const { buyer, ticket } = await boughtTicket();
    const target = stranger();
    expect((await offer(buyer, ticket.id, target)).status).toBe(200);
    const [mail] = await mailsTo(target);
    const link = (JSON.parse(mail.links) as string[]).find((l) => l.includes('/tickets/transfer?token='));
    const token = new URL(link ?? '').searchParams.get('token');
    const wrong = await asBuyer(await createBuyer(), '/tickets/transfers/accept', { method: 'POST', json: { token } });
    expect(wrong.status).toBe(403);
    const { message } = (await wrong.json()) as { message: string };
    expect(message).not.toContain(target);
    expect(message).toBe('Esta entrada fue enviada a otro correo. Ingresá con esa cuenta para aceptarla.');
  });
});
