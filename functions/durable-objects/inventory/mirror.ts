import type { MirroredTable } from '../state-mirror';

/**
 * Every table of the inventory object, copied to D1 and put back from there when its storage is lost
 * (state-mirror.ts). A table added to the object must be added here (tests/api/platform/object-state.test.ts
 * checks that every table of the object is listed). Tables named `mirror_*` are the copies' own bookkeeping, not
 * state: the seat journal (`mirror_seat_changes`, seats.ts) is not copied. The `seats` table is the one exception: its
 * copy is D1's event_seats, written in the same batches (seats.ts seatCopy), and a restored object reads it back.
 */
export const INVENTORY_TABLES: MirroredTable[] = [
  { name: 'meta', key: [] },
  { name: 'types', key: ['id'] },
  { name: 'holds', key: ['id'] },
  { name: 'sale_closed', key: [] },
  { name: 'invitation_tags', key: ['tag_key'] },
  { name: 'invitation_grants', key: ['hold_id'] },
  { name: 'returned_tickets', key: ['ticket_id'] },
  { name: 'queue_gate', key: ['id'] },
  { name: 'promo_uses', key: ['hold_id'] },
  { name: 'waitlist', key: ['id'] },
  { name: 'waitlist_settings', key: [] },
  { name: 'waitlist_outbox', key: ['hold_id'] },
  { name: 'waitlist_notices', key: ['hold_id'] },
  { name: 'resale', key: ['ticket_id'] },
  { name: 'seats_rebuilt', key: [] },
  { name: 'seat_keeps', key: ['date_id', 'grp'] },
  { name: 'seat_fences', key: ['token', 'date_id'] },
];
