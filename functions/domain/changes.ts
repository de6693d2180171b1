/**
 * What a writer tells the rest of the system once its change is in D1 (after the commit, never before).
 * Writers only say what changed; the reactions modules (functions/api/reactions: one per reader that keeps a
 * copy, the check-in object, the inventory object, mail, webhooks) decide what to do about it.
 * tests/unit/reactions.test.ts checks that every write to a table a reader copies emits one of the kinds that
 * table maps to. Kept in the domain so the objects, which write D1 themselves, can name their changes too.
 */
export type Change =
  /** Tickets of an event were sold, refunded, transferred or cancelled (all of the event's without ids). */
  | { kind: 'ticketsChanged'; eventId: number; ticketIds?: string[] }
  /** The tickets of an order changed (refund, chargeback, cancellation). */
  | { kind: 'orderTicketsChanged'; orderId: string }
  /** A user's memberships, account or sessions changed (a role, a removal, a logout, all sessions ended). */
  | { kind: 'staffChanged'; userId: number }
  /** An event's check-in lists or gates changed. */
  | { kind: 'doorSetupChanged'; eventId: number }
  /** A producer's door settings changed ("DNI en la puerta"). */
  | { kind: 'producerDoorChanged'; producerId: number }
  /** What an event sells changed: its status, dates, ticket types or queue. */
  | { kind: 'saleConfigChanged'; eventId: number }
  /** What all of a producer's events sell changed: hold minutes, service charge, activation. */
  | { kind: 'producerSaleConfigChanged'; producerId: number }
  /** The platform reviewed an event (approved and published, or rejected back to draft). */
  | { kind: 'eventReviewed'; event: { id: number; title: string }; decision: Decision }
  | WebhookChange;

/**
 * The changes producers hear about by webhook. Each one stages its outbox rows in its own batch
 * (domain/integrations/webhook-outbox.ts, through commitChanges in domain/commit.ts) and is emitted after it,
 * so the first attempt follows the commit. Every one names its event (whose producer the message is for).
 */
export type WebhookChange =
  /** An order was paid and its tickets issued (`order.paid`). */
  | { kind: 'orderPaid'; eventId: number; orderId: string }
  /** A refund completed, by the completion that won its `pending → done` write (`order.refunded`). */
  | { kind: 'refundCompleted'; eventId: number; refundId: string; completion: string }
  /** A ticket's recipient accepted it: the old ticket and the one issued to them (`ticket.transferred`). */
  | { kind: 'ticketTransferred'; eventId: number; fromTicketId: string; toTicketId: string }
  /**
   * The check-in object copied scans to D1 (`ticket.checked_in` for each admission among them): `scans` is the
   * JSON array its copy binds (durable-objects/checkin/scan-log.ts).
   */
  | { kind: 'scansCopied'; eventId: number; scans: string }
  /** An event was published (`event.published`; `publication` tells one publication from another). */
  | { kind: 'eventPublished'; eventId: number; publication: string }
  /** An event was cancelled (`event.cancelled`). */
  | { kind: 'eventCancelled'; eventId: number }
  /** The waiting list offered tickets to a person: the offer's e-mail row (`waitlist.offered`). */
  | { kind: 'waitlistOffered'; eventId: number; offerId: string };

/** Every webhook change's kind (the webhooks reaction subscribes to each). */
export const WEBHOOK_CHANGES = [
  'orderPaid',
  'refundCompleted',
  'ticketTransferred',
  'scansCopied',
  'eventPublished',
  'eventCancelled',
  'waitlistOffered',
] as const satisfies readonly WebhookChange['kind'][];

// Every webhook change is listed above (a kind missing from the list fails to compile here).
type Unlisted = Exclude<WebhookChange['kind'], (typeof WEBHOOK_CHANGES)[number]>;
const everyWebhookChangeListed: Unlisted extends never ? true : Unlisted = true;
void everyWebhookChangeListed;

export const isWebhookChange = (change: Change): change is WebhookChange =>
  (WEBHOOK_CHANGES as readonly string[]).includes(change.kind);

type Decision = { approved: true } | { approved: false; reason: string };

export type ChangeKind = Change['kind'];
export type ChangeOf<K extends ChangeKind> = Extract<Change, { kind: K }>;
