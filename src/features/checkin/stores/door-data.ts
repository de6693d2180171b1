import { atom, computed } from 'nanostores';
import { wipeDeviceData } from '../../../lib/device-data';
import type { ScanResult } from '../../../shared/checkin';
import { DOOR_TEXT } from '../../../shared/messages/checkin';
import { ApiError } from '../../../shared/provider-result';
import { toast } from '../../../stores/toast';
import { getCounters } from '../api/get-counters';
import { getOfflineBundle } from '../api/get-offline-bundle';
import { getPublicKey } from '../api/get-public-key';
import { syncScans } from '../api/sync-scans';
import { localCounters, nextBatch, SCAN_TIMEOUT_MS } from '../lib/door-core';
import {
  dequeue,
  enqueue,
  loadBundle,
  loadCounters,
  loadPublicKey,
  type QueuedScan,
  queued,
  saveBundle,
  saveCounters,
  savePublicKey,
} from '../lib/door-store';
import { applyLocally } from '../lib/local-decision';
import type { Counters, OfflineBundle, PublicKey } from '../types';
import type { Link } from './door-link';

/** Background calls (downloads, counters) get longer than a scan before they count as "no network". */
export const BACKGROUND_TIMEOUT_MS = 6_000;

/**
 * The chosen event's data on this device: the last download (kept in IndexedDB), the signing key, the server's
 * counters and the queue of scans waiting for the server, with the sync that sends it. Answers about an event
 * that is no longer the one open are dropped.
 */
export function createDoorData({ link, staffName }: { link: Link; staffName: string }) {
  const $bundle = atom<OfflineBundle | null>(null);
  const $queue = atom<QueuedScan[]>([]);
  const $serverCounters = atom<Counters | null>(null);
  /** Bumped when a decision is applied to the download in place (the counters read its admissions). */
  const $applied = atom(0);
  const $counters = computed([$serverCounters, $bundle, $queue, $applied], (counters, bundle, queue) =>
    localCounters(counters, bundle, queue),
  );
  let key: PublicKey | null = null;
  let current: number | null = null;
  let syncing: Promise<void> | null = null;
  const isCurrent = (id: number) => current === id;

  /** A new event on screen: nothing of the previous one shows. */
  function open(id: number) {
    current = id;
    $bundle.set(null);
    $serverCounters.set(null);
    $queue.set([]);
  }

  /** A decision (the server's or this device's) marked on the download, so offline ones follow it. */
  function apply(ticketId: string, listId: number, result: ScanResult | 'undone', gate: string) {
    const bundle = $bundle.get();
    if (!bundle) return;
    applyLocally(bundle, ticketId, listId, result, gate, staffName);
    $applied.set($applied.get() + 1);
  }

  /** A scan decided here waits in the queue; the write is returned so the card shows before it lands. */
  function hold(scan: QueuedScan): Promise<unknown> {
    $queue.set([...$queue.get(), scan]);
    return enqueue(scan);
  }

  async function refreshQueue(id: number) {
    const waiting = await queued(id);
    if (isCurrent(id)) $queue.set(waiting);
    return waiting;
  }

  /** Re-applies scans still in the queue on top of a fresh download (the server has not seen them). */
  async function refreshBundle(id: number) {
    try {
      const [fresh, signing] = await link.call(
        Promise.all([getOfflineBundle(id), getPublicKey()]),
        BACKGROUND_TIMEOUT_MS,
      );
      const data = fresh.data;
      for (const q of await queued(id)) {
        if (q.ticket_id && q.list_id && q.local_result === 'admitted')
          applyLocally(data, q.ticket_id, q.list_id, q.kind === 'exit' ? 'exited' : 'admitted', '', staffName);
      }
      if (!isCurrent(id)) return;
      key = signing.data;
      $bundle.set(data);
      await Promise.all([saveBundle(id, data), savePublicKey(signing.data)]);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        // Removed from the event or the producer: nothing of it stays here.
        await wipeDeviceData();
        toast('error', error.message);
        if (isCurrent(id)) $bundle.set(null);
        return;
      }
      // Offline: keep what is stored.
      if (!$bundle.get()) {
        const stored = await loadBundle(id);
        key ??= (await loadPublicKey()) ?? null;
        if (stored && isCurrent(id)) $bundle.set(stored);
      }
    }
  }

  async function refreshCounters(id: number) {
    try {
      const fresh = (await link.call(getCounters(id), BACKGROUND_TIMEOUT_MS)).data;
      if (isCurrent(id)) $serverCounters.set(fresh);
      await saveCounters(id, fresh);
    } catch {
      // Offline: the last figures stay, plus what this device admitted since (see localCounters).
      const stored = await loadCounters(id).catch(() => undefined);
      if (stored && isCurrent(id) && !$serverCounters.get()) $serverCounters.set(stored);
    }
  }

  /** Sends the queue in batches while the server answers; one sync at a time (timer, network back, a scan). */
  function sync(id: number): Promise<void> {
    if (syncing) return syncing;
    const run = (async () => {
      let waiting = await refreshQueue(id);
      while (waiting.length > 0 && link.reachable()) {
        const batch = nextBatch(waiting);
        try {
          const outcomes = (await link.call(syncScans(id, batch), SCAN_TIMEOUT_MS * 2)).data;
          await dequeue(batch.map((s) => s.nonce));
          const conflicts = outcomes.filter((o) => o.conflict && !o.replay).length;
          if (conflicts > 0) toast('info', DOOR_TEXT.offlineConflictsToast(conflicts));
        } catch (error) {
          if (error instanceof ApiError && error.status === 409) {
            // A nonce the server says names something else: the batch can never go through as it is.
            await dequeue(batch.map((s) => s.nonce));
            toast('error', error.message);
          } else break; // Still offline, or the server is busy: the queue goes on the next round.
        }
        waiting = await refreshQueue(id);
      }
      if (waiting.length === 0) void refreshCounters(id);
    })().finally(() => {
      syncing = null;
    });
    syncing = run;
    return run;
  }

  return {
    $bundle,
    $queue,
    $counters,
    $pending: computed($queue, (q) => q.length),
    key: () => key,
    isCurrent,
    open,
    apply,
    hold,
    refreshQueue,
    refreshBundle,
    refreshCounters,
    sync,
  };
}

export type DoorData = ReturnType<typeof createDoorData>;
