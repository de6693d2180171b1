import type { Page } from '@playwright/test';
import { firstName, type SessionUser } from '../../src/shared/session';
import { loginAs } from './session';

/** Logs in as a demo account and answers its session (read back from the user-data cookie). */
export async function signIn(page: Page, email: string): Promise<SessionUser> {
  await loginAs(page, email);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'user-data');
  if (!cookie) throw new Error(`No user-data cookie after logging in as ${email}`);
  return JSON.parse(decodeURIComponent(cookie.value)) as SessionUser;
}

export const greetingOf = (session: SessionUser) => `Hola, ${firstName(session)}`;

/** The desktop top navigation and the mobile bars, by their landmarks. */
export const topNav = (page: Page) => page.getByRole('navigation', { name: 'Principal' });
export const bottomBar = (page: Page) => page.getByRole('navigation', { name: 'Barra inferior' });
export const adminBottomNav = (page: Page) => page.getByRole('navigation', { name: 'Navegación inferior' });
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Panel de Control' });
export const footer = (page: Page) => page.getByRole('contentinfo');
export const floatingLogo = (page: Page) => page.getByRole('link', { name: 'Boletería, ir al inicio' });

/** Where a request lands without following redirects: the Location path, or the path itself on 2xx. */
export async function destination(page: Page, path: string): Promise<{ status: number; to: string }> {
  const res = await page.request.get(path, { maxRedirects: 0 });
  const location = res.headers().location;
  if (!location) return { status: res.status(), to: path };
  const url = new URL(location, 'http://x');
  return { status: res.status(), to: url.pathname + url.search };
}
