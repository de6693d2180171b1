import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

/**
 * The webhooks screen (issue 34): the producer's admin creates an endpoint pointing at a receiver of this test
 * (local addresses are allowed in development mode only), sees its secret once, sends a test, reads the log and
 * replays the delivery; every request the receiver gets verifies with that secret (Standard Webhooks).
 */
test('the producer creates a webhook endpoint, sees the log and replays a delivery', async ({ page }) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`recibido ${received.length}`);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/boleteria`;
  try {
    await loginAs(page, DEMO.admin);
    await page.goto('/admin/integraciones/webhooks');
    await page.locator('astro-island[component-url*="webhooks-admin"]:not([ssr])').waitFor({ state: 'attached' });

    // Bad input first: not https and not local.
    await page.getByLabel('URL del destino').fill('http://ejemplo.com.ar/hooks');
    await page.getByRole('button', { name: 'Crear destino' }).click();
    await expect(page.getByText('La URL tiene que usar https')).toBeVisible();

    await page.getByLabel('URL del destino').fill(url);
    await page.getByLabel('Descripción').fill('CRM de prueba');
    await page.getByRole('checkbox', { name: /Orden reembolsada/ }).check();
    await page.getByRole('button', { name: 'Crear destino' }).click();
    const secretBox = page.getByTestId('webhook-secret');
    await expect(secretBox).toContainText('whsec_');
    const secret = (await secretBox.locator('code').textContent()) ?? '';

    const row = page.locator(`[data-endpoint="${url}"]`);
    await row.getByRole('button', { name: 'Enviar prueba' }).click();
    await expect(page.getByRole('heading', { name: `Envíos a ${url}` })).toBeVisible();
    const delivery = page.locator('[data-delivery]').first();
    await expect(delivery).toContainText('Entregado');
    await expect(delivery.getByRole('row')).toHaveCount(2);
    await expect(delivery).toContainText('recibido 1');
    await expectNoSeriousA11yViolations(page, 'webhooks');

    await delivery.getByRole('button', { name: 'Reenviar' }).click();
    await expect(delivery.getByRole('row')).toHaveCount(3);
    await expect(delivery).toContainText('recibido 2');
    await expect(delivery).toContainText(/\d\d\/\d\d\/\d{4} \d\d:\d\d · Reenviar/);

    // Both requests carry the same message id and verify with the secret shown once.
    expect(received).toHaveLength(2);
    expect(received[0].headers['webhook-id']).toBe(received[1].headers['webhook-id']);
    for (const { headers, body } of received) {
      const signed = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`;
      const expected = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
        .update(signed)
        .digest();
      const given = Buffer.from(String(headers['webhook-signature']).split(',')[1] ?? '', 'base64');
      expect(given.length === expected.length && timingSafeEqual(given, expected)).toBe(true);
      expect(JSON.parse(body)).toMatchObject({ type: 'webhook.test' });
    }

    // Deleted, with a confirmation in the app's own dialog.
    await row.getByRole('button', { name: 'Borrar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Borrar' }).click();
    await expect(row).toHaveCount(0);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
