/// <reference path="../worker-configuration.d.ts" />

declare namespace App {
  interface Locals {
    /** The session of this request, resolved (and refreshed if needed) by src/middleware.ts. */
    session: import('./shared/session').SessionUser | null;
  }
}
