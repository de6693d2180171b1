import type { Locator, Page } from '@playwright/test';

/**
 * Before/after pictures for an issue's closing note: with `SCREENSHOTS=antes` (run against main) or
 * `SCREENSHOTS=despues` (this branch), `shoot(page, '32-1-verificacion')` writes
 * docs/screenshots/32-1-verificacion-<when>.png; without it, nothing. Small PNGs: the viewport (or one element).
 */
export async function shoot(page: Page, name: string, element?: Locator) {
  const when = process.env.SCREENSHOTS;
  if (when !== 'antes' && when !== 'despues') return;
  const path = `docs/screenshots/${name}-${when}.png`;
  if (element) await element.screenshot({ path, animations: 'disabled' });
  else await page.screenshot({ path, animations: 'disabled' });
}
