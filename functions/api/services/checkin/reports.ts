import type { ScanResult } from '../../../../src/shared/checkin';
import { INVITATION_LABEL } from '../../../../src/shared/messages/invitations';
import { checkinSetup } from '../../../domain/checkin/setup';
import { revocationsOf } from '../../../domain/checkout/ticket-signing';
import { DOOR_TICKET_SELECT, type DoorTicket } from './search';
import { eventTypes } from './setup';

/** Tickets that may enter: valid tickets of paid orders. */
const ENTITLED = `t.status in ('valid', 'used') and o.status = 'paid'`;

/** Admitted / expected for the event, per list and per gate: the scanner's live counters. */
export async function checkinCounters(db: D1Database, eventId: number) {
  const setup = await checkinSetup(db, eventId);
  const [byType, byList, byGate, total] = await db.batch([
    db
      .prepare(
        `select t.ticket_type_id as type_id, count(*) as n from tickets t join orders o on o.id = t.order_id
         where t.event_id = ? and ${ENTITLED} group by t.ticket_type_id`,
      )
      .bind(eventId),
    db
      .prepare('select list_id, count(*) as n from checkin_admissions where event_id = ? group by list_id')
      .bind(eventId),
    db
      .prepare(
        `select gate_id, count(*) as n from checkin_scans where event_id = ? and result = 'admitted' and kind != 'exit'
         group by gate_id`,
      )
      .bind(eventId),
    db.prepare('select count(distinct ticket_id) as n from checkin_admissions where event_id = ?').bind(eventId),
  ]);
  const perType = new Map((byType.results as { type_id: number; n: number }[]).map((r) => [r.type_id, r.n]));
  const perList = new Map((byList.results as { list_id: number; n: number }[]).map((r) => [r.list_id, r.n]));
  const perGate = new Map((byGate.results as { gate_id: number; n: number }[]).map((r) => [r.gate_id, r.n]));
  const expectedOf = (typeIds: number[]) =>
    typeIds.length === 0
      ? [...perType.values()].reduce((a, b) => a + b, 0)
      : typeIds.reduce((sum, id) => sum + (perType.get(id) ?? 0), 0);
  return {
    event: { admitted: (total.results[0] as { n: number }).n, expected: expectedOf([]) },
    lists: setup.lists.map((l) => ({ ...l, admitted: perList.get(l.id) ?? 0, expected: expectedOf(l.type_ids) })),
    gates: setup.gates.map((g) => ({ ...g, admitted: perGate.get(g.id) ?? 0 })),
  };
}

export type ScanLogEntry = {
  id: string;
  ticket_id: string | null;
  holder: string | null;
  list: string | null;
  gate: string | null;
  device: string;
  staff_name: string;
  kind: string;
  result: ScanResult;
  offline: number;
  conflict: number;
  first_at: string | null;
  first_gate: string | null;
  first_staff: string | null;
  client_at: string | null;
  server_at: string;
};

/** The overview: counters, entries per minute, the latest scans (refusals included) and every conflict. */
export async function checkinOverview(db: D1Database, eventId: number) {
  const counters = await checkinCounters(db, eventId);
  const scanSelect = `select s.id, s.ticket_id, t.holder_name as holder, l.name as list, g.name as gate, s.device,
    s.staff_name, s.kind, s.result, s.offline, s.conflict, s.first_at, s.first_gate, s.first_staff, s.client_at,
    s.server_at from checkin_scans s left join tickets t on t.id = s.ticket_id
    left join checkin_lists l on l.id = s.list_id left join checkin_gates g on g.id = s.gate_id`;
  const [timeline, recent, conflicts] = await db.batch([
    db
      .prepare(
        `select substr(server_at, 1, 16) as minute, count(*) as n from checkin_scans
         where event_id = ? and result = 'admitted' and kind != 'exit' group by minute order by minute`,
      )
      .bind(eventId),
    db.prepare(`${scanSelect} where s.event_id = ? order by s.server_at desc limit 50`).bind(eventId),
    db.prepare(`${scanSelect} where s.event_id = ? and s.conflict = 1 order by s.server_at desc`).bind(eventId),
  ]);
  return {
    ...counters,
    types: await eventTypes(db, eventId),
    timeline: timeline.results as { minute: string; n: number }[],
    recent: recent.results as ScanLogEntry[],
    conflicts: conflicts.results as ScanLogEntry[],
  };
}

/**
 * What an offline scanner keeps for one event: its tickets (for search and local checks), the revoked
 * ones, who is already inside per list, and the lists and gates. The public key comes from
 * GET /tickets/public-key. Only what the door needs leaves the server: the ticket's id, type, status and
 * holder name (the name given at the sale, never the account that bought it: a box-office ticket belongs to
 * the seller's account), and the DNI only when the producer asks for it at the door. No e-mails.
 */
export async function offlineBundle(db: D1Database, eventId: number) {
  const setup = await checkinSetup(db, eventId);
  const [tickets, admissions] = await db.batch([
    db.prepare(`${DOOR_TICKET_SELECT} where t.event_id = ?1`).bind(eventId, INVITATION_LABEL),
    db
      .prepare(
        `select a.list_id, a.ticket_id, a.first_at, g.name as gate, a.staff_name, a.inside from checkin_admissions a
         left join checkin_gates g on g.id = a.gate_id where a.event_id = ?`,
      )
      .bind(eventId),
  ]);
  return {
    server_at: new Date().toISOString(),
    lists: setup.lists,
    gates: setup.gates,
    tickets: tickets.results as DoorTicket[],
    revocations: await revocationsOf(db, eventId),
    admissions: admissions.results as {
      list_id: number;
      ticket_id: string;
      first_at: string;
      gate: string | null;
      staff_name: string;
      inside: number;
    }[],
  };
}

/** Events the caller may scan, today's first, then upcoming, then past ones. */
export async function scannableEvents(db: D1Database, producerIds: number[] | null) {
  // Only published events reach the door (drafts and events in review sell nothing to scan).
  const filter = `where e.status = 'publicado'${
    producerIds === null ? '' : ' and e.producer_id in (select value from json_each(?))'
  }`;
  const stmt = db.prepare(
    `select e.id, e.title, e.producer_id, min(d.starts_at) as starts_at, max(d.starts_at) as last_starts_at
     from events e join event_dates d on d.event_id = e.id ${filter}
     group by e.id order by starts_at desc limit 300`,
  );
  const { results } = await (producerIds === null ? stmt : stmt.bind(JSON.stringify(producerIds))).all<{
    id: number;
    title: string;
    producer_id: number;
    starts_at: string;
    last_starts_at: string;
  }>();
  return results;
}
