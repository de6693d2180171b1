import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fromBase64url } from '../../../functions/domain/checkout/ticket-signing';
import { asBuyer, createBuyer } from '../kit/actors';
import { createTestEvent } from '../kit/events';
import { provider } from '../kit/http';
import { startPurchase, ticketsOfOrderInDb } from './checkout-fixtures';

async function boughtTicket() {
  const event = await createTestEvent(env, { price_cents: 0, capacity: 5 });
  const buyer = await createBuyer();
  const { orderId } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 1);
  const [ticket] = await ticketsOfOrderInDb(orderId);
  return { event, buyer, ticket };
}

/** A bought ticket its buyer offers to a friend by e-mail: the token of the link the friend gets. */
async function offered() {
  const bought = await boughtTicket();
  const friend = await createBuyer();
  const offer = await asBuyer(bought.buyer, `/tickets/${bought.ticket.id}/transfer`, {
    method: 'POST',
    json: { email: friend.email },
  });
  expect(offer.status).toBe(200);
  const mail = await env.DB.prepare('select links from dev_mail where to_address = ? order by id desc')
    .bind(friend.email)
    .first<{ links: string }>();
  const link = (JSON.parse(mail!.links) as string[]).find((l) => l.includes('/tickets/transfer?token='))!;
  return { ...bought, friend, token: new URL(link).searchParams.get('token')! };
}

async function verifyOffline(code: string) {
  const res = await provider('/tickets/public-key');
  const { data } = (await res.json()) as { data: { key: string } };
  const key = await crypto.subtle.importKey('raw', fromBase64url(data.key), { name: 'Ed25519' }, false, ['verify']);
  const parts = code.split('.');
  return crypto.subtle.verify(
    'Ed25519',
    key,
    fromBase64url(parts[3]),
    new TextEncoder().encode(parts.slice(0, 3).join('.')),
  );
}

describe('tickets', () => {
  it('carry a code a scanner verifies offline with the public key, and a forged one fails', async () => {
    const { ticket, event } = await boughtTicket();
    expect(ticket.code).toMatch(new RegExp(`^BOL1\\.${ticket.id}\\.${event.event_id}\\.`));
    expect(await verifyOffline(ticket.code)).toBe(true);
    const forged = ticket.code.replace(`.${event.event_id}.`, `.${event.event_id + 1}.`);
    expect(await verifyOffline(forged)).toBe(false);
  });

  it('are listed for their owner grouped by event, with a calendar file', async () => {
    const { buyer, ticket } = await boughtTicket();
    const res = await asBuyer(buyer, '/tickets');
    const { data } = (await res.json()) as {
      data: { event: { title: string }; tickets: { id: string; status: string }[] }[];
    };
    expect(data).toHaveLength(1);
    expect(data[0].tickets).toMatchObject([{ id: ticket.id, status: 'valid' }]);
    const ics = await asBuyer(buyer, `/tickets/${ticket.id}/calendar.ics`);
    expect(ics.headers.get('content-type')).toContain('text/calendar');
    expect(await ics.text()).toContain('BEGIN:VEVENT');
  });

  it('move to another person by e-mail: old code revoked, new code issued on acceptance', async () => {
    const { ticket, event, friend, token } = await offered();

    const wrongPerson = await asBuyer(await createBuyer(), '/tickets/transfers/accept', {
      method: 'POST',
      json: { token },
    });
    expect(wrongPerson.status).toBe(403);
    const accepted = await asBuyer(friend, '/tickets/transfers/accept', { method: 'POST', json: { token } });
    expect(accepted.status).toBe(200);
    const again = await asBuyer(friend, '/tickets/transfers/accept', { method: 'POST', json: { token } });
    expect(again.status).toBe(409);

    const old = await env.DB.prepare('select status from tickets where id = ?')
      .bind(ticket.id)
      .first<{ status: string }>();
    expect(old?.status).toBe('transferred');
    const mine = (await (await asBuyer(friend, '/tickets')).json()) as { data: { tickets: { code: string }[] }[] };
    expect(mine.data[0].tickets).toHaveLength(1);
    expect(mine.data[0].tickets[0].code).not.toBe(ticket.code);
    const admin = await createBuyer('SUPERADMIN');
    const list = await asBuyer(admin, `/tickets/revocations?event_id=${event.event_id}`);
    expect(((await list.json()) as { data: { ticket_id: string; reason: string }[] }).data).toEqual([
      expect.objectContaining({ ticket_id: ticket.id, reason: 'transferred' }),
    ]);
  });
});

describe('a pending transfer', () => {
  it('shows on the ticket and the recipient sees the event and a masked sender before signing in', async () => {
    const { buyer, ticket, friend, token } = await offered();
    const mine = (await (await asBuyer(buyer, '/tickets')).json()) as {
      data: { tickets: { id: string; status: string; pending_transfer_to: string | null }[] }[];
    };
    expect(mine.data[0].tickets[0]).toMatchObject({
      id: ticket.id,
      status: 'valid',
      pending_transfer_to: friend.email,
    });

    const preview = await provider(`/tickets/transfers/preview?token=${token}`);
    expect(preview.status).toBe(200);
    const { data } = (await preview.json()) as {
      data: { status: string; event: { title: string; starts_at: string; venue: string }; sender: string };
    };
    expect(data.status).toBe('pending');
    expect(data.event.title).toBeTruthy();
    expect(data.event.starts_at).toBeTruthy();
    expect(data.sender).toMatch(/^.{1,2}\*\*\*@/);
    expect(data.sender).not.toContain(buyer.email.split('@')[0]);
    expect((await provider('/tickets/transfers/preview?token=token-que-no-existe')).status).toBe(404);
  });

  it('is cancelled by its sender: the link stops working and the ticket stays theirs', async () => {
    const { buyer, ticket, friend, token } = await offered();
    // Only the owner may cancel.
    expect((await asBuyer(friend, `/tickets/${ticket.id}/transfer`, { method: 'DELETE' })).status).toBe(404);
    const cancel = await asBuyer(buyer, `/tickets/${ticket.id}/transfer`, { method: 'DELETE' });
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as { message: string }).message).toMatch(/^Cancelaste la transferencia/);
    const again = await asBuyer(buyer, `/tickets/${ticket.id}/transfer`, { method: 'DELETE' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      'Esta entrada no tiene una transferencia pendiente.',
    );
    const accept = await asBuyer(friend, '/tickets/transfers/accept', { method: 'POST', json: { token } });
    expect(accept.status).toBe(404);
    expect((await provider(`/tickets/transfers/preview?token=${token}`)).status).toBe(404);
    const mine = (await (await asBuyer(buyer, '/tickets')).json()) as {
      data: { tickets: { id: string; status: string; pending_transfer_to: string | null }[] }[];
    };
    expect(mine.data[0].tickets[0]).toMatchObject({ id: ticket.id, status: 'valid', pending_transfer_to: null });
  });

  it('cannot be both cancelled and accepted when both race', async () => {
    const { buyer, ticket, friend, token } = await offered();
    const [cancel, accept] = await Promise.all([
      asBuyer(buyer, `/tickets/${ticket.id}/transfer`, { method: 'DELETE' }),
      asBuyer(friend, '/tickets/transfers/accept', { method: 'POST', json: { token } }),
    ]);
    expect([cancel.status, accept.status].filter((s) => s === 200)).toHaveLength(1);
    const row = await env.DB.prepare('select status from ticket_transfers where ticket_id = ?')
      .bind(ticket.id)
      .first<{ status: string }>();
    const old = await env.DB.prepare('select status from tickets where id = ?')
      .bind(ticket.id)
      .first<{ status: string }>();
    if (cancel.status === 200) {
      expect(row?.status).toBe('cancelled');
      expect(old?.status).toBe('valid');
    } else {
      expect(row?.status).toBe('accepted');
      expect(old?.status).toBe('transferred');
    }
  });
});

describe('door check of a ticket code', () => {
  it('lets the producer staff and superadmins check a code, not staff of another producer', async () => {
    const { event, ticket } = await boughtTicket();
    const verify = (who: Awaited<ReturnType<typeof createBuyer>>) =>
      asBuyer(who, '/tickets/verify', { method: 'POST', json: { code: ticket.code } });

    const outsider = await createBuyer('ADMIN');
    const refused = await verify(outsider);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'No tenés permiso para validar entradas de este evento.',
    );

    const collaborator = await createBuyer('COLABORATORS');
    await env.DB.prepare("insert into producer_members (producer_id, user_id, role) values (?, ?, 'DOOR')")
      .bind(event.producer_id, collaborator.id)
      .run();
    const checked = await verify(collaborator);
    expect(checked.status).toBe(200);
    expect(((await checked.json()) as { data: { valid: boolean } }).data.valid).toBe(true);

    expect((await verify(await createBuyer('SUPERADMIN'))).status).toBe(200);
  });
});

describe('ticket PDF', () => {
  it('renders one page per ticket', async () => {
    const { ticketsPdf } = await import('../../../functions/api/services/checkout/ticket-pdf');
    const { PDFDocument } = await import('pdf-lib');
    const ticket = {
      code: 'BOL1.abc.1.sig',
      eventTitle: 'Fiesta Ñandú',
      when: 'sáb 14 dic · 21:00',
      venue: 'Niceto',
      typeName: 'General',
      holder: 'Ana',
    };
    const bytes = await ticketsPdf([ticket, { ...ticket, holder: 'Beto' }]);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
  });
});
