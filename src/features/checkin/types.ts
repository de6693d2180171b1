import type { Api, DataOf } from '../../lib/contract';

/** An event the caller may scan, in the door's order (today's first). */
export type DoorEvent = DataOf<Api['checkin']['events']['$get']>[number];
export type CheckinSetup = DataOf<Api['checkin']['events'][':eventId']['setup']['$get']>;
export type CheckinList = CheckinSetup['lists'][number];
export type CheckinGate = CheckinSetup['gates'][number];
export type ScanOutcome = DataOf<Api['checkin']['events'][':eventId']['scan']['$post']>;
export type Counters = DataOf<Api['checkin']['events'][':eventId']['counters']['$get']>;
export type Overview = DataOf<Api['checkin']['events'][':eventId']['overview']['$get']>;
export type OfflineBundle = DataOf<Api['checkin']['events'][':eventId']['offline']['$get']>;
export type PublicKey = DataOf<Api['tickets']['public-key']['$get']>;
