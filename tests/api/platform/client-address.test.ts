import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { limiterFor } from '../../../functions/api/lib/throttle';
import { THROTTLE_RULES } from '../../../functions/domain/throttle-rules';
import { trustedClientAddress } from '../../../functions/edge/client-address';
import { createUser, PASSWORD } from '../kit/actors';
import { browser } from '../kit/http';

const withCf = (headers: Record<string, string>) =>
  new Request('https://boleteria.example/api/v1/login', { headers, cf: { colo: 'EZE' } });

describe('the client address behind the edge', () => {
  it('is not taken from a header the client sent when Cloudflare is not in front (DEV_MODE)', async () => {
    const ip = '203.0.113.201';
    const { limit, windowSeconds } = THROTTLE_RULES.loginAddress;
    const stub = limiterFor(env, 'loginAddress', ip);
    for (let i = 0; i < limit; i++) await stub.consume(limit, windowSeconds);
    const user = await createUser();
    // A spoofed cf-connecting-ip neither blames that address nor lets the caller pick its counter.
    const res = await browser('/api/v1/login', {
      method: 'POST',
      headers: { 'cf-connecting-ip': ip },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
  });

  it('is the cf-connecting-ip Cloudflare set, only in production with request.cf', () => {
    const production = { ...env, DEV_MODE: '' } as Env;
    expect(trustedClientAddress(withCf({ 'cf-connecting-ip': '198.51.100.9' }), production)).toBe('198.51.100.9');
    expect(trustedClientAddress(withCf({ 'cf-connecting-ip': '198.51.100.9' }), env)).toBeUndefined();
    const noCf = new Request('https://boleteria.example/', { headers: { 'cf-connecting-ip': '198.51.100.9' } });
    expect(trustedClientAddress(noCf, production)).toBeUndefined();
    expect(trustedClientAddress(withCf({}), production)).toBeUndefined();
  });
});
