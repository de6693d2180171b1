import { describe, expect, it } from 'vitest';
import { WEBHOOK_CHANGES } from '../../functions/domain/changes';
import { scanServer } from './support/sql-writes';

/**
 * Every write to a table that a reader keeps a copy of (a Durable Object) or sends on (the webhooks) must tell
 * that reader, through a typed change emitted by the writer (functions/api/reactions; `commitChanges` of
 * domain/commit.ts emits the changes it commits). A write is covered when the function it sits in emits one of
 * the kinds its table maps to, or when every function that calls it is covered (up to a few levels: statement
 * builders and helpers). A write that needs no reaction is listed below, with why.
 */

/** Table → the change kinds that tell its reader. */
const READ_BY_OBJECTS: Record<string, string[]> = {
  // The check-in object's door cache (durable-objects/checkin/door-cache.ts): tickets, setup, door staff.
  tickets: ['ticketsChanged', 'orderTicketsChanged'],
  revocations: ['ticketsChanged', 'orderTicketsChanged'],
  checkin_lists: ['doorSetupChanged'],
  checkin_gates: ['doorSetupChanged'],
  producer_settings: ['producerDoorChanged', 'producerSaleConfigChanged'],
  producer_members: ['staffChanged'],
  producer_member_events: ['staffChanged'],
  revoked_access_tokens: ['staffChanged'],
  users: ['staffChanged'],
  // The inventory object's sale configuration (durable-objects/inventory/sale-config.ts).
  events: ['saleConfigChanged', 'eventReviewed'],
  event_dates: ['saleConfigChanged'],
  ticket_types: ['saleConfigChanged'],
  event_queues: ['saleConfigChanged'],
  // Reserved seating (durable-objects/inventory/seats.ts): the dates' maps and each category's type.
  event_date_seating: ['saleConfigChanged'],
  seat_category_types: ['saleConfigChanged'],
  standing_section_types: ['saleConfigChanged'],
  seat_map_versions: ['saleConfigChanged'],
  seat_map_parts: ['saleConfigChanged'],
  seat_maps: ['saleConfigChanged'],
  producers: ['producerSaleConfigChanged'],
  // The webhooks' outbox: its rows derive from the changes committed with them (domain/integrations/webhook-outbox.ts),
  // and the first attempt follows the change's emit; a writer of outbox rows that emits no webhook change would
  // leave its messages to the cron's next minute.
  webhook_outbox: [...WEBHOOK_CHANGES],
};

/**
 * A ticket's fate changed under a check-in claim (refund, transfer, resale, revocation, cancellation) reaches
 * the object through the claim itself: settling it makes the object take D1's outcome (services/checkin/claims.ts).
 */
const DOOR_SETTLES = ['settleAtDoor', 'underClaim', 'payUnderClaim'];
const SETTLED_TABLES = new Set(['tickets', 'revocations']);

/** `file#function` → why its writes need no reaction. */
const NO_REACTION: Record<string, string> = {
  // The objects write these copies themselves.
  'functions/durable-objects/checkin/scan-log.ts#(module)': "the check-in object's own log of its admissions",
  'functions/durable-objects/inventory/object.ts#EventInventory.flushMirror': "the inventory object's own mirror",
  'functions/domain/checkin/setup.ts#checkinSetup':
    'creates the default list and gate on first use: what every reader already assumes when none exist',
  // Nothing holds these rows yet, or no reader looks at what is written.
  'functions/api/services/events/store.ts#createEvent': 'a new draft: no object has read it yet',
  'functions/api/services/seating/maps.ts#createSeatMap': 'a new map: no date uses it yet',
  'functions/api/services/events/store.ts#deleteEvent': 'only drafts without sales are deleted: nothing sells them',
  'functions/api/services/events/dates.ts#refreshDenormalised':
    'catalogue columns (first and last date, prices) no object reads',
  'functions/api/services/events/list.ts#finishPastEvents':
    'events over for a day: nothing sells them any more, and the version triggers make a late hold re-read',
  'functions/api/services/events/cancellation.ts#recordCancellation':
    'the cancellation closes the sale and claims every ticket in the objects itself (closeSale, claims)',
  'functions/api/services/events/producers.ts#createProducer': 'a new producer has no events yet',
  'functions/api/services/events/producers.ts#updateProducer': 'name and contact: no object reads them',
  'functions/api/services/team/members.ts#touchActivity': '"última actividad": no object reads it',
  'functions/api/services/accounts/cleanup.ts#purgeExpiredAccountTokens': 'deletes only tokens already expired',
  'functions/api/services/accounts/passwords.ts#setPassword':
    'the hash only; whoever ends sessions with it (a reset, a superadmin) emits through revokeAllSessions',
  'functions/api/services/accounts/passwords.ts#resetPassword':
    'e-mail verification only; the sessions end in revokeAllSessions, which emits',
  'functions/api/services/accounts/users.ts#updateProfile': 'name and DNI of the account: no object reads them',
  'functions/api/services/accounts/users.ts#changeEmail': 'the address: no object reads it',
  'functions/api/services/accounts/users.ts#movePendingEmail': 'the address: no object reads it',
  'functions/api/services/accounts/users.ts#insertUser': 'a new account is nobody’s staff yet',
  'functions/api/services/accounts/users.ts#deleteUser': 'an account deleted unverified, never a member',
  'functions/api/services/accounts/users.ts#markEmailVerified': 'verification: no object reads it',
  'functions/api/services/queue/queues.ts#controlQueue':
    'the waiting list flag and the catalogue stamp: the inventory object is told first (setQueueWaitlist, setQueueGate)',
  'functions/api/services/queue/queues.ts#rateQueue': 'pace and hold limit: held by the queue object, not sold by',
  'functions/api/services/settings/producer.ts#setProducerTrusted': 'trust only changes the review, not what is sold',
  'functions/dev/queue-tools.ts#queueBuyers': 'bench buyers: new accounts, nobody’s staff',
  'functions/api/services/invitations/claim.ts#claimInvitations':
    'moves invitations to their verified owner: the door reads holders and codes, not owners',
  'functions/api/services/accounts/roles.ts#syncUserRole':
    'the cached global role; the membership change that calls it emits staffChanged',
  // Personal data (issue 35).
  'functions/api/services/accounts/consents.ts#setPromotionsConsent': 'the promotions flag: no object reads it',
  // The webhooks' own bookkeeping of the outbox (services/integrations/webhook-delivery.ts).
  'functions/api/services/integrations/webhook-delivery.ts#fanOut': 'marks messages fanned out to their deliveries',
  'functions/api/services/integrations/webhook-delivery.ts#sendTest':
    '"Enviar prueba": a test message that its own call delivers at once',
  'functions/api/services/integrations/webhook-delivery.ts#purgeWebhookLog': 'deletes messages of over 30 days',
  'functions/api/services/settings/retention.ts#eraseAttendees':
    'the erasure stamp on events: no object reads it (the holders it erases are told with ticketsChanged)',
};

const isFixture = (file: string) =>
  /^functions\/dev\/(seeds\/|checkin-tools|checkout-tools|sales-bench|refunds-bench)/.test(file);

describe('reactions: every write a reader copies emits a change', () => {
  const { writes, functions } = scanServer(['functions']);
  const callersOf = (fn: string) =>
    [...functions.values()].filter((f) => f.calls.has(fn.split('.').pop()!) && !isFixture(f.file));
  // `path`: the callers walked to get here (a call cycle is not coverage); a function reached by two paths
  // (the outbox's statement builders all meet in webhookRows) is walked on each.
  const covered = (file: string, fn: string, table: string, depth = 0, path = new Set<string>()): boolean => {
    const kinds = READ_BY_OBJECTS[table];
    const key = `${file}#${fn}`;
    if (path.has(key)) return false;
    if (key in NO_REACTION) return true;
    const facts = functions.get(key);
    if (facts && kinds.some((k) => facts.emits.has(k))) return true;
    if (facts && SETTLED_TABLES.has(table) && DOOR_SETTLES.some((f) => facts.calls.has(f))) return true;
    if (depth >= 4 || fn === '(module)') return false;
    const callers = callersOf(fn).filter((c) => `${c.file}#${c.fn}` !== key);
    const onPath = new Set([...path, key]);
    return callers.length > 0 && callers.every((c) => covered(c.file, c.fn, table, depth + 1, onPath));
  };

  const watched = writes.filter((w) => w.table in READ_BY_OBJECTS && !isFixture(w.file));

  it('finds the writes it checks', () => {
    // The scan itself works: the known writers are seen (a broken parser would pass everything below).
    const seen = new Set(watched.map((w) => `${w.file}#${w.fn}`));
    expect(seen).toContain('functions/api/services/checkout/issue-tickets.ts#ensureTickets');
    expect(seen).toContain('functions/api/services/checkin/setup.ts#createList');
    expect(seen).toContain('functions/api/services/queue/queues.ts#setQueue');
    expect(watched.length).toBeGreaterThan(40);
  });

  it.each(watched.map((w) => [`${w.table} in ${w.file}:${w.line} (${w.fn})`, w] as const))('%s', (_, write) => {
    const key = `${write.file}#${write.fn}`;
    expect(
      covered(write.file, write.fn, write.table),
      `${key} writes ${write.table} but neither it nor all its callers emit ${READ_BY_OBJECTS[write.table].join(' or ')}`,
    ).toBe(true);
  });

  it('lists no exemption that is gone', () => {
    const writers = new Set(watched.map((w) => `${w.file}#${w.fn}`));
    expect(Object.keys(NO_REACTION).filter((k) => !writers.has(k))).toEqual([]);
  });
});
