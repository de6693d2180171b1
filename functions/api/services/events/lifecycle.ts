import { EVENT_MSG } from '../../../../src/shared/messages/events';
import { type EventInput, publishProblems } from '../../../../src/shared/schemas/events';
import type { Actor } from '../../../domain/events/access';
import { fail } from '../../lib/errors';
import { emit } from '../../reactions';
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
  const result = await updateEvent(env.DB, header.id, header.producer_id, input, {
    userId: actor.userId,
    isSuperAdmin: actor.isSuperAdmin,
    trusted: header.producer_trusted === 1,
  });
  await emit(env, { kind: 'saleConfigChanged', eventId: header.id });
  return result;
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
  await setStatus(env.DB, header.id, direct ? 'publicado' : 'en_revision', {
    approved: actor.isSuperAdmin || trusted,
  });
  await emit(env, { kind: 'saleConfigChanged', eventId: header.id });
  return { direct };
}

/** Back to draft from published or in review. */
export async function unpublishEvent(env: Env, header: EventHeader) {
  if (header.status !== 'publicado' && header.status !== 'en_revision') fail(409, EVENT_MSG.unpublishOnly);
  await setStatus(env.DB, header.id, 'borrador');
  await emit(env, { kind: 'saleConfigChanged', eventId: header.id });
}

/** The platform's review of an event in review: approved (published) or rejected (back to draft, with why). */
export async function reviewEvent(
  env: Env,
  header: EventHeader,
  decision: { approved: true } | { approved: false; reason: string },
) {
  if (header.status !== 'en_revision') fail(409, EVENT_MSG.notInReview);
  if (decision.approved) await setStatus(env.DB, header.id, 'publicado', { approved: true });
  else await setStatus(env.DB, header.id, 'borrador', { rejection_reason: decision.reason });
  await emit(env, { kind: 'eventReviewed', event: header, decision });
}
