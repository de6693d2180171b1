import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { MSG } from '../../../src/shared/messages/common';
import { LOGIN_UNDER_ATTACK_PER_ADDRESS, THROTTLE_RULES, type ThrottleRule } from '../../domain/throttle-rules';
import type { Attempt } from '../../durable-objects/rate-limiter/types';
import { limiterOf } from '../../durable-objects/stubs';
import type { ApiError } from './errors';

/** The object name of a rule and subject (e-mails are case-insensitive). */
export const limiterKey = (rule: ThrottleRule, subject: string) => `${rule}:${subject.trim().toLowerCase()}`;

export const limiterFor = (env: Env, rule: ThrottleRule, subject: string) => limiterOf(env, limiterKey(rule, subject));

/**
 * The caller's address as the edge reports it (absent for server-to-server calls and locally, see
 * functions/edge/client-address.ts). An IPv6 client usually owns a whole /64, so that is its address.
 */
export const clientAddress = (c: Context) => addressKey(c.req.header('x-client-ip'));

export function addressKey(raw: string | undefined): string | undefined {
  const ip = raw?.trim().toLowerCase();
  if (!ip) return undefined;
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export type Consumed = { release: () => Promise<void> };

/**
 * Records one attempt under every rule whose subject is known, or throws 429 when any is exhausted
 * (then the attempts already recorded for this call are taken back, so a refused call costs nothing).
 * `release()` takes the attempt back later, e.g. when a login turns out to be right.
 */
export async function throttle(env: Env, checks: [ThrottleRule, string | undefined][]): Promise<Consumed> {
  const taken: ReturnType<typeof limiterFor>[] = [];
  const release = async () => {
    await Promise.all(taken.map((stub) => stub.release()));
  };
  for (const [rule, subject] of checks) {
    if (!subject) continue;
    const { limit, windowSeconds } = THROTTLE_RULES[rule];
    const stub = limiterFor(env, rule, subject);
    const attempt: Attempt = await stub.consume(limit, windowSeconds);
    if (!attempt.allowed) {
      await release();
      tooManyRequests(attempt.retryAfterSeconds);
    }
    taken.push(stub);
  }
  return { release };
}

/**
 * One login attempt (or a re-authentication with the current password): counted per account and
 * address, per address, and per account; see THROTTLE_RULES. `release()` when the password was right.
 */
export async function throttleLogin(env: Env, email: string, address: string | undefined): Promise<Consumed> {
  const consumed = await throttle(env, [
    ['loginAddress', address],
    ['loginAccountAddress', `${email}|${address ?? 'sin-direccion'}`],
  ]);
  const pair = limiterFor(env, 'loginAccountAddress', `${email}|${address ?? 'sin-direccion'}`);
  const { limit, windowSeconds } = THROTTLE_RULES.loginAccount;
  const account = limiterFor(env, 'loginAccount', email);
  const attempt = await account.consume(limit, windowSeconds);
  if (attempt.allowed) {
    return {
      release: async () => {
        await Promise.all([consumed.release(), account.release()]);
      },
    };
  }
  // The account is under a distributed attack: only addresses with few failures of their own go on.
  const own = await pair.count(THROTTLE_RULES.loginAccountAddress.windowSeconds);
  if (own > LOGIN_UNDER_ATTACK_PER_ADDRESS) {
    await consumed.release();
    tooManyRequests(attempt.retryAfterSeconds);
  }
  return consumed;
}

/** One attempt under one rule without throwing: true when it was allowed (for optional work, like a resend). */
export async function tryConsume(env: Env, rule: ThrottleRule, subject: string): Promise<boolean> {
  const { limit, windowSeconds } = THROTTLE_RULES[rule];
  return (await limiterFor(env, rule, subject).consume(limit, windowSeconds)).allowed;
}

/** 429 with the Spanish message and Retry-After (also for limits counted elsewhere, like a queue's joins). */
export function tooManyRequests(retryAfterSeconds: number): never {
  const body: ApiError = { status: false, message: MSG.tooManyRequests };
  const res = Response.json(body, { status: 429, headers: { 'retry-after': String(retryAfterSeconds) } });
  throw new HTTPException(429, { message: MSG.tooManyRequests, res });
}

/**
 * A route's throttle as middleware (after its declaration, so the caller is known): `checks` names the
 * rules and subjects from the request. A refused call answers 429 with the Spanish message and Retry-After.
 */
export function throttled<E extends { Bindings: Env }>(
  checks: (c: Context<E>) => Promise<[ThrottleRule, string | undefined][]> | [ThrottleRule, string | undefined][],
): MiddlewareHandler<E> {
  return createMiddleware<E>(async (c, next) => {
    await throttle(c.env, await checks(c));
    await next();
  });
}
