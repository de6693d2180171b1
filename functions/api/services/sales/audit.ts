import type { Actor } from '../events/access';

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
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditEntry = {
  producerId: number | null;
  eventId?: number | null;
  orderId?: string | null;
  ticketId?: string | null;
  action: AuditAction;
  reason?: string;
  detail?: Record<string, unknown>;
};

/** The statement that records a back-office action (batched with the action's own writes when possible). */
export function auditStatement(db: D1Database, actor: Actor, e: AuditEntry): D1PreparedStatement {
  return db
    .prepare(
      `insert into audit_log (producer_id, event_id, order_id, ticket_id, actor_user_id, actor_name, action, reason, detail)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
      JSON.stringify(e.detail ?? {}),
    );
}

export async function audit(db: D1Database, actor: Actor, e: AuditEntry) {
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
