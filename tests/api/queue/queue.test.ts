import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { signQueuePass } from '../../../functions/lib/queue-pass';
import { MSG } from '../../../src/shared/messages/common';
import { QUEUE_MSG } from '../../../src/shared/messages/queue';
import { drawOrder, placeOf, seedHash } from '../../../src/shared/queue-draw';
import { asBuyer, createBuyer, createUser, login } from '../kit/actors';
import { createTestEvent } from '../kit/events';
import { eventually, provider } from '../kit/http';
import { sellAtBoxOffice } from '../kit/sales';
import { hold, join, json, type Place, place, queueBuyer, queuedEvent } from './queue-fixtures';

const HEX64 = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 });

describe('the draw (src/shared/queue-draw.ts)', () => {
  it('is a permutation of 1..n fixed by the seed', () => {
    fc.assert(
      fc.property(HEX64, fc.integer({ min: 0, max: 300 }), (seed, n) => {
        const order = drawOrder(seed, n);
        expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
        expect(drawOrder(seed, n)).toEqual(order);
        for (const k of [1, Math.ceil(n / 2), n].filter((x) => x >= 1 && x <= n))
          expect(order[(placeOf(seed, n, k) ?? 0) - 1]).toBe(k);
      }),
    );
  });

  it('changes with the seed', () => {
    const a = drawOrder(`${'0'.repeat(63)}1`, 50);
    const b = drawOrder(`${'0'.repeat(63)}2`, 50);
    expect(a).not.toEqual(b);
  });
});

describe('Venta con fila (queue API)', () => {
  it('refuses an early join, shuffles the pre-queue with the committed seed at the opening, and keeps one place per account and DNI', async () => {
    // Pre-queue 30 minutes before an opening 2 hours away: too early to join.
    const early = await queuedEvent(2 * 3_600_000, { prequeue_minutes: 30 });
    const tooSoon = await join(await queueBuyer(), early.event.event_id);
    expect(tooSoon.status).toBe(409);
    expect((await json(tooSoon)).message).toMatch(/^La fila todavía no abrió\. Abre el /);

    const { event } = await queuedEvent(4000, { prequeue_minutes: 30 });
    const before = (await json(await asBuyer(await queueBuyer(), `/queues/${event.event_id}`))).data as Record<
      string,
      unknown
    >;
    expect(before.state).toBe('prequeue');
    expect(before.seed).toBeNull();
    expect(before.seed_hash).toMatch(/^[0-9a-f]{64}$/);

    const buyers = await Promise.all(Array.from({ length: 6 }, () => queueBuyer()));
    const numbers: number[] = [];
    for (const b of buyers) {
      const res = await join(b, event.event_id);
      expect(res.status).toBe(201);
      const data = (await json(res)).data as { place: Place };
      numbers.push(data.place.prequeue_number as number);
      expect(data.place.position).toBeNull();
    }
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6]);

    // A second join of the same account gets the same place; another account with the same DNI is refused,
    // and told nothing of that place (issue 29: it was shown the first account's pre-queue number).
    const again = await join(buyers[2], event.event_id);
    expect(again.status).toBe(200);
    expect(((await json(again)).data as { place: Place }).place.prequeue_number).toBe(3);
    const twin = await queueBuyer({ dni: buyers[4].dni });
    const twinJoin = await join(twin, event.event_id);
    expect(twinJoin.status).toBe(409);
    expect(await json(twinJoin)).toEqual({ status: false, message: QUEUE_MSG.dniTaken });
    expect(await place(twin, event.event_id)).toMatchObject({ joined: false, prequeue_number: null, position: null });

    let proof: Record<string, unknown> = {};
    await eventually(
      async () => {
        proof = (await json(await asBuyer(buyers[0], `/queues/${event.event_id}`))).data as Record<string, unknown>;
        return typeof proof.seed === 'string';
      },
      'the seed is revealed after the opening',
      15_000,
    );
    expect(proof.seed_hash).toBe(before.seed_hash);
    expect(await seedHash(proof.seed as string)).toBe(before.seed_hash);
    expect(proof.prequeue_size).toBe(6);

    const places = await Promise.all(buyers.map((b) => place(b, event.event_id)));
    for (const p of places) expect(p.position).toBe(placeOf(proof.seed as string, 6, p.prequeue_number as number));

    // Later arrivals queue at the end, in arrival order.
    const late = [await queueBuyer(), await queueBuyer()];
    for (const b of late) expect((await join(b, event.event_id)).status).toBe(201);
    expect((await place(late[0], event.event_id)).position).toBe(7);
    expect((await place(late[1], event.event_id)).position).toBe(8);
  });

  it('refuses a hold without a pass, with a forged, expired or other person’s pass; sells with the own pass', async () => {
    const { event } = await queuedEvent(2000);
    const [a, b] = [await queueBuyer(), await queueBuyer()];
    expect((await join(a, event.event_id)).status).toBe(201);
    expect((await join(b, event.event_id)).status).toBe(201);

    // Before the opening nobody has a pass, so no hold at all.
    const none = await hold(a, event.event_id, event.ticket_type_id);
    expect(none.status).toBe(403);
    expect((await json(none)).message).toBe(QUEUE_MSG.passMissing);

    // Rate 1 a minute: at the opening exactly the first place is let in.
    let admitted: Place | undefined;
    let admittedBuyer = a;
    let other = b;
    await eventually(
      async () => {
        const [pa, pb] = [await place(a, event.event_id), await place(b, event.event_id)];
        admitted = pa.admitted ? pa : pb.admitted ? pb : undefined;
        if (pb.admitted) [admittedBuyer, other] = [b, a];
        return admitted !== undefined;
      },
      'the first place is admitted at the opening',
      15_000,
    );
    const waiting = await place(other, event.event_id);
    expect(waiting).toMatchObject({ admitted: false, pass: null, ahead: 0, position: 2 });
    expect(admitted?.position).toBe(1);
    const pass = admitted?.pass as string;
    expect(pass).toMatch(/^v1\./);

    const forged = `${pass.slice(0, -4)}AAAA`;
    const forgedRes = await hold(admittedBuyer, event.event_id, event.ticket_type_id, forged);
    expect(forgedRes.status).toBe(403);
    expect((await json(forgedRes)).message).toBe(QUEUE_MSG.passForged);

    const stolen = await hold(other, event.event_id, event.ticket_type_id, pass);
    expect(stolen.status).toBe(403);
    expect((await json(stolen)).message).toBe(QUEUE_MSG.passOtherAccount);

    const expired = await signQueuePass(env.JWT_SECRET, {
      e: event.event_id,
      u: admittedBuyer.id,
      p: 1,
      x: Date.now() - 1,
    });
    const expiredRes = await hold(admittedBuyer, event.event_id, event.ticket_type_id, expired);
    expect(expiredRes.status).toBe(403);
    expect((await json(expiredRes)).message).toBe(QUEUE_MSG.passExpired);

    const ok = await hold(admittedBuyer, event.event_id, event.ticket_type_id, pass);
    expect(ok.status).toBe(201);
  });

  it('caps tickets per DNI and lets the box office sell only through its permission', async () => {
    const { event, admin } = await queuedEvent(1000, { dni_cap: 1, rate_per_minute: 600 });
    const buyer = await queueBuyer();
    expect((await join(buyer, event.event_id)).status).toBe(201);
    let pass = '';
    await eventually(
      async () => {
        pass = (await place(buyer, event.event_id)).pass ?? '';
        return pass !== '';
      },
      'admitted',
      15_000,
    );
    const two = await asBuyer(buyer, '/holds', {
      method: 'POST',
      json: {
        event_id: event.event_id,
        items: [{ ticket_type_id: event.ticket_type_id, quantity: 2 }],
        queue_pass: pass,
      },
    });
    expect(two.status).toBe(409);
    expect((await json(two)).message).toBe(QUEUE_MSG.dniCap(1));

    const sale = await sellAtBoxOffice(admin, { ...event, buyer: {} });
    expect(sale.status).toBe(201);
  });

  it('closes by itself when the stock runs out and tells everyone still waiting', async () => {
    const { event } = await queuedEvent(1000, {}, 1);
    const buyers = [await queueBuyer(), await queueBuyer(), await queueBuyer()];
    for (const b of buyers) expect((await join(b, event.event_id)).status).toBe(201);
    let first: { buyer: (typeof buyers)[number]; pass: string } | null = null;
    await eventually(
      async () => {
        for (const b of buyers) {
          const p = await place(b, event.event_id);
          if (p.pass) first = { buyer: b, pass: p.pass };
        }
        return first !== null;
      },
      'someone is admitted',
      15_000,
    );
    const { buyer, pass } = first as unknown as { buyer: (typeof buyers)[number]; pass: string };
    const held = await hold(buyer, event.event_id, event.ticket_type_id, pass);
    expect(held.status).toBe(201);
    const order = (await json(held)).data as { id: string };
    const row = await env.DB.prepare('select hold_id from orders where id = ?')
      .bind(order.id)
      .first<{ hold_id: string }>();
    expect(await inventoryOf(env, event.event_id).commit(row!.hold_id)).toEqual({ ok: true });

    const rest = buyers.filter((b) => b !== buyer);
    await eventually(
      async () => {
        const views = await Promise.all(rest.map((b) => place(b, event.event_id)));
        return views.every((v) => v.state === 'closed' && v.closed_reason === 'agotado' && !v.admitted);
      },
      'the queue closed as sold out',
      15_000,
    );
    const late = await join(await queueBuyer(), event.event_id);
    expect(late.status).toBe(409);
    expect((await json(late)).message).toBe(QUEUE_MSG.closed);
  });

  it('refuses unverified accounts and strangers to the producer’s controls', async () => {
    const { event } = await queuedEvent(60_000);
    const unverified = await join(await queueBuyer({ verified: false }), event.event_id);
    expect(unverified.status).toBe(403);
    expect((await json(unverified)).message).toBe(QUEUE_MSG.unverified);
    const stranger = await queueBuyer();
    const res = await asBuyer(stranger, `/admin/queues/${event.event_id}/control`, {
      method: 'POST',
      json: { action: 'close' },
    });
    expect(res.status).toBe(403);
    expect((await json(res)).message).toBe(QUEUE_MSG.noAccess);
  });
});

describe('the queue setting', () => {
  it('can be changed before the opening (the opening moves) and bumps the sale version each time', async () => {
    const { event, admin } = await queuedEvent(10 * 60_000);
    const version = async () =>
      (await env.DB.prepare('select v from sale_versions where event_id = ?')
        .bind(event.event_id)
        .first<{ v: number }>())!.v;
    const v1 = await version();
    const res = await asBuyer(admin, `/admin/queues/${event.event_id}`, {
      method: 'PUT',
      json: { opens_at: new Date(Date.now() + 5 * 60_000).toISOString(), dni_cap: 2 },
    });
    expect(res.status).toBe(200);
    expect(await version()).toBeGreaterThan(v1);
    const past = await asBuyer(admin, `/admin/queues/${event.event_id}`, {
      method: 'PUT',
      json: { opens_at: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(past.status).toBe(400);
    expect((await json(past)).message).toBe(QUEUE_MSG.opensInPast);
  });
});

describe('racing joins (property)', () => {
  it('gives one place per DNI whatever the interleaving: pre-queue numbers are 1..K, later places follow in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Join attempts: [account, dni] pairs, accounts may repeat and share DNIs.
        fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 4 })), {
          minLength: 1,
          maxLength: 20,
        }),
        async (attempts) => {
          const { event } = await queuedEvent(10 * 60_000, { prequeue_minutes: 30 });
          const dnis = Array.from({ length: 5 }, () => String(60_000_000 + Math.floor(Math.random() * 30_000_000)));
          // One account per index, with the DNI of its first attempt (an account has one DNI).
          const accounts = new Map<number, Awaited<ReturnType<typeof queueBuyer>>>();
          for (const [a, d] of attempts) if (!accounts.has(a)) accounts.set(a, await queueBuyer({ dni: dnis[d] }));
          const answers = await Promise.all(
            attempts.map(async ([a]) => {
              const buyer = accounts.get(a)!;
              const res = await join(buyer, event.event_id);
              expect([200, 201, 409]).toContain(res.status);
              const body = await json(res);
              if (res.status === 409) expect(body.message).toBe(QUEUE_MSG.dniTaken);
              return {
                dni: buyer.dni,
                account: a,
                place: res.status === 409 ? null : (body.data as { place: Place }).place,
              };
            }),
          );
          const byDni = new Map<string, Set<number>>();
          const holders = new Map<string, Set<number>>();
          for (const { dni, account, place: p } of answers) {
            if (!p) continue;
            byDni.set(dni, (byDni.get(dni) ?? new Set<number>()).add(p.prequeue_number as number));
            holders.set(dni, (holders.get(dni) ?? new Set<number>()).add(account));
          }
          // Every DNI got exactly one number, held by one account (the others were refused), and the numbers
          // are 1..K without gaps or repeats.
          for (const set of byDni.values()) expect(set.size).toBe(1);
          for (const set of holders.values()) expect(set.size).toBe(1);
          expect(new Set(answers.map((x) => x.dni)).size).toBe(byDni.size);
          const numbers = [...byDni.values()].map((set) => [...set][0]).sort((x, y) => x - y);
          expect(numbers).toEqual(Array.from({ length: byDni.size }, (_, i) => i + 1));
        },
      ),
      { numRuns: 6 },
    );
  });
});

describe('producer controls', () => {
  it('pauses admission, resumes it, changes the rate and closes the queue; the live view counts it all', async () => {
    const { event, admin } = await queuedEvent(1500, { rate_per_minute: 1 });
    const buyers = [await queueBuyer(), await queueBuyer(), await queueBuyer()];
    for (const b of buyers) expect((await join(b, event.event_id)).status).toBe(201);
    const live = async () => {
      const res = await asBuyer(admin, `/admin/queues/${event.event_id}`);
      expect(res.status).toBe(200);
      return ((await json(res)).data as { live: Record<string, unknown> }).live;
    };
    const control = async (action: string) => {
      const res = await asBuyer(admin, `/admin/queues/${event.event_id}/control`, { method: 'POST', json: { action } });
      expect(res.status).toBe(200);
      return (await json(res)).data as Record<string, unknown>;
    };
    await eventually(async () => (await live()).admitted === 1, 'the first place is let in at the opening', 15_000);
    expect(await live()).toMatchObject({ state: 'open', length: 3, waiting: 2, prequeue_size: 3, rate_per_minute: 1 });

    // Paused: a rate of 6,000 a minute lets nobody in while paused.
    expect(await control('pause')).toMatchObject({ state: 'paused' });
    const rate = await asBuyer(admin, `/admin/queues/${event.event_id}/rate`, {
      method: 'PATCH',
      json: { rate_per_minute: 6000 },
    });
    expect(rate.status).toBe(200);
    expect((await json(rate)).data).toMatchObject({ rate_per_minute: 6000, state: 'paused' });
    await new Promise((r) => setTimeout(r, 300));
    expect((await live()).admitted).toBe(1);

    // Resumed: at 100 a second the other two are in almost at once.
    expect(await control('resume')).toMatchObject({ state: 'open' });
    await eventually(async () => (await live()).admitted === 3, 'the rest let in after resuming', 15_000);

    expect(await control('close')).toMatchObject({ state: 'closed', closed_reason: 'productora' });
    const late = await join(await queueBuyer(), event.event_id);
    expect(late.status).toBe(409);
    expect((await json(late)).message).toBe(QUEUE_MSG.closed);
    const setting = await asBuyer(admin, `/admin/queues/${event.event_id}`, {
      method: 'PUT',
      json: { opens_at: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(setting.status).toBe(409);
    expect((await json(setting)).message).toBe(QUEUE_MSG.openedAlready);
  });
});

describe('a queue on one date', () => {
  it('needs a pass only for that date’s tickets; the other dates sell as usual', async () => {
    const event = await createTestEvent(env, { capacity: 20, max_per_order: 4 });
    const other = await env.DB.prepare('insert into event_dates (event_id, starts_at) values (?, ?) returning id')
      .bind(event.event_id, new Date(Date.now() + 40 * 86_400_000).toISOString())
      .first<{ id: number }>();
    const otherType = await env.DB.prepare(
      `insert into ticket_types (event_date_id, name, price_cents, capacity, max_per_order) values (?, 'Segunda', 100000, 20, 4) returning id`,
    )
      .bind(other!.id)
      .first<{ id: number }>();
    const admin = await createBuyer('SUPERADMIN');
    const foreign = await createTestEvent(env, {});
    const wrong = await asBuyer(admin, `/admin/queues/${event.event_id}`, {
      method: 'PUT',
      json: { opens_at: new Date(Date.now() + 60_000).toISOString(), event_date_id: foreign.event_date_id },
    });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).message).toBe(QUEUE_MSG.wrongDate);
    const put = await asBuyer(admin, `/admin/queues/${event.event_id}`, {
      method: 'PUT',
      json: { opens_at: new Date(Date.now() + 60_000).toISOString(), event_date_id: event.event_date_id },
    });
    expect(put.status).toBe(200);
    const buyer = await queueBuyer();
    const queued = await hold(buyer, event.event_id, event.ticket_type_id);
    expect(queued.status).toBe(403);
    expect((await json(queued)).message).toBe(QUEUE_MSG.passMissing);
    const free = await hold(buyer, event.event_id, otherType!.id);
    expect(free.status).toBe(201);
    const proof = (await json(await asBuyer(buyer, `/queues/${event.event_id}`))).data as Record<string, unknown>;
    expect(proof.event_date_id).toBe(event.event_date_id);
  });
});

describe('joins racing the opening (property)', () => {
  it('gives every account a distinct place 1..N, drawn or in arrival order, whoever triggers the draw', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 6 }), async (early, late) => {
        const { event, opensAt } = await queuedEvent(1200, { rate_per_minute: 1 });
        const buyers = await Promise.all(Array.from({ length: early + late }, () => queueBuyer()));
        for (const b of buyers.slice(0, early)) expect((await join(b, event.event_id)).status).toBe(201);
        // The rest join all at once right after the opening time: one of them may be what draws.
        await eventually(async () => Date.now() > opensAt, 'the opening time', 15_000);
        const statuses = await Promise.all(
          buyers.slice(early).map(async (b) => (await join(b, event.event_id)).status),
        );
        expect(statuses.every((s) => s === 201)).toBe(true);
        const places = await Promise.all(buyers.map((b) => place(b, event.event_id)));
        expect(places.map((p) => p.position).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(
          Array.from({ length: early + late }, (_, i) => i + 1),
        );
      }),
      { numRuns: 4 },
    );
  });
});

describe('the buyer’s hot paths (no D1 read of the session per call)', () => {
  it('refuses a hold and a join with a logged-out token at once', async () => {
    const user = await createUser();
    const pair = await login(user.email);
    const auth = { auth: { authorization: `Bearer ${pair.token}` } };
    const event = await createTestEvent(env, { capacity: 10, max_per_order: 4 });
    expect((await hold(auth, event.event_id, event.ticket_type_id)).status).toBe(201);
    const out = await provider('/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${pair.refresh_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ access_token: pair.token }),
    });
    expect(out.status).toBe(200);
    const refused = await hold(auth, event.event_id, event.ticket_type_id);
    expect(refused.status).toBe(401);
    expect((await json(refused)).message).toBe(MSG.sessionExpired);
    const { event: queued } = await queuedEvent(60_000);
    expect((await join(auth, queued.event_id)).status).toBe(401);
  });

  it('refuses a token whose sessions were ended elsewhere within the snapshot’s bound', async () => {
    // A token issued now with the configured lifetime, then all the account's sessions end in D1 directly
    // (as another isolate would): the isolate's snapshot sees it on its next reload, within about a second.
    const buyer = await queueBuyer({ ttlSeconds: Number(env.ACCESS_TOKEN_TTL) - 2 });
    const { event } = await queuedEvent(60_000);
    expect((await join(buyer, event.event_id)).status).toBe(201);
    await env.DB.prepare('update users set sessions_revoked_at = ? where id = ?')
      .bind(Math.floor(Date.now() / 1000), buyer.id)
      .run();
    const started = Date.now();
    await eventually(async () => (await join(buyer, event.event_id)).status === 401, 'the ended session refused');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('limits joins per address inside the queue object, with the Spanish 429', async () => {
    const { event } = await queuedEvent(60_000);
    const address = `10.21.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const from = (buyer: { auth: Record<string, string> }) =>
      asBuyer(buyer, `/queues/${event.event_id}/join`, { method: 'POST', headers: { 'x-client-ip': address } });
    const buyers = await Promise.all(Array.from({ length: 21 }, () => queueBuyer()));
    for (const buyer of buyers.slice(0, 20)) expect((await from(buyer)).status).toBe(201);
    const refused = await from(buyers[20]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(refused)).message).toBe(MSG.tooManyRequests);
    // Another address is not held back by it.
    const other = await asBuyer(buyers[20], `/queues/${event.event_id}/join`, {
      method: 'POST',
      headers: { 'x-client-ip': '10.99.0.1' },
    });
    expect(other.status).toBe(201);
  });
});
