import { shortCodePrefix, shortTicketCode, type TypedTicketCode } from '../../../src/shared/checkin';
import { INVITATION_LABEL } from '../../../src/shared/messages/invitations';
import type { SessionUser } from '../../../src/shared/session';
import { revokedBy } from '../../domain/accounts/revocation';
import { type CheckinGate, type CheckinList, checkinSetup } from '../../domain/checkin/setup';
import { type Actor, actorFrom, actorStatements, can } from '../../domain/events/access';

/**
 * What a scan needs, held by the event's check-in object so that a scan is one call to it and nothing else:
 * the event's lists and gates (and its producer and "DNI en la puerta"), its tickets, and who may scan it.
 * Each part is read from D1 once and kept; the code paths that change them push the change here
 * (api/reactions/checkin.ts: a sale, refund, transfer or cancellation names its tickets; a membership or
 * session change names its user; a list or gate change the setup), and the object forgets that part and reads
 * it again on the next scan. A push that never arrives (the object unreachable a moment) is bounded by the
 * TTLs below: nothing is trusted longer than that without a fresh read.
 */
export const STAFF_TTL_MS = 10_000;
export const TICKETS_TTL_MS = 60_000;
export const SETUP_TTL_MS = 60_000;

export type TicketRow = {
  id: string;
  event_id: number;
  status: string;
  ticket_type_id: number;
  type_name: string;
  named: number;
  holder_name: string | null;
  holder_dni: string | null;
  /** A seated ticket's seat ("Platea, fila F, butaca 12"), null for general admission (issue 33). */
  seat_label: string | null;
  buyer_dni: string | null;
  order_status: string;
  revoked: string | null;
  /** The signed code issued for the ticket: a presented code equal to it is genuine without a signature check. */
  code: string;
};

export type DoorSetup = {
  producerId: number | null;
  doorDni: boolean;
  lists: CheckinList[];
  gates: CheckinGate[];
};

/** Staff as the object knows them: the answer to "may they scan this event", and their tokens' revocation. */
type StaffEntry = {
  at: number;
  actor: Actor | null;
  /** 401: the account is gone or deactivated. */
  inactive: boolean;
  row: { listed: number; cutoff: number | null; roles_changed_at: number | null } | null;
  /** token hash -> listed as revoked by a logout */
  tokens: Map<string, boolean>;
};

const TICKETS_SQL = `select t.id, t.event_id, t.status, t.ticket_type_id,
  case when o.kind = 'invitation' then tt.name || ' · ' || ?2 else tt.name end as type_name, tt.named, t.holder_name,
  t.holder_dni, t.seat_label, o.buyer_dni, o.status as order_status, r.reason as revoked, t.code
  from tickets t join ticket_types tt on tt.id = t.ticket_type_id join orders o on o.id = t.order_id
  left join revocations r on r.ticket_id = t.id`;

export class DoorCache {
  private setup: { at: number; value: DoorSetup } | null = null;
  private tickets: { at: number; rows: Map<string, TicketRow> } | null = null;
  private ticketsLoading: Promise<Map<string, TicketRow>> | null = null;
  /** Bumped by every push: a read that started before a push is not kept (it may predate the change). */
  private generation = 0;
  private readonly staff = new Map<number, StaffEntry>();

  constructor(
    private readonly env: Env,
    private readonly eventId: number,
  ) {}

  /** The event's setup (lists and gates created on first use), its producer and whether DNI is asked. */
  async doorSetup(now = Date.now()): Promise<DoorSetup> {
    if (this.setup && now - this.setup.at < SETUP_TTL_MS) return this.setup.value;
    const gen = this.generation;
    const db = this.env.DB;
    const [event, setup] = await Promise.all([
      db
        .prepare(
          `select e.producer_id, coalesce((select s.door_dni from producer_settings s where s.producer_id = e.producer_id), 0)
           as door_dni from events e where e.id = ?`,
        )
        .bind(this.eventId)
        .first<{ producer_id: number; door_dni: number }>(),
      checkinSetup(db, this.eventId),
    ]);
    const value = { producerId: event?.producer_id ?? null, doorDni: !!event?.door_dni, ...setup };
    if (gen === this.generation) this.setup = { at: now, value };
    return value;
  }

  /**
   * The tickets named by these ids: the whole event's tickets are read once and kept (a door scans most of
   * them); an id not among them (sold since) is read on its own.
   */
  async ticketsByIds(ids: string[], now = Date.now()): Promise<Map<string, TicketRow>> {
    let rows = this.tickets && now - this.tickets.at < TICKETS_TTL_MS ? this.tickets.rows : null;
    if (!rows) {
      this.ticketsLoading ??= this.loadTickets(now).finally(() => {
        this.ticketsLoading = null;
      });
      rows = await this.ticketsLoading;
    }
    const missing = ids.filter((id) => !rows.has(id));
    if (missing.length === 0) return rows;
    const gen = this.generation;
    const { results } = await this.env.DB.prepare(`${TICKETS_SQL} where t.id in (select value from json_each(?1))`)
      .bind(JSON.stringify(missing), INVITATION_LABEL)
      .all<TicketRow>();
    const found = new Map(rows);
    for (const t of results) found.set(t.id, t);
    if (gen === this.generation && this.tickets?.rows === rows) for (const t of results) rows.set(t.id, t);
    return found;
  }

  /**
   * The ticket of this event a code typed at the door names when it is not a signed QR (read by
   * `typedTicketCode`): a short code (`K7M2-9QXD`, shared/checkin.ts) or a whole ticket id. Null when it names none, or (a short code) more than
   * one: the scan is then refused like a damaged code. Looked up among the tickets held, then in D1 by the id's
   * prefix (a ticket sold since they were read). The scan itself is then decided as for that ticket's QR.
   */
  async typedTicket(typed: TypedTicketCode): Promise<string | null> {
    const ours = (id: string, rows: Map<string, TicketRow>) => rows.get(id)?.event_id === this.eventId;
    if ('id' in typed) return ours(typed.id, await this.ticketsByIds([typed.id])) ? typed.id : null;
    const { prefix } = shortCodePrefix(typed.short);
    const named = (ids: Iterable<string>) =>
      [...ids].filter((id) => id.startsWith(prefix) && shortTicketCode(id) === typed.short);
    const rows = await this.ticketsByIds([]);
    let found = named(rows.keys()).filter((id) => ours(id, rows));
    if (found.length === 0) {
      const { results } = await this.env.DB.prepare('select id from tickets where event_id = ? and id >= ? and id < ?')
        .bind(this.eventId, prefix, `${prefix}\u007f`)
        .all<{ id: string }>();
      found = named(results.map((r) => r.id));
    }
    return found.length === 1 ? found[0] : null;
  }

  private async loadTickets(now: number) {
    const gen = this.generation;
    const { results } = await this.env.DB.prepare(`${TICKETS_SQL} where t.event_id = ?1`)
      .bind(this.eventId, INVITATION_LABEL)
      .all<TicketRow>();
    const rows = new Map(results.map((t) => [t.id, t]));
    if (gen === this.generation) this.tickets = { at: now, rows };
    return rows;
  }

  /**
   * May this caller scan the event: 401 when their token was ended (logout, all sessions ended) or their
   * account is off, 403 without tickets.validate on the event's producer, else who they are.
   */
  async door(
    session: SessionUser,
    tokenHash: string,
    producerId: number,
    now = Date.now(),
  ): Promise<{ status: 401 | 403 } | { actor: Actor }> {
    const userId = session.user.id;
    let entry = this.staff.get(userId);
    if (!entry || now - entry.at >= STAFF_TTL_MS) entry = await this.loadStaff(session, tokenHash, now);
    let listed = entry.tokens.get(tokenHash);
    if (listed === undefined) {
      const gen = this.generation;
      const row = await this.env.DB.prepare(
        'select exists (select 1 from revoked_access_tokens where token_hash = ?) as n',
      )
        .bind(tokenHash)
        .first<{ n: number }>();
      listed = row?.n === 1;
      if (gen === this.generation) entry.tokens.set(tokenHash, listed);
    }
    if (entry.inactive || !entry.actor) return { status: 401 };
    const revocation = {
      results: [{ ...(entry.row ?? { cutoff: null, roles_changed_at: null }), listed: listed ? 1 : 0 }],
    };
    if (revokedBy(this.env, revocation as unknown as D1Result, session)) return { status: 401 };
    if (!can(entry.actor, producerId, 'tickets.validate', this.eventId)) return { status: 403 };
    return { actor: entry.actor };
  }

  private async loadStaff(session: SessionUser, tokenHash: string, now: number): Promise<StaffEntry> {
    const gen = this.generation;
    const db = this.env.DB;
    const [user, members, revocation, listed] = await db.batch([
      ...actorStatements(db, session),
      db
        .prepare('select sessions_revoked_at as cutoff, roles_changed_at from users where id = ?')
        .bind(session.user.id),
      db.prepare('select exists (select 1 from revoked_access_tokens where token_hash = ?) as n').bind(tokenHash),
      // Where this user's changes must be pushed (api/reactions/checkin.ts).
      db
        .prepare('insert or ignore into checkin_door_staff (event_id, user_id) values (?, ?)')
        .bind(this.eventId, session.user.id),
    ]);
    let actor: Actor | null = null;
    let inactive = false;
    try {
      actor = actorFrom(user, members);
    } catch {
      inactive = true;
    }
    const row = revocation.results[0] as { cutoff: number | null; roles_changed_at: number | null } | undefined;
    const entry: StaffEntry = {
      at: now,
      actor,
      inactive,
      row: row ? { listed: 0, ...row } : null,
      tokens: new Map([[tokenHash, (listed.results[0] as { n: number }).n === 1]]),
    };
    if (gen === this.generation) this.staff.set(session.user.id, entry);
    return entry;
  }

  /** Pushed: these tickets changed (or all of them, without ids). */
  ticketsChanged(ids?: string[]) {
    this.generation++;
    if (!ids || !this.tickets) this.tickets = null;
    else for (const id of ids) this.tickets.rows.delete(id);
  }

  /** Pushed: this user's memberships, account or sessions changed (or everyone's, without an id). */
  staffChanged(userId?: number) {
    this.generation++;
    if (userId === undefined) this.staff.clear();
    else this.staff.delete(userId);
  }

  /** Whether the setup held was read more than `ms` ago (or is not held). */
  setupOlderThan(ms: number, now = Date.now()) {
    return !this.setup || now - this.setup.at > ms;
  }

  /** Pushed: the event's lists, gates or producer settings changed. */
  setupChanged() {
    this.generation++;
    this.setup = null;
  }
}
