import { retryWaitlistMails } from '../mail/waitlist';
import { purgeIdempotencyKeys } from './lib/idempotency';
import { purgeExpiredAccountTokens } from './services/accounts/cleanup';
import { processDeletions } from './services/accounts/deletion';
import { expireOverdueOrders } from './services/checkout/orders';
import { retryTicketsMails } from './services/checkout/ticket-mail-queue';
import { resumeCancellations } from './services/events/cancellation';
import { finishPastEvents } from './services/events/list';
import { deliverWebhooks, purgeWebhookLog } from './services/integrations/webhook-delivery';
import { retryInvitationMails } from './services/invitations/mail';
import { retryQueueMails } from './services/queue/mail';
import { resumeRefunds } from './services/refunds/refund';
import { mailPendingRevocations } from './services/refunds/revocations';
import { resumeResaleRefunds } from './services/resale/seller-refund';
import { refreshExpiringMpLinks } from './services/settings/mp-link';
import { eraseExpiredAttendees } from './services/settings/retention';
import { drainInventoryOutboxes } from './services/waitlist/outbox';

/** Periodic work run by the cron trigger (every minute). Each job must be idempotent. */
export async function runScheduledJobs(env: Env, at = Date.now()): Promise<void> {
  // Purge expired one-time tokens and rate-limit windows; later issues add hold expiry sweeps here.
  await env.DB.prepare(
    "delete from dev_mail where created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-30 days')",
  ).run();
  await purgeExpiredAccountTokens(env.DB);
  // Idempotency-Key claims are kept 24 h (functions/api/lib/idempotency.ts).
  await purgeIdempotencyKeys(env.DB);
  // Orders whose hold ran out (the inventory object already released the tickets through its alarm).
  await expireOverdueOrders(env);
  await finishPastEvents(env.DB);
  await mailPendingRevocations(env);
  // Purchase e-mails that failed or were interrupted (the tickets are already issued).
  await retryTicketsMails(env);
  // Invitation e-mails not sent yet (a large import), failed or interrupted.
  await retryInvitationMails(env);
  // Waiting-list offers and notices left in an inventory object's outbox by a failed or interrupted delivery
  // (only the events marked in inventory_outbox), then their e-mails that failed or were interrupted.
  await drainInventoryOutboxes(env);
  await retryWaitlistMails(env);
  // E-mails to the people a removed queue dropped, not sent by the request or failed.
  await retryQueueMails(env);
  // Refunds left pending by a MercadoPago outage (same key) or done without their stock returned.
  await resumeRefunds(env);
  // Cancelled events whose buyers are not all refunded yet (a large event, a MercadoPago outage).
  await resumeCancellations(env);
  // Face-value resales whose seller's refund is pending (resale_refunds; same key: refunded once).
  await resumeResaleRefunds(env);
  // Accounts whose owners asked to delete them (issue 35): after the refunds above, within 24 h of the request.
  await processDeletions(env);
  // Attendees' names, DNIs, e-mails and phones of events past their producer's retention (issue 35).
  await eraseExpiredAttendees(env);
  // Linked sellers' MercadoPago tokens (180 days) renewed well before they end.
  await refreshExpiringMpLinks(env);
  // Producers' webhooks: what is due from the outbox (new messages, retries), and the log past 30 days. At the
  // trigger's time (the minute it fires for), so a local benchmark can move the retries' clock forward.
  await deliverWebhooks(env, at);
  await purgeWebhookLog(env.DB);
}
