import { WEBHOOK_MSG } from '../../../../src/shared/messages/integrations';
import type { WebhookEndpointInput, WebhookEndpointPatch } from '../../../../src/shared/schemas/integrations';
import { destinationProblem } from '../../../domain/integrations/webhook-destination';
import { newWebhookSecret } from '../../../domain/integrations/webhook-signature';
import { isDevMode } from '../../../lib/dev-mode';
import { openSecret, sealSecret } from '../../../lib/secret-box';
import { randomToken } from '../../lib/crypto';
import { fail } from '../../lib/errors';

/** A producer's webhook endpoints: where its messages go, which types each wants, and its signing secrets. */

const MAX_ENDPOINTS = 10;
/** How long the secret before a rotation keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

export type EndpointRow = {
  id: string;
  producer_id: number;
  url: string;
  description: string;
  event_types: string;
  secret: string;
  previous_secret: string | null;
  previous_until: string | null;
  disabled_at: string | null;
  disabled_reason: string | null;
  created_at: string;
};

/** An endpoint as the API shows it: never its secrets. */
export const publicEndpoint = (row: EndpointRow) => ({
  id: row.id,
  url: row.url,
  description: row.description,
  event_types: JSON.parse(row.event_types) as string[],
  enabled: row.disabled_at === null,
  disabled_at: row.disabled_at,
  disabled_reason: row.disabled_reason,
  rotating_until: row.previous_until,
  created_at: row.created_at,
});

/** A URL the producer may send to, or a 400 with why (on the `url` field). */
export function checkDestination(env: Env, url: string): string {
  const problem = destinationProblem(url, isDevMode(env));
  if (problem) fail(400, problem, { url: [problem] });
  return url;
}

export async function findEndpoint(db: D1Database, id: string): Promise<EndpointRow | null> {
  return db.prepare('select * from webhook_endpoints where id = ?').bind(id).first<EndpointRow>();
}

export async function listEndpoints(db: D1Database, producerId: number) {
  const { results } = await db
    .prepare('select * from webhook_endpoints where producer_id = ? order by created_at, id')
    .bind(producerId)
    .all<EndpointRow>();
  return results.map(publicEndpoint);
}

/** Creates an endpoint; its secret is answered this once. */
export async function createEndpoint(env: Env, producerId: number, userId: number, input: WebhookEndpointInput) {
  checkDestination(env, input.url);
  const secret = newWebhookSecret();
  const id = `we_${randomToken(12)}`;
  const res = await env.DB.prepare(
    `insert into webhook_endpoints (id, producer_id, url, description, event_types, secret, created_by)
     select ?, ?, ?, ?, ?, ?, ? where (select count(*) from webhook_endpoints where producer_id = ?) < ?`,
  )
    .bind(
      id,
      producerId,
      input.url,
      input.description,
      JSON.stringify(input.event_types),
      await sealSecret(env, secret),
      userId,
      producerId,
      MAX_ENDPOINTS,
    )
    .run();
  if (res.meta.changes !== 1) fail(409, WEBHOOK_MSG.tooMany);
  const row = await findEndpoint(env.DB, id);
  if (!row) fail(404, WEBHOOK_MSG.notFound);
  return { ...publicEndpoint(row), secret };
}

export async function updateEndpoint(env: Env, row: EndpointRow, patch: WebhookEndpointPatch) {
  if (patch.url !== undefined) checkDestination(env, patch.url);
  await env.DB.prepare(
    `update webhook_endpoints set url = coalesce(?, url), description = coalesce(?, description),
       event_types = coalesce(?, event_types),
       disabled_at = case when ? = 1 then null when ? = 0 then coalesce(disabled_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) else disabled_at end,
       disabled_reason = case when ? = 1 then null when ? = 0 then coalesce(disabled_reason, 'manual') else disabled_reason end
     where id = ?`,
  )
    .bind(
      patch.url ?? null,
      patch.description ?? null,
      patch.event_types ? JSON.stringify(patch.event_types) : null,
      ...Array(2).fill(patch.enabled === undefined ? null : patch.enabled ? 1 : 0),
      ...Array(2).fill(patch.enabled === undefined ? null : patch.enabled ? 1 : 0),
      row.id,
    )
    .run();
  const updated = await findEndpoint(env.DB, row.id);
  if (!updated) fail(404, WEBHOOK_MSG.notFound);
  return publicEndpoint(updated);
}

/** Deletes a producer's endpoint with its log; false when the producer has no such endpoint. */
export async function deleteEndpoint(db: D1Database, id: string, producerId: number): Promise<boolean> {
  const mine = 'exists (select 1 from webhook_endpoints where id = ? and producer_id = ?)';
  const results = await db.batch([
    db
      .prepare(
        `delete from webhook_attempts where delivery_id in (select id from webhook_deliveries where endpoint_id = ?) and ${mine}`,
      )
      .bind(id, id, producerId),
    db.prepare(`delete from webhook_deliveries where endpoint_id = ? and ${mine}`).bind(id, id, producerId),
    db.prepare('delete from webhook_endpoints where id = ? and producer_id = ?').bind(id, producerId),
  ]);
  return results[2].meta.changes === 1;
}

/** A new secret; the current one keeps signing beside it for ROTATION_OVERLAP_MS. Answered this once. */
export async function rotateSecret(env: Env, row: EndpointRow, now = Date.now()) {
  const secret = newWebhookSecret();
  await env.DB.prepare(
    'update webhook_endpoints set previous_secret = secret, previous_until = ?, secret = ? where id = ? and secret = ?',
  )
    .bind(new Date(now + ROTATION_OVERLAP_MS).toISOString(), await sealSecret(env, secret), row.id, row.secret)
    .run();
  const updated = await findEndpoint(env.DB, row.id);
  if (!updated) fail(404, WEBHOOK_MSG.notFound);
  return { ...publicEndpoint(updated), secret };
}

/** The secrets that sign a message now: the current one, and the previous one during a rotation. */
export async function signingSecrets(env: Env, row: EndpointRow, now: number): Promise<string[]> {
  const secrets = [await openSecret(env, row.secret)];
  if (row.previous_secret && row.previous_until && Date.parse(row.previous_until) > now)
    secrets.push(await openSecret(env, row.previous_secret));
  return secrets;
}
