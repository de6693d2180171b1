import { MSG } from '../src/shared/messages/common';
import {
  createVerifiedUser,
  linkTo,
  loginForm,
  loginThroughDialog,
  newUser,
  openLoginDialog,
  registerByApi,
  registerForm,
  SUBJECT,
  sessionCookies,
  submitLogin,
  toastWith,
} from './support/accounts';
import { waitForMail } from './support/mailbox';
import { DEMO, DEMO_PASSWORD } from './support/session';
import { expect, test } from './support/test';
import { expiredCopyOf } from './support/tokens';

test.describe('registration', () => {
  test('register, open the e-mailed link and arrive logged in', async ({ page, request }) => {
    const user = newUser('registro');
    await page.goto('/');
    await page.getByRole('link', { name: 'Registrarse' }).click();
    const dialog = registerForm(page);
    const submit = dialog.getByRole('button', { name: 'Registrarme' });

    await dialog.getByLabel('Nombre completo').fill(user.name);
    await dialog.getByLabel('DNI').fill('1234');
    await dialog.getByLabel('Correo electrónico').fill(user.email);
    await expect(dialog.getByText(MSG.dniInvalid)).toBeVisible();
    await expect(dialog.getByText(MSG.invalidForm)).toBeVisible();
    await expect(submit).toBeDisabled();

    await dialog.getByLabel('DNI').fill('30111222');
    await dialog.getByLabel('Contraseña', { exact: true }).fill(user.password);
    await dialog.getByLabel('Repetir contraseña', { exact: true }).fill('otra-clave-9');
    await expect(dialog.getByText(MSG.passwordMismatch)).toBeVisible();
    await dialog.getByLabel('Repetir contraseña', { exact: true }).fill(user.password);
    await dialog.getByLabel('Teléfono').fill('1155556666');
    await expect(submit).toBeDisabled();
    await dialog.getByLabel(/Acepto los/).check();
    await expect(submit).toBeEnabled();
    await expect(dialog.getByText(MSG.invalidForm)).toBeHidden();

    await submit.click();
    await expect(toastWith(page, MSG.registerSuccess)).toBeVisible();
    await expect(dialog).toBeHidden();

    const mail = await waitForMail(request, user.email, SUBJECT.verify);
    await page.goto(linkTo(mail, '/verify-email'));
    await expect(toastWith(page, MSG.verifySuccess)).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('button', { name: /Hola, Valentina/ })).toBeVisible();
    const cookies = await sessionCookies(page);
    expect(cookies.auth?.httpOnly).toBe(true);
    expect(cookies.refresh?.httpOnly).toBe(true);
    expect(JSON.parse(decodeURIComponent(cookies.userData!.value)).user.email).toBe(user.email);
  });

  test('a taken e-mail answers like a new registration and its owner is told by e-mail', async ({ page, request }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Registrarse' }).click();
    const dialog = registerForm(page);
    await dialog.getByLabel('Nombre completo').fill('Ulises Otro');
    await dialog.getByLabel('DNI').fill('30111222');
    await dialog.getByLabel('Correo electrónico').fill(DEMO.usuario);
    await dialog.getByLabel('Contraseña', { exact: true }).fill('clave-segura-1');
    await dialog.getByLabel('Repetir contraseña', { exact: true }).fill('clave-segura-1');
    await dialog.getByLabel('Teléfono').fill('1155556666');
    await dialog.getByLabel(/Acepto los/).check();
    await dialog.getByRole('button', { name: 'Registrarme' }).click();
    // The same answer as for a new address: the dialog never tells who has an account.
    await expect(toastWith(page, MSG.registerSuccess)).toBeVisible();
    await expect(dialog).toBeHidden();
    const mail = await waitForMail(request, DEMO.usuario, SUBJECT.accountExists);
    expect(mail.text).toContain('Si fuiste vos, ingresá con tu contraseña');
  });

  test('a server message is shown title-cased with the dialog error', async ({ page }) => {
    await page.route('**/api/v1/register', (route) =>
      route.fulfill({ status: 429, json: { status: false, message: 'demasiados intentos' } }),
    );
    await page.goto('/');
    await page.getByRole('link', { name: 'Registrarse' }).click();
    const dialog = registerForm(page);
    await dialog.getByLabel('Nombre completo').fill('Ulises Otro');
    await dialog.getByLabel('DNI').fill('30111222');
    await dialog.getByLabel('Correo electrónico').fill(newUser('con-mensaje').email);
    await dialog.getByLabel('Contraseña', { exact: true }).fill('clave-segura-1');
    await dialog.getByLabel('Repetir contraseña', { exact: true }).fill('clave-segura-1');
    await dialog.getByLabel('Teléfono').fill('1155556666');
    await dialog.getByLabel(/Acepto los/).check();
    await dialog.getByRole('button', { name: 'Registrarme' }).click();
    await expect(toastWith(page, 'Demasiados Intentos')).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText(MSG.registerDialogError);
  });

  test('a failure without a server message shows the spec text', async ({ page }) => {
    await page.route('**/api/v1/register', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
    await page.goto('/');
    await page.getByRole('link', { name: 'Registrarse' }).click();
    const dialog = registerForm(page);
    await dialog.getByLabel('Nombre completo').fill('Ulises Otro');
    await dialog.getByLabel('DNI').fill('30111222');
    await dialog.getByLabel('Correo electrónico').fill(newUser('sin-mensaje').email);
    await dialog.getByLabel('Contraseña', { exact: true }).fill('clave-segura-1');
    await dialog.getByLabel('Repetir contraseña', { exact: true }).fill('clave-segura-1');
    await dialog.getByLabel('Teléfono').fill('1155556666');
    await dialog.getByLabel(/Acepto los/).check();
    await dialog.getByRole('button', { name: 'Registrarme' }).click();
    await expect(toastWith(page, MSG.registerError)).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText(MSG.registerDialogError);
  });

  test('a verification link that does not work says so and goes to the index', async ({ page }) => {
    await page.goto('/verify-email?token=no-existe');
    await expect(toastWith(page, MSG.verifyError)).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

test.describe('login', () => {
  test('a wrong password shows the 401 message', async ({ page }) => {
    await openLoginDialog(page);
    await submitLogin(page, DEMO.usuario, 'no-es-la-clave');
    await expect(toastWith(page, MSG.loginUnauthorized)).toBeVisible();
  });

  test('an unverified account shows the 403 message', async ({ page, request }) => {
    const user = newUser('sin-verificar');
    await registerByApi(request, user);
    await openLoginDialog(page);
    await submitLogin(page, user.email, user.password);
    await expect(toastWith(page, MSG.loginUnverified)).toBeVisible();
  });

  test('disabled cookies are detected before trying', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'cookieEnabled', { get: () => false }));
    let loginCalls = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/v1/login')) loginCalls++;
    });
    await openLoginDialog(page);
    await submitLogin(page, DEMO.usuario, DEMO_PASSWORD);
    await expect(toastWith(page, MSG.cookiesDisabled)).toBeVisible();
    expect(loginCalls).toBe(0);
  });

  test('field messages of section 5, Enter submits, and success keeps tokens out of page scripts', async ({ page }) => {
    const dialog = await openLoginDialog(page);
    await dialog.getByRole('button', { name: 'Ingresar' }).click();
    await expect(dialog.getByText(MSG.emailRequired)).toBeVisible();
    await expect(dialog.getByText(MSG.passwordRequired)).toBeVisible();
    await expect(dialog.getByText(MSG.invalidForm)).toBeVisible();
    await dialog.getByLabel('Correo electrónico').fill('no-es-correo');
    await dialog.getByLabel('Contraseña', { exact: true }).fill('corta');
    await expect(dialog.getByText(MSG.emailInvalid)).toBeVisible();
    await expect(dialog.getByText(MSG.passwordMin)).toBeVisible();

    // Show/hide toggle.
    const password = dialog.getByLabel('Contraseña', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await dialog.getByRole('button', { name: 'Mostrar contraseña' }).click();
    await expect(password).toHaveAttribute('type', 'text');

    await dialog.getByLabel('Correo electrónico').fill(DEMO.usuario);
    await password.fill(DEMO_PASSWORD);
    await expect(dialog.getByText(MSG.invalidForm)).toBeHidden();
    await password.press('Enter');
    await expect(toastWith(page, MSG.loginSuccess)).toBeVisible();
    await expect(page.getByRole('button', { name: /Hola, Ulises/ })).toBeVisible();

    const visible = await page.evaluate(() => document.cookie);
    expect(visible).toContain('user-data=');
    expect(visible).not.toContain('auth-token');
    expect(visible).not.toContain('refresh-token');
    const cookies = await sessionCookies(page);
    expect(cookies.auth?.httpOnly && cookies.refresh?.httpOnly).toBe(true);
    expect(cookies.userData?.httpOnly).toBe(false);
    // Lifetimes of spec section 9: access cookie 1 day, refresh cookie 5 days.
    const now = Date.now() / 1000;
    expect(cookies.auth!.expires - now).toBeGreaterThan(86_400 - 120);
    expect(cookies.auth!.expires - now).toBeLessThan(86_400 + 120);
    expect(cookies.refresh!.expires - now).toBeGreaterThan(5 * 86_400 - 120);
    expect(cookies.refresh!.expires - now).toBeLessThan(5 * 86_400 + 120);
    for (const c of [cookies.auth, cookies.refresh, cookies.userData]) {
      expect(c?.path).toBe('/');
      expect(c?.sameSite).toBe('Lax');
    }
  });

  test('a back-office user goes to the dashboard; a remembered next view wins', async ({ page }) => {
    await openLoginDialog(page);
    await submitLogin(page, DEMO.admin, DEMO_PASSWORD);
    await page.waitForURL('**/admin/dashboard');

    await page.context().clearCookies();
    await page.goto('/perfil');
    // The guard sends a guest to the login prompt and remembers /perfil.
    await expect(loginForm(page)).toBeVisible();
    await submitLogin(page, DEMO.usuario, DEMO_PASSWORD);
    await page.waitForURL('**/perfil');
    await expect(page.getByRole('heading', { name: 'Mi perfil' })).toBeVisible();
  });

  test('the "Registrarme" link opens registration', async ({ page }) => {
    const dialog = await openLoginDialog(page);
    await dialog.getByRole('link', { name: 'Registrarme' }).click();
    await expect(registerForm(page)).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});

test('forgot password: e-mail, new password, login with it', async ({ page, request }) => {
  const user = await createVerifiedUser(request, 'olvido');
  const dialog = await openLoginDialog(page);
  await dialog.getByRole('switch', { name: 'Olvide mi contraseña' }).click();
  const recovery = page.getByRole('dialog', { name: /recuperar/i });
  await expect(recovery.getByRole('button', { name: 'Volver' })).toBeVisible();
  await recovery.getByLabel('Correo electrónico').fill(user.email);
  await recovery.getByRole('button', { name: 'Recuperar' }).click();
  await expect(toastWith(page, MSG.recoverSuccess)).toBeVisible();

  const mail = await waitForMail(request, user.email, SUBJECT.recovery);
  await page.goto(linkTo(mail, '/restore-password'));
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('nueva-clave-22');
  await page.getByLabel('Repetir contraseña', { exact: true }).fill('nueva-clave-22');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(toastWith(page, MSG.resetSuccess)).toBeVisible();

  // The same link a second time fails with the server's reason.
  await page.goto(linkTo(mail, '/restore-password'));
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('otra-clave-33');
  await page.getByLabel('Repetir contraseña', { exact: true }).fill('otra-clave-33');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(toastWith(page, MSG.resetError)).toBeVisible();

  await openLoginDialog(page);
  await submitLogin(page, user.email, user.password);
  await expect(toastWith(page, MSG.loginUnauthorized)).toBeVisible();
  await submitLogin(page, user.email, 'nueva-clave-22');
  await expect(page.getByRole('button', { name: /Hola, Valentina/ })).toBeVisible();
});

test.describe('profile', () => {
  test('updating the profile refreshes the claims', async ({ page, request }) => {
    const user = await createVerifiedUser(request, 'perfil');
    await loginThroughDialog(page, user.email, user.password, 'Valentina');
    await page.goto('/perfil');
    const data = page.getByRole('region', { name: 'Mis datos' });
    await expect(data.getByLabel('Nombre completo')).toHaveValue(user.name);
    await data.getByLabel('Nombre completo').fill('Rocío Cambiada');
    await data.getByLabel('Provincia').selectOption({ label: 'Córdoba' });
    await data.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toastWith(page, 'Perfil actualizado con éxito')).toBeVisible();
    await expect(page.getByRole('button', { name: /Hola, Rocío/ })).toBeVisible();
    const { userData } = await sessionCookies(page);
    expect(JSON.parse(decodeURIComponent(userData!.value)).user.name).toBe('Rocío Cambiada');
    await expect(data.getByLabel('Provincia')).toHaveValue(/\d+/);
    await expect(data.getByLabel('Provincia').locator('option:checked')).toHaveText('Córdoba');
  });

  test('a refused update and a failed token refresh (spec section 8)', async ({ page, request }) => {
    const user = await createVerifiedUser(request, 'perfil-falla');
    await loginThroughDialog(page, user.email, user.password, 'Valentina');
    await page.goto('/perfil');
    const data = page.getByRole('region', { name: 'Mis datos' });
    await expect(data.getByLabel('Nombre completo')).toHaveValue(user.name);

    // The provider refuses the change with status false.
    await page.route('**/api/v1/user', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ json: { status: false, message: 'Datos rechazados' } })
        : route.fallback(),
    );
    await data.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toastWith(page, MSG.profileDataError)).toBeVisible();
    await page.unroute('**/api/v1/user');

    // The update passes but the token refresh that follows fails: refresh error, then logout.
    await page.route('**/api/v1/refresh', (route) =>
      route.fulfill({ status: 401, json: { status: false, error: true } }),
    );
    await data.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toastWith(page, MSG.refreshError)).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('link', { name: 'Iniciar Sesión' })).toBeVisible();
    expect(await sessionCookies(page)).toEqual({ auth: undefined, refresh: undefined, userData: undefined });
  });

  test('changing the password (secure variant)', async ({ page, request }) => {
    const user = await createVerifiedUser(request, 'clave');
    await loginThroughDialog(page, user.email, user.password, 'Valentina');
    await page.goto('/perfil');
    const section = page.getByRole('region', { name: 'Cambiar contraseña' });
    await section.getByLabel('Contraseña actual', { exact: true }).fill('no-es-la-actual');
    await section.getByLabel('Nueva contraseña', { exact: true }).fill('clave-nueva-44');
    await section.getByLabel('Repetir nueva contraseña', { exact: true }).fill('clave-nueva-44');
    await section.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(toastWith(page, MSG.passwordChangeError)).toBeVisible();
    // A wrong current password is not a lost session.
    await expect(loginForm(page)).toBeHidden();

    await section.getByLabel('Contraseña actual', { exact: true }).fill(user.password);
    await section.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(toastWith(page, MSG.passwordChangeSuccess)).toBeVisible();
  });

  test('changing the e-mail: resend, verify, log in with the new address', async ({ page, request }) => {
    const user = await createVerifiedUser(request, 'correo');
    const newEmail = user.email.replace('correo-', 'correo-nuevo-');
    await loginThroughDialog(page, user.email, user.password, 'Valentina');
    await page.goto('/perfil');
    const section = page.getByRole('region', { name: 'Cambiar correo' });
    await section.getByLabel('Nuevo correo electrónico').fill(newEmail);
    await section.getByRole('button', { name: 'Cambiar correo' }).click();
    await expect(toastWith(page, 'Te enviamos un enlace de verificación al nuevo correo')).toBeVisible();
    await waitForMail(request, newEmail, SUBJECT.changeEmail);
    await section.getByRole('button', { name: 'Reenviar correo' }).click();
    await expect(toastWith(page, 'Te reenviamos el enlace de confirmación')).toBeVisible();

    const mail = await waitForMail(request, newEmail, SUBJECT.changeEmail);
    await page.goto(linkTo(mail, '/verify-change-email'));
    await expect(toastWith(page, 'Correo actualizado con éxito')).toBeVisible();
    await page.waitForURL('**/perfil');
    await expect(page.getByRole('region', { name: 'Cambiar correo' }).getByText(newEmail)).toBeVisible();

    await page.context().clearCookies();
    await openLoginDialog(page);
    await submitLogin(page, newEmail, user.password);
    await expect(page.getByRole('button', { name: /Hola, Valentina/ })).toBeVisible();
  });
});

test.describe('session', () => {
  test('logout clears the three cookies', async ({ page, request }) => {
    const user = await createVerifiedUser(request, 'salir');
    await loginThroughDialog(page, user.email, user.password, 'Valentina');
    await page.getByRole('button', { name: /Hola, Valentina/ }).click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('link', { name: 'Iniciar Sesión' })).toBeVisible();
    const cookies = await sessionCookies(page);
    expect(cookies).toEqual({ auth: undefined, refresh: undefined, userData: undefined });
  });

  test('a lost session opens the login prompt and comes back to the page', async ({ page, request }) => {
    const user = await createVerifiedUser(request, 'perdida');
    await loginThroughDialog(page, user.email, user.password, 'Valentina');
    await page.goto('/perfil');
    const data = page.getByRole('region', { name: 'Mis datos' });
    await expect(data.getByLabel('Nombre completo')).toHaveValue(user.name);
    // Both tokens gone (as after a revocation): the API answers 401.
    await page.context().clearCookies({ name: 'auth-token' });
    await page.context().clearCookies({ name: 'refresh-token' });
    await data.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toastWith(page, MSG.profileError)).toBeVisible();
    await expect(loginForm(page)).toBeVisible();
    await submitLogin(page, user.email, user.password);
    await page.waitForURL('**/perfil');
    await expect(page.getByRole('button', { name: /Hola, Valentina/ })).toBeVisible();
  });

  test('an expired access token is refreshed without the user noticing', async ({ page, request }) => {
    const user = await createVerifiedUser(request, 'expira');
    await loginThroughDialog(page, user.email, user.password, 'Valentina');
    await page.goto('/perfil');
    const data = page.getByRole('region', { name: 'Mis datos' });
    await expect(data.getByLabel('Nombre completo')).toHaveValue(user.name);
    const cookie = (await sessionCookies(page)).auth!;

    // Time passes: the browser now holds the same access token, expired.
    const before = await expiredCopyOf(cookie.value);
    await page.context().addCookies([{ ...cookie, value: before }]);
    const status = await page.evaluate(() => fetch('/api/v1/user').then((r) => r.status));
    expect(status).toBe(200);
    const after = (await sessionCookies(page)).auth!.value;
    expect(after).not.toBe(before);
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/auth-token|refresh-token/);

    await data.getByLabel('Teléfono').fill('1199998888');
    await data.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toastWith(page, 'Perfil actualizado con éxito')).toBeVisible();
    await expect(loginForm(page)).toBeHidden();
  });
});
