/// <reference path="../worker-configuration.d.ts" />

declare namespace App {
  interface Locals {
    /** The session of this request, resolved (and refreshed if needed) by src/middleware.ts. */
    session: import('./shared/session').SessionUser | null;
    /** The provider API as the caller (their Bearer token when signed in). */
    api: import('../functions/edge/provider-client').ProviderClient;
    /** The provider API as a visitor (no token): what public, cacheable pages read. */
    publicApi: import('../functions/edge/provider-client').ProviderClient;
  }
}
