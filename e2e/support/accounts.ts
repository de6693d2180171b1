import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { waitForMail } from './mailbox';

/** Subjects of the account e-mails (functions/mail/templates/accounts.ts). */
export const SUBJECT = {
  verify: /Verificá tu correo/,
  recovery: /Restablecé tu contraseña/,
  changeEmail: /Confirmá tu nuevo correo/,
  accountExists: /Alguien intentó registrarse con tu correo/,
} as const;

let counter = 0;

/** An address nobody has used in this database yet. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${counter++}@prueba.ar`;

export type TestUser = { name: string; email: string; password: string };

export const newUser = (prefix: string): TestUser => ({
  name: 'Valentina Prueba',
  email: uniqueEmail(prefix),
  password: 'clave-segura-1',
});

/** The first link of a mail that goes to `path`. */
export function linkTo(mail: { links: string[] }, path: string): string {
  const link = mail.links.find((href) => new URL(href).pathname === path);
  if (!link) throw new Error(`No ${path} link in ${JSON.stringify(mail.links)}`);
  return link;
}

/** Registers through the API (outside the browser context under test). */
export async function registerByApi(request: APIRequestContext, user: TestUser, dni = '30111222') {
  const res = await request.post('/api/v1/register', {
    data: {
      name: user.name,
      email: user.email,
      password: user.password,
      repeat_password: user.password,
      telefono: '1155556666',
      dni,
      terms_and_conditions: true,
      accept_promotions: false,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** A registered and verified account, created through the API and the development mailbox. */
export async function createVerifiedUser(request: APIRequestContext, prefix: string, dni?: string): Promise<TestUser> {
  const user = newUser(prefix);
  await registerByApi(request, user, dni);
  const mail = await waitForMail(request, user.email, SUBJECT.verify);
  const token = new URL(linkTo(mail, '/verify-email')).searchParams.get('token')!;
  const res = await request.get(`/api/v1/verify-email?token=${encodeURIComponent(token)}`);
  expect(res.ok(), await res.text()).toBe(true);
  return user;
}

/** A toast (role=status or role=alert) with this text. */
export const toastWith = (page: Page, text: string | RegExp) =>
  page.locator('[role="status"], [role="alert"]').filter({ hasText: text });

/**
 * The login form the navigation opened: the spec's dialog once the page is live, or the /ingresar page the
 * same link opens before that (issue 31). Its name changes to "Recuperar contraseña" in recovery mode.
 */
export const loginForm = (page: Page) => {
  const name = /^(Ingresar|Recuperar contraseña)$/;
  return page.getByRole('dialog', { name }).or(page.getByRole('region', { name }));
};

/** The registration form: the dialog, or the /registrarme page. */
export const registerForm = (page: Page) =>
  page.getByRole('dialog', { name: 'Registrarse' }).or(page.getByRole('region', { name: 'Registrarse' }));

/**
 * Waits for the shell's script. Only for tests about the dialogs themselves (Escape, focus, "Cerrar"): a
 * person's tap on the navigation works either way (a link before, the dialog after).
 */
export async function shellLive(page: Page) {
  await expect(page.locator('html[data-shell="live"]')).toHaveCount(1);
}

/** Opens the login form from the top navigation of the index (the dialog or the /ingresar page). */
export async function openLoginDialog(page: Page) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Iniciar Sesión' }).click();
  const dialog = loginForm(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Fills and sends the login form (already open). */
export async function submitLogin(page: Page, email: string, password: string) {
  const dialog = loginForm(page);
  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByLabel('Contraseña', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Ingresar' }).click();
}

/** Logs in through the dialog and waits for the page to show the greeting. */
export async function loginThroughDialog(page: Page, email: string, password: string, firstName: string) {
  await openLoginDialog(page);
  await submitLogin(page, email, password);
  await expect(page.getByRole('button', { name: new RegExp(`Hola, ${firstName}`) })).toBeVisible();
}

/** The session cookies of the browser context, by name. */
export async function sessionCookies(page: Page) {
  const cookies = await page.context().cookies();
  const byName = (name: string) => cookies.find((c) => c.name === name);
  return { auth: byName('auth-token'), refresh: byName('refresh-token'), userData: byName('user-data') };
}
