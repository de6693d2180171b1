import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { REVOCATION_DESK } from '../../../src/shared/schemas/refunds';
import { provider } from '../kit/http';
import { mailsTo } from '../kit/mail';

const request = (email: string) => ({
  name: 'Lucía Arrepentida',
  email,
  dni: '30111222',
  order: 'ORD-123',
  reason: 'Me equivoqué de fecha',
});

describe('POST /revocations (Botón de arrepentimiento)', () => {
  it('records the request with its code and e-mails the buyer and the refunds desk', async () => {
    const email = `arrepentida-${Date.now()}@prueba.local`;
    const res = await provider('/revocations', { method: 'POST', body: JSON.stringify(request(email)) });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { code: string; mailed: boolean } };
    expect(data.code).toMatch(/^ARR-\d{8}-[A-Z2-9]{5}$/);
    expect(data.mailed).toBe(true);

    const stored = await env.DB.prepare('select email, order_ref, mailed from revocation_requests where code = ?')
      .bind(data.code)
      .first();
    expect(stored).toEqual({ email, order_ref: 'ORD-123', mailed: 1 });
    const buyerMail = await mailsTo(email, 0);
    expect(buyerMail).toHaveLength(1);
    expect(buyerMail[0].subject).toContain(data.code);
    const desk = (await mailsTo(REVOCATION_DESK, 0)).filter((m) => m.subject.includes(data.code));
    expect(desk).toHaveLength(1);
    expect(desk[0].text).toContain('DNI: 30111222');
  });

  it('answers each bad field in Spanish and records nothing', async () => {
    const res = await provider('/revocations', {
      method: 'POST',
      body: JSON.stringify({ ...request('no-es-un-correo'), dni: '12.345.678', order: '' }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(body.errors.email).toEqual(['Correo debe ser valido']);
    expect(body.errors.dni).toEqual(['DNI debe tener exactamente 8 dígitos sin puntos']);
    expect(body.errors.order).toEqual(['Número de orden es Requerido']);
    const count = await env.DB.prepare(
      "select count(*) as n from revocation_requests where email = 'no-es-un-correo'",
    ).first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it('throttles requests per e-mail address (5 an hour) with a Spanish 429', async () => {
    const email = `insistente-${Date.now()}@prueba.local`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await provider('/revocations', { method: 'POST', body: JSON.stringify(request(email)) });
      statuses.push(res.status);
      if (res.status === 429) expect(((await res.json()) as { message: string }).message).toMatch(/intentos/i);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('throttles requests per client address (20 an hour)', async () => {
    const headers = { 'x-client-ip': `203.0.113.${Date.now() % 250}` };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const body = JSON.stringify(request(`visitante-${Date.now()}-${i}@prueba.local`));
      statuses.push((await provider('/revocations', { method: 'POST', body, headers })).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
