import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { browser, provider } from '../kit/http';

// Images live in the provider's bucket; the site shows them at /media/<key> through the edge, so they
// work the same with the bundled provider and with an external one (API_ORIGIN).
describe('media', () => {
  it('the provider serves an image with long cache headers and revalidates with its ETag', async () => {
    await env.MEDIA.put('img/prueba-media.webp', new Uint8Array([82, 73, 70, 70]), {
      httpMetadata: { contentType: 'image/webp' },
    });
    const res = await provider('/media/img/prueba-media.webp');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([82, 73, 70, 70]));
    const etag = res.headers.get('etag')!;
    const again = await provider('/media/img/prueba-media.webp', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('the edge shows the same image at /media/<key>, with revalidation', async () => {
    await env.MEDIA.put('seed/prueba-edge.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', {
      httpMetadata: { contentType: 'image/svg+xml' },
    });
    const res = await browser('/media/seed/prueba-edge.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(await res.text()).toContain('<svg');
    const again = await browser('/media/seed/prueba-edge.svg', {
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('unknown or malformed keys are a Spanish 404', async () => {
    for (const path of ['/media/img/no-existe.webp', '/media/otra/x.webp', '/media/img/..%2F..%2Fsecret']) {
      const res = await browser(path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { message: string }).message, path).toBe('Imagen no encontrada');
    }
  });
});
