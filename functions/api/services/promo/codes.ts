import { PROMO_EXPORT_TEXT, PROMO_MSG } from '../../../../src/shared/messages/promo';
import { PROMO_CODE_ALPHABET, type PromoBulk, type PromoCreate } from '../../../../src/shared/schemas/promo';
import type { PromoCodeRow } from '../../../domain/promo/codes';
import { fail } from '../../lib/errors';
import { type Sheet, toCsv } from '../sales/exports';

/**
 * The producer's promo and access codes (issue 22): created one by one or generated in bulk, archived, and
 * reported per code and per promoter (RRPP). Uses are counted at hold time over the code's whole scope
 * (durable-objects/inventory/promo-uses.ts); the report reads what was paid from D1, and the live use from the same count.
 */

type Fields = Omit<PromoCreate, 'code'>;

const onField = (field: string, message: string): never => fail(400, message, { [field]: [message] });

/** The event and the ticket types must be the producer's (and the types the event's, when it names one). */
async function checkOwnership(env: Env, producerId: number, v: Fields) {
  if (v.event_id !== null) {
    const event = await env.DB.prepare('select producer_id from events where id = ?')
      .bind(v.event_id)
      .first<{ producer_id: number }>();
    if (event?.producer_id !== producerId) onField('event_id', PROMO_MSG.foreignEvent);
  }
  for (const field of ['ticket_type_ids', 'unlock_ticket_type_ids'] as const) {
    const ids = [...new Set(v[field])];
    if (ids.length === 0) continue;
    const { results } = await env.DB.prepare(
      `select t.id from ticket_types t join event_dates d on d.id = t.event_date_id join events e on e.id = d.event_id
       where e.producer_id = ? and (? is null or e.id = ?) and t.id in (select value from json_each(?))`,
    )
      .bind(producerId, v.event_id, v.event_id, JSON.stringify(ids))
      .all<{ id: number }>();
    if (results.length !== ids.length) onField(field, PROMO_MSG.foreignTypes);
  }
}

function insertCode(env: Env, producerId: number, code: string, v: Fields, userId: number) {
  return env.DB.prepare(
    `insert into promo_codes (producer_id, event_id, code, kind, discount_type, value, ticket_type_ids,
       unlock_ticket_type_ids, max_tickets, max_per_order, max_per_buyer, valid_from, valid_until, owner_label,
       release_on_refund, created_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (producer_id, code) do nothing returning id, code`,
  ).bind(
    producerId,
    v.event_id,
    code,
    v.kind,
    v.kind === 'access' ? null : v.discount_type,
    v.kind === 'access' ? 0 : v.value,
    JSON.stringify([...new Set(v.ticket_type_ids)]),
    JSON.stringify(v.kind === 'discount' ? [] : [...new Set(v.unlock_ticket_type_ids)]),
    v.max_tickets,
    v.max_per_order,
    v.max_per_buyer,
    v.valid_from ? new Date(v.valid_from).toISOString() : null,
    v.valid_until ? new Date(v.valid_until).toISOString() : null,
    v.owner_label,
    v.release_on_refund ? 1 : 0,
    userId,
  );
}

/** A random code of `length` characters a person cannot misread. */
export function generateCode(prefix: string, length = 8): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = prefix;
  // 256 % 31 leaves a bias of under 1 %: fine for codes that are also limited in use.
  for (const b of bytes) out += PROMO_CODE_ALPHABET[b % PROMO_CODE_ALPHABET.length];
  return out;
}

export async function createCode(env: Env, producerId: number, input: PromoCreate, userId: number) {
  await checkOwnership(env, producerId, input);
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = input.code ?? generateCode('');
    const row = await insertCode(env, producerId, code, input, userId).first<{ id: number; code: string }>();
    if (row) return codeById(env, producerId, row.id);
    if (input.code) onField('code', PROMO_MSG.duplicate);
  }
  fail(409, PROMO_MSG.duplicate);
}

/** N unique codes with a prefix, all written in one batch (one transaction: all or none). */
export async function bulkCreate(env: Env, producerId: number, input: PromoBulk, userId: number) {
  await checkOwnership(env, producerId, input);
  const made: string[] = [];
  for (let round = 0; round < 5 && made.length < input.count; round++) {
    const wanted = new Set<string>();
    while (wanted.size < input.count - made.length) wanted.add(generateCode(input.prefix));
    const results = await env.DB.batch([...wanted].map((code) => insertCode(env, producerId, code, input, userId)));
    for (const r of results) for (const row of r.results as { code: string }[]) made.push(row.code);
  }
  return { count: made.length, codes: made };
}

export async function archiveCode(env: Env, producerId: number, id: number) {
  const row = await env.DB.prepare(
    `update promo_codes set archived_at = coalesce(archived_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
     where id = ? and producer_id = ? returning id`,
  )
    .bind(id, producerId)
    .first<{ id: number }>();
  if (!row) fail(404, PROMO_MSG.notFound);
  return codeById(env, producerId, id);
}

/** A code with what its orders brought (REPORT's sums). */
type CodeRow = PromoCodeRow & {
  orders: number;
  tickets: number;
  revenue_cents: number;
  discount_cents: number;
};

/** Paid (or later refunded) orders per code: uses, tickets, revenue (what the buyers paid for tickets). */
const CODE_SELECT = `
  select c.*, coalesce(s.orders, 0) as orders, coalesce(s.tickets, 0) as tickets,
         coalesce(s.revenue_cents, 0) as revenue_cents, coalesce(s.discount_cents, 0) as discount_cents
  from promo_codes c
  left join (
    select o.promo_code_id, count(*) as orders,
           sum((select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = o.id)) as tickets,
           sum(o.subtotal_cents - min(o.subtotal_cents, o.refunded_cents)) as revenue_cents,
           sum(o.discount_cents) as discount_cents
    from orders o where o.promo_code_id is not null and o.status in ('paid', 'refunded') and o.producer_id = ?
    group by o.promo_code_id
  ) s on s.promo_code_id = c.id`;

function view(row: CodeRow) {
  return {
    id: row.id,
    event_id: row.event_id,
    code: row.code,
    kind: row.kind,
    discount_type: row.discount_type,
    value: row.value,
    ticket_type_ids: JSON.parse(row.ticket_type_ids) as number[],
    unlock_ticket_type_ids: JSON.parse(row.unlock_ticket_type_ids) as number[],
    max_tickets: row.max_tickets,
    max_per_order: row.max_per_order,
    max_per_buyer: row.max_per_buyer,
    valid_from: row.valid_from,
    valid_until: row.valid_until,
    owner_label: row.owner_label,
    release_on_refund: row.release_on_refund === 1,
    archived_at: row.archived_at,
    created_at: row.created_at,
    uses: row.orders,
    tickets: row.tickets,
    revenue_cents: row.revenue_cents,
    discount_cents: row.discount_cents,
  };
}

async function codeById(env: Env, producerId: number, id: number) {
  const row = await env.DB.prepare(`${CODE_SELECT} where c.id = ? and c.producer_id = ?`)
    .bind(producerId, id, producerId)
    .first<CodeRow>();
  if (!row) fail(404, PROMO_MSG.notFound);
  return view(row);
}

/**
 * The producer's codes with what they sold (with `eventId`, the codes that apply to that event), and each
 * code's live use: the tickets counted against its max_tickets now, in open holds and sales, over every event
 * it covers (D1's promo_code_uses, durable-objects/inventory/promo-uses.ts; a give-back reaches it within a second).
 */
export async function listCodes(env: Env, producerId: number, eventId?: number) {
  const now = Date.now();
  const { results } = await env.DB.prepare(
    `select c.*, coalesce(l.live, 0) as live_tickets from (${CODE_SELECT}
       where c.producer_id = ? and (? is null or c.event_id is null or c.event_id = ?)) c
     left join (
       select u.code_id, sum(u.tickets) as live from promo_code_uses u
       where u.code_id in (select id from promo_codes where producer_id = ?)
         and (u.state = 'sold' or (u.state = 'held' and u.expires_at > ?))
       group by u.code_id
     ) l on l.code_id = c.id
     order by c.archived_at is not null, c.id desc limit 2000`,
  )
    .bind(producerId, producerId, eventId ?? null, eventId ?? null, producerId, now)
    .all<CodeRow & { live_tickets: number }>();
  return results.map((row) => ({ ...view(row), live_tickets: row.live_tickets }));
}

/** The report per code and per promoter (RRPP). */
export async function promoReport(env: Env, producerId: number, eventId?: number) {
  const codes = await listCodes(env, producerId, eventId);
  const byOwner = new Map<
    string,
    { owner_label: string; codes: number; uses: number; tickets: number; revenue_cents: number; discount_cents: number }
  >();
  for (const c of codes) {
    const owner = byOwner.get(c.owner_label) ?? {
      owner_label: c.owner_label,
      codes: 0,
      uses: 0,
      tickets: 0,
      revenue_cents: 0,
      discount_cents: 0,
    };
    owner.codes += 1;
    owner.uses += c.uses;
    owner.tickets += c.tickets;
    owner.revenue_cents += c.revenue_cents;
    owner.discount_cents += c.discount_cents;
    byOwner.set(c.owner_label, owner);
  }
  return { codes, promoters: [...byOwner.values()].sort((a, b) => b.revenue_cents - a.revenue_cents) };
}

/** The report as CSV (one row per code, with its promoter). */
export function promoReportCsv(report: Awaited<ReturnType<typeof promoReport>>): string {
  const sheet: Sheet = {
    name: PROMO_EXPORT_TEXT.name,
    columns: [...PROMO_EXPORT_TEXT.columns],
    rows: report.codes.map((c) => [
      c.code,
      c.owner_label,
      c.uses,
      c.tickets,
      c.revenue_cents / 100,
      c.discount_cents / 100,
      c.archived_at ? PROMO_EXPORT_TEXT.yes : PROMO_EXPORT_TEXT.no,
    ]),
  };
  return toCsv(sheet);
}
