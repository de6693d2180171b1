import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { authed, createUser, login, uniqueEmail } from '../kit/actors';
import { json, provider } from '../kit/http';
import { mailsTo, tokenIn } from '../kit/mail';

const post = (token: string, path: string, new_email: string) =>
  authed(token, path, { method: 'POST', body: JSON.stringify({ new_email }) });
const verify = (token: string) => provider(`/verify-change-email?token=${encodeURIComponent(token)}`);

describe('change of e-mail', () => {
  it('sends the link to the new address and switches only once it is verified', async () => {
    const user = await createUser();
    const { token } = await login(user.email);
    const next = uniqueEmail('nuevo');
    const res = await post(token, '/change-email', next.toUpperCase());
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: true,
      message: 'Te enviamos un enlace de verificación al nuevo correo',
    });

    const [mail] = await mailsTo(next);
    expect(mail.subject).toBe('Confirmá tu nuevo correo en Boletería');
    const link = tokenIn(mail, '/verify-change-email');
    // Not yet: the old address still logs in, and the profile shows the pending address.
    await login(user.email);
    const me = await json<{ data: { email: string; pending_email: string | null } }>(await authed(token, '/user'));
    expect(me.data).toMatchObject({ email: user.email, pending_email: next });

    const done = await verify(link);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ status: true, message: 'Correo actualizado con éxito' });
    await login(next);
    expect(
      (
        await provider('/login', {
          method: 'POST',
          body: JSON.stringify({ email: user.email, password: 'secreto123' }),
        })
      ).status,
    ).toBe(401);
    // The old address is told.
    expect((await mailsTo(user.email))[0].subject).toBe('El correo de tu cuenta de Boletería cambió');
    // Single use, and nothing pending any more.
    expect((await verify(link)).status).toBe(400);
    const after = await json<{ data: { pending_email: string | null } }>(
      await authed((await login(next)).token, '/user'),
    );
    expect(after.data.pending_email).toBeNull();
  });

  it('resends a pending request with a new link; the old link stops working', async () => {
    const user = await createUser();
    const { token } = await login(user.email);
    const next = uniqueEmail('reenvio');
    await post(token, '/change-email', next);
    const first = tokenIn((await mailsTo(next))[0], '/verify-change-email');
    const res = await post(token, '/resend-change-email', next);
    expect(res.status).toBe(200);
    const second = tokenIn((await mailsTo(next, 2))[0], '/verify-change-email');
    expect(second).not.toBe(first);
    expect((await verify(first)).status).toBe(400);
    expect((await verify(second)).status).toBe(200);
  });

  it('answers 404 when resending without a pending request', async () => {
    const user = await createUser();
    const { token } = await login(user.email);
    const res = await post(token, '/resend-change-email', uniqueEmail('sin-pedido'));
    expect(res.status).toBe(404);
    expect(((await json(res)) as { message: string }).message).toBe(
      'No hay un cambio de correo pendiente para esa dirección',
    );
  });

  it('refuses the current address (400), a taken one (409), a bad one (400) and no session (401)', async () => {
    const [user, other] = [await createUser(), await createUser()];
    const { token } = await login(user.email);
    expect((await post(token, '/change-email', user.email)).status).toBe(400);
    const taken = await post(token, '/change-email', other.email);
    expect(taken.status).toBe(409);
    expect(((await json(taken)) as { message: string }).message).toBe('el correo ya está registrado');
    const bad = await post(token, '/change-email', 'nope');
    expect(bad.status).toBe(400);
    expect(((await json(bad)) as { message: string }).message).toBe('Correo debe ser valido');
    expect(
      (await provider('/change-email', { method: 'POST', body: JSON.stringify({ new_email: uniqueEmail() }) })).status,
    ).toBe(401);
  });

  it('answers 409 when the address was taken between request and verification', async () => {
    const user = await createUser();
    const { token } = await login(user.email);
    const next = uniqueEmail('carrera');
    await post(token, '/change-email', next);
    const link = tokenIn((await mailsTo(next))[0], '/verify-change-email');
    await createUser({ email: next });
    expect((await verify(link)).status).toBe(409);
  });

  it('refuses an expired or unknown link', async () => {
    const user = await createUser();
    const { token } = await login(user.email);
    const next = uniqueEmail('vencido');
    await post(token, '/change-email', next);
    const link = tokenIn((await mailsTo(next))[0], '/verify-change-email');
    await env.DB.prepare('update account_tokens set expires_at = ? where user_id = ?')
      .bind(Date.now() - 1, user.id)
      .run();
    expect((await verify(link)).status).toBe(400);
    expect((await verify('inventado')).status).toBe(400);
  });
});
