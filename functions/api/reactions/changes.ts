/**
 * What a writer tells the rest of the system once its change is in D1 (after the commit, never before).
 * Writers only say what changed; the reactions modules (one per reader that keeps a copy: the check-in
 * object, the inventory object, mail) decide what to do about it. tests/unit/reactions.test.ts checks that
 * every write to a table a reader copies emits one of the kinds that table maps to.
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
  | { kind: 'eventReviewed'; event: { id: number; title: string }; decision: Decision };

type Decision = { approved: true } | { approved: false; reason: string };

export type ChangeKind = Change['kind'];
export type ChangeOf<K extends ChangeKind> = Extract<Change, { kind: K }>;

/** A reader's subscriptions: what it does for each kind of change it cares about. */
export type Reactions = { [K in ChangeKind]?: (env: Env, change: ChangeOf<K>) => Promise<void> };
