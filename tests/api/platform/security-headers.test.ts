import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createServer } from '../../../functions/server';
import { ORIGIN } from '../kit/http';

const page = (csp?: string) =>
  createServer(() => {
    const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
    if (csp) headers.set('content-security-policy', csp);
    return new Response('<!doctype html><title>x</title>', { headers });
  });

const get = (server: ReturnType<typeof createServer>, path: string) =>
  server.fetch(new Request(`${ORIGIN}${path}`), env, createExecutionContext());

describe('security headers of the pages', () => {
  it('every HTML page forbids framing, trims the referrer and turns off the camera', async () => {
    const res = await get(page("script-src 'self'"), '/eventos');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('permissions-policy')).toContain('microphone=()');
    // Astro's own policy (with the hashes of its inline scripts and styles) is kept, framing refused.
    expect(res.headers.get('content-security-policy')).toBe("script-src 'self'; frame-ancestors 'none'");
  });

  it('allows the camera only on the full access-control view, where the scanner lives', async () => {
    const server = page("script-src 'self'");
    expect((await get(server, '/admin/access-control/full')).headers.get('permissions-policy')).toContain(
      'camera=(self)',
    );
    for (const path of ['/admin/access-control', '/admin/access-control/fullx', '/perfil'])
      expect((await get(server, path)).headers.get('permissions-policy')).toContain('camera=()');
  });

  it('gives a page without a policy of its own a strict one', async () => {
    const csp = (await get(page(), '/error')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
  });

  it('leaves API answers alone', async () => {
    const res = await page().fetch(new Request(`${ORIGIN}/api/v1/nada`), env, createExecutionContext());
    expect(res.headers.get('content-type')).toContain('json');
    expect(res.headers.get('permissions-policy')).toBeNull();
  });

  it('lets any site frame the embeddable checkout, and only it (issue 34)', async () => {
    const astroPolicy = "default-src 'self'; frame-ancestors 'none'; script-src 'self'";
    const server = page(astroPolicy);
    for (const path of ['/embed/eventos/12', '/embed/eventos/12/']) {
      const res = await get(server, path);
      expect(res.headers.get('x-frame-options')).toBeNull();
      expect(res.headers.get('content-security-policy')).toBe(
        "default-src 'self'; frame-ancestors http: https:; script-src 'self'",
      );
    }
    for (const path of [
      '/eventos/12',
      '/embed/eventos/12/x',
      '/embed/eventos/abc',
      '/embed',
      '/checkout',
      '/ingresar',
    ]) {
      const res = await get(server, path);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('content-security-policy'), path).toBe(astroPolicy);
    }
  });
});
