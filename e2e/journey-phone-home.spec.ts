import { shoot } from './support/screenshot';
import { expect, test } from './support/test';

/**
 * Issue 32, item 8, on a 390×844 phone: the home page shows an event on its first screen (above the bottom
 * bar), and an event page shows its title once, under the cover instead of over it (covers often carry the
 * title in their artwork).
 */
test.use({ viewport: { width: 390, height: 844 } });

test('the phone home page shows an event card, title included, on its first screen', async ({ page }) => {
  await page.goto('/');
  await shoot(page, '32-8-inicio');
  const bar = await page.getByRole('navigation', { name: 'Barra inferior' }).boundingBox();
  expect(bar).not.toBeNull();
  const firstTitle = page.locator('main article').first().getByRole('link');
  const box = await firstTitle.boundingBox();
  expect(box, 'the first event card has a title link').not.toBeNull();
  // Its title is fully on the first screen, above the bottom bar, without scrolling.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(box!.y).toBeGreaterThan(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y);
});

test('an event page shows its title under the cover, not over it', async ({ page }) => {
  await page.goto('/eventos?q=Fuegos');
  await page.getByRole('link', { name: 'Los Fuegos del Sur en vivo' }).click();
  await shoot(page, '32-8-evento');
  const cover = await page.getByRole('img', { name: 'Imagen de Los Fuegos del Sur en vivo' }).boundingBox();
  const title = await page.getByRole('heading', { level: 1, name: 'Los Fuegos del Sur en vivo' }).boundingBox();
  expect(cover).not.toBeNull();
  expect(title).not.toBeNull();
  // Nothing of the page's own header (category, title) lies over the cover.
  const category = await page.locator('article header').boundingBox();
  expect(category!.y).toBeGreaterThanOrEqual(cover!.y + cover!.height);
  expect(title!.y).toBeGreaterThanOrEqual(cover!.y + cover!.height);
  // And the whole title is on the first screen.
  expect(title!.y + title!.height).toBeLessThanOrEqual(844);
});
