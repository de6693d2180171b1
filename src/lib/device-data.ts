/**
 * What the door scanner leaves on a device: the IndexedDB database with the event's tickets and the queue,
 * the service worker and its cache of the scanner page, the chosen event. A logout, a role change or a
 * removal wipes it all (`wipeDeviceData`), so nothing of the event stays on a shared phone.
 */
export const DOOR_DB = 'boleteria-door';
export const DOOR_KEYS = ['door-choice'];

type BeforeWipe = () => Promise<unknown>;
let beforeWipe: BeforeWipe | null = null;

/** The scanner registers a last attempt to send its queue before a wipe (null to unregister). */
export function onBeforeWipe(hook: BeforeWipe | null) {
  beforeWipe = hook;
}

const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms))]);

function deleteDatabase(name: string) {
  return new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = () => resolve();
    req.onerror = () => resolve();
    // Open connections close themselves on versionchange (door-store.ts); the delete then completes.
    req.onblocked = () => undefined;
  });
}

export async function wipeDeviceData() {
  if (typeof window === 'undefined') return;
  if (beforeWipe) await within(beforeWipe(), 2_000);
  for (const key of DOOR_KEYS) localStorage.removeItem(key);
  await Promise.all([
    'indexedDB' in window ? within(deleteDatabase(DOOR_DB), 3_000) : null,
    'caches' in window ? caches.keys().then((keys) => Promise.all(keys.map((k) => caches.delete(k)))) : null,
    'serviceWorker' in navigator
      ? navigator.serviceWorker.getRegistrations().then((all) => Promise.all(all.map((r) => r.unregister())))
      : null,
  ]).catch(() => undefined);
}
