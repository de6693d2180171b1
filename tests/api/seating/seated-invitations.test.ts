import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { INVITATION_MSG } from '../../../src/shared/messages/invitations';
import { SEAT_INVITATION_MSG } from '../../../src/shared/messages/seating';
import { type Actor, asBuyer, createBuyer, uniqueEmail } from '../kit/actors';
import { type Answer, call } from '../kit/call';
import { json } from '../kit/http';
import { mailsTo } from '../kit/mail';
import { routeNetwork } from '../kit/network';
import { pay, settledAs } from '../platform/cross-feature-fixtures';
import { assertSeats, type SeatedWorld, seatedEvent, takenSeats } from './seating-fixtures';

/**
 * Invitations of a seated category (issue 33): the producer names the seats, or asks for the best ones; they are
 * taken sold in the inventory object's step like a hold's, and each invitation ticket carries its seat. A seat
 * that is taken, blocked, of another map or named twice, or a seated category without seats, is refused in
 * Spanish and nothing is held: no seat, no count, no invitation.
 */

const invite = (w: SeatedWorld, fields: Record<string, unknown>) =>
  asBuyer(w.admin, '/admin/invitations', {
    method: 'POST',
    json: {
      event_id: w.eventId,
      name: 'Pedro Prensa',
      email: uniqueEmail('invitado'),
      dni: '30111222',
      quantity: 1,
      ticket_type: 'Platea',
      tag: 'Prensa',
      ...fields,
    },
  });

const seatsNow = async (eventId: number) => (await takenSeats(eventId)).map((s) => `${s.seatId}:${s.state}`).sort();

/** Every invitation ticket of the event: its guest's name and its seat, by seat. */
const invitedSeats = async (eventId: number) =>
  (
    await env.DB.prepare(
      `select g.name, k.seat_id from tickets k join guest_invitations g on g.order_id = k.order_id
       where g.event_id = ? order by k.seat_id`,
    )
      .bind(eventId)
      .all<{ name: string; seat_id: string }>()
  ).results;

const ticketsOf = async (invitationId: string) =>
  (
    await env.DB.prepare(
      `select k.seat_id, k.seat_label from tickets k join guest_invitations g on g.order_id = k.order_id
       where g.id = ? order by k.seat_id`,
    )
      .bind(invitationId)
      .all<{ seat_id: string; seat_label: string }>()
  ).results;

describe('an invitation with a seat', () => {
  it('gives the named seat, or the best ones, and the ticket and its e-mail carry it; revoking frees it', async () => {
    const w = await seatedEvent();
    const email = uniqueEmail('prensa');
    const named = await invite(w, { seat_ids: ['platea-B-1'], email });
    expect(named.status, await named.clone().text()).toBe(201);
    const [namedId] = (await json<Answer<{ ids: string[] }>>(named)).data.ids;
    expect(await ticketsOf(namedId)).toEqual([{ seat_id: 'platea-B-1', seat_label: 'Platea, fila B, butaca 1' }]);
    const [mail] = await mailsTo(email);
    expect(mail.html).toContain('Platea, fila B, butaca 1');
    // Best available: the centre pair of the front row (numbered 5 3 1 2 4 6).
    const best = await invite(w, { quantity: 2, best: true });
    expect(best.status).toBe(201);
    const [bestId] = (await json<Answer<{ ids: string[] }>>(best)).data.ids;
    expect((await ticketsOf(bestId)).map((t) => t.seat_id)).toEqual(['platea-A-1', 'platea-A-2']);
    const items = await env.DB.prepare(
      'select i.seats from order_items i join guest_invitations g on g.order_id = i.order_id where g.id = ?',
    )
      .bind(bestId)
      .first<{ seats: string }>();
    expect(JSON.parse(items!.seats)).toEqual([
      { id: 'platea-A-1', name: 'Platea, fila A, butaca 1' },
      { id: 'platea-A-2', name: 'Platea, fila A, butaca 2' },
    ]);
    expect(await seatsNow(w.eventId)).toEqual(['platea-A-1:sold', 'platea-A-2:sold', 'platea-B-1:sold']);
    const revoked = await asBuyer(w.admin, `/admin/invitations/${namedId}/revoke`, {
      method: 'POST',
      json: { reason: 'Se cayó la nota' },
    });
    expect(revoked.status).toBe(200);
    expect(await seatsNow(w.eventId)).toEqual(['platea-A-1:sold', 'platea-A-2:sold']);
  });

  it('refuses a taken, blocked, unknown or repeated seat, or none, in Spanish, holding nothing', async () => {
    const w = await seatedEvent();
    const blocked = await asBuyer(w.admin, `/admin/seat-maps/${w.producerId}/${w.mapId}/edit`, {
      method: 'POST',
      json: { op: 'block', seat_ids: ['platea-B-6'], reason: 'tecnica' },
    });
    expect(blocked.status).toBe(200);
    expect((await invite(w, { seat_ids: ['platea-B-1'] })).status).toBe(201);
    const before = await seatsNow(w.eventId);
    const invitations = async () =>
      (await env.DB.prepare('select count(*) as n from guest_invitations where event_id = ?')
        .bind(w.eventId)
        .first<{ n: number }>())!.n;
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ seat_ids: ['platea-B-1'] }, 409, SEAT_INVITATION_MSG.seatTaken('Platea, fila B, butaca 1')],
      // Taken with a free one: neither is given.
      [
        { quantity: 2, seat_ids: ['platea-A-3', 'platea-B-1'] },
        409,
        SEAT_INVITATION_MSG.seatTaken('Platea, fila B, butaca 1'),
      ],
      [{ seat_ids: ['platea-B-6'] }, 400, SEAT_INVITATION_MSG.seatUnknown('platea-B-6')],
      [{ seat_ids: ['otro-Z-9'] }, 400, SEAT_INVITATION_MSG.seatUnknown('otro-Z-9')],
      [{ seat_ids: ['pullman-A-1'] }, 400, SEAT_INVITATION_MSG.seatUnknown('pullman-A-1')],
      [
        { quantity: 2, seat_ids: ['platea-A-3', 'platea-A-3'] },
        400,
        SEAT_INVITATION_MSG.seatTwice('Platea, fila A, butaca 3'),
      ],
      [{}, 400, SEAT_INVITATION_MSG.seatsMissing('Platea')],
      [{ quantity: 2, seat_ids: ['platea-A-3'] }, 400, SEAT_INVITATION_MSG.seatsMissing('Platea')],
    ];
    for (const [fields, status, message] of refusals) {
      const res = await invite(w, fields);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      const body = await json<Answer>(res);
      expect(body.message).toBe(message);
      expect(body.errors?.seat_ids).toEqual([message]);
    }
    expect(await seatsNow(w.eventId)).toEqual(before);
    expect(await invitations()).toBe(1);
    // The inventory object's count of Platea: the one invitation, nothing from the refusals.
    const platea = (await inventoryOf(env, w.eventId).availability()).find((a) => a.typeId === w.platea);
    expect(platea).toMatchObject({ sold: 1, held: 0 });
  });
});

const setHeld = (w: SeatedWorld, groups: { group: string; release_at?: string | null; seat_ids: string[] }[]) =>
  call(w.admin, 'PUT /admin/events/:id/seating/:date/held-seats', {
    param: { id: w.eventId, date: w.dateId },
    json: { groups } as never,
  });

/**
 * Row B numbered 5 3 1 2 4 6: the sponsors keep B-1, B-2 and B-4 (adjacent), RRPP keep A-5, both for an hour.
 * Answers the release time.
 */
async function keepForSponsorsAndRrpp(w: SeatedWorld) {
  const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
  const held = await setHeld(w, [
    { group: 'sponsors', release_at: inAnHour, seat_ids: ['platea-B-1', 'platea-B-2', 'platea-B-4'] },
    { group: 'rrpp', release_at: inAnHour, seat_ids: ['platea-A-5'] },
  ]);
  expect(held.status, JSON.stringify(held.body)).toBe(200);
  return inAnHour;
}

describe('an invitation from held seats', () => {
  it("takes the group's seats (best within it, or named), refuses others in Spanish, and a later release does not free them", async () => {
    const w = await seatedEvent({ wheelchair: false, wheelchair_percent: 0 });
    const inAnHour = await keepForSponsorsAndRrpp(w);
    const refused = async (fields: Record<string, unknown>, status: number, text: string, field = 'seat_ids') => {
      const res = await invite(w, fields);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      const body = await json<Answer>(res);
      expect(body.errors?.[field]).toEqual([text]);
      if (field === 'seat_ids') expect(body.message).toBe(text);
    };
    // Without the group, a held seat stays out of reach (as before).
    await refused({ seat_ids: ['platea-B-1'] }, 409, SEAT_INVITATION_MSG.seatKept('Platea, fila B, butaca 1'));
    // Seats that are not the group's: another group's, or free ones.
    await refused(
      { held_group: 'sponsors', seat_ids: ['platea-A-5'] },
      409,
      SEAT_INVITATION_MSG.notInGroup('Platea, fila A, butaca 5', 'Sponsors'),
    );
    await refused(
      { held_group: 'sponsors', quantity: 2, seat_ids: ['platea-B-1', 'platea-A-1'] },
      409,
      SEAT_INVITATION_MSG.notInGroup('Platea, fila A, butaca 1', 'Sponsors'),
    );
    await refused({ held_group: 'palco' }, 400, SEAT_INVITATION_MSG.heldGroup, 'held_group');
    // Nothing moved: the groups keep all their seats.
    expect(await seatsNow(w.eventId)).toEqual([
      'platea-A-5:kept',
      'platea-B-1:kept',
      'platea-B-2:kept',
      'platea-B-4:kept',
    ]);

    // By the group: the best adjacent pair of its seats (the centre pair), sold to the invitation in one step.
    const best = await invite(w, { held_group: 'sponsors', quantity: 2 });
    expect(best.status, await best.clone().text()).toBe(201);
    const [bestId] = (await json<Answer<{ ids: string[] }>>(best)).data.ids;
    expect((await ticketsOf(bestId)).map((t) => t.seat_id)).toEqual(['platea-B-1', 'platea-B-2']);
    // Naming a seat of the group.
    const named = await invite(w, { held_group: 'rrpp', seat_ids: ['platea-A-5'] });
    expect(named.status, await named.clone().text()).toBe(201);
    const [namedId] = (await json<Answer<{ ids: string[] }>>(named)).data.ids;
    expect(await ticketsOf(namedId)).toEqual([{ seat_id: 'platea-A-5', seat_label: 'Platea, fila A, butaca 5' }]);
    // The group has one seat left: two together cannot come from it.
    await refused(
      { held_group: 'sponsors', quantity: 2 },
      409,
      SEAT_INVITATION_MSG.groupShort(2, 'Platea', 'Sponsors'),
    );
    expect(await seatsNow(w.eventId)).toEqual([
      'platea-A-5:sold',
      'platea-B-1:sold',
      'platea-B-2:sold',
      'platea-B-4:kept',
    ]);
    const platea = () =>
      inventoryOf(env, w.eventId)
        .availability()
        .then((a) => a.find((t) => t.typeId === w.platea));
    expect(await platea()).toMatchObject({ sold: 3, held: 1 });
    // The groups no longer name the given seats: saving them again (the back office's form) is accepted.
    const now = (await call(w.admin, 'GET /admin/events/:id/seating/:date/held-seats', {
      param: { id: w.eventId, date: w.dateId },
    })) as { body: { data: { groups: { group: string; seat_ids: string[] }[] } } };
    expect(now.body.data.groups.map((g) => [g.group, g.seat_ids])).toEqual([
      ['rrpp', []],
      ['sponsors', ['platea-B-4']],
    ]);
    // Releasing the sponsors now puts their last seat on sale; the invitations' seats stay theirs.
    const released = await setHeld(w, [
      { group: 'sponsors', release_at: new Date(Date.now() - 1000).toISOString(), seat_ids: ['platea-B-4'] },
      { group: 'rrpp', release_at: inAnHour, seat_ids: [] },
    ]);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(await seatsNow(w.eventId)).toEqual(['platea-A-5:sold', 'platea-B-1:sold', 'platea-B-2:sold']);
    expect(await platea()).toMatchObject({ sold: 3, held: 0 });
    await assertSeats(w.eventId);
  });
});

const importCsv = (w: SeatedWorld, csv: string, held_group?: string) =>
  asBuyer(w.admin, '/admin/invitations/import', {
    method: 'POST',
    json: { event_id: w.eventId, csv, ...(held_group ? { held_group } : {}) },
  });

describe('a CSV of invitations from held seats', () => {
  it("draws each row from the file's group or its own column, by row in Spanish when a group is wrong or short, all rows or none", async () => {
    const w = await seatedEvent({ wheelchair: false, wheelchair_percent: 0 });
    await keepForSponsorsAndRrpp(w);
    const header = 'nombre,email,dni,cantidad,tipo,etiqueta,butacas guardadas';
    const row = (name: string, quantity: number, group: string) =>
      `${name},${uniqueEmail('csv')},30111222,${quantity},Platea,Sponsors,${group}`;
    const before = await seatsNow(w.eventId);
    const invitations = async () =>
      (await env.DB.prepare('select count(*) as n from guest_invitations where event_id = ?')
        .bind(w.eventId)
        .first<{ n: number }>())!.n;

    // A group that does not exist, named in its row: refused by row, nothing taken.
    const bad = await importCsv(
      w,
      [header, row('Ana Sponsor', 1, ''), row('Beto Palco', 1, 'palco')].join('\n'),
      'sponsors',
    );
    expect(bad.status).toBe(400);
    expect((await json<Answer>(bad)).errors).toEqual({ 'Fila 3': [SEAT_INVITATION_MSG.heldGroup] });
    // More than the group keeps (RRPP keep one seat): refused by row, and the row before it is not written either.
    const short = await importCsv(
      w,
      [header, row('Ana Sponsor', 2, ''), row('Carla RRPP', 2, 'RRPP')].join('\n'),
      'sponsors',
    );
    expect(short.status).toBe(409);
    const shortBody = await json<Answer>(short);
    expect(shortBody.message).toBe(INVITATION_MSG.csvBadRows(1));
    expect(shortBody.errors).toEqual({ 'Fila 3': [SEAT_INVITATION_MSG.groupShort(2, 'Platea', 'RRPP')] });
    // A file-wide group that is not one: the field's Spanish message.
    const wrongFile = await importCsv(w, [header, row('Ana Sponsor', 1, '')].join('\n'), 'palco');
    expect(wrongFile.status).toBe(400);
    expect((await json<Answer>(wrongFile)).errors?.held_group).toEqual([SEAT_INVITATION_MSG.heldGroup]);
    expect(await seatsNow(w.eventId)).toEqual(before);
    expect(await invitations()).toBe(0);

    // The file's group (sponsors) for the rows without one, "Boletería"-style names in the column for the others.
    const ok = await importCsv(
      w,
      [header, row('Ana Sponsor', 2, ''), row('Carla RRPP', 1, 'Rrpp')].join('\n'),
      'sponsors',
    );
    expect(ok.status, await ok.clone().text()).toBe(201);
    expect(await invitedSeats(w.eventId)).toEqual([
      { name: 'Carla RRPP', seat_id: 'platea-A-5' },
      { name: 'Ana Sponsor', seat_id: 'platea-B-1' },
      { name: 'Ana Sponsor', seat_id: 'platea-B-2' },
    ]);
    expect(await seatsNow(w.eventId)).toEqual([
      'platea-A-5:sold',
      'platea-B-1:sold',
      'platea-B-2:sold',
      'platea-B-4:kept',
    ]);
    await assertSeats(w.eventId);
  });

  it('gives a row without a group the best available seats, as the form does with no seat named', async () => {
    const w = await seatedEvent({ wheelchair: false, wheelchair_percent: 0 });
    const header = 'nombre,email,dni,cantidad,tipo,etiqueta';
    const csv = [header, `Dora Prensa,${uniqueEmail('csv')},30111222,2,Platea,Prensa`].join('\n');
    const ok = await importCsv(w, csv);
    expect(ok.status, await ok.clone().text()).toBe(201);
    const seats = (await invitedSeats(w.eventId)).map((r) => r.seat_id);
    // Two seats of the first row (the closest to the stage), sold to the invitation.
    expect(seats).toHaveLength(2);
    expect(seats.every((id) => id.startsWith('platea-A-'))).toBe(true);
    expect(await seatsNow(w.eventId)).toEqual(seats.map((id) => `${id}:sold`).sort());
    await assertSeats(w.eventId);
  });
});

const SEATS = ['platea-A-1', 'platea-A-2', 'platea-A-3', 'platea-A-4', 'platea-B-1', 'platea-B-2', 'platea-B-4'];

type Command =
  | { kind: 'hold' | 'invite' | 'invite_group'; buyer: number; seats: string[] }
  | { kind: 'best' | 'invite_best' | 'invite_group_best'; buyer: number; quantity: number }
  | { kind: 'pay' | 'revoke' | 'release_group'; buyer: number };

/** The sponsors' seats of the race (a group invitations draw from, released mid-race by 'release_group'). */
const SPONSORS = ['platea-A-4', 'platea-B-1', 'platea-B-2', 'platea-B-4'];

const buyer = fc.nat({ max: 2 });
const seats = fc.uniqueArray(fc.constantFrom(...SEATS), { minLength: 1, maxLength: 3 });
const quantity = fc.integer({ min: 1, max: 3 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constantFrom('hold' as const, 'invite' as const, 'invite_group' as const), buyer, seats }),
  fc.record({
    kind: fc.constantFrom('best' as const, 'invite_best' as const, 'invite_group_best' as const),
    buyer,
    quantity,
  }),
  fc.record({ kind: fc.constantFrom('pay' as const, 'revoke' as const, 'release_group' as const), buyer }),
);

async function run(w: SeatedWorld, buyers: Actor[], c: Command) {
  const b = buyers[c.buyer];
  // Named seats, or the best ones ("Mejor ubicación disponible").
  const pick =
    'seats' in c
      ? { quantity: c.seats.length, seat_ids: c.seats }
      : 'quantity' in c
        ? { quantity: c.quantity, best: true }
        : {};
  if (c.kind === 'hold' || c.kind === 'best') {
    const item = { ticket_type_id: w.platea, ...pick };
    const res = await asBuyer(b, '/holds', { method: 'POST', json: { event_id: w.eventId, items: [item] } });
    expect(res.status, await res.clone().text()).toBeLessThan(500);
  } else if (c.kind === 'invite' || c.kind === 'invite_best') {
    const res = await invite(w, pick);
    expect(res.status, await res.clone().text()).toBeLessThan(500);
  } else if (c.kind === 'invite_group' || c.kind === 'invite_group_best') {
    // Drawn from the sponsors' seats: named (some may not be theirs), or the best of them.
    const res = await invite(w, { ...pick, best: undefined, held_group: 'sponsors' });
    expect(res.status, await res.clone().text()).toBeLessThan(500);
  } else if (c.kind === 'release_group') {
    const res = await setHeld(w, [
      { group: 'sponsors', release_at: new Date(Date.now() - 1000).toISOString(), seat_ids: [] },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  } else if (c.kind === 'pay') {
    const order = await env.DB.prepare(
      "select id from orders where event_id = ? and user_id = ? and status = 'held' order by created_at desc limit 1",
    )
      .bind(w.eventId, b.id)
      .first<{ id: string }>();
    if (order) await pay(b, order.id);
  } else {
    const issued = await env.DB.prepare(
      "select id from guest_invitations where event_id = ? and status != 'revoked' order by created_at limit 1 offset ?",
    )
      .bind(w.eventId, c.buyer)
      .first<{ id: string }>();
    if (!issued) return;
    const res = await settledAs(w.admin, `/admin/invitations/${issued.id}/revoke`, {
      method: 'POST',
      json: { reason: 'Prueba' },
    });
    expect(res.status).toBeLessThan(500);
  }
}

describe('invitations with seats racing holds, best available, payments, revocations and held seats', () => {
  it("never gives a seat twice: the sold seats are the valid tickets' seats, a held pick is whole", async () => {
    routeNetwork();
    const seed = Number(process.env.SEAT_RACES_SEED ?? Date.now() % 100_000);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(command, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 3 }),
        async (waves) => {
          const w = await seatedEvent({ rows: 2, seatsPerRow: 4, wheelchair: false, wheelchair_percent: 0 });
          const buyers = await Promise.all([createBuyer(), createBuyer(), createBuyer()]);
          const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
          expect((await setHeld(w, [{ group: 'sponsors', release_at: inAnHour, seat_ids: SPONSORS }])).status).toBe(
            200,
          );
          for (const wave of waves) await Promise.all(wave.map((c) => run(w, buyers, c)));
          await assertSeats(w.eventId);
          // A seat is kept by the group or given, never both; what the group gave is a valid ticket until revoked.
          const taken = await takenSeats(w.eventId);
          const kept = taken.filter((t) => t.state === 'kept').map((t) => t.seatId);
          for (const id of kept) expect(SPONSORS).toContain(id);
          const platea = (await inventoryOf(env, w.eventId).availability()).find((a) => a.typeId === w.platea);
          expect(platea).toMatchObject({
            sold: taken.filter((t) => t.state === 'sold').length,
            held: taken.filter((t) => t.state !== 'sold').length,
          });
        },
      ),
      { numRuns: Number(process.env.SEAT_RACES_RUNS ?? 10), seed, endOnFailure: true },
    );
  }, 300_000);
});
