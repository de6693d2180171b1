import type { InvitationEvent } from './issue';

/** The event's invitations, newest first, and per tag: sent, opened, used at the door, quota. */
export async function listInvitations(db: D1Database, event: InvitationEvent) {
  const eventId = event.id;
  const [rows, quotas, types] = await db.batch([
    db
      .prepare(
        `select g.id, g.name, g.email, g.dni, g.tag, g.tag_key, g.quantity, t.name as type_name, g.status, g.opened_at,
           g.mail_status, g.sent_count, g.last_sent_at, g.created_at, g.revoked_at, g.recipient_user_id is not null as claimed,
           (select count(*) from tickets k where k.order_id = g.order_id and k.status = 'used') as used
         from guest_invitations g join ticket_types t on t.id = g.ticket_type_id
         where g.event_id = ? order by g.created_at desc, g.id`,
      )
      .bind(eventId),
    db.prepare('select tag_key, tag, quota from guest_invitation_quotas where event_id = ? order by tag').bind(eventId),
    db
      .prepare(
        `select t.id, t.name, t.capacity, t.sold, t.held, t.hidden,
           exists (select 1 from seat_category_types c where c.ticket_type_id = t.id) as seated from ticket_types t
         join event_dates d on d.id = t.event_date_id where d.event_id = ? order by d.starts_at, t.sort, t.id`,
      )
      .bind(eventId),
  ]);
  const invitations = (
    rows.results as {
      id: string;
      name: string;
      email: string;
      dni: string;
      tag: string;
      tag_key: string;
      quantity: number;
      type_name: string;
      status: 'active' | 'revoked';
      opened_at: string | null;
      mail_status: 'pending' | 'sending' | 'sent' | 'failed';
      sent_count: number;
      last_sent_at: string | null;
      created_at: string;
      revoked_at: string | null;
      claimed: number;
      used: number;
    }[]
  ).map((r) => ({ ...r, claimed: r.claimed === 1 }));
  const quotaRows = quotas.results as { tag_key: string; tag: string; quota: number }[];
  const tags = new Map<
    string,
    {
      tag: string;
      invitations: number;
      sent: number;
      tickets: number;
      opened: number;
      used: number;
      quota: number | null;
    }
  >();
  const tagOf = (key: string, label: string) => {
    const found = tags.get(key) ?? {
      tag: label,
      invitations: 0,
      sent: 0,
      tickets: 0,
      opened: 0,
      used: 0,
      quota: null,
    };
    tags.set(key, found);
    return found;
  };
  for (const q of quotaRows) tagOf(q.tag_key, q.tag).quota = q.quota;
  for (const r of invitations) {
    if (r.status !== 'active') continue;
    const t = tagOf(r.tag_key, r.tag);
    t.invitations += 1;
    if (r.sent_count > 0) t.sent += 1;
    t.tickets += r.quantity;
    if (r.opened_at) t.opened += 1;
    t.used += r.used;
  }
  return {
    event: { id: event.id, title: event.title, status: event.status },
    ticket_types: (
      types.results as {
        id: number;
        name: string;
        capacity: number;
        sold: number;
        held: number;
        hidden: number;
        seated: number;
      }[]
    ).map((t) => ({
      id: t.id,
      name: t.name,
      hidden: t.hidden === 1,
      /** A seated category (reserved seating): its invitations name seats or get the best available. */
      seated: t.seated === 1,
      available: Math.max(0, t.capacity - t.sold - t.held),
    })),
    tags: [...tags.values()].sort((a, b) => a.tag.localeCompare(b.tag, 'es')),
    invitations: invitations.map(({ tag_key: _key, ...rest }) => rest),
  };
}
