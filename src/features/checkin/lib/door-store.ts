import { DOOR_DB } from '../../../lib/device-data';
import type { DoorScan } from '../../../shared/checkin';
import type { Counters, OfflineBundle, PublicKey } from '../types';

/**
 * The scanner's IndexedDB: per event, the last download (tickets, revocations, admitted set, lists and
 * gates), the signing public key, and the queue of scans waiting to reach the server (keyed by nonce, so
 * sending one twice is harmless: the server answers a nonce once).
 */
export type QueuedScan = DoorScan & {
  event_id: number;
  client_at: string;
  local_result: 'admitted' | 'refused';
};

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DOOR_DB, 1);
    req.onupgradeneeded = () => {
      const db = req.result;
      db.createObjectStore('bundles');
      db.createObjectStore('meta');
      db.createObjectStore('queue', { keyPath: 'nonce' }).createIndex('event', 'event_id');
    };
    req.onsuccess = () => {
      // A wipe (logout, role change) deletes the database: this connection steps aside so it can.
      req.result.onversionchange = () => {
        req.result.close();
        dbPromise = null;
      };
      resolve(req.result);
    };
    req.onerror = () => reject(req.error);
  });
}

let dbPromise: Promise<IDBDatabase> | null = null;
const db = () => {
  dbPromise ??= open();
  return dbPromise;
};

async function run<T>(store: string, mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const tx = (await db()).transaction(store, mode);
  const req = op(tx.objectStore(store));
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export const saveBundle = (eventId: number, bundle: OfflineBundle) =>
  run('bundles', 'readwrite', (s) => s.put(bundle, eventId));
export const loadBundle = (eventId: number) =>
  run<OfflineBundle | undefined>('bundles', 'readonly', (s) => s.get(eventId));
export const savePublicKey = (key: PublicKey) => run('meta', 'readwrite', (s) => s.put(key, 'public-key'));
export const loadPublicKey = () => run<PublicKey | undefined>('meta', 'readonly', (s) => s.get('public-key'));
/** The server's last counters for the event (offline, the scanner adds its own queued admissions). */
export const saveCounters = (eventId: number, counters: Counters) =>
  run('meta', 'readwrite', (s) => s.put(counters, `counters:${eventId}`));
export const loadCounters = (eventId: number) =>
  run<Counters | undefined>('meta', 'readonly', (s) => s.get(`counters:${eventId}`));
/** Whose data this is: another user's (or nobody's) is wiped before anything is shown. */
export const saveOwner = (userId: number) => run('meta', 'readwrite', (s) => s.put(userId, 'owner'));
export const loadOwner = () => run<number | undefined>('meta', 'readonly', (s) => s.get('owner'));
export const enqueue = (scan: QueuedScan) => run('queue', 'readwrite', (s) => s.put(scan));
export const queued = (eventId: number) =>
  run<QueuedScan[]>('queue', 'readonly', (s) => s.index('event').getAll(eventId)).then((all) =>
    all.sort((a, b) => a.client_at.localeCompare(b.client_at)),
  );
export async function dequeue(nonces: string[]) {
  const tx = (await db()).transaction('queue', 'readwrite');
  for (const nonce of nonces) tx.objectStore('queue').delete(nonce);
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}
