import { env } from 'cloudflare:test';
import { createBuyer } from './checkout-fixtures';

/** An ADMIN member of `producerId` (a new producer when left out) with a Bearer header. */
export async function adminOf(producerId?: number) {
  let id = producerId;
  if (id === undefined) {
    const row = await env.DB.prepare("insert into producers (name, slug) values ('Otra productora', ?) returning id")
      .bind(`otra-${Date.now()}-${Math.floor(Math.random() * 1e6)}`)
      .first<{ id: number }>();
    id = row!.id;
  }
  const admin = await createBuyer('ADMIN');
  await env.DB.prepare("insert into producer_members (producer_id, user_id, role) values (?, ?, 'ADMIN')")
    .bind(id, admin.id)
    .run();
  return { ...admin, producerId: id };
}

export async function auditOf(orderId: string) {
  const { results } = await env.DB.prepare(
    'select action, reason, actor_user_id from audit_log where order_id = ? order by id',
  )
    .bind(orderId)
    .all<{ action: string; reason: string; actor_user_id: number }>();
  return results;
}
