import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logCopied } from '../../../functions/api/services/checkin/scan';
import { shortTicketCode } from '../../../src/shared/checkin';
import { asBuyer } from '../kit/actors';
import type { Outcome, Staff } from './checkin-fixtures';
import { addGate, counters, eventWithTickets, nonce, setupOf, staffOf } from './checkin-fixtures';

/**
 * The door under any interleaving: random mixes of scans (entries and exits, some sent twice at once with the
 * same nonce, as a retrying scanner does), offline queues, check-ins by hand and undos are fired at once against
 * the real endpoints of one event, from two staff members at two gates, on the default list (no re-entry) and on
 * a re-entry list. After each run, from the answers, D1's log and mirror, and the counters:
 * - on the default list a ticket is admitted at most once more than its admissions were undone (no double entry);
 * - on every list, admissions minus exits minus undos is 0 or 1, and it is what the mirror says (`inside`);
 * - a nonce has one decision: every answer to it names the same scan and result, and only the first is not a replay;
 * - D1's log has exactly one row per nonce, with the answered scan id and result;
 * - a ticket is `used` exactly when it is admitted on some list, and the counters count the mirror.
 */

type Item = { ticket: number; list: number };
type Command =
  | ({ kind: 'entry'; staff: number; gate: number; retry: boolean; typed: boolean } & Item)
  | ({ kind: 'exit'; staff: number; gate: number; typed: boolean } & Item)
  | { kind: 'sync'; staff: number; items: Item[] }
  | ({ kind: 'manual'; staff: number } & Item);

const TICKETS = 4;
const item = { ticket: fc.nat({ max: TICKETS - 1 }), list: fc.nat({ max: 1 }) };
const who = { staff: fc.nat({ max: 1 }), gate: fc.nat({ max: 1 }) };
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('entry' as const),
      ...item,
      ...who,
      retry: fc.boolean(),
      // The QR, or the short code staff type when it cannot be read (issue 32): one decision either way.
      typed: fc.boolean(),
    }),
  },
  fc.record({ kind: fc.constant('exit' as const), ...item, ...who, typed: fc.boolean() }),
  fc.record({
    kind: fc.constant('sync' as const),
    staff: who.staff,
    items: fc.array(fc.record(item), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('manual' as const), staff: who.staff, ...item }),
);

type World = {
  eventId: number;
  tickets: { id: string; code: string }[];
  staff: Staff[];
  gates: number[];
  lists: number[];
};

/** One answer to one scan, with what it named. */
type Answer = Item & { nonce: string; staff: number; outcome: Outcome; kind: 'entry' | 'exit' | 'manual' };

async function world(): Promise<World> {
  const { event, tickets } = await eventWithTickets(TICKETS);
  const admin = await staffOf(event.producer_id, 'ADMIN');
  const door = await staffOf(event.producer_id);
  const setup = await setupOf(admin, event.event_id);
  const reentry = await asBuyer(admin, `/checkin/events/${event.event_id}/lists`, {
    method: 'POST',
    json: { name: 'Con reingreso', type_ids: [], allow_reentry: true },
  });
  expect(reentry.status).toBe(201);
  const north = await addGate(admin, event.event_id, 'Norte');
  const south = await addGate(admin, event.event_id, 'Sur');
  return {
    eventId: event.event_id,
    tickets,
    staff: [admin, door],
    gates: [north.id, south.id],
    lists: [setup.lists[0].id, ((await reentry.json()) as { data: { id: number } }).data.id],
  };
}

async function post<T>(w: World, staff: number, path: string, json: unknown): Promise<T> {
  const res = await asBuyer(w.staff[staff], `/checkin/events/${w.eventId}/${path}`, { method: 'POST', json });
  expect(res.status, `${path} answered ${res.status}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** Fires one command; answers every decision it got back. */
async function run(w: World, c: Command): Promise<Answer[]> {
  const device = `puerta-${c.staff}`;
  switch (c.kind) {
    case 'entry':
    case 'exit': {
      const ticket = w.tickets[c.ticket];
      const body = {
        code: c.typed ? shortTicketCode(ticket.id) : ticket.code,
        nonce: nonce(),
        list_id: w.lists[c.list],
        gate_id: w.gates[c.gate],
        device,
        kind: c.kind,
      };
      const times = c.kind === 'entry' && c.retry ? 2 : 1;
      const outcomes = await Promise.all(Array.from({ length: times }, () => post<Outcome>(w, c.staff, 'scan', body)));
      return outcomes.map((outcome) => ({ ...c, nonce: body.nonce, outcome, kind: c.kind }));
    }
    case 'manual': {
      const body = { ticket_id: w.tickets[c.ticket].id, nonce: nonce(), list_id: w.lists[c.list], device };
      const outcome = await post<Outcome>(w, c.staff, 'manual', body);
      return [{ ...c, nonce: body.nonce, outcome, kind: 'manual' }];
    }
    case 'sync': {
      const scans = c.items.map((i) => ({
        code: w.tickets[i.ticket].code,
        nonce: nonce(),
        list_id: w.lists[i.list],
        device,
        client_at: new Date().toISOString(),
        local_result: 'admitted',
      }));
      const outcomes = await post<Outcome[]>(w, c.staff, 'sync', { scans });
      expect(outcomes).toHaveLength(scans.length);
      return outcomes.map((outcome, i) => ({
        ...c.items[i],
        staff: c.staff,
        nonce: scans[i].nonce,
        outcome,
        kind: 'entry' as const,
      }));
    }
  }
}

/** Undoes an admission (its own staff member's, as the scanner offers): 200, or 409 once it is no longer undoable. */
async function undo(w: World, admission: Answer): Promise<Answer | null> {
  const body = { scan_id: admission.outcome.scanId, nonce: nonce(), device: `puerta-${admission.staff}` };
  const res = await asBuyer(w.staff[admission.staff], `/checkin/events/${w.eventId}/undo`, {
    method: 'POST',
    json: body,
  });
  expect([200, 409], `undo answered ${res.status}`).toContain(res.status);
  if (res.status !== 200) return null;
  const outcome = ((await res.json()) as { data: Outcome }).data;
  return { ...admission, nonce: body.nonce, outcome, kind: 'manual' };
}

async function assertInvariants(w: World, answers: Answer[]) {
  // One decision per nonce: every answer names the same scan and result, and only the first is not a replay.
  const byNonce = new Map<string, Answer[]>();
  for (const a of answers) byNonce.set(a.nonce, [...(byNonce.get(a.nonce) ?? []), a]);
  for (const [key, same] of byNonce) {
    expect(new Set(same.map((a) => `${a.outcome.scanId}:${a.outcome.result}`)).size, `nonce ${key}`).toBe(1);
    expect(
      same.filter((a) => !a.outcome.replay),
      `nonce ${key} decided twice`,
    ).toHaveLength(1);
  }
  const decisions = answers.filter((a) => !a.outcome.replay);

  await logCopied(env, w.eventId);
  const { results: logged } = await env.DB.prepare('select id, nonce, result from checkin_scans where event_id = ?')
    .bind(w.eventId)
    .all<{ id: string; nonce: string; result: string }>();
  expect(logged, 'one log row per nonce').toHaveLength(decisions.length);
  const logOf = new Map(logged.map((r) => [r.nonce, r]));
  for (const d of decisions)
    expect(logOf.get(d.nonce), `log of ${d.nonce}`).toEqual({
      id: d.outcome.scanId,
      nonce: d.nonce,
      result: d.outcome.result,
    });

  const { results: mirror } = await env.DB.prepare(
    'select list_id, ticket_id, inside from checkin_admissions where event_id = ?',
  )
    .bind(w.eventId)
    .all<{ list_id: number; ticket_id: string; inside: number }>();
  const insideOf = new Map(mirror.map((m) => [`${m.list_id}:${m.ticket_id}`, m.inside]));
  for (const [list, listId] of w.lists.entries()) {
    for (const [ticket, { id }] of w.tickets.entries()) {
      const here = decisions.filter((d) => d.list === list && d.ticket === ticket);
      const count = (result: string) => here.filter((d) => d.outcome.result === result).length;
      const [admitted, exited, undone] = [count('admitted'), count('exited'), count('undone')];
      const key = `list ${list}, ticket ${ticket}`;
      if (list === 0) expect(admitted - undone, `${key}: entered twice`).toBeLessThanOrEqual(1);
      expect(admitted - exited - undone, `${key}: inside`).toBeGreaterThanOrEqual(0);
      expect(admitted - exited - undone, `${key}: inside`).toBeLessThanOrEqual(1);
      expect(insideOf.get(`${listId}:${id}`) ?? 0, `${key}: mirror`).toBe(admitted - exited - undone);
    }
  }

  const { results: used } = await env.DB.prepare("select id from tickets where event_id = ? and status = 'used'")
    .bind(w.eventId)
    .all<{ id: string }>();
  const admittedTickets = new Set(mirror.map((m) => m.ticket_id));
  expect(new Set(used.map((t) => t.id)), 'used tickets are the admitted ones').toEqual(admittedTickets);
  const figures = await counters(w.staff[0], w.eventId);
  expect(figures.event.admitted).toBe(admittedTickets.size);
  for (const list of figures.lists) expect(list.admitted).toBe(mirror.filter((m) => m.list_id === list.id).length);
}

describe('check-in races', () => {
  it('never admits twice and keeps answers, log and mirror in step under any interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { minLength: 4, maxLength: 14 }),
        fc.array(command, { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (first, second, undoPicks) => {
          const w = await world();
          const answers = (await Promise.all(first.map((c) => run(w, c)))).flat();
          // Then undos of some of those admissions, at once with more scans.
          const admissions = answers.filter((a) => a.outcome.result === 'admitted' && !a.outcome.replay);
          const picked = admissions.length ? [...new Set(undoPicks.map((n) => admissions[n % admissions.length]))] : [];
          const [more, undos] = await Promise.all([
            Promise.all(second.map((c) => run(w, c))),
            Promise.all(picked.map((a) => undo(w, a))),
          ]);
          answers.push(...more.flat(), ...undos.filter((u): u is Answer => u !== null));
          await assertInvariants(w, answers);
        },
      ),
      { numRuns: 12, seed: Number(process.env.CHECKIN_RACES_SEED ?? Date.now() % 100_000), endOnFailure: true },
    );
  });
});
