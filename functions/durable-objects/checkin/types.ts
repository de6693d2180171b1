import type { DoorScan, ScanResult, TicketRefusal } from '../../../src/shared/checkin';

/** What the check-in object is asked and answers (its public contract: services import these, not the object). */

export type ScanInput = {
  nonce: string;
  kind: 'entry' | 'exit' | 'manual';
  ticketId: string | null;
  /** A refusal the Worker already found in the ticket's data (forged, cancelled, another event...). */
  refusal: TicketRefusal | null;
  list: { id: number; allowReentry: boolean } | null;
  gate: { id: number; name: string } | null;
  device: string;
  staff: { id: number; name: string };
  clientAt: string | null;
  /** Sent from an offline queue: what the scanner did on its own (a refused admission is a conflict). */
  offline?: { admitted: boolean };
};

export type ScanAnswer = {
  scanId: string;
  result: ScanResult;
  conflict: boolean;
  serverAt: string;
  first: { at: string; gate: string; staff: string } | null;
  /** True when this answer is the stored one of an earlier request with the same nonce. */
  replay: boolean;
  /** The admission withdrew a ticket listed for resale (delivered to the inventory before answering). */
  withdrew?: true;
};

export type UndoInput = { nonce: string; scanId: string; staff: { id: number; name: string }; device: string };

/** A request reused a nonce that names another device, ticket or kind: refused as a client error (409). */
export type NonceReused = { nonceReused: string };

/** A scan's row for D1's checkin_scans. */
export type ScanLogRow = {
  id: string;
  event_id: number;
  nonce: string;
  ticket_id: string | null;
  list_id: number | null;
  gate_id: number | null;
  device: string;
  staff_user_id: number;
  staff_name: string;
  kind: string;
  result: ScanResult;
  offline: 0 | 1;
  conflict: 0 | 1;
  first_at: string | null;
  first_gate: string | null;
  first_staff: string | null;
  client_at: string | null;
  server_at: string;
};

/**
 * One scan as the Worker hands it over (the request's own fields, validated there). A code is checked here
 * against the ticket's issued code.
 */
export type DoorRequest = DoorScan;

/**
 * What staff see of the ticket: the holder's DNI when named, the buyer's when the producer asks at the door, and a
 * seated ticket's seat ("Platea, fila F, butaca 12": section, row and seat; null for general admission).
 */
export type TicketInfo = { id: string; type: string; holder: string; dni: string | null; seat: string | null } | null;

export type ScanOutcome = ScanAnswer & {
  ok: boolean;
  label: string;
  reason: string | null;
  ticket: TicketInfo;
  list_id: number | null;
  gate_id: number | null;
};

export type RedeemAnswer = { outcomes: ScanOutcome[] } | { status: 401 | 403 | 404 | 409; message: string };

export type ClaimKind = 'transfer' | 'refund' | 'resale' | 'revoke' | 'cancel';

/** The whole event (its cancellation): every entry is refused while it is claimed, and for good once closed. */
export const WHOLE_EVENT = '*';

export type ClaimRequest = {
  /** Unique per attempt: D1's door_claims row names it (committed by the operation, or void by the fence). */
  claimId: string;
  kind: ClaimKind;
  /** The tickets, or [WHOLE_EVENT]. */
  ticketIds: string[];
  /** Admitted tickets may be claimed (a refund confirmed with "ya ingresó: reembolsar igual"; a chargeback). */
  allowAdmitted?: boolean;
};

export type ClaimRefusal = 'admitted' | 'busy' | 'closed';
export type ClaimAnswer = { ok: true; admitted: string[] } | { ok: false; reason: ClaimRefusal; ticketIds: string[] };

/** What a closed ticket answers at the door. */
export type ClosedResult = 'cancelled' | 'revoked';
