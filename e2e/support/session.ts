import type { Browser, Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO = {
  superadmin: 'superadmin@demo.ar',
  admin: 'admin@demo.ar',
  colaborador: 'colaborador@demo.ar',
  usuario: 'usuario@demo.ar',
} as const;

/** Logs in through the edge (as the login dialog does), so the browser context gets the cookies. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/v1/login', { data: { email, password } });
  if (!res.ok()) throw new Error(`Login as ${email} failed: ${res.status()} ${await res.text()}`);
}

/** A page in a browser context of its own (a second person), logged in as `email` when given. */
export async function newPage(browser: Browser, email?: string, password = DEMO_PASSWORD) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (email) await loginAs(page, email, password);
  return page;
}
