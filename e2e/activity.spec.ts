import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

/**
 * "Actividad" (issue 35): a change made in Configuración shows in the producer's activity log with who made
 * it and what it was before and after; the filters (person, kind) narrow it, by keyboard.
 */
test('a settings change shows in Actividad, and the filters narrow the log', async ({ page }) => {
  await loginAs(page, DEMO.admin);
  await page.goto('/admin/configurations');
  const days = page.getByRole('textbox', { name: 'Borrar datos de asistentes N días después del evento' });
  await expect(days).toBeVisible();
  // A value of its own per run, so this run's entry is told apart from earlier ones.
  const value = String(100 + Math.floor(Math.random() * 800));
  await days.fill(value);
  await page.getByRole('button', { name: 'Guardar configuración' }).click();
  await expect(page.getByText('Configuración guardada').first()).toBeVisible();

  await page.getByRole('link', { name: 'Ver la actividad del equipo' }).click();
  await expect(page.getByRole('heading', { name: 'Actividad', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'actividad');

  // Filter by kind, then by person, by keyboard.
  const kind = page.getByLabel('Tipo de cambio');
  await kind.focus();
  await kind.selectOption({ label: 'Configuración' });
  await page.getByRole('button', { name: 'Filtrar' }).press('Enter');
  await page.waitForURL(/kind=settings/);
  const log = page.getByTestId('activity-log');
  const rows = log.locator('tbody tr');
  await expect(rows.first()).toContainText('Cambio de configuración');
  await expect(rows.first()).toContainText(`"attendee_retention_days":${value}`);
  for (const action of await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-action'))))
    expect(['settings_change', 'retention_change', 'mp_link', 'mp_unlink']).toContain(action);

  const person = page.getByLabel('Persona');
  const name = (await rows.first().locator('td').nth(1).textContent())!.trim();
  await person.selectOption({ label: name });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await page.waitForURL(/actor_id=\d+/);
  const names = await log.locator('tbody tr td:nth-child(2)').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  expect(new Set(names.map((n) => n.trim()))).toEqual(new Set([name]));
  await expectNoSeriousA11yViolations(page, 'actividad filtrada');
});
