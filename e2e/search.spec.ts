import { expect, test } from './support/test';

// Issue 13: a search over 48 bytes made the API answer 500, and /eventos then sent the visitor to "/".
test('searches the catalogue with a long, accented text and stays on /eventos', async ({ page }) => {
  const text = 'Los Fuegos del Sur en vivo, los fuegos del sur en vivo (Música)';
  expect(new TextEncoder().encode(text).length).toBeGreaterThan(48);
  await page.goto(`/eventos?q=${encodeURIComponent(text)}`);
  await expect(page).toHaveURL(/\/eventos\?q=/);
  await expect(page.getByRole('link', { name: 'Los Fuegos del Sur en vivo' })).toBeVisible();

  await page.goto(`/eventos?q=${encodeURIComponent('fuegos del sur musica')}`);
  await expect(page.getByRole('link', { name: 'Los Fuegos del Sur en vivo' })).toBeVisible();

  await page.goto(`/eventos?q=${encodeURIComponent('%')}`);
  await expect(page.getByText('No encontramos eventos con esos filtros.')).toBeVisible();
});
