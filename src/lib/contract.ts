import type { InferResponseType } from 'hono/client';
import type { ProviderClient } from '../../functions/edge/provider-client';

/**
 * Shapes of provider API answers, inferred from the API's own handlers (no hand-written twins): the
 * `data` of a successful answer to a typed client call, e.g. `DataOf<Api['events']['$get']>`.
 */
export type Api = ProviderClient;
// biome-ignore lint/suspicious/noExplicitAny: any client endpoint.
export type DataOf<Endpoint extends (...args: any[]) => any> =
  InferResponseType<Endpoint, 200> extends {
    data: infer D;
  }
    ? D
    : never;
