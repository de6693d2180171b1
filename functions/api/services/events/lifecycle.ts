import { EVENT_MSG } from '../../../../src/shared/messages/events';
import { type EventInput, publishProblems } from '../../../../src/shared/schemas/events';
import type { Actor } from '../../../domain/events/access';
import { fail } from '../../lib/errors';
import { emit } from '../../reactions';
import { audit } from '../sales/audit';
import { type EventHeader, getManagedEvent, setStatus, toInput, updateEvent } from './store';

/**
 * An event's way from draft to sale and back: each step checks that it may happen from the event's current
 * status, writes it, and emits what changed (the inventory object re-reads what the event sells; a review
 * also mails the producer). Routes call these and answer; they hold no rule of their own.
 */

/** Saves an edit. A published or reviewed event must stay publishable; an edit may send it back to review. */
export async function editEvent(env: Env, header: EventHeader, input: EventInput, actor: Actor) {
  if (header.status === 'cancelado') fail(409, EVENT_MSG.cancelledNoEdit);
  if (header.status === 'publicado' || header.status === 'en_revision') {
    const problems = publishProblems(input);
    if (problems.length) fail(400, problems[0], { _: problems });
  }
  const before = toInput(await getManagedEvent(env.DB, header.id), false);
  const result = await updateEvent(env.DB, header.id, header.producer_id, input, {
    userId: actor.userId,
    isSuperAdmin: actor.isSuperAdmin,
    trusted: header.producer_trusted === 1,
  });
  await auditEdit(env.DB, actor, header, before, toInput(await getManagedEvent(env.DB, header.id), false));
  await emit(env, { kind: 'saleConfigChanged', eventId: header.id });
  return result;
}

/**
 * The activity log of an edit: what the event's own fields were and became (`event_change`), and its ticket
 * types' names, prices and capacities when any changed (`price_change`). Nothing when nothing changed.
 */
async function auditEdit(db: D1Database, actor: Actor, header: EventHeader, before: EventInput, after: EventInput) {
  const where = { producerId: header.producer_id, eventId: header.id };
  const { dates: datesBefore, ...fieldsBefore } = before;
  const { dates: datesAfter, ...fieldsAfter } = after;
  const changed = (Object.keys(fieldsAfter) as (keyof typeof fieldsAfter)[]).filter(
    (k) => JSON.stringify(fieldsBefore[k]) !== JSON.stringify(fieldsAfter[k]),
  );
  const schedule = (dates: EventInput['dates']) => dates.map(({ ticket_types: _, ...d }) => d);
  const prices = (dates: EventInput['dates']) =>
    dates.flatMap((d) =>
      d.ticket_types.map((t) => ({
        date: d.starts_at,
        name: t.name,
        price_cents: t.price_cents,
        capacity: t.capacity,
      })),
    );
  const datesChanged = JSON.stringify(schedule(datesBefore)) !== JSON.stringify(schedule(datesAfter));
  if (changed.length > 0 || datesChanged)
    await audit(db, actor, {
      ...where,
      action: 'event_change',
      detail: { title: after.title, changed: [...changed, ...(datesChanged ? ['dates'] : [])] },
      before: {
        ...Object.fromEntries(changed.map((k) => [k, fieldsBefore[k]])),
        ...(datesChanged ? { dates: schedule(datesBefore) } : {}),
      },
      after: {
        ...Object.fromEntries(changed.map((k) => [k, fieldsAfter[k]])),
        ...(datesChanged ? { dates: schedule(datesAfter) } : {}),
      },
    });
  if (JSON.stringify(prices(datesBefore)) !== JSON.stringify(prices(datesAfter)))
    await audit(db, actor, {
      ...where,
      action: 'price_change',
      detail: { title: after.title },
      before: prices(datesBefore),
      after: prices(datesAfter),
    });
}

/** An event's status moved by someone in the back office (publish, unpublish, cancel), for the activity log. */
export async function auditStatus(
  db: D1Database,
  actor: Actor,
  header: EventHeader,
  status: string,
  reason = '',
): Promise<void> {
  await audit(db, actor, {
    producerId: header.producer_id,
    eventId: header.id,
    action: 'event_change',
    reason,
    detail: { title: header.title },
    before: { status: header.status },
    after: { status },
  });
}

/**
 * Publishes a draft, or sends it to review. A superadmin publishes at once, and so does a producer the platform
 * trusts (issue 32; the same checks above); an event approved before is re-published without a new review, as
 * long as nothing the review looked at changed since (updateEvent withdraws the approval then).
 */
export async function publishEvent(env: Env, header: EventHeader, actor: Actor): Promise<{ direct: boolean }> {
  if (header.status !== 'borrador') fail(409, EVENT_MSG.publishOnlyDraft);
  const problems = publishProblems(toInput(await getManagedEvent(env.DB, header.id), false));
  if (problems.length) fail(400, problems[0], { _: problems });
  const trusted = header.producer_trusted === 1;
  const direct = actor.isSuperAdmin || trusted || header.approved_at !== null;
  await setStatus(env, header.id, direct ? 'publicado' : 'en_revision', {
    approved: actor.isSuperAdmin || trusted,
  });
  await auditStatus(env.DB, actor, header, direct ? 'publicado' : 'en_revision');
  await emit(env, { kind: 'saleConfigChanged', eventId: header.id });
  return { direct };
}

/** Back to draft from published or in review. */
export async function unpublishEvent(env: Env, header: EventHeader, actor: Actor) {
  if (header.status !== 'publicado' && header.status !== 'en_revision') fail(409, EVENT_MSG.unpublishOnly);
  await setStatus(env, header.id, 'borrador');
  await auditStatus(env.DB, actor, header, 'borrador');
  await emit(env, { kind: 'saleConfigChanged', eventId: header.id });
}

/** The platform's review of an event in review: approved (published) or rejected (back to draft, with why). */
export async function reviewEvent(
  env: Env,
  header: EventHeader,
  decision: { approved: true } | { approved: false; reason: string },
) {
  if (header.status !== 'en_revision') fail(409, EVENT_MSG.notInReview);
  if (decision.approved) await setStatus(env, header.id, 'publicado', { approved: true });
  else await setStatus(env, header.id, 'borrador', { rejection_reason: decision.reason });
  await emit(env, { kind: 'eventReviewed', event: header, decision });
}
