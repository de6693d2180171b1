import { type Page, request as playwrightRequest } from '@playwright/test';
import { freePort } from '../scripts/lib/free-port.mjs';
import { linkTo, newUser, registerByApi, SUBJECT } from './support/accounts';
import { type Instance, startInstance } from './support/instance';
import type { Mail } from './support/mailbox';
import { DEMO, DEMO_PASSWORD } from './support/session';
import { expect, test } from './support/test';

// The edge in front of an external provider, as an operator runs it: a provider instance (its own
// database, mailbox and MercadoPago sandbox) whose PUBLIC_ORIGIN is the edge, and an edge-only instance
// whose API_ORIGIN is that provider. Every flow of a buyer goes through the edge; e-mails land in the
// provider's mailbox with links to the edge.
test.describe.configure({ mode: 'serial' });

let provider: Instance;
let edge: Instance;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const edgePort = await freePort();
  const hasEvents = async (origin: string) =>
    ((await (await fetch(`${origin}/api/v1/events`)).json()) as { data?: unknown[] }).data?.length !== 0;
  provider = await startInstance('provider', { PUBLIC_ORIGIN: `http://localhost:${edgePort}` }, hasEvents);
  edge = await startInstance('edge', { API_ORIGIN: provider.origin }, undefined, edgePort);
});

test.afterAll(() => {
  edge?.stop();
  provider?.stop();
});

async function mails(to: string): Promise<Mail[]> {
  const res = await fetch(`${provider.origin}/dev/correo.json?to=${encodeURIComponent(to)}`);
  return (await res.json()) as Mail[];
}

async function waitForProviderMail(to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      found = (await mails(to)).find((m) => subject.test(m.subject));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

async function loginAtEdge(page: Page, email: string, password: string) {
  const res = await page.request.post(`${edge.origin}/api/v1/login`, { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

test('browsing through the edge: catalogue, event page and its images', async ({ page }) => {
  await page.goto(`${edge.origin}/eventos`);
  const first = page.locator('article a[href^="/eventos/"]').first();
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Covers are served by the provider's bucket, through the edge's /media.
  const cover = page.locator('img[src^="/media/"]').first();
  const src = await cover.getAttribute('src');
  const image = await page.request.get(`${edge.origin}${src}`);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toMatch(/^image\//);
});

test('register, verify from the e-mailed link and land logged in at the edge', async ({ page }) => {
  const user = newUser('externo');
  const atEdge = await playwrightRequest.newContext({ baseURL: edge.origin });
  await registerByApi(atEdge, user);
  await atEdge.dispose();
  const mail = await waitForProviderMail(user.email, SUBJECT.verify);
  const link = linkTo(mail, '/verify-email');
  expect(new URL(link).origin).toBe(edge.origin);
  await page.goto(link);
  await expect(page.getByRole('button', { name: /Hola, Valentina/ })).toBeVisible();
});

test('buy and pay in the sandbox through the edge: success page, tickets e-mail and Mis tickets', async ({ page }) => {
  await loginAtEdge(page, DEMO.usuario, DEMO_PASSWORD);
  type Type = { id: number; name: string; price_cents: number; named: boolean; remaining: number };
  const list = (await (await page.request.get(`${edge.origin}/api/v1/events`)).json()) as { data: { id: number }[] };
  let pick: { eventId: number; title: string; type: Type } | null = null;
  for (const { id } of list.data) {
    const { data } = (await (await page.request.get(`${edge.origin}/api/v1/events/${id}`)).json()) as {
      data: { title: string; dates: { ticket_types: Type[] }[] };
    };
    const type = data.dates[0]?.ticket_types.find((t) => t.price_cents > 0 && !t.named && t.remaining > 5);
    if (type) {
      pick = { eventId: id, title: data.title, type };
      break;
    }
  }
  expect(pick).not.toBeNull();
  const { eventId, title, type } = pick!;

  await page.goto(`${edge.origin}/eventos/${eventId}`);
  await expect(page.locator('ticket-selector')).toHaveAttribute('data-ready', '1');
  await page
    .getByRole('button', { name: `Agregar una entrada ${type.name}` })
    .first()
    .click();
  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(page).toHaveURL(new RegExp(`^${edge.origin}/checkout\\?order=`));
  await page.locator('astro-island[component-url*="checkout-form"]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByRole('checkbox', { name: /Acepto los términos/ }).check();
  await page.getByRole('button', { name: 'Pagar con Mercado Pago' }).click();

  // MercadoPago's checkout (the provider's sandbox), then back to the edge's success page.
  await expect(page.getByRole('heading', { name: 'Pagar compra' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(provider.origin);
  await page.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page).toHaveURL(new RegExp(`^${edge.origin}/payment/success\\?`));
  await expect(page.getByRole('heading', { name: '¡Compra confirmada!' })).toBeVisible();

  const mail = await waitForProviderMail(DEMO.usuario, new RegExp(`entradas para ${title}`));
  expect(mail.links.some((href) => href.startsWith(`${edge.origin}/mis-tickets`))).toBe(true);
  await page.goto(`${edge.origin}/mis-tickets`);
  await expect(page.getByRole('region', { name: title }).getByRole('img', { name: /Código QR/ })).toHaveCount(1);
});

test('the revocation form (Botón de arrepentimiento) through the edge', async ({ page }) => {
  const email = `arrepentida-${Date.now()}@prueba.ar`;
  await page.goto(`${edge.origin}/arrepentimiento`);
  await page.getByLabel('Nombre y apellido').fill('Lucía Arrepentida');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('DNI (sin puntos)').fill('30111222');
  await page.getByLabel('Número de orden').fill('ORD-1');
  await page.getByRole('button', { name: 'Enviar solicitud de arrepentimiento' }).click();
  const code = await page.getByTestId('revocation-code').textContent();
  expect(code?.trim()).toMatch(/^ARR-/);
  const mail = await waitForProviderMail(email, /Solicitud de arrepentimiento/);
  expect(mail.subject).toContain(code!.trim());
});

test('the external provider refuses calls without the API key', async () => {
  const res = await fetch(`${provider.origin}/api/v1/locations`, { headers: { 'x-api-key': 'wrong' } });
  expect(res.status).toBe(401);
  // And the edge has no provider of its own: a keyed call is forwarded, never answered from a local database.
  const context = await playwrightRequest.newContext();
  const viaEdge = await context.get(`${edge.origin}/api/v1/locations`, { headers: { 'x-api-key': 'wrong' } });
  expect(viaEdge.status()).toBe(200);
  await context.dispose();
});
