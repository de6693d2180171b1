/** What the queue object is asked and answers (its public contract: services import these, not the object). */

export type QueueConfig = {
  eventId: number;
  opensAt: number;
  prequeueMinutes: number;
  ratePerMinute: number;
  holdLimit: number | null;
};
export type QueueState = 'unconfigured' | 'scheduled' | 'prequeue' | 'open' | 'paused' | 'closed';
/** agotado: the stock ran out; productora: closed by the producer; normal: closed back to the normal sale. */
export type ClosedReason = 'agotado' | 'productora' | 'normal';

/** A buyer's place as the wait page shows it. */
export type PlaceView = {
  state: QueueState;
  closedReason: ClosedReason | null;
  opensAt: number;
  prequeueOpensAt: number;
  joined: boolean;
  prequeueNumber: number | null;
  position: number | null;
  ahead: number | null;
  admitted: boolean;
  passExpiresAt: number | null;
  estimateSeconds: number | null;
  /** Only for the account itself, while admitted and unexpired. */
  pass: string | null;
};

export type JoinResult =
  | { ok: true; place: PlaceView; existing: boolean }
  | { ok: false; reason: 'no_queue' | 'too_early' | 'closed'; opensAt?: number; prequeueOpensAt?: number }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number }
  | { ok: false; reason: 'unverified' | 'no_dni' | 'dni_taken' };

export type QueueLive = {
  state: QueueState;
  closedReason: ClosedReason | null;
  opensAt: number;
  prequeueOpensAt: number;
  ratePerMinute: number;
  holdLimit: number | null;
  length: number;
  prequeueSize: number;
  waiting: number;
  admitted: number;
  activeHolds: number | null;
  sold: number | null;
  remaining: number | null;
  seedHash: string;
};

export type QueueProof = {
  state: QueueState;
  opensAt: number;
  prequeueOpensAt: number;
  seedHash: string;
  /** Revealed only after the draw. */
  seed: string | null;
  prequeueSize: number | null;
  drawnAt: number | null;
  algorithm: string;
};
