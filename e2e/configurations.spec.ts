import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

test.describe('Configuración', () => {
  test('links MercadoPago through the sandbox’s authorization page and shows the account as linked', async ({
    page,
  }) => {
    await loginAs(page, DEMO.admin);
    await page.goto('/admin/configurations');
    await expect(page.getByRole('heading', { name: 'Configuración', level: 1 })).toBeVisible();
    const status = page.getByTestId('mp-status');
    await expect(status).toContainText('Sin vincular');

    await page.getByRole('button', { name: 'Vincular cuenta de MercadoPago' }).click();
    await page.waitForURL(/\/dev\/mercadopago\/authorization\?/);
    const authorization = new URL(page.url());
    expect(authorization.searchParams.get('response_type')).toBe('code');
    expect(authorization.searchParams.get('platform_id')).toBe('mp');
    expect(authorization.searchParams.get('redirect_uri')).toMatch(/\/admin\/configurations\/mercadopago$/);
    await expect(page.getByRole('heading', { name: 'Autorizar aplicación' })).toBeVisible();
    await page.getByRole('button', { name: 'Autorizar' }).click();

    await page.waitForURL(/\/admin\/configurations\?productora=\d+&mp=vinculado/);
    await expect(page.getByText('Listo: vinculaste tu cuenta de MercadoPago.')).toBeVisible();
    await expect(status).toContainText('Vinculada');

    // Unlinking leaves the demo producer as the other suites expect it.
    // The app's own dialog (never the browser's confirm()), styled as destructive.
    await page.getByRole('button', { name: 'Desvincular' }).click();
    const confirmUnlink = page.getByRole('dialog', { name: 'Desvincular la cuenta de MercadoPago' });
    await expect(confirmUnlink).toBeVisible();
    await confirmUnlink.getByRole('button', { name: 'Desvincular' }).click();
    await expect(confirmUnlink).toBeHidden();
    await expect(status).toContainText('Sin vincular');
  });

  test('explains a CUIT with a wrong check digit before saving', async ({ page }) => {
    await loginAs(page, DEMO.admin);
    // Typed only once the form is live: a value typed into the server HTML is never validated.
    await page.goto('/admin/configurations');
    const cuit = page.getByLabel('CUIT');
    await cuit.fill('20-12345678-7');
    await expect(page.getByText('El CUIT no es válido: revisá el dígito verificador.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Guardar configuración', exact: true })).toBeDisabled();
    await cuit.fill('20-12345678-6');
    await page.getByRole('button', { name: 'Guardar configuración', exact: true }).click();
    await expect(page.getByText('Configuración guardada')).toBeVisible();
  });
});
