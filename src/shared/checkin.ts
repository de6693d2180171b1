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
] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];

/** The refusals a scan can get before the authority looks at who is inside (decided from the ticket's data). */
export type TicketRefusal = Extract<
  ScanResult,
  'cancelled' | 'revoked' | 'other_event' | 'unpaid' | 'forged' | 'wrong_list'
>;

export const SCAN_LABEL: Record<ScanResult, string> = {
  admitted: 'Entrada válida',
  exited: 'Salida registrada',
  undone: 'Ingreso anulado',
  used: 'Entrada ya usada',
  cancelled: 'Entrada cancelada',
  revoked: 'Entrada revocada',
  other_event: 'Es de otro evento',
  unpaid: 'Entrada no pagada',
  forged: 'Código inválido',
  wrong_list: 'No corresponde a esta lista',
  not_inside: 'No figura adentro',
};

/** Why a refusal happened, one line under the big label. */
export const SCAN_REASON: Partial<Record<ScanResult, string>> = {
  cancelled: 'La entrada fue cancelada (reembolso o baja).',
  revoked: 'La entrada fue transferida: vale la nueva, no esta.',
  other_event: 'El código es de otro evento.',
  unpaid: 'La orden de esta entrada no está pagada.',
  forged: 'Código falso o dañado.',
  wrong_list: 'Este tipo de entrada no entra por esta lista.',
  not_inside: 'No se puede registrar la salida de alguien que no entró.',
};

/** Green, amber or red on the scanner. */
export function scanTone(result: ScanResult): 'ok' | 'warn' | 'bad' {
  if (result === 'admitted' || result === 'exited' || result === 'undone') return 'ok';
  if (result === 'used' || result === 'not_inside') return 'warn';
  return 'bad';
}

/** How long the staff member who admitted someone by hand may undo it. */
export const UNDO_WINDOW_MS = 2 * 60_000;

/** Offline scans uploaded in one request at most. */
export const MAX_SYNC_SCANS = 100;

export const CHECKIN_MSG = {
  noPermission: 'No tenés permiso para controlar el acceso de este evento.',
  noManage: 'No tenés permiso para cambiar las listas y puertas de este evento.',
  unknownList: 'La lista no existe en este evento.',
  unknownGate: 'La puerta no existe en este evento.',
  undoExpired: 'Ya no se puede deshacer: pasó el tiempo o no fuiste vos quien lo registró.',
  undoDone: 'Ingreso anulado.',
  nonceReused: 'Ese identificador de escaneo ya se usó para otra entrada u otra acción. Volvé a escanear.',
} as const;

/** The day (Argentina) of an instant, yyyy-mm-dd. */
const arDay = (value: string | Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date(value));

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

/**
 * A ticket's short code, printed beside its QR and read out at the door when the QR cannot be scanned
 * (`A1B2-C3D4`): the first 8 hex digits of its id (random UUIDs). The door's manual entry takes it, or the
 * whole id, and the event's check-in object resolves it among that event's tickets only, so it is judged by
 * the same decision as a scanned QR. Two tickets of one event may share a prefix (32 bits: about a 1 % chance
 * somewhere in an event of 10,000 tickets); such a code is ambiguous, answered "Código inválido", and staff
 * use the search (which lists both).
 */
export function shortTicketCode(ticketId: string): string {
  const hex = ticketId.replaceAll('-', '').slice(0, 8).toUpperCase();
  return `${hex.slice(0, 4)}-${hex.slice(4)}`;
}

/** What a typed code names, when it is not a signed QR code: a short code or a whole ticket id (lower case). */
export type TypedTicketCode = { short: string } | { id: string };

/**
 * A code typed at the door read as a short code (`a1b2c3d4`, `A1B2-C3D4`, `a1b2 c3d4`) or a whole ticket id
 * (with or without its dashes); null for anything else (a signed code is `BOL1.…`).
 */
export function typedTicketCode(text: string): TypedTicketCode | null {
  const compact = text.trim().replace(/[\s-]/g, '').toLowerCase();
  if (/^[0-9a-f]{8}$/.test(compact)) return { short: compact };
  if (/^[0-9a-f]{32}$/.test(compact))
    return {
      id: `${compact.slice(0, 8)}-${compact.slice(8, 12)}-${compact.slice(12, 16)}-${compact.slice(16, 20)}-${compact.slice(20)}`,
    };
  return null;
}
