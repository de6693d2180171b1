import type { MirroredTable } from '../state-mirror';

/**
 * The door's own state, copied to D1 and put back from there when its storage is lost (state-mirror.ts): who is
 * admitted on which list (and inside), the claims of operations under way, the tickets closed for good and those
 * listed for resale. The scans themselves are already copied to D1 by the log (checkin_scans); after a loss an
 * old nonce is decided again (an admitted ticket answers "used") instead of being replayed.
 */
export const CHECKIN_TABLES: MirroredTable[] = [
  { name: 'meta', key: [] },
  { name: 'admissions', key: ['list_id', 'ticket_id'] },
  { name: 'claims', key: ['ticket_id'] },
  { name: 'closed', key: ['ticket_id'] },
  { name: 'listed', key: ['ticket_id'] },
  { name: 'withdrawals', key: ['ticket_id'] },
];
