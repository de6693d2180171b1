import type { MirroredTable } from '../state-mirror';

/**
 * Every table of the queue object, copied to D1 and put back from there when its storage is lost
 * (state-mirror.ts): the configuration with its committed seed, the seed kept for a queue set again, and the
 * entries with their arrival, pre-queue numbers, places and admissions, and the empty places (gaps.ts).
 */
export const QUEUE_TABLES: MirroredTable[] = [
  { name: 'config', key: ['id'] },
  { name: 'kept_seed', key: [] },
  { name: 'entries', key: ['user_id'] },
  { name: 'gaps', key: ['position'] },
];
