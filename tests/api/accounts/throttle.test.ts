import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { addressKey, limiterFor } from '../../../functions/api/lib/throttle';
import {
  LOGIN_UNDER_ATTACK_PER_ADDRESS,
  THROTTLE_RULES,
  type ThrottleRule,
} from '../../../functions/domain/throttle-rules';
import { createUser, PASSWORD, uniqueEmail } from '../kit/actors';
import { json, provider } from '../kit/http';

const TOO_MANY = 'Demasiados intentos. Esperá unos minutos y probá de nuevo.';

/** Fills a counter up to `limit - leave` attempts, straight through the Durable Object (no scrypt). */
async function fill(rule: ThrottleRule, subject: string, leave = 0) {
  const { limit, windowSeconds } = THROTTLE_RULES[rule];
  const stub = limiterFor(env, rule, subject);
  for (let i = 0; i < limit - leave; i++) expect((await stub.consume(limit, windowSeconds)).allowed).toBe(true);
}

const count = (rule: ThrottleRule, subject: string) =>
  limiterFor(env, rule, subject).count(THROTTLE_RULES[rule].windowSeconds);

const loginAs = (email: string, password: string, ip?: string) =>
  provider('/login', {
    method: 'POST',
    headers: ip ? { 'x-client-ip': ip } : {},
    body: JSON.stringify({ email, password }),
  });

describe('RateLimiter Durable Object', () => {
  it('counts exactly, refuses past the limit and takes attempts back', async () => {
    const stub = limiterFor(env, 'registerEmail', uniqueEmail('contador'));
    const results = await Promise.all(Array.from({ length: 8 }, () => stub.consume(5, 3600)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    const refused = results.find((r) => !r.allowed);
    expect(refused?.retryAfterSeconds).toBeGreaterThan(3500);
    await stub.release();
    expect(await stub.count(3600)).toBe(4);
    expect((await stub.consume(5, 3600)).allowed).toBe(true);
  });

  it('forgets attempts older than the window', async () => {
    const stub = limiterFor(env, 'registerEmail', uniqueEmail('ventana'));
    expect((await stub.consume(1, 1)).allowed).toBe(true);
    expect((await stub.consume(1, 1)).allowed).toBe(false);
    // A second passes: the recorded attempt is made older than the window instead of sleeping.
    await runInDurableObject(stub, (_object, state) => state.storage.sql.exec('update hits set at = at - 1001'));
    expect((await stub.consume(1, 1)).allowed).toBe(true);
  });
});

describe('login throttling', () => {
  const pairOf = (email: string, ip: string) => `${email}|${ip}`;
  // Each test its own address: counters live as long as the file's storage, and two tests drawing the same address
  // at random found the other's failures already counted (a CI run failed so).
  let lastHost = 0;
  const freshIp = () => `203.0.113.${++lastHost}`;

  it('allows 100 failed logins per account and address per hour, then answers 429 even to the right password', async () => {
    expect(THROTTLE_RULES.loginAccountAddress).toEqual({ limit: 100, windowSeconds: 3600 });
    const user = await createUser();
    const ip = freshIp();
    await fill('loginAccountAddress', pairOf(user.email, ip), 1);
    // The 100th failure is still checked (401) ...
    expect((await loginAs(user.email, 'clave-equivocada', ip)).status).toBe(401);
    // ... and then that address is locked out of the account for the window.
    const locked = await loginAs(user.email, PASSWORD, ip);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ status: false, message: TOO_MANY });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await count('loginAccountAddress', pairOf(user.email, ip))).toBe(100);
  });

  it('does not let a stranger lock the owner out: 101 real failures elsewhere, the owner still logs in', async () => {
    const user = await createUser();
    const stranger = freshIp();
    const statuses = [];
    for (let i = 0; i < 101; i++) statuses.push((await loginAs(user.email, `adivino-${i}`, stranger)).status);
    expect(statuses.slice(0, 100).every((s) => s === 401)).toBe(true);
    expect(statuses[100]).toBe(429);
    // The stranger cannot go on, not even with the right password ...
    expect((await loginAs(user.email, PASSWORD, stranger)).status).toBe(429);
    // ... but the owner, from their own address, is not throttled and logs in.
    expect((await loginAs(user.email, PASSWORD, '198.51.100.23')).status).toBe(200);
  });

  it('keeps guessing bounded when the account counter is used up from many addresses', async () => {
    const user = await createUser();
    await fill('loginAccount', user.email);
    // Each further address gets only a few guesses ...
    const attacker = freshIp();
    for (let i = 0; i < LOGIN_UNDER_ATTACK_PER_ADDRESS; i++)
      expect((await loginAs(user.email, `adivino-${i}`, attacker)).status).toBe(401);
    expect((await loginAs(user.email, PASSWORD, attacker)).status).toBe(429);
    // ... while the owner's address, with no failures of its own, still logs in.
    expect((await loginAs(user.email, PASSWORD, '198.51.100.24')).status).toBe(200);
  });

  it('does not count a successful login as a failure', async () => {
    const user = await createUser();
    const ip = freshIp();
    expect((await loginAs(user.email, 'clave-equivocada', ip)).status).toBe(401);
    expect((await loginAs(user.email, PASSWORD, ip)).status).toBe(200);
    expect(await count('loginAccountAddress', pairOf(user.email, ip))).toBe(1);
    expect(await count('loginAccount', user.email)).toBe(1);
  });

  it('counts failures per client address too, across accounts', async () => {
    const ip = freshIp();
    await fill('loginAddress', ip);
    const user = await createUser();
    expect((await loginAs(user.email, PASSWORD, ip)).status).toBe(429);
    // The same account from elsewhere is fine: the address is what is throttled.
    expect((await loginAs(user.email, PASSWORD, '198.51.100.7')).status).toBe(200);
    // A refused call does not use up the account's allowance.
    expect(await count('loginAccount', user.email)).toBe(0);
    expect(await count('loginAccountAddress', pairOf(user.email, ip))).toBe(0);
  });

  it('keys an IPv6 client by its /64', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey(' 192.0.2.1 ')).toBe('192.0.2.1');
    expect(addressKey('')).toBeUndefined();
  });
});

describe('registration and recovery throttling', () => {
  it('limits recovery per target e-mail, for known and unknown addresses alike', async () => {
    for (const email of [(await createUser()).email, uniqueEmail('desconocido')]) {
      await fill('recoverEmail', email);
      const res = await provider('/restore-password', { method: 'POST', body: JSON.stringify({ email }) });
      expect(res.status).toBe(429);
      expect(((await json(res)) as { message: string }).message).toBe(TOO_MANY);
    }
  });

  it('limits recovery per client address', async () => {
    const ip = '192.0.2.44';
    await fill('recoverAddress', ip);
    const res = await provider('/restore-password', {
      method: 'POST',
      headers: { 'x-client-ip': ip },
      body: JSON.stringify({ email: uniqueEmail() }),
    });
    expect(res.status).toBe(429);
  });

  it('limits registration per client address and per e-mail', async () => {
    const ip = '192.0.2.45';
    await fill('registerAddress', ip);
    const body = {
      name: 'Tina Throttle',
      email: uniqueEmail('registro'),
      password: 'clave-segura-1',
      repeat_password: 'clave-segura-1',
      telefono: '1133334444',
      dni: '41222333',
      terms_and_conditions: true,
      accept_promotions: false,
    };
    const byAddress = await provider('/register', {
      method: 'POST',
      headers: { 'x-client-ip': ip },
      body: JSON.stringify(body),
    });
    expect(byAddress.status).toBe(429);
    await fill('registerEmail', body.email);
    const byEmail = await provider('/register', { method: 'POST', body: JSON.stringify(body) });
    expect(byEmail.status).toBe(429);
    const created = await env.DB.prepare('select 1 from users where email = ?').bind(body.email).first();
    expect(created).toBeNull();
  });
});

describe('password change throttling', () => {
  it('counts wrong current passwords as failed logins of the account', async () => {
    const user = await createUser();
    const login = await loginAs(user.email, PASSWORD);
    const { token } = (await login.json()) as { token: string };
    await fill('loginAccountAddress', `${user.email}|sin-direccion`);
    const res = await provider('/password', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({
        user_id: user.id,
        password: 'adivinando-1',
        new_password: 'otra-clave-1',
        repeat_new_password: 'otra-clave-1',
      }),
    });
    expect(res.status).toBe(429);
  });
});
