import type { ActivityKindName } from '../../../../src/shared/messages/team';
import type { Actor } from '../../../domain/events/access';

export const AUDIT_ACTIONS = [
  'refund',
  'partial_refund',
  'refund_used_override',
  'resend',
  'holder_change',
  'box_office_sale',
  'export',
  'team_invite',
  'team_invite_revoke',
  'team_join',
  'team_member_change',
  'team_member_remove',
  'invitation_issue',
  'invitation_revoke',
  'invitation_resend',
  'invitation_quota',
  'settings_change',
  'platform_settings_change',
  'producer_activation',
  'producer_trust',
  'mp_link',
  'mp_unlink',
  // Issue 35: every back-office change is in the activity log.
  'event_change',
  'event_delete',
  'price_change',
  'code_change',
  'manual_checkin',
  'retention_change',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who made the change (the activity log keeps their name as it was then). */
export type Who = Pick<Actor, 'userId' | 'name'>;

export type AuditEntry = {
  producerId: number | null;
  eventId?: number | null;
  orderId?: string | null;
  ticketId?: string | null;
  action: AuditAction;
  reason?: string;
  detail?: Record<string, unknown>;
  /** What the change replaced and what it left (the activity log shows both); kept in `detail`. */
  before?: unknown;
  after?: unknown;
};

/**
 * The statement that records a back-office action (batched with the action's own writes when possible). The
 * log cannot be changed afterwards (migrations/0074: triggers refuse update and delete), so it is complete when
 * written: a `producerId` left null is the order's producer (a box-office sale's order is written in the same
 * batch), else the event's.
 */
export function auditStatement(db: D1Database, actor: Who, e: AuditEntry): D1PreparedStatement {
  return db
    .prepare(
      `insert into audit_log (producer_id, event_id, order_id, ticket_id, actor_user_id, actor_name, action, reason, detail)
       values (coalesce(?1, (select producer_id from orders where id = ?3), (select producer_id from events where id = ?2)),
               ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)`,
    )
    .bind(
      e.producerId,
      e.eventId ?? null,
      e.orderId ?? null,
      e.ticketId ?? null,
      actor.userId,
      actor.name,
      e.action,
      e.reason ?? '',
      JSON.stringify(withChange(e)),
    );
}

function withChange(e: AuditEntry): Record<string, unknown> {
  const detail = { ...(e.detail ?? {}) };
  if (e.before !== undefined) detail.before = e.before;
  if (e.after !== undefined) detail.after = e.after;
  return detail;
}

export async function audit(db: D1Database, actor: Who, e: AuditEntry) {
  await auditStatement(db, actor, e).run();
}

/** Logs an export (what, format, how many rows) against the producer and event it covered. */
export async function auditExport(
  db: D1Database,
  actor: Actor,
  where: { producerId: number | null; eventId: number | null },
  detail: { what: 'orders' | 'attendees' | 'finance'; format: string; rows: number },
) {
  await audit(db, actor, { ...where, action: 'export', detail });
}

// ---- The activity log (issue 35): "Actividad" in the back office reads audit_log, filtered ----

/** The kinds "Actividad" filters by, and the actions each one groups. */
export const ACTIVITY_KINDS = {
  settings: ['settings_change', 'retention_change', 'mp_link', 'mp_unlink'],
  team: ['team_invite', 'team_invite_revoke', 'team_join', 'team_member_change', 'team_member_remove'],
  events: ['event_change', 'event_delete'],
  prices: ['price_change'],
  refunds: ['refund', 'partial_refund', 'refund_used_override'],
  codes: ['code_change'],
  checkin: ['manual_checkin'],
  sales: ['resend', 'holder_change', 'box_office_sale', 'export'],
  invitations: ['invitation_issue', 'invitation_revoke', 'invitation_resend', 'invitation_quota'],
} as const satisfies Record<ActivityKindName, readonly AuditAction[]>;
export type ActivityKind = keyof typeof ACTIVITY_KINDS;

const kindOf = (action: string) =>
  (Object.keys(ACTIVITY_KINDS) as ActivityKind[]).find((k) =>
    (ACTIVITY_KINDS[k] as readonly string[]).includes(action),
  ) ?? null;

export type ActivityFilter = { actor_id?: number; event_id?: number; kind?: ActivityKind; before?: number };

const PAGE = 50;

/**
 * A producer's activity log, newest first, 50 per page (`before`: the last id seen), filtered by person, event
 * and kind; with the people and events that appear in it, for the filters.
 */
export async function activityOf(db: D1Database, producerId: number, filter: ActivityFilter) {
  const where = ['a.producer_id = ?'];
  const binds: unknown[] = [producerId];
  const and = (sql: string, ...values: unknown[]) => {
    where.push(sql);
    binds.push(...values);
  };
  if (filter.actor_id !== undefined) and('a.actor_user_id = ?', filter.actor_id);
  if (filter.event_id !== undefined) and('a.event_id = ?', filter.event_id);
  if (filter.kind !== undefined) {
    const actions = ACTIVITY_KINDS[filter.kind];
    and(`a.action in (${actions.map(() => '?').join(', ')})`, ...actions);
  }
  if (filter.before !== undefined) and('a.id < ?', filter.before);
  const [entries, people, events] = await db.batch([
    db
      .prepare(
        `select a.id, a.created_at, a.actor_user_id, a.actor_name, a.action, a.event_id, e.title as event_title,
                a.order_id, a.ticket_id, a.reason, a.detail
           from audit_log a left join events e on e.id = a.event_id
          where ${where.join(' and ')} order by a.id desc limit ${PAGE + 1}`,
      )
      .bind(...binds),
    db
      .prepare(
        `select actor_user_id as id, max(actor_name) as name from audit_log where producer_id = ?
          group by actor_user_id order by name`,
      )
      .bind(producerId),
    db
      .prepare(
        `select distinct e.id, e.title from audit_log a join events e on e.id = a.event_id
          where a.producer_id = ? order by e.title`,
      )
      .bind(producerId),
  ]);
  const rows = entries.results as (Omit<ActivityEntry, 'kind' | 'detail'> & { detail: string })[];
  const page = rows.slice(0, PAGE).map((r) => ({ ...r, kind: kindOf(r.action), detail: JSON.parse(r.detail) }));
  return {
    entries: page as ActivityEntry[],
    next_before: rows.length > PAGE ? page[page.length - 1].id : null,
    people: people.results as { id: number; name: string }[],
    events: events.results as { id: number; title: string }[],
  };
}

export type ActivityEntry = {
  id: number;
  created_at: string;
  actor_user_id: number;
  actor_name: string;
  action: AuditAction;
  kind: ActivityKind | null;
  event_id: number | null;
  event_title: string | null;
  order_id: string | null;
  ticket_id: string | null;
  reason: string;
  detail: Record<string, unknown> & { before?: unknown; after?: unknown };
};
