import { toArIso } from './dates';

/**
 * Check-in at the door: what a scan can answer, in one place for the API, the scanner and the overview.
 * The codes are stored in the scan log; the labels are what staff read on the result screen.
 */
export const SCAN_RESULTS = [
  'admitted',
  'exited',
  'undone',
  'used',
  'cancelled',
  'revoked',
  'other_event',
  'unpaid',
  'forged',
  'wrong_list',
  'not_inside',
  'in_process',
] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];

/** The refusals a scan can get before the authority looks at who is inside (decided from the ticket's data). */
export type TicketRefusal = Extract<
  ScanResult,
  'cancelled' | 'revoked' | 'other_event' | 'unpaid' | 'forged' | 'wrong_list'
>;

/** Green, amber or red on the scanner. */
export function scanTone(result: ScanResult): 'ok' | 'warn' | 'bad' {
  if (result === 'admitted' || result === 'exited' || result === 'undone') return 'ok';
  if (result === 'used' || result === 'not_inside' || result === 'in_process') return 'warn';
  return 'bad';
}

/** How long the staff member who admitted someone by hand may undo it. */
export const UNDO_WINDOW_MS = 2 * 60_000;

/** Offline scans uploaded in one request at most. */
export const MAX_SYNC_SCANS = 100;

/** The day (Argentina) of an instant, yyyy-mm-dd. */
const arDay = (value: string | Date) => toArIso(value).slice(0, 10);

/**
 * The door's order of events: today's first (any of its dates is today), then upcoming ones soonest
 * first, then past ones latest first. `today` marks the ones the scanner preselects.
 */
export function doorOrder<T extends { starts_at: string; last_starts_at: string }>(events: T[], now = new Date()) {
  const today = arDay(now);
  const rank = (e: T) => {
    if (arDay(e.starts_at) <= today && arDay(e.last_starts_at) >= today) return 0;
    return new Date(e.last_starts_at) >= now ? 1 : 2;
  };
  return events
    .map((e) => ({ ...e, today: rank(e) === 0 }))
    .sort((a, b) => {
      const ra = rank(a);
      const rb = rank(b);
      if (ra !== rb) return ra - rb;
      return ra === 2 ? b.starts_at.localeCompare(a.starts_at) : a.starts_at.localeCompare(b.starts_at);
    });
}

/** Crockford's base 32: no I, L, O or U, so a code read out loud or typed by hand has no look-alikes. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A ticket's short code, printed beside its QR and read out at the door when the QR cannot be scanned
 * (`K7M2-9QXD`): the first 40 bits of its id (16 base64url characters of a SHA-256, checkout/ticket-signing.ts) in
 * Crockford's base 32, case-free. The door's manual entry takes it (or the whole id), and the event's check-in
 * object resolves it among that event's tickets only, so it is judged by the same decision as a scanned QR.
 * Two tickets of one event sharing a code is unlikely (about 1 in 20,000 for an event of 10,000 tickets); such a
 * code is ambiguous, answered "Código inválido", and staff use the search, which lists both.
 */
export function shortTicketCode(ticketId: string): string {
  let bits = 0;
  let width = 0;
  let out = '';
  for (const char of ticketId) {
    const value = BASE64URL.indexOf(char);
    bits = (bits * 64 + (value < 0 ? char.charCodeAt(0) % 64 : value)) % 2 ** 45;
    width += 6;
    while (width >= 5 && out.length < 8) {
      width -= 5;
      out += CROCKFORD[Math.floor(bits / 2 ** width) % 32];
    }
    if (out.length === 8) break;
  }
  return `${out.slice(0, 4)}-${out.slice(4)}`;
}

/** What a typed code names, when it is not a signed QR code: a short code (normalised) or a whole ticket id. */
/**
 * One scan as a gate sends it, the same on every side (the scanner's queue, the API, the check-in object): a
 * code (camera, reader, typed) or a ticket id (check-in by hand from the search); an offline scanner adds its
 * own verdict (`local_result`) and when it scanned.
 */
export type DoorScan = {
  nonce: string;
  code?: string;
  ticket_id?: string;
  list_id?: number;
  gate_id?: number;
  device: string;
  kind: 'entry' | 'exit';
  client_at?: string;
  local_result?: 'admitted' | 'refused';
};

export type TypedTicketCode = { short: string } | { id: string };

/**
 * A code typed at the door read as a short code (`K7M2-9QXD`, `k7m29qxd`, `K7M2 9QXD`; O read as 0, I and L as
 * 1) or a whole ticket id (16 base64url characters, as the back office shows it); null for anything else (a
 * signed code is `BOL1.…`).
 */
export function typedTicketCode(text: string): TypedTicketCode | null {
  const trimmed = text.trim();
  if (/^[A-Za-z0-9_-]{16}$/.test(trimmed)) return { id: trimmed };
  const compact = trimmed.replace(/[\s-]/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  if (/^[0-9A-HJKMNP-TV-Z]{8}$/.test(compact)) return { short: `${compact.slice(0, 4)}-${compact.slice(4)}` };
  return null;
}

/**
 * Where a short code's ticket ids start: its 40 bits are the id's first six characters and the top four bits of
 * its seventh (the four characters those bits allow). The check-in object looks a code up by this prefix.
 */
export function shortCodePrefix(short: string): { prefix: string; seventh: string[] } {
  const digits = short.replace('-', '');
  let bits = 0n;
  for (const digit of digits) bits = bits * 32n + BigInt(CROCKFORD.indexOf(digit));
  let prefix = '';
  for (let i = 0; i < 6; i++) prefix += BASE64URL[Number((bits >> BigInt(34 - 6 * i)) & 63n)];
  const top = Number(bits & 15n);
  return { prefix, seventh: [0, 1, 2, 3].map((low) => BASE64URL[(top << 2) | low]) };
}
