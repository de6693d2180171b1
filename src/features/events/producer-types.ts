import type { Api, DataOf } from '../../lib/contract';

/** A producer in the public directory, with its count of upcoming events. */
export type ProducerSummary = DataOf<Api['producers']['$get']>[number];
/** A producer's public page: profile, upcoming and past events. */
export type PublicProducer = DataOf<Api['producers'][':slug']['$get']>;
/** A producer as its back office edits it. */
export type ManagedProducer = DataOf<Api['admin']['producers'][':id']['$get']>;
