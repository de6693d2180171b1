import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { MSG } from '../../../src/shared/messages';
import type { Attempt } from '../../durable-objects/rate-limiter';
import type { ApiError } from './errors';

/**
 * Throttling rules (exact counters in the RateLimiter Durable Object, one object per rule and subject).
 * Failed logins: at most 100 per account per hour (ASVS 2.2.1), looser per client address.
 */
export const THROTTLE_RULES = {
  loginAccount: { limit: 100, windowSeconds: 60 * 60 },
  loginAddress: { limit: 300, windowSeconds: 60 * 60 },
  registerAddress: { limit: 30, windowSeconds: 60 * 60 },
  registerEmail: { limit: 5, windowSeconds: 60 * 60 },
  recoverAddress: { limit: 30, windowSeconds: 60 * 60 },
  recoverEmail: { limit: 5, windowSeconds: 60 * 60 },
  changeEmailUser: { limit: 10, windowSeconds: 60 * 60 },
  verifyResendEmail: { limit: 3, windowSeconds: 60 * 60 },
  revocationAddress: { limit: 20, windowSeconds: 60 * 60 },
  revocationEmail: { limit: 5, windowSeconds: 60 * 60 },
} as const;
export type ThrottleRule = keyof typeof THROTTLE_RULES;

/** The object name of a rule and subject (e-mails are case-insensitive). */
export const limiterKey = (rule: ThrottleRule, subject: string) => `${rule}:${subject.trim().toLowerCase()}`;

export const limiterFor = (env: Env, rule: ThrottleRule, subject: string) =>
  env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(limiterKey(rule, subject)));

/** The caller's address as the edge reports it; absent for server-to-server calls. */
export const clientAddress = (c: Context) => c.req.header('x-client-ip')?.trim() || undefined;

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

/** One attempt under one rule without throwing: true when it was allowed (for optional work, like a resend). */
export async function tryConsume(env: Env, rule: ThrottleRule, subject: string): Promise<boolean> {
  const { limit, windowSeconds } = THROTTLE_RULES[rule];
  return (await limiterFor(env, rule, subject).consume(limit, windowSeconds)).allowed;
}

function tooManyRequests(retryAfterSeconds: number): never {
  const body: ApiError = { status: false, message: MSG.tooManyRequests };
  const res = Response.json(body, { status: 429, headers: { 'retry-after': String(retryAfterSeconds) } });
  throw new HTTPException(429, { message: MSG.tooManyRequests, res });
}
