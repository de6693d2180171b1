import type { Browser } from '@playwright/test';
import { DEMO, loginAs } from './session';
import { expect } from './test';

/**
 * The door's scanner on a 390 px phone, as the demo door collaborator, with `eventId` chosen once the island is
 * live (a choice made in the server HTML before hydration is lost) and scanning started.
 */
export async function doorOnPhone(browser: Browser, eventId: number) {
  const door = await (await browser.newContext({ locale: 'es-AR', viewport: { width: 390, height: 844 } })).newPage();
  await loginAs(door, DEMO.colaborador);
  await door.goto('/admin/access-control/full');
  await door.locator('astro-island[component-url*="door-scanner"]:not([ssr])').waitFor({ state: 'attached' });
  await door.getByLabel('Evento').selectOption(String(eventId));
  await expect(door.getByRole('button', { name: 'Empezar a escanear' })).toBeEnabled();
  await door.getByRole('button', { name: 'Empezar a escanear' }).click();
  return door;
}
