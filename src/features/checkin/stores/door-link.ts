import { atom, computed } from 'nanostores';
import {
  afterCall,
  afterHint,
  type CallOutcome,
  initialConnectivity,
  isNetworkFailure,
  TimeoutError,
  withTimeout,
} from '../lib/door-core';

/**
 * The door's link to the server, judged from the outcome of real calls (the browser's own flag is only a hint):
 * `$online` is what the badge shows; `reachable()` is the last call's outcome, which a scan routes by.
 */
export function createLink() {
  const $connectivity = atom(initialConnectivity(true, 0));
  const $online = computed($connectivity, (c) => c.online);
  let reachable = true;

  function report(outcome: CallOutcome) {
    reachable = outcome === 'ok';
    $connectivity.set(afterCall($connectivity.get(), outcome, Date.now()));
  }

  /** A call to the server, timed: its outcome is what the badge says. */
  async function call<T>(promise: Promise<T>, ms: number): Promise<T> {
    try {
      const value = await withTimeout(promise, ms);
      report('ok');
      return value;
    } catch (error) {
      if (isNetworkFailure(error)) report(error instanceof TimeoutError ? 'slow' : 'failed');
      else report('ok');
      throw error;
    }
  }

  /** The browser's word, at start or when it says the network went away. */
  function hint(online: boolean, start = false) {
    reachable = online;
    $connectivity.set(
      start ? initialConnectivity(online, Date.now()) : afterHint($connectivity.get(), online, Date.now()),
    );
  }

  return { $online, report, call, hint, reachable: () => reachable };
}

export type Link = ReturnType<typeof createLink>;
