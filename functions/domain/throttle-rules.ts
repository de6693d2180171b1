/**
 * Throttling rules (exact counters in the RateLimiter Durable Object, one object per rule and subject).
 * docs/operations.md lists them all; keep the two in step.
 *
 * Failed logins (ASVS 2.2.1: at most 100 guesses per account per hour) are counted per account AND
 * client address, so a stranger guessing from elsewhere cannot lock the owner out. The account-wide
 * counter only matters once a distributed guesser has used it up: then each address may still try
 * `LOGIN_UNDER_ATTACK_PER_ADDRESS` times, enough for the owner, one or two guesses per attacking address.
 */
export const THROTTLE_RULES = {
  loginAccountAddress: { limit: 100, windowSeconds: 60 * 60 },
  loginAccount: { limit: 100, windowSeconds: 60 * 60 },
  loginAddress: { limit: 300, windowSeconds: 60 * 60 },
  registerAddress: { limit: 30, windowSeconds: 60 * 60 },
  registerEmail: { limit: 5, windowSeconds: 60 * 60 },
  recoverAddress: { limit: 30, windowSeconds: 60 * 60 },
  recoverEmail: { limit: 5, windowSeconds: 60 * 60 },
  changeEmailUser: { limit: 10, windowSeconds: 60 * 60 },
  verifyResendEmail: { limit: 3, windowSeconds: 60 * 60 },
  /** "Reenviar correo" on the verification screen, per address (the e-mail's own counter is verifyResendEmail). */
  verifyResendAddress: { limit: 30, windowSeconds: 60 * 60 },
  revocationAddress: { limit: 20, windowSeconds: 60 * 60 },
  revocationEmail: { limit: 5, windowSeconds: 60 * 60 },
  transferUser: { limit: 10, windowSeconds: 60 * 60 },
  transferUserDay: { limit: 30, windowSeconds: 24 * 60 * 60 },
  /** Back office: re-sending an order's tickets (per order, and per staff member). */
  resendOrder: { limit: 3, windowSeconds: 60 * 60 },
  resendStaff: { limit: 30, windowSeconds: 60 * 60 },
  /** Team invitations, new or re-sent: per invited address of a producer, and per staff member. */
  teamInviteAddress: { limit: 3, windowSeconds: 60 * 60 },
  teamInviteStaff: { limit: 20, windowSeconds: 60 * 60 },
  /** Wrong codes tried on an event page (`GET /events/:id/unlock`), per address (a right one is not counted). */
  unlockAddress: { limit: 30, windowSeconds: 60 * 60 },
  /** Joins to a "Venta con fila" queue, per address (counted by each queue object, durable-objects/queue/join.ts). */
  queueJoinAddress: { limit: 20, windowSeconds: 60 },
  /** Calls made with one producer API key (issue 34; pretix allows 360 a minute), counted by api/lib/api-key.ts. */
  apiKey: { limit: 600, windowSeconds: 60 },
} as const;

/** Failed logins one address may still try on an account whose account-wide counter is used up. */
export const LOGIN_UNDER_ATTACK_PER_ADDRESS = 5;

export type ThrottleRule = keyof typeof THROTTLE_RULES;
