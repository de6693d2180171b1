import { payoutKindOf } from '../../../../src/shared/fiscal';
import { EVENT_MSG } from '../../../../src/shared/messages/events';
import { FEE_OUT_OF_LIMITS } from '../../../../src/shared/messages/settings';
import type { ProducerSettingsInput } from '../../../../src/shared/schemas/settings';
import type { Actor } from '../../../domain/events/access';
import { fail } from '../../lib/errors';
import { emit } from '../../reactions';
import type { Defer } from '../payments/apply';
import { auditStatement } from '../sales/audit';
import { feeWithin, platformFees } from './platform';

type SettingsRow = {
  razon_social: string | null;
  cuit: string | null;
  iva_condition: ProducerSettingsInput['iva_condition'];
  payout_account: string | null;
  payout_kind: 'cbu' | 'cvu' | 'alias' | null;
  payout_holder: string | null;
  hold_minutes: number | null;
  named_tickets: number;
  door_dni: number;
  refund_policy: string;
  resale_keep_bp: number;
  attendee_retention_days: number;
  updated_at: string | null;
};

/** A producer's configuration: its fiscal, payout and sales settings and its own service charge, if any. */
export async function producerSettings(db: D1Database, producerId: number) {
  const [producerRows, settingsRows] = await db.batch([
    db.prepare('select id, name, activo, fee_percent_bp, fee_fixed_cents from producers where id = ?').bind(producerId),
    db
      .prepare(
        `select razon_social, cuit, iva_condition, payout_account, payout_kind, payout_holder, hold_minutes,
                named_tickets, door_dni, refund_policy, resale_keep_bp, attendee_retention_days, updated_at
           from producer_settings where producer_id = ?`,
      )
      .bind(producerId),
  ]);
  const producer = producerRows.results[0] as
    | { id: number; name: string; activo: number; fee_percent_bp: number | null; fee_fixed_cents: number | null }
    | undefined;
  if (!producer) fail(404, EVENT_MSG.producerNotFound);
  const s = settingsRows.results[0] as SettingsRow | undefined;
  return {
    producer_id: producer.id,
    name: producer.name,
    activo: producer.activo === 1,
    razon_social: s?.razon_social ?? null,
    cuit: s?.cuit ?? null,
    iva_condition: s?.iva_condition ?? null,
    payout_account: s?.payout_account ?? null,
    payout_kind: s?.payout_kind ?? null,
    payout_holder: s?.payout_holder ?? null,
    hold_minutes: s?.hold_minutes ?? null,
    named_tickets: s?.named_tickets === 1,
    door_dni: s?.door_dni === 1,
    refund_policy: s?.refund_policy ?? '',
    resale_keep_bp: s?.resale_keep_bp ?? 0,
    attendee_retention_days: s?.attendee_retention_days ?? 365,
    fee:
      producer.fee_percent_bp === null && producer.fee_fixed_cents === null
        ? null
        : { percent_bp: producer.fee_percent_bp ?? 0, fixed_cents: producer.fee_fixed_cents ?? 0 },
    updated_at: s?.updated_at ?? null,
  };
}
export type ProducerSettings = Awaited<ReturnType<typeof producerSettings>>;

/** The writes that save a producer's settings (batched with the audit entry by the caller). */
function saveProducerSettingsStatements(
  db: D1Database,
  producerId: number,
  input: ProducerSettingsInput,
  payoutKind: 'cbu' | 'cvu' | 'alias' | null,
  feeChanged: boolean,
) {
  const statements = [
    // Not an upsert: SQLite lets an upsert's conflict handling override the triggers' `insert or ignore`.
    db.prepare('insert or ignore into producer_settings (producer_id) values (?)').bind(producerId),
    db
      .prepare(
        `update producer_settings set razon_social = ?, cuit = ?, iva_condition = ?, payout_account = ?,
           payout_kind = ?, payout_holder = ?, hold_minutes = ?, named_tickets = ?, door_dni = ?, refund_policy = ?,
           resale_keep_bp = ?, attendee_retention_days = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         where producer_id = ?`,
      )
      .bind(
        input.razon_social,
        input.cuit,
        input.iva_condition,
        input.payout_account,
        payoutKind,
        input.payout_holder,
        input.hold_minutes,
        input.named_tickets ? 1 : 0,
        input.door_dni ? 1 : 0,
        input.refund_policy,
        input.resale_keep_bp,
        input.attendee_retention_days,
        producerId,
      ),
  ];
  // Only a real change: writing the fee columns re-versions every event's sale configuration (trigger).
  if (feeChanged)
    statements.push(
      db
        .prepare(
          `update producers set fee_percent_bp = ?, fee_fixed_cents = ?,
             updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') where id = ?`,
        )
        .bind(input.fee?.percent_bp ?? null, input.fee?.fixed_cents ?? null, producerId),
    );
  return statements;
}

/** Every producer for the superadmin's list: activation, fiscal identity and whether MercadoPago is linked. */
export async function listProducersForPlatform(db: D1Database) {
  const { results } = await db
    .prepare(
      `select p.id, p.name, p.slug, p.activo, p.trusted_at is not null as trusted, s.razon_social, s.cuit,
              l.mp_user_id is not null as mp_linked,
              (select count(*) from events e where e.producer_id = p.id) as events
         from producers p
         left join producer_settings s on s.producer_id = p.id
         left join producer_mp_links l on l.producer_id = p.id and l.unlinked_at is null
        order by p.name`,
    )
    .all<{
      id: number;
      name: string;
      slug: string;
      activo: number;
      trusted: number;
      razon_social: string | null;
      cuit: string | null;
      mp_linked: number;
      events: number;
    }>();
  return results.map((r) => ({ ...r, activo: r.activo === 1, trusted: r.trusted === 1, mp_linked: r.mp_linked === 1 }));
}

/** A superadmin trusts a producer (its admins publish without review) or takes the trust back. */
function setProducerTrusted(db: D1Database, producerId: number, trusted: boolean, by: number) {
  return db
    .prepare(
      `update producers set trusted_at = case when ?1 then coalesce(trusted_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) end,
         trusted_by = case when ?1 then ?2 end, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') where id = ?3`,
    )
    .bind(trusted ? 1 : 0, by, producerId);
}

function setProducerActive(db: D1Database, producerId: number, active: boolean) {
  return db
    .prepare(`update producers set activo = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') where id = ?`)
    .bind(active ? 1 : 0, producerId);
}

/**
 * Saves a producer's settings (its own service charge within the platform's limits, unless a superadmin sets
 * it: an agreement with the producer) with an audit entry, and says what changed: what its events sell (hold
 * minutes, charge) reaches their inventory objects in the background; "DNI en la puerta" reaches the doors
 * before this answers.
 */
export async function saveProducerSettings(
  env: Env,
  actor: Actor,
  producerId: number,
  input: ProducerSettingsInput,
  background: Defer,
) {
  const [before, platform] = await Promise.all([producerSettings(env.DB, producerId), platformFees(env.DB)]);
  const feeChanged = JSON.stringify(before.fee) !== JSON.stringify(input.fee);
  if (feeChanged && input.fee && !actor.isSuperAdmin && !feeWithin(input.fee, platform.limits))
    fail(400, FEE_OUT_OF_LIMITS, { fee: [FEE_OUT_OF_LIMITS] });
  const changed = (Object.keys(input) as (keyof typeof input)[]).filter(
    (k) => JSON.stringify(input[k]) !== JSON.stringify(before[k]),
  );
  await env.DB.batch([
    ...saveProducerSettingsStatements(
      env.DB,
      producerId,
      input,
      input.payout_account ? payoutKindOf(input.payout_account) : null,
      feeChanged,
    ),
    // The activity log keeps what each changed field was and became.
    auditStatement(env.DB, actor, {
      producerId,
      action: 'settings_change',
      detail: { changed },
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, input[k]])),
    }),
  ]);
  if (changed.includes('fee') || changed.includes('hold_minutes'))
    background(emit(env, { kind: 'producerSaleConfigChanged', producerId }));
  if (changed.includes('door_dni')) await emit(env, { kind: 'producerDoorChanged', producerId });
  return { saved: await producerSettings(env.DB, producerId), platform };
}

/**
 * A superadmin activates or deactivates a producer. Awaited: a refusal the inventory objects make from their
 * kept configuration is never re-checked, so a reactivated producer must be on sale again when this answers
 * (a hold right after it was refused).
 */
export async function setProducerActivation(env: Env, actor: Actor, producerId: number, activo: boolean) {
  await producerSettings(env.DB, producerId);
  await env.DB.batch([
    setProducerActive(env.DB, producerId, activo),
    auditStatement(env.DB, actor, { producerId, action: 'producer_activation', detail: { activo } }),
  ]);
  await emit(env, { kind: 'producerSaleConfigChanged', producerId });
}

/** A superadmin trusts a producer (its events publish without review) or stops trusting it. */
export async function setProducerTrust(env: Env, actor: Actor, producerId: number, trusted: boolean) {
  await producerSettings(env.DB, producerId);
  await env.DB.batch([
    setProducerTrusted(env.DB, producerId, trusted, actor.userId),
    auditStatement(env.DB, actor, { producerId, action: 'producer_trust', detail: { trusted } }),
  ]);
}
