import { WEBHOOK_MAIL, WEBHOOK_MSG } from '../../../../src/shared/messages/integrations';
import { destinationProblem } from '../../../domain/integrations/webhook-destination';
import { webhookHeaders } from '../../../domain/integrations/webhook-signature';
import { isDevMode } from '../../../lib/dev-mode';
import { sendMail } from '../../../mail/port';
import { escapeHtml, paragraph, renderEmail } from '../../../mail/templates/layout';
import { type EndpointRow, signingSecrets } from './webhook-endpoints';

/**
 * Delivering the outbox (functions/domain/integrations/webhook-outbox.ts), at least once. Each message gets one delivery
 * per endpoint that wants its type ("fan-out", made here by the first run that sees it); a delivery is tried
 * at once, then again after an exponential backoff (5 s × 4ⁿ, at most a day between tries: 11 attempts over
 * about 78 hours), until an answer 2xx. An answer 410 (Gone) disables the endpoint and the producer is told by
 * e-mail. Every attempt is logged (webhook_attempts, kept 30 days) and may be replayed from the back office.
 *
 * The first attempt is sent right after the commit by the webhooks reaction (functions/api/reactions/webhooks.ts,
 * for the producer whose change it was, whichever writer committed it: a service or an object); the cron job
 * every minute (functions/api/jobs.ts) sends the retries and any first attempt a reaction left behind; a replay or
 * a test sends at once. `now` is a parameter so tests drive the clock. A run claims each due delivery with a conditional write (a lease), so
 * two runs at once do not send it twice; a run that dies mid-send leaves it due again when the lease ends.
 */

export const MAX_ATTEMPTS = 11;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 24 * 3_600_000;
/** How long a claimed delivery waits before another run may take it (a send takes at most TIMEOUT_MS). */
const LEASE_MS = 60_000;
export const TIMEOUT_MS = 10_000;
const PER_RUN = 50;
/** Deliveries sent at once by a run. */
const PARALLEL = 6;
const EXCERPT_CHARS = 300;
export const KEEP_DAYS = 30;

/** The wait after `attempts` failed attempts. */
export const retryDelayMs = (attempts: number) => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 4 ** (attempts - 1));

type Due = {
  id: number;
  attempts: number;
  status: string;
  message_id: string;
  type: string;
  payload: string;
  created_at: string;
} & Pick<EndpointRow, 'url' | 'secret' | 'previous_secret' | 'previous_until' | 'disabled_at' | 'producer_id'> & {
    endpoint_id: string;
  };

const DUE_COLUMNS = `d.id, d.attempts, d.status, d.message_id, m.type, m.payload, m.created_at, w.id as endpoint_id, w.url,
  w.secret, w.previous_secret, w.previous_until, w.disabled_at, w.producer_id`;

/** One delivery per endpoint that wants each new message (endpoints as they are now). */
export async function fanOut(db: D1Database, now: number) {
  await db.batch([
    db
      .prepare(
        `insert or ignore into webhook_deliveries (message_id, endpoint_id, next_at, created_at)
         select m.id, w.id, ?, m.created_at from webhook_outbox m
           join webhook_endpoints w on w.producer_id = m.producer_id and w.disabled_at is null
         where m.fanned = 0 and exists (select 1 from json_each(w.event_types) j where j.value = m.type)`,
      )
      .bind(now),
    db.prepare('update webhook_outbox set fanned = 1 where fanned = 0'),
  ]);
}

/** The body of a message: its type, when it happened and its payload (the same on every attempt). */
export const messageBody = (m: Pick<Due, 'type' | 'created_at' | 'payload'>) =>
  `{"type":${JSON.stringify(m.type)},"timestamp":${JSON.stringify(m.created_at)},"data":${m.payload}}`;

type Outcome = { status: number | null; durationMs: number; excerpt: string };

async function readExcerpt(res: Response): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  let text = '';
  const decoder = new TextDecoder();
  while (text.length < EXCERPT_CHARS) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel().catch(() => undefined);
  return text.slice(0, EXCERPT_CHARS);
}

/** One signed POST: no redirect followed (a 3xx is a failure), TIMEOUT_MS at most. */
async function post(env: Env, due: Due, now: number): Promise<Outcome> {
  const started = Date.now();
  const problem = destinationProblem(due.url, isDevMode(env));
  if (problem) return { status: null, durationMs: 0, excerpt: problem };
  const body = messageBody(due);
  const secrets = await signingSecrets(env, due as unknown as EndpointRow, now);
  try {
    const res = await fetch(due.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Boleteria-Webhooks/1',
        ...(await webhookHeaders(secrets, due.message_id, Math.floor(now / 1000), body)),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const excerpt = await readExcerpt(res).catch(() => '');
    return { status: res.status, durationMs: Date.now() - started, excerpt };
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return {
      status: null,
      durationMs: Date.now() - started,
      excerpt: timedOut ? WEBHOOK_MSG.timedOut(TIMEOUT_MS / 1000) : WEBHOOK_MSG.unreachable,
    };
  }
}

const ok = (status: number | null) => status !== null && status >= 200 && status < 300;

async function disableGone(env: Env, due: Due) {
  const res = await env.DB.prepare(
    `update webhook_endpoints set disabled_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), disabled_reason = 'gone'
     where id = ? and disabled_at is null`,
  )
    .bind(due.endpoint_id)
    .run();
  if (res.meta.changes === 1) await mailDisabled(env, due.producer_id, due.url);
}

/** The producer's admins and contact address hear that an endpoint answered 410 and was disabled. */
async function mailDisabled(env: Env, producerId: number, url: string) {
  const { results } = await env.DB.prepare(
    `select u.email from producer_members m join users u on u.id = m.user_id where m.producer_id = ?1 and m.role = 'ADMIN'
     union select contact_email from producers where id = ?1 and contact_email is not null`,
  )
    .bind(producerId)
    .all<{ email: string }>();
  const message = renderEmail({
    title: WEBHOOK_MAIL.disabledSubject,
    preheader: WEBHOOK_MAIL.disabledSubject,
    bodyHtml: paragraph(escapeHtml(WEBHOOK_MAIL.disabledBody(url))),
    cta: { label: WEBHOOK_MAIL.cta, url: `${env.PUBLIC_ORIGIN.replace(/\/$/, '')}/admin/integraciones/webhooks` },
  });
  const to = [...new Set(results.map((r) => r.email.toLowerCase()))];
  await Promise.all(
    to.map((address) => sendMail(env, { to: address, subject: WEBHOOK_MAIL.disabledSubject, ...message })),
  );
}

/**
 * One attempt of a claimed delivery (or a replay) and what follows: delivered, retried later, given up, or
 * the endpoint disabled. A replay is one more attempt: it delivers a delivery that was not, and otherwise
 * leaves the delivery's schedule as it was.
 */
async function attempt(env: Env, due: Due, now: number, replay: boolean): Promise<Outcome> {
  const { outcome, statements } = await sendAndRecord(env, due, now, replay);
  await env.DB.batch(statements);
  if (outcome.status === 410) await disableGone(env, due);
  return outcome;
}

/** Sends one attempt; answers its outcome and the statements that record it (the caller runs them). */
async function sendAndRecord(env: Env, due: Due, now: number, replay: boolean) {
  const outcome = await post(env, due, now);
  const attempts = due.attempts;
  let status = due.status;
  let nextAt: number | null = null;
  if (ok(outcome.status)) status = 'delivered';
  else if (outcome.status === 410) status = 'failed';
  else if (!replay) {
    if (attempts >= MAX_ATTEMPTS) status = 'failed';
    else nextAt = now + retryDelayMs(attempts);
  }
  const at = new Date(now).toISOString();
  const statements = [
    env.DB.prepare(
      'insert into webhook_attempts (delivery_id, at, status_code, duration_ms, excerpt, replay) values (?, ?, ?, ?, ?, ?)',
    ).bind(due.id, at, outcome.status, outcome.durationMs, outcome.excerpt, replay ? 1 : 0),
    env.DB.prepare(
      `update webhook_deliveries set status = ?, last_status = ?, next_at = coalesce(?, case when ? then next_at else null end),
         delivered_at = case when ? = 'delivered' then coalesce(delivered_at, ?) else delivered_at end
       where id = ?`,
    ).bind(status, outcome.status, nextAt, replay && status === 'pending' ? 1 : 0, status, at, due.id),
  ];
  return { outcome, statements };
}

/**
 * Claims due deliveries for this run, in one conditional write: each one still as it was read (pending, the
 * same attempts, due) gets one more attempt counted and a lease against other runs. Answers the ids claimed.
 */
async function claim(db: D1Database, found: Due[], now: number): Promise<Set<number>> {
  const { results } = await db
    .prepare(
      `update webhook_deliveries set attempts = attempts + 1, next_at = ?1
       where status = 'pending' and next_at <= ?2 and exists (select 1 from json_each(?3) j
         where j.value ->> 0 = webhook_deliveries.id and j.value ->> 1 = webhook_deliveries.attempts)
       returning id`,
    )
    .bind(now + LEASE_MS, now, JSON.stringify(found.map((d) => [d.id, d.attempts])))
    .all<{ id: number }>();
  return new Set(results.map((r) => r.id));
}

/** Which due deliveries a run sends: all (the cron), or one producer's first attempts (the reaction). */
export type DueFilter = { producerId?: number; firstOnly?: boolean };

/** Sends what is due at `now` (at most PER_RUN deliveries). Answers how many were delivered. */
export async function deliverWebhooks(env: Env, now = Date.now(), filter: DueFilter = {}): Promise<number> {
  return (await deliverDue(env, now, filter)).delivered;
}

/**
 * One run: what is due at `now` (at most PER_RUN), claimed, sent PARALLEL at once, and recorded in one batch
 * (a run that dies before it leaves them claimed: due again when the lease ends). Answers how many it
 * claimed and delivered.
 */
export async function deliverDue(env: Env, now: number, filter: DueFilter = {}) {
  await fanOut(env.DB, now);
  const { results } = await env.DB.prepare(
    `select ${DUE_COLUMNS} from webhook_deliveries d join webhook_outbox m on m.id = d.message_id
       join webhook_endpoints w on w.id = d.endpoint_id
     where d.status = 'pending' and d.next_at <= ?1 and w.disabled_at is null
       and (?2 is null or w.producer_id = ?2) and (?3 = 0 or d.attempts = 0)
     order by d.next_at limit ?4`,
  )
    .bind(now, filter.producerId ?? null, filter.firstOnly ? 1 : 0, PER_RUN)
    .all<Due>();
  if (results.length === 0) return { claimed: 0, delivered: 0 };
  const claimed = await claim(env.DB, results, now);
  const mine = results.filter((due) => claimed.has(due.id)).map((due) => ({ ...due, attempts: due.attempts + 1 }));
  const sent: { due: Due; outcome: Outcome; statements: D1PreparedStatement[] }[] = [];
  for (let i = 0; i < mine.length; i += PARALLEL) {
    const page = mine.slice(i, i + PARALLEL);
    sent.push(
      ...(await Promise.all(page.map(async (due) => ({ due, ...(await sendAndRecord(env, due, now, false)) })))),
    );
  }
  if (sent.length > 0) await env.DB.batch(sent.flatMap((s) => s.statements));
  for (const s of sent) if (s.outcome.status === 410) await disableGone(env, s.due);
  return { claimed: mine.length, delivered: sent.filter((s) => ok(s.outcome.status)).length };
}

/** A delivery of the producer's, for a replay (null when it is not the producer's or no longer kept). */
export async function findDelivery(db: D1Database, id: number): Promise<Due | null> {
  return db
    .prepare(
      `select ${DUE_COLUMNS} from webhook_deliveries d join webhook_outbox m on m.id = d.message_id
         join webhook_endpoints w on w.id = d.endpoint_id where d.id = ?`,
    )
    .bind(id)
    .first<Due>();
}

/** Sends a delivery again now, whatever its state (the back office's "Reenviar"). */
export async function replayDelivery(env: Env, due: Due, now = Date.now()) {
  await env.DB.prepare('update webhook_deliveries set attempts = attempts + 1 where id = ?').bind(due.id).run();
  return attempt(env, { ...due, attempts: due.attempts + 1 }, now, true);
}

/** A `webhook.test` message to one endpoint, delivered at once (the back office's "Enviar prueba"). */
export async function sendTest(env: Env, endpoint: EndpointRow, now = Date.now()) {
  const id = `msg_${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`;
  const created = new Date(now).toISOString();
  await env.DB.batch([
    env.DB.prepare(
      `insert into webhook_outbox (id, producer_id, type, dedupe_key, payload, created_at, fanned)
       values (?, ?, 'webhook.test', ?, ?, ?, 1)`,
    ).bind(id, endpoint.producer_id, `webhook.test:${id}`, JSON.stringify({ endpoint_id: endpoint.id }), created),
    env.DB.prepare(
      'insert into webhook_deliveries (message_id, endpoint_id, next_at, created_at) values (?, ?, ?, ?)',
    ).bind(id, endpoint.id, now, created),
  ]);
  return deliverWebhooks(env, now);
}

/** Log entries older than KEEP_DAYS go (with their messages once nothing of theirs is pending). */
export async function purgeWebhookLog(db: D1Database, now = Date.now()) {
  const cutoff = new Date(now - KEEP_DAYS * 86_400_000).toISOString();
  await db.batch([
    db.prepare('delete from webhook_attempts where at < ?').bind(cutoff),
    db
      .prepare(
        `delete from webhook_deliveries where status != 'pending' and message_id in
           (select id from webhook_outbox where created_at < ?)`,
      )
      .bind(cutoff),
    db
      .prepare(
        `delete from webhook_outbox where created_at < ? and fanned = 1
           and not exists (select 1 from webhook_deliveries d where d.message_id = webhook_outbox.id)`,
      )
      .bind(cutoff),
  ]);
}

/** The back office's log: an endpoint's deliveries of the last KEEP_DAYS days, newest first, with their attempts. */
export async function deliveryLog(db: D1Database, endpointId: string, limit = 100) {
  const { results } = await db
    .prepare(
      `select d.id, d.status, d.attempts, d.next_at, d.delivered_at, d.created_at, m.id as message_id, m.type,
         (select json_group_array(json_object('at', a.at, 'status', a.status_code, 'duration_ms', a.duration_ms,
            'excerpt', a.excerpt, 'replay', a.replay)) from (select * from webhook_attempts a
            where a.delivery_id = d.id order by a.at, a.id) a) as attempts_json
       from webhook_deliveries d join webhook_outbox m on m.id = d.message_id
       where d.endpoint_id = ? order by d.created_at desc, d.id desc limit ?`,
    )
    .bind(endpointId, limit)
    .all<{
      id: number;
      status: string;
      attempts: number;
      next_at: number | null;
      delivered_at: string | null;
      created_at: string;
      message_id: string;
      type: string;
      attempts_json: string;
    }>();
  return results.map(({ attempts_json, next_at, ...row }) => ({
    ...row,
    next_attempt_at: row.status === 'pending' && next_at !== null ? new Date(next_at).toISOString() : null,
    log: (
      JSON.parse(attempts_json) as {
        at: string;
        status: number | null;
        duration_ms: number;
        excerpt: string;
        replay: number;
      }[]
    ).map((a) => ({ ...a, replay: a.replay === 1 })),
  }));
}
