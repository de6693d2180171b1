import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { mediaUrl } from '../../../src/shared/media';
import { type Actor, makeUser } from '../kit/actors';
import { call } from '../kit/call';
import { eventBody } from '../kit/events';
import { ORIGIN } from '../kit/http';

const INVALID = 'La imagen no es válida. Subila de nuevo.';

/** Uploads a tiny PNG as `user` through the upload endpoint; answers the key it issued. */
async function upload(user: Actor): Promise<string> {
  const form = new FormData();
  form.set('image', new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }));
  const res = await SELF.fetch(`${ORIGIN}/api/v1/admin/media`, {
    method: 'POST',
    headers: { 'x-api-key': env.API_KEY, authorization: `Bearer ${user.token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { key: string }).key;
}

async function ownerWithEvent() {
  const owner = await makeUser('USER');
  const res = await call(owner, 'POST /admin/events', { json: eventBody() });
  expect(res.status).toBe(201);
  return { owner, event: res.body.data };
}

const logoOf = async (producerId: number) =>
  (await env.DB.prepare('select logo_key from producers where id = ?').bind(producerId).first<{ logo_key: string }>())
    ?.logo_key ?? null;

describe('producer logos', () => {
  it.each([
    ['a path to another page', '../checkout?event=3&items=13:10'],
    ['an absolute URL', 'https://evil.invalid/x.png'],
    ['a key of the right shape that was never issued', 'img/AAAAAAAAAAAAAAAA.png'],
    ['a seed image of another producer', 'seed/logo-1.svg'],
  ])('refuses %s with a Spanish 400 and keeps the logo', async (_, key) => {
    const { owner, event } = await ownerWithEvent();
    const res = await call(owner, 'PUT /admin/producers/:id', {
      param: { id: event.producer_id },
      json: { name: 'Productora Segura', description: '', logo_key: key },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID);
    expect(res.body.errors?.logo_key).toEqual([INVALID]);
    expect(await logoOf(event.producer_id)).toBeNull();
  });

  it('refuses an image uploaded by someone else', async () => {
    const { owner, event } = await ownerWithEvent();
    const stranger = await makeUser('USER');
    const key = await upload(stranger);
    const res = await call(owner, 'PUT /admin/producers/:id', {
      param: { id: event.producer_id },
      json: { name: 'Productora Segura', description: '', logo_key: key },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID);
  });

  it('accepts the caller own upload, and the same key again unchanged', async () => {
    const { owner, event } = await ownerWithEvent();
    const key = await upload(owner);
    expect(key).toMatch(/^img\/[A-Za-z0-9_-]+\.png$/);
    for (let i = 0; i < 2; i++) {
      const res = await call(owner, 'PUT /admin/producers/:id', {
        param: { id: event.producer_id },
        json: { name: 'Productora Segura', description: '', logo_key: key },
      });
      expect(res.status).toBe(200);
    }
    expect(await logoOf(event.producer_id)).toBe(key);
  });
});

describe('event covers and flyers', () => {
  it('refuses a cover that is not an issued image when creating and when editing', async () => {
    const owner = await makeUser('USER');
    const created = await call(owner, 'POST /admin/events', {
      json: eventBody({ cover_key: '../checkout?event=3&items=13:10' }),
    });
    expect(created.status).toBe(400);
    expect(created.body.errors?.cover_key).toEqual([INVALID]);
    const notIssued = await call(owner, 'POST /admin/events', {
      json: eventBody({ flyer_key: 'img/notissued01.webp' }),
    });
    expect(notIssued.status).toBe(400);
    expect(notIssued.body.errors?.flyer_key).toEqual([INVALID]);
    const { event } = await ownerWithEvent();
    const other = await makeUser('USER');
    const put = await call(owner, 'PUT /admin/events/:id', { param: { id: event.id }, json: eventBody() });
    expect(put.status).toBe(403);
    const stolen = await upload(other);
    const { owner: owner2, event: event2 } = await ownerWithEvent();
    const res = await call(owner2, 'PUT /admin/events/:id', {
      param: { id: event2.id },
      json: eventBody({ cover_key: stolen }),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID);
  });

  it('keeps a cover on edits and duplicates by another admin of the same producer', async () => {
    const { owner, event } = await ownerWithEvent();
    const cover = await upload(owner);
    expect(
      (await call(owner, 'PUT /admin/events/:id', { param: { id: event.id }, json: eventBody({ cover_key: cover }) }))
        .status,
    ).toBe(200);
    const partner = await makeUser('ADMIN');
    await env.DB.prepare(`insert into producer_members (producer_id, user_id, role) values (?, ?, 'ADMIN')`)
      .bind(event.producer_id, partner.id)
      .run();
    const edit = await call(partner, 'PUT /admin/events/:id', {
      param: { id: event.id },
      json: eventBody({ cover_key: cover, title: 'Otra noche de jazz' }),
    });
    expect(edit.status).toBe(200);
    const copy = await call(partner, 'POST /admin/events/:id/duplicate', { param: { id: event.id } });
    expect(copy.status).toBe(201);
    expect(copy.body.data.cover_key).toBe(cover);
  });

  it('never builds an image URL out of a key saved before keys were checked', () => {
    expect(mediaUrl('../checkout?event=3&items=13:10')).toBe('/media/invalid');
    expect(mediaUrl('img/abc_DEF-12.webp')).toBe('/media/img/abc_DEF-12.webp');
    expect(mediaUrl('seed/noche-de-jazz.svg')).toBe('/media/seed/noche-de-jazz.svg');
  });
});
