import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createServer } from '../../../functions/server';
import { asBuyer, createBuyer } from '../kit/actors';
import { browser, ORIGIN, provider } from '../kit/http';

describe('provider API key', () => {
  it('refuses a call without the API key with 401 JSON', async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/v1/locations`, { headers: { 'x-api-key': '' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ status: false, message: 'Clave de API inválida o ausente' });
  });

  it('refuses a call with a wrong API key', async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/v1/locations`, { headers: { 'x-api-key': 'wrong' } });
    expect(res.status).toBe(401);
  });

  it('answers a call with the right key', async () => {
    const res = await provider('/locations');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { pais: { name: string; provincias: unknown[] }[] } };
    expect(body.data.pais[0].name).toBe('Argentina');
    expect(body.data.pais[0].provincias).toHaveLength(24);
  });
});

describe('edge proxy', () => {
  it('adds the API key to calls from the browser', async () => {
    const res = await browser('/api/v1/locations');
    expect(res.status).toBe(200);
  });

  it('refuses unsafe methods from another origin', async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/v1/login`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe('Solicitud rechazada: origen no permitido');
  });

  it('answers unknown API paths with 404 JSON in Spanish', async () => {
    const res = await browser('/api/nada');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe('Recurso no encontrado');
  });
});

describe('provider API errors', () => {
  it('answers a body that is not JSON with 400 and a Spanish message', async () => {
    const res = await provider('/login', { method: 'POST', body: '{not json' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Entrada inválida');
  });
});

describe('validation messages', () => {
  it('answers a wrongly typed field with a Spanish message', async () => {
    const buyer = await createBuyer();
    const res = await asBuyer(buyer, '/holds', {
      method: 'POST',
      json: { event_id: 1, items: [{ ticket_type_id: 'uno', quantity: 1 }] },
    });
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as { errors: Record<string, string[]> };
    expect(errors['items.0.ticket_type_id'][0]).toMatch(/^Entrada inválida/);
  });
});

describe('development tools', () => {
  it('answer 404 when the development flag is not set', async () => {
    const { devRoutes } = await import('../../../functions/dev/routes');
    const production = { ...env, DEV_MODE: '' };
    for (const path of ['/correo', '/correo.json?to=usuario@demo.ar', '/mercadopago/checkout/preferences']) {
      const res = await devRoutes.request(path, {}, production);
      expect(res.status).toBe(404);
    }
    expect((await devRoutes.request('/seed', { method: 'POST' }, production)).status).toBe(404);
  });

  it('serve the mailbox as JSON, newest first, when the flag is set', async () => {
    const { sendMail } = await import('../../../functions/mail/port');
    await sendMail(env, { to: 'Buzon@Prueba.local', subject: 'Primero', html: '<p>1</p>', text: '1' });
    await sendMail(env, {
      to: 'buzon@prueba.local',
      subject: 'Segundo',
      html: '<a href="http://localhost:8787/verify-email?token=abc">Verificar</a>',
      text: '2',
    });
    const res = await SELF.fetch(`${ORIGIN}/dev/correo.json?to=buzon@prueba.local`);
    const mails = (await res.json()) as { subject: string; links: string[]; created_at: string }[];
    expect(mails.map((m) => m.subject)).toEqual(['Segundo', 'Primero']);
    expect(mails[0].links).toEqual(['http://localhost:8787/verify-email?token=abc']);
    const page = await SELF.fetch(`${ORIGIN}/dev/correo`);
    expect(await page.text()).toContain('Correo de desarrollo');
  });
});

describe('unexpected failures', () => {
  const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} };

  it('an unreachable provider answers Spanish JSON, not Hono English', async () => {
    const server = createServer(() => new Response(null, { status: 404 }));
    const res = await server.fetch(
      new Request(`${ORIGIN}/api/v1/locations`, { headers: { 'sec-fetch-site': 'same-origin' } }),
      { ...env, API_ORIGIN: 'http://127.0.0.1:9' },
      ctx,
    );
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ status: false, message: 'Ocurrió un error inesperado. Probá de nuevo.' });
  });

  it('a page that throws answers a Spanish text', async () => {
    const server = createServer(() => {
      throw new Error('boom');
    });
    const res = await server.fetch(new Request(`${ORIGIN}/eventos`), env, ctx);
    expect(res.status).toBe(500);
    expect(await res.text()).toBe('Ocurrió un error inesperado. Probá de nuevo.');
  });
});
