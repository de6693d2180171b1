import { env } from 'cloudflare:test';

export async function auditOf(orderId: string) {
  const { results } = await env.DB.prepare(
    'select action, reason, actor_user_id from audit_log where order_id = ? order by id',
  )
    .bind(orderId)
    .all<{ action: string; reason: string; actor_user_id: number }>();
  return results;
}
