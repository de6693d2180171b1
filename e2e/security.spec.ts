import type { Page } from '@playwright/test';
import { loginForm, shellLive, submitLogin } from './support/accounts';
import { DEMO, DEMO_PASSWORD } from './support/session';
import { signIn } from './support/shell';
import { expect, test } from './support/test';

/** Records every Content-Security-Policy violation of the page, from its first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) console.push(msg.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
  ];
}

test.describe('security headers', () => {
  test('every page sends the policy headers; the camera only on the scanner view', async ({ page }) => {
    await signIn(page, DEMO.superadmin);
    for (const path of ['/', '/eventos', '/perfil', '/admin/dashboard', '/admin/access-control/full']) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(200);
      const headers = res.headers();
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy'], path).toMatch(/script-src 'self'[^;]* 'sha256-/);
      expect(headers['content-security-policy'], path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      const camera = path === '/admin/access-control/full' ? 'camera=(self)' : 'camera=()';
      expect(headers['permissions-policy'], path).toContain(camera);
    }
  });

  test('the pages work under the policy: no violation while browsing and using the islands', async ({ page }) => {
    const violations = await watchCsp(page);
    await page.goto('/');
    await shellLive(page); // the dialog and its scripts are what runs under the policy here
    await page.getByRole('link', { name: 'Iniciar Sesión' }).click();
    await expect(page.getByRole('dialog', { name: 'Ingresar' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/eventos');
    const first = page.locator('a[href^="/eventos/"]').first();
    if (await first.count()) {
      await first.click();
      await page.waitForLoadState('load');
    }
    await signIn(page, DEMO.superadmin);
    for (const path of ['/perfil', '/mis-tickets', '/admin/dashboard', '/admin/events', '/admin/access-control/full'])
      await page.goto(path, { waitUntil: 'load' });
    expect(await violations()).toEqual([]);
  });

  test('an injected inline script does not run (and the watcher above sees it)', async ({ page }) => {
    const violations = await watchCsp(page);
    await page.goto('/eventos');
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.appendChild(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(violations).toContainEqual(expect.stringMatching(/^script-src/));
  });
});

test.describe('login next view', () => {
  for (const next of ['/.//evil.invalid/phish', '/%2e//evil.invalid/phish', '/a/..//evil.invalid/phish']) {
    test(`a next of ${next} never leaves the site after login`, async ({ page }) => {
      await page.goto(`/?login=1&next=${encodeURIComponent(next)}`);
      const dialog = loginForm(page);
      await expect(dialog).toBeVisible();
      await submitLogin(page, DEMO.usuario, DEMO_PASSWORD);
      await expect(page.getByRole('button', { name: /Hola,/ })).toBeVisible();
      expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL ?? '').host);
    });
  }

  test('a safe next view is still honoured', async ({ page }) => {
    await page.goto(`/?login=1&next=${encodeURIComponent('/perfil')}`);
    await submitLogin(page, DEMO.usuario, DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/perfil');
  });
});
