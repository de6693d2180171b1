import { readFile } from 'node:fs/promises';
import { createVerifiedUser } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { loginAs } from './support/session';
import { expect, test } from './support/test';

/**
 * "Mis datos" (issue 35): a person sees and downloads all their data from Perfil, asks for their account to be
 * deleted, and, once the cron job of the running instance carried it out, can no longer log in.
 */
test('a person downloads their data, asks for deletion by keyboard, and can no longer log in', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const user = await createVerifiedUser(request, 'misdatos');
  await loginAs(page, user.email, user.password);

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
});
