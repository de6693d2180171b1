import type { client } from '../../lib/api';
import type { DataOf } from '../../lib/contract';

/** The producer's view of a queue, as the API answers it. */
export type AdminQueueView = DataOf<(typeof client.admin.queues)[':id']['$get']>;
