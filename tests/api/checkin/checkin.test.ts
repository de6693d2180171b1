import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { emit } from '../../../functions/api/reactions';
import { revokeAccessToken } from '../../../functions/api/services/accounts/access-revocation';
import { logCopied } from '../../../functions/api/services/checkin/scan';
import { cancelOrderTickets } from '../../../functions/api/services/checkout/issue-tickets';
import { checkinOf } from '../../../functions/durable-objects/stubs';

import { CHECKIN_MSG } from '../../../src/shared/messages/checkin';
import { MSG } from '../../../src/shared/messages/common';
import { asBuyer, createBuyer } from '../kit/actors';
import { provider } from '../kit/http';
import { mailsTo, tokenIn } from '../kit/mail';
import { restartObject } from '../kit/objects';
import {
  addGate,
  counters,
  eventWithTickets,
  nonce,
  type Outcome,
  type Staff,
  scan,
  setupOf,
  staffOf,
} from './checkin-fixtures';

describe('check-in authority', () => {
  it('admits a ticket scanned at the same moment at two gates exactly once', async () => {
    const { event, tickets } = await eventWithTickets();
    const admin = await staffOf(event.producer_id, 'ADMIN');
    const door = await staffOf(event.producer_id);
    await setupOf(admin, event.event_id);
    const north = await addGate(admin, event.event_id, 'Puerta Norte');
    const south = await addGate(admin, event.event_id, 'Puerta Sur');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        scan(i % 2 ? door : admin, event.event_id, { code: tickets[0].code, gate_id: i % 2 ? north.id : south.id }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const admitted = results.filter((r) => r.json.data.result === 'admitted');
    expect(admitted).toHaveLength(1);
    const used = results.filter((r) => r.json.data.result === 'used');
    expect(used).toHaveLength(9);
    const winnerGate = admitted[0].json.data.gate_id === north.id ? 'Puerta Norte' : 'Puerta Sur';
    expect(used[0].json.data.first).toMatchObject({ gate: winnerGate, staff: 'Ana Compradora' });
    expect(used[0].json.data.label).toBe('Entrada ya usada');
    expect((await counters(admin, event.event_id)).event).toEqual({ admitted: 1, expected: 1 });
    await logCopied(env, event.event_id);
    const logged = await env.DB.prepare(
      'select result, count(*) as n from checkin_scans where event_id = ? group by result',
    )
      .bind(event.event_id)
      .all<{ result: string; n: number }>();
    expect(Object.fromEntries(logged.results.map((r) => [r.result, r.n]))).toEqual({ admitted: 1, used: 9 });
  });

  it('answers a retried scan (same nonce) the same and counts it once', async () => {
    const { event, tickets } = await eventWithTickets();
    const door = await staffOf(event.producer_id);
    const body = { code: tickets[0].code, nonce: nonce(), client_at: new Date().toISOString() };
    const first = await scan(door, event.event_id, body);
    expect(first.json.data).toMatchObject({ result: 'admitted', ok: true, replay: false });
    expect(first.json.data.ticket).toMatchObject({ id: tickets[0].id, type: 'General', holder: 'Ana Compradora' });
    const [again, twice] = await Promise.all([scan(door, event.event_id, body), scan(door, event.event_id, body)]);
    for (const retry of [again, twice]) {
      expect(retry.json.data).toMatchObject({ result: 'admitted', scanId: first.json.data.scanId, replay: true });
    }
    const other = await scan(door, event.event_id, { code: tickets[0].code });
    expect(other.json.data.result).toBe('used');
    await logCopied(env, event.event_id);
    const rows = await env.DB.prepare('select count(*) as n from checkin_scans where nonce = ?')
      .bind(body.nonce)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
    expect((await counters(door, event.event_id)).event.admitted).toBe(1);
  });

  it('names each refusal: forged, another event, cancelled, revoked, unpaid, wrong list', async () => {
    const { event, tickets, orderId } = await eventWithTickets(3, { named: false });
    const elsewhere = await eventWithTickets();
    const admin = await staffOf(event.producer_id, 'ADMIN');
    const reasonOf = async (code: string, extra: Record<string, unknown> = {}) =>
      (await scan(admin, event.event_id, { code, ...extra })).json.data;

    const forged = await reasonOf(`${tickets[0].code.slice(0, -4)}AAAA`);
    expect(forged).toMatchObject({ result: 'forged', label: 'Código inválido', ok: false, ticket: null });
    expect((await reasonOf('cualquier cosa')).result).toBe('forged');
    expect((await reasonOf(elsewhere.tickets[0].code)).result).toBe('other_event');

    // A list for another ticket type refuses this one.
    const vip = await asBuyer(admin, `/checkin/events/${event.event_id}/lists`, {
      method: 'POST',
      json: { name: 'VIP', type_ids: [] },
    });
    expect(vip.status).toBe(201);
    const vipType = await env.DB.prepare(
      `insert into ticket_types (event_date_id, name, price_cents, capacity) values (?, 'VIP', 0, 10) returning id`,
    )
      .bind(event.event_date_id)
      .first<{ id: number }>();
    const vipId = ((await vip.json()) as { data: { id: number } }).data.id;
    const put = await asBuyer(admin, `/checkin/lists/${vipId}`, {
      method: 'PUT',
      json: { name: 'VIP', type_ids: [vipType!.id] },
    });
    expect(put.status).toBe(200);
    expect((await reasonOf(tickets[2].code, { list_id: vipId })).result).toBe('wrong_list');

    await env.DB.prepare("insert into revocations (ticket_id, event_id, reason) values (?, ?, 'transferred')")
      .bind(tickets[1].id, event.event_id)
      .run();
    await env.DB.prepare("update tickets set status = 'transferred' where id = ?").bind(tickets[1].id).run();
    // Written straight to D1 here: told to the event's check-in object the way the product's code paths do.
    await emit(env, { kind: 'ticketsChanged', eventId: event.event_id, ticketIds: [tickets[1].id] });
    expect(await reasonOf(tickets[1].code)).toMatchObject({ result: 'revoked', label: 'Entrada revocada' });

    await env.DB.prepare("update orders set status = 'pending_payment' where id = ?").bind(orderId).run();
    await emit(env, { kind: 'ticketsChanged', eventId: event.event_id });
    expect(await reasonOf(tickets[2].code)).toMatchObject({ result: 'unpaid', label: 'Entrada no pagada' });
    await env.DB.prepare("update orders set status = 'paid' where id = ?").bind(orderId).run();
    await emit(env, { kind: 'ticketsChanged', eventId: event.event_id });

    const admitted = await reasonOf(tickets[2].code);
    expect(admitted.result).toBe('admitted');
    const used = await reasonOf(tickets[2].code);
    expect(used).toMatchObject({ result: 'used', first: { gate: 'Puerta 1', staff: 'Ana Compradora' } });
    expect(used.first?.at).toBe(admitted.serverAt);

    await cancelOrderTickets(env, orderId);
    expect(await reasonOf(tickets[0].code)).toMatchObject({ result: 'cancelled', label: 'Entrada cancelada' });

    await logCopied(env, event.event_id);
    const log = await env.DB.prepare('select result from checkin_scans where event_id = ? order by server_at')
      .bind(event.event_id)
      .all<{ result: string }>();
    expect(log.results.map((r) => r.result)).toEqual([
      'forged',
      'forged',
      'other_event',
      'wrong_list',
      'revoked',
      'unpaid',
      'admitted',
      'used',
      'cancelled',
    ]);
  });

  it('refuses staff of another producer and buyers; lets superadmins scan; only admins edit lists and gates', async () => {
    const { event, tickets } = await eventWithTickets();
    await env.DB.prepare("insert into producers (name, slug) values ('Otra productora', ?)")
      .bind(`otra-${Date.now()}-${Math.random()}`)
      .run();
    const other = await env.DB.prepare('select id from producers order by id desc limit 1').first<{ id: number }>();
    const outsider = await staffOf(other!.id, 'ADMIN');
    const refused = await scan(outsider, event.event_id, { code: tickets[0].code });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('No tenés permiso para controlar el acceso de este evento.');
    expect((await scan(await createBuyer(), event.event_id, { code: tickets[0].code })).status).toBe(403);
    for (const path of ['counters', 'overview', 'offline', 'setup']) {
      expect((await asBuyer(outsider, `/checkin/events/${event.event_id}/${path}`)).status).toBe(403);
    }
    const sync = await asBuyer(outsider, `/checkin/events/${event.event_id}/sync`, {
      method: 'POST',
      json: { scans: [{ code: tickets[0].code, nonce: nonce() }] },
    });
    expect(sync.status).toBe(403);
    const listed = (await (await asBuyer(outsider, '/checkin/events')).json()) as { data: { id: number }[] };
    expect(listed.data.map((e) => e.id)).not.toContain(event.event_id);

    // Nothing was decided for the refused callers: the ticket still enters.
    const superadmin = await createBuyer('SUPERADMIN');
    expect((await scan(superadmin, event.event_id, { code: tickets[0].code })).json.data.result).toBe('admitted');

    const collaborator = await staffOf(event.producer_id);
    const gate = await asBuyer(collaborator, `/checkin/events/${event.event_id}/gates`, {
      method: 'POST',
      json: { name: 'Puerta 9' },
    });
    expect(gate.status).toBe(403);
    expect(((await gate.json()) as { message: string }).message).toBe(
      'No tenés permiso para cambiar las listas y puertas de este evento.',
    );
    const badGate = await scan(collaborator, event.event_id, { code: tickets[0].code, gate_id: 999999 });
    expect(badGate.status).toBe(404);
    const badBody = await asBuyer(collaborator, `/checkin/events/${event.event_id}/scan`, {
      method: 'POST',
      json: { code: '' },
    });
    expect(badBody.status).toBe(400);
  });

  it('takes an offline queue: retried uploads count once, and a ticket two offline gates admitted is a conflict', async () => {
    const { event, tickets } = await eventWithTickets(2);
    const admin = await staffOf(event.producer_id, 'ADMIN');
    await setupOf(admin, event.event_id);
    const north = await addGate(admin, event.event_id, 'Norte');
    const south = await addGate(admin, event.event_id, 'Sur');
    const at = (s: number) => new Date(Date.now() - s * 1000).toISOString();
    const northQueue = [
      { code: tickets[0].code, nonce: nonce(), gate_id: north.id, device: 'tel-norte', client_at: at(60) },
      { code: tickets[1].code, nonce: nonce(), gate_id: north.id, device: 'tel-norte', client_at: at(50) },
    ];
    const southQueue = [
      { code: tickets[0].code, nonce: nonce(), gate_id: south.id, device: 'tel-sur', client_at: at(40) },
    ];
    const upload = async (scans: unknown[]) => {
      const res = await asBuyer(admin, `/checkin/events/${event.event_id}/sync`, { method: 'POST', json: { scans } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: Outcome[] }).data;
    };
    const fromNorth = await upload(northQueue);
    expect(fromNorth.map((o) => [o.result, o.conflict])).toEqual([
      ['admitted', false],
      ['admitted', false],
    ]);
    const fromSouth = await upload(southQueue);
    expect(fromSouth[0]).toMatchObject({ result: 'used', conflict: true, first: { gate: 'Norte' } });
    // The connection dropped before the answer: the same queue again changes nothing.
    const again = await upload([...northQueue, ...southQueue]);
    expect(again.every((o) => o.replay)).toBe(true);
    expect(again.map((o) => o.result)).toEqual(['admitted', 'admitted', 'used']);

    const overview = (await (await asBuyer(admin, `/checkin/events/${event.event_id}/overview`)).json()) as {
      data: {
        event: { admitted: number; expected: number };
        gates: { name: string; admitted: number }[];
        conflicts: { gate: string; first_gate: string; device: string; client_at: string; first_at: string }[];
        timeline: { n: number }[];
      };
    };
    expect(overview.data.event).toEqual({ admitted: 2, expected: 2 });
    expect(overview.data.gates.find((g) => g.name === 'Norte')?.admitted).toBe(2);
    expect(overview.data.conflicts).toHaveLength(1);
    expect(overview.data.conflicts[0]).toMatchObject({
      gate: 'Sur',
      first_gate: 'Norte',
      device: 'tel-sur',
      client_at: southQueue[0].client_at,
    });
    expect(overview.data.timeline.reduce((a, b) => a + b.n, 0)).toBe(2);
    await logCopied(env, event.event_id);
    const stored = await env.DB.prepare(
      'select count(*) as n, sum(offline) as offline from checkin_scans where event_id = ?',
    )
      .bind(event.event_id)
      .first<{ n: number; offline: number }>();
    expect(stored).toEqual({ n: 3, offline: 3 });
  });

  it('admits by hand from the search, and lets the same staff member undo it (logged)', async () => {
    const { event, tickets } = await eventWithTickets(1, { named: true });
    const door = await staffOf(event.producer_id);
    const other = await staffOf(event.producer_id);
    const res = await asBuyer(door, `/checkin/events/${event.event_id}/manual`, {
      method: 'POST',
      json: { ticket_id: tickets[0].id, nonce: nonce() },
    });
    const manual = ((await res.json()) as { data: Outcome }).data;
    expect(manual).toMatchObject({ result: 'admitted', ticket: { dni: '30123456' } });
    const undo = (who: Staff) =>
      asBuyer(who, `/checkin/events/${event.event_id}/undo`, {
        method: 'POST',
        json: { scan_id: manual.scanId, nonce: nonce() },
      });
    const refused = await undo(other);
    expect(refused.status).toBe(409);
    const ticketState = async () => {
      await logCopied(env, event.event_id);
      return env.DB.prepare('select status, used_at is not null as entered from tickets where id = ?')
        .bind(tickets[0].id)
        .first<{ status: string; entered: number }>();
    };
    expect(await ticketState()).toEqual({ status: 'used', entered: 1 });
    expect((await undo(door)).status).toBe(200);
    expect((await counters(door, event.event_id)).event.admitted).toBe(0);
    // The undone admission gives the ticket back: valid again in D1, without an entry time.
    expect(await ticketState()).toEqual({ status: 'valid', entered: 0 });
    expect((await scan(other, event.event_id, { code: tickets[0].code })).json.data.result).toBe('admitted');
    expect(await ticketState()).toEqual({ status: 'used', entered: 1 });
    await logCopied(env, event.event_id);
    const kinds = await env.DB.prepare('select kind, result from checkin_scans where event_id = ? order by server_at')
      .bind(event.event_id)
      .all<{ kind: string; result: string }>();
    expect(kinds.results).toEqual([
      { kind: 'manual', result: 'admitted' },
      { kind: 'undo', result: 'undone' },
      { kind: 'entry', result: 'admitted' },
    ]);
  });

  it('lets people out and back in on a list with re-entry, not on the default list', async () => {
    const { event, tickets } = await eventWithTickets();
    const admin = await staffOf(event.producer_id, 'ADMIN');
    const res = await asBuyer(admin, `/checkin/events/${event.event_id}/lists`, {
      method: 'POST',
      json: { name: 'Con salida', allow_reentry: true },
    });
    const listId = ((await res.json()) as { data: { id: number } }).data.id;
    const on = async (kind: string, list_id?: number) =>
      (await scan(admin, event.event_id, { code: tickets[0].code, kind, list_id })).json.data.result;
    expect(await on('exit', listId)).toBe('not_inside');
    expect(await on('entry', listId)).toBe('admitted');
    expect(await on('entry', listId)).toBe('used');
    expect(await on('exit', listId)).toBe('exited');
    expect(await on('entry', listId)).toBe('admitted');
    expect(await on('entry')).toBe('admitted');
    expect(await on('exit')).toBe('exited');
    expect(await on('entry')).toBe('used');
  });

  it('remembers its answers and admissions across a restart (they are kept in memory between scans)', async () => {
    const { event, tickets } = await eventWithTickets(2);
    const door = await staffOf(event.producer_id);
    const body = { code: tickets[0].code, nonce: nonce() };
    const first = await scan(door, event.event_id, body);
    expect(first.json.data.result).toBe('admitted');
    // The object is thrown away; the next call builds a new one from its storage.
    await restartObject(checkinOf(env, event.event_id), 'restart');
    const replay = await scan(door, event.event_id, body);
    expect(replay.status).toBe(200);
    expect(replay.json.data).toMatchObject({ result: 'admitted', scanId: first.json.data.scanId, replay: true });
    expect((await scan(door, event.event_id, { code: tickets[0].code })).json.data.result).toBe('used');
    expect((await scan(door, event.event_id, { code: tickets[1].code })).json.data.result).toBe('admitted');
  });

  it('copies its log to D1 from its scans: a copy repeated after a restart lands once', async () => {
    const { event, tickets } = await eventWithTickets();
    const door = await staffOf(event.producer_id);
    expect((await scan(door, event.event_id, { code: tickets[0].code })).json.data.result).toBe('admitted');
    await logCopied(env, event.event_id);
    const logged = await env.DB.prepare('select * from checkin_scans where event_id = ?').bind(event.event_id).first();
    const ticket = await env.DB.prepare('select used_at from tickets where id = ?')
      .bind(tickets[0].id)
      .first<{ used_at: string }>();
    expect(ticket?.used_at).toBe(logged?.server_at);
    // The object restarts before it knew its copy had reached D1: the same scan is copied again.
    await runInDurableObject(checkinOf(env, event.event_id), (_object, state) => {
      state.storage.sql.exec('update copied set seq = 0');
    });
    // (A separate call: an abort drops the writes of its own turn.)
    await restartObject(checkinOf(env, event.event_id), 'restart');
    await logCopied(env, event.event_id);
    const after = await env.DB.batch([
      env.DB.prepare('select count(*) as n from checkin_scans where event_id = ?').bind(event.event_id),
      env.DB.prepare('select used_at from tickets where id = ?').bind(tickets[0].id),
      env.DB.prepare('select inside, first_at from checkin_admissions where event_id = ?').bind(event.event_id),
    ]);
    expect(after[0].results).toEqual([{ n: 1 }]);
    expect(after[1].results).toEqual([{ used_at: logged?.server_at }]);
    expect(after[2].results).toEqual([{ inside: 1, first_at: logged?.server_at }]);
    await runInDurableObject(checkinOf(env, event.event_id), (_object, state) => {
      const copied = state.storage.sql.exec<{ seq: number }>('select seq from copied').one().seq;
      expect(state.storage.sql.exec('select max(seq) as n from scans').one().n).toBe(copied);
    });
  });

  it('takes over an object kept in the earlier layout: its answers replay and its waiting log reaches D1', async () => {
    const { event, tickets } = await eventWithTickets(2);
    const door = await staffOf(event.producer_id);
    const first = await scan(door, event.event_id, { code: tickets[0].code, nonce: nonce() });
    expect(first.json.data.result).toBe('admitted');
    await logCopied(env, event.event_id);
    const logged = await env.DB.prepare('select * from checkin_scans where event_id = ?')
      .bind(event.event_id)
      .first<Record<string, unknown>>();
    // The earlier layout: answers as JSON by nonce, the log in an outbox of JSON rows (one still waiting).
    const oldNonce = nonce();
    const waiting = { ...logged, id: crypto.randomUUID(), nonce: oldNonce, ticket_id: tickets[1].id };
    const oldAnswer = {
      scanId: waiting.id,
      result: 'admitted',
      conflict: false,
      serverAt: logged?.server_at,
      first: null,
    };
    await runInDurableObject(checkinOf(env, event.event_id), (_object, state) => {
      const sql = state.storage.sql;
      sql.exec('drop table scans; drop table copied; delete from meta');
      sql.exec('create table answers (nonce text primary key, answer text not null)');
      sql.exec('create table outbox (seq integer primary key autoincrement, kind text not null, body text not null)');
      sql.exec('insert into answers (nonce, answer) values (?, ?)', oldNonce, JSON.stringify(oldAnswer));
      sql.exec(
        `insert into admissions (list_id, ticket_id, first_at, first_gate, first_staff, first_scan, gate_id, inside,
           last_scan, last_staff, last_at) values (?, ?, ?, '', 'Carla', ?, null, 1, ?, 1, ?)`,
        logged?.list_id,
        tickets[1].id,
        logged?.server_at,
        waiting.id,
        waiting.id,
        Date.now(),
      );
      sql.exec(
        `insert into outbox (kind, body) values ('scan', ?), ('used', ?), ('admission', ?)`,
        JSON.stringify(waiting),
        JSON.stringify({ id: tickets[1].id, at: logged?.server_at }),
        JSON.stringify({ event_id: event.event_id, list_id: logged?.list_id, ticket_id: tickets[1].id }),
      );
    });
    await restartObject(checkinOf(env, event.event_id), 'new code');
    await logCopied(env, event.event_id);
    const rows = await env.DB.prepare('select status from tickets where id in (?, ?)')
      .bind(tickets[0].id, tickets[1].id)
      .all();
    expect(rows.results.map((r) => r.status)).toEqual(['used', 'used']);
    const mirrored = await env.DB.prepare('select count(*) as n from checkin_admissions where event_id = ?')
      .bind(event.event_id)
      .first();
    expect(mirrored).toEqual({ n: 2 });
    const scans = await env.DB.prepare('select nonce from checkin_scans where event_id = ?').bind(event.event_id).all();
    expect(scans.results.map((r) => r.nonce)).toContain(oldNonce);
    await runInDurableObject(checkinOf(env, event.event_id), (_object, state) => {
      const tables = state.storage.sql
        .exec<{ name: string }>("select name from sqlite_master where name in ('answers', 'outbox')")
        .toArray();
      expect(tables).toEqual([]);
    });
    // The migrated answer replays (unbound, as it did) and a new scan goes on from it.
    const replay = await scan(door, event.event_id, { code: tickets[1].code, nonce: oldNonce });
    expect(replay.json.data).toMatchObject({ result: 'admitted', scanId: waiting.id, replay: true });
  });

  it('refuses scans with a token ended by a logout, before deciding anything', async () => {
    const { event, tickets } = await eventWithTickets();
    const door = await staffOf(event.producer_id);
    const token = door.auth.authorization.replace('Bearer ', '');
    expect((await scan(door, event.event_id, { code: tickets[0].code, kind: 'exit' })).json.data.result).toBe(
      'not_inside',
    );
    await revokeAccessToken(env, token, door.id);
    const refused = await scan(door, event.event_id, { code: tickets[0].code });
    expect(refused.status).toBe(401);
    expect(refused.json.message).toBe(MSG.sessionExpired);
    await logCopied(env, event.event_id);
    const logged = await env.DB.prepare('select result from checkin_scans where event_id = ?')
      .bind(event.event_id)
      .all<{ result: string }>();
    expect(logged.results).toEqual([{ result: 'not_inside' }]);
  });

  it('binds a nonce to its device, ticket and kind: reused for anything else it is a 409, never an earlier answer', async () => {
    const { event, tickets } = await eventWithTickets(2, { named: true });
    const door = await staffOf(event.producer_id);
    const used = nonce();
    const first = await scan(door, event.event_id, { code: tickets[0].code, nonce: used });
    expect(first.json.data.result).toBe('admitted');
    // The same scan again (a retry) is a replay; the nonce with another ticket, kind or device is refused.
    expect((await scan(door, event.event_id, { code: tickets[0].code, nonce: used })).json.data).toMatchObject({
      result: 'admitted',
      replay: true,
    });
    const forged = `${tickets[0].code.slice(0, tickets[0].code.lastIndexOf('.') + 1)}${'A'.repeat(86)}`;
    for (const body of [
      { code: tickets[1].code, nonce: used },
      { code: forged, nonce: used },
      { code: tickets[0].code, nonce: used, kind: 'exit' },
      { code: tickets[0].code, nonce: used, device: 'otro equipo' },
    ]) {
      const reused = await scan(door, event.event_id, body);
      expect(reused.status, JSON.stringify(body)).toBe(409);
      expect(reused.json.message).toBe(CHECKIN_MSG.nonceReused);
    }
    const synced = await asBuyer(door, `/checkin/events/${event.event_id}/sync`, {
      method: 'POST',
      json: {
        scans: [
          { code: tickets[1].code, nonce: nonce() },
          { code: tickets[1].code, nonce: used },
        ],
      },
    });
    expect(synced.status).toBe(409);
    // Refused before deciding anything: the second ticket is still out.
    expect((await scan(door, event.event_id, { code: tickets[1].code })).json.data.result).toBe('admitted');

    // An undo sent with an admission's nonce is refused, and the admission stays.
    const manual = await asBuyer(door, `/checkin/events/${event.event_id}/manual`, {
      method: 'POST',
      json: { ticket_id: tickets[0].id, nonce: nonce() },
    });
    expect(((await manual.json()) as { data: Outcome }).data.result).toBe('used');
    const undo = await asBuyer(door, `/checkin/events/${event.event_id}/undo`, {
      method: 'POST',
      json: { scan_id: first.json.data.scanId, nonce: used, device: 'test' },
    });
    expect(undo.status).toBe(409);
    expect(((await undo.json()) as { message: string }).message).toBe(CHECKIN_MSG.nonceReused);
    expect((await counters(door, event.event_id)).event.admitted).toBe(2);
  });

  it('decides a scan queued twice in one offline upload once: the second is its replay', async () => {
    const { event, tickets } = await eventWithTickets();
    const door = await staffOf(event.producer_id);
    const twice = { code: tickets[0].code, nonce: nonce(), device: 'tel' };
    const res = await asBuyer(door, `/checkin/events/${event.event_id}/sync`, {
      method: 'POST',
      json: { scans: [twice, twice] },
    });
    expect(res.status).toBe(200);
    const [first, again] = ((await res.json()) as { data: Outcome[] }).data;
    expect(first).toMatchObject({ result: 'admitted', replay: false });
    expect(again).toMatchObject({ result: 'admitted', replay: true, scanId: first.scanId });
    await logCopied(env, event.event_id);
    const rows = await env.DB.prepare('select count(*) as n from checkin_scans where nonce = ?')
      .bind(twice.nonce)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it('gives offline scanners no e-mails, the DNI only when the producer asks for it, and the holder never the seller', async () => {
    const { event, tickets } = await eventWithTickets(1, { named: true });
    const door = await staffOf(event.producer_id);
    const bundle = async () => {
      const res = await asBuyer(door, `/checkin/events/${event.event_id}/offline`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { tickets: Record<string, unknown>[] } }).data.tickets;
    };
    const [off] = await bundle();
    expect(off).toMatchObject({ id: tickets[0].id, holder: 'Ana Compradora', dni: null });
    expect(JSON.stringify(off)).not.toMatch(/@|email/);
    await env.DB.prepare(
      'insert into producer_settings (producer_id, door_dni) values (?, 1) on conflict (producer_id) do update set door_dni = 1',
    )
      .bind(event.producer_id)
      .run();
    expect((await bundle())[0]).toMatchObject({ dni: '30123456' });
    // A box-office ticket belongs to the seller's account; its holder is the name given at the sale (or none).
    await env.DB.prepare('update tickets set owner_user_id = ?, holder_name = null where id = ?')
      .bind(door.id, tickets[0].id)
      .run();
    const [sold] = await bundle();
    expect(sold.holder).toBeNull();
    expect(JSON.stringify(sold)).not.toContain('Ana Compradora');
  });

  it('holds who may scan in the check-in object, and a removal from the team is pushed to it at once', async () => {
    const { event, tickets } = await eventWithTickets(2);
    const admin = await staffOf(event.producer_id, 'ADMIN');
    const door = await staffOf(event.producer_id);
    expect((await scan(door, event.event_id, { code: tickets[0].code })).json.data.result).toBe('admitted');
    const removed = await asBuyer(admin, `/admin/team/members/${door.id}?producer_id=${event.producer_id}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    // Well within the object's TTL: only the push can have told it.
    const refused = await scan(door, event.event_id, { code: tickets[1].code });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(CHECKIN_MSG.noPermission);
    const held = await env.DB.prepare('select user_id from checkin_door_staff where event_id = ? order by user_id')
      .bind(event.event_id)
      .all<{ user_id: number }>();
    expect(held.results.map((r) => r.user_id)).toContain(door.id);
  });

  it('pushes an accepted team invitation to the check-in object at once', async () => {
    const { event, tickets } = await eventWithTickets(1);
    const admin = await staffOf(event.producer_id, 'ADMIN');
    const newcomer = await createBuyer();
    // Not a member yet: refused, and the object now holds that answer for its TTL.
    expect((await scan(newcomer, event.event_id, { code: tickets[0].code })).status).toBe(403);
    const invited = await asBuyer(admin, '/admin/team/invitations', {
      method: 'POST',
      json: { producer_id: event.producer_id, email: newcomer.email, role: 'DOOR', event_ids: [] },
    });
    expect(invited.status).toBe(201);
    const [mail] = await mailsTo(newcomer.email);
    const accepted = await asBuyer(newcomer, `/team/invitations/${tokenIn(mail, '/equipo/aceptar')}/accept`, {
      method: 'POST',
    });
    expect(accepted.status).toBe(200);
    // Well within the object's TTL: only the push can have told it.
    expect((await scan(newcomer, event.event_id, { code: tickets[0].code })).json.data.result).toBe('admitted');
  });

  it('answers the scanner heartbeat without a session or storage, with a body a captive portal cannot fake', async () => {
    const res = await provider('/checkin/ping');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: true, data: { service: 'boleteria-door' } });
  });
});
