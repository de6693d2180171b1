import { readFile } from 'node:fs/promises';
import { formatMoney } from '../src/shared/money';
import { createVerifiedUser } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { buyAndPay, buyerOrder } from './support/checkout';
import { DEMO, loginAs, newPage } from './support/session';
import { expect, test } from './support/test';
import { singleTicketEvent } from './support/waitlist';

/**
 * "Mis datos" (issue 35): a person sees and downloads all their data from Perfil, asks for their account to be
 * deleted, and, once the cron job of the running instance carried it out, can no longer log in. Their past order
 * still counts in the producer's sales and Finanzas, under a pseudonym instead of their name and e-mail.
 */
test('a person downloads their data, asks for deletion by keyboard, can no longer log in, and their order stays under a pseudonym', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const user = await createVerifiedUser(request, 'misdatos');
  await loginAs(page, user.email, user.password);
  // A purchase before the request: an event of the demo producer with one ticket, paid in the sandbox.
  const title = `Mis datos ${Date.now()}`;
  const event = await singleTicketEvent(request, title);
  const orderId = await buyAndPay(page, event.event_id, event.ticket_type_id);
  const amount = formatMoney((await buyerOrder(page.request, orderId)).total_cents);

  await page.goto('/perfil');
  const panel = page.getByRole('region', { name: 'Tus datos personales' });
  await expect(panel).toBeVisible();

  // The readable page: the account, the consents given at registration, the e-mails sent.
  await panel.getByRole('link', { name: 'Ver mis datos' }).click();
  await expect(page.getByRole('heading', { name: 'Mis datos personales', level: 1 })).toBeVisible();
  await expect(page.getByText(user.email).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Consentimientos' })).toContainText('Términos y condiciones');
  await expect(page.getByRole('region', { name: 'Correos que te enviamos' })).toContainText('Verificá tu correo');
  await expectNoSeriousA11yViolations(page, 'mis datos');

  // The JSON file.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Descargar mis datos (JSON)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('mis-datos-boleteria.json');
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    data: { account: { email: string }; consents: { kind: string; version: string }[] };
  };
  expect(file.data.account.email).toBe(user.email);
  expect(file.data.consents.map((c) => c.kind)).toEqual(['terms', 'promotions']);

  // The deletion request, by keyboard: the choice, the confirmation, the button.
  await page.goto('/perfil');
  await expectNoSeriousA11yViolations(page, 'perfil con borrar cuenta');
  const cancel = panel.getByRole('radio', { name: 'Cancelalas sin devolución' });
  await cancel.focus();
  await page.keyboard.press('Space');
  await expect(cancel).toBeChecked();
  const confirm = panel.getByRole('checkbox', { name: 'Entiendo que no se puede deshacer' });
  await confirm.focus();
  await page.keyboard.press('Space');
  const submit = panel.getByRole('button', { name: 'Pedir que borren mi cuenta' });
  await expect(submit).toBeEnabled();
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status')).toContainText('Tu pedido está en curso');

  // The instance's cron job (every minute) anonymises the account: the password stops working.
  await expect
    .poll(
      async () =>
        (await request.post('/api/v1/login', { data: { email: user.email, password: user.password } })).status(),
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBe(401);

  // The producer's back office: the order is still there, with its amount, under the pseudonym.
  const admin = await newPage(browser, DEMO.admin);
  await admin.goto('/admin/tickets');
  await admin.locator('astro-island[component-url*="admin-orders"]:not([ssr])').waitFor({ state: 'attached' });
  await admin.getByLabel('Buscar', { exact: true }).fill(orderId);
  await admin.getByRole('button', { name: 'Buscar', exact: true }).click();
  const row = admin.getByRole('row').filter({ has: admin.getByRole('button', { name: orderId.slice(0, 8) }) });
  await expect(row).toContainText(/Persona borrada [0-9A-F]{8}/);
  const pseudonym = (await row.textContent())?.match(/Persona borrada [0-9A-F]{8}/)?.[0] ?? '';
  await expect(row).toContainText(amount);
  await row.getByRole('button', { name: orderId.slice(0, 8) }).click();
  const detail = admin.getByRole('article', { name: `Orden ${orderId.slice(0, 8)}` });
  await expect(detail).toContainText(pseudonym);
  for (const shown of [row, detail]) {
    await expect(shown).not.toContainText(user.name);
    await expect(shown).not.toContainText(user.email);
  }

  // Finanzas: the event's gross sales still include the order.
  await admin.goto('/admin/finance');
  // The last 7 days, not "hoy": a sale a moment before midnight (Argentina) is yesterday's a moment later.
  await admin.getByRole('combobox', { name: 'Período' }).selectOption('7d');
  await admin.getByRole('combobox', { name: 'Evento' }).selectOption(String(event.event_id));
  await expect(admin.getByRole('row', { name: new RegExp(title) })).toContainText(amount);
  await admin.context().close();
});
