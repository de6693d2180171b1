import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/provider-result';
import { setUser } from '../../../stores/session';
import { $toasts } from '../../../stores/toast';
import { getCounters } from '../api/get-counters';
import { getOfflineBundle } from '../api/get-offline-bundle';
import { heartbeat } from '../api/heartbeat';
import { scanCode } from '../api/scan-code';
import { searchTickets } from '../api/search-tickets';
import { syncScans } from '../api/sync-scans';
import { REPEAT_MS, SCAN_TIMEOUT_MS } from '../lib/door-core';
import type { QueuedScan } from '../lib/door-store';
import { feedback } from '../lib/feedback';
import type { OfflineBundle } from '../types';
import { createDoor, type Door, REFRESH_MS, SYNC_MS } from './door';
import { CARD_MS } from './door-scan';
import { SEARCH_PAUSE_MS } from './door-search';

// The device's IndexedDB, in memory: the queue keyed by nonce, downloads per event, the owner.
const idb = vi.hoisted(() => ({
  queue: new Map<string, unknown>(),
  bundles: new Map<number, unknown>(),
  meta: new Map<string, unknown>(),
}));
vi.mock('../lib/door-store', () => ({
  enqueue: async (scan: { nonce: string }) => void idb.queue.set(scan.nonce, scan),
  dequeue: async (nonces: string[]) => {
    for (const n of nonces) idb.queue.delete(n);
  },
  queued: async (eventId: number) =>
    [...idb.queue.values()].filter((s) => (s as { event_id: number }).event_id === eventId),
  saveBundle: async (id: number, b: unknown) => void idb.bundles.set(id, structuredClone(b)),
  loadBundle: async (id: number) => idb.bundles.get(id),
  savePublicKey: async (k: unknown) => void idb.meta.set('key', k),
  loadPublicKey: async () => idb.meta.get('key'),
  saveCounters: async () => undefined,
  loadCounters: async () => undefined,
  saveOwner: async (id: number) => void idb.meta.set('owner', id),
  loadOwner: async () => idb.meta.get('owner'),
}));
vi.mock('../api/get-offline-bundle', () => ({ getOfflineBundle: vi.fn() }));
vi.mock('../api/get-public-key', () => ({ getPublicKey: async () => ({ data: { kid: 'k' } }) }));
vi.mock('../api/get-counters', () => ({ getCounters: vi.fn() }));
vi.mock('../api/scan-code', () => ({ scanCode: vi.fn() }));
vi.mock('../api/sync-scans', () => ({ syncScans: vi.fn() }));
vi.mock('../api/heartbeat', () => ({ heartbeat: vi.fn() }));
vi.mock('../api/search-tickets', () => ({ searchTickets: vi.fn() }));
vi.mock('../api/manual-checkin', () => ({ manualCheckin: vi.fn() }));
vi.mock('../api/undo-checkin', () => ({ undoCheckin: vi.fn() }));
// A signed code here is "QR:<ticket id>" of event 7; anything else is forged.
vi.mock('../lib/verify-code', () => ({
  verifyCodeLocally: async (_key: unknown, code: string) =>
    code.startsWith('QR:') ? { ticketId: code.slice(3), eventId: 7 } : null,
}));
vi.mock('../lib/feedback', () => ({ feedback: vi.fn(), primeFeedback: vi.fn() }));
vi.mock('../lib/offline-page', () => ({ keepPageOffline: async () => undefined }));
vi.mock('../../../lib/device-data', () => ({ onBeforeWipe: vi.fn(), wipeDeviceData: vi.fn(async () => undefined) }));
vi.mock('qr-scanner', () => ({ default: { createQrEngine: async () => ({}) } }));

const bundle = (): OfflineBundle => {
  const ticket = (id: string) => ({
    id,
    type_id: 1,
    type_name: 'General',
    named: 0,
    holder: `Persona ${id}`,
    dni: null,
    order_id: `orden-${id}`,
    status: 'valid',
    order_status: 'paid',
    seat: id === 'a' ? 'Platea, fila F, butaca 12' : null,
  });
  return {
    server_at: '2026-11-20T00:00:00Z',
    lists: [
      { id: 10, name: 'General', type_ids: [], allow_reentry: false, is_default: true },
      { id: 11, name: 'VIP', type_ids: [], allow_reentry: true, is_default: false },
    ],
    gates: [{ id: 1, name: 'Puerta 1' }],
    tickets: [ticket('a'), ticket('b')],
    revocations: [],
    admissions: [],
  } as OfflineBundle;
};

const answer = (result: string, id = 'a') => ({
  data: { result, ticket: { id, type: 'General', holder: `Persona ${id}`, dni: null, seat: null }, first: null },
});
const never = () => new Promise<never>(() => undefined);
const heartbeatAnswer = { data: { service: 'boleteria-door' } };

const windowEvents = new EventTarget();
let door: Door;
let stop: () => void;
const settle = () => vi.advanceTimersByTimeAsync(0);

async function open(config: Partial<Parameters<typeof createDoor>[0]> = {}) {
  door = createDoor({ userId: 5, staffName: 'Ana', eventIds: [7, 8], ...config });
  stop = door.start();
  await settle();
}

beforeEach(() => {
  vi.useFakeTimers();
  const storage = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  });
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('addEventListener', windowEvents.addEventListener.bind(windowEvents));
  vi.stubGlobal('removeEventListener', windowEvents.removeEventListener.bind(windowEvents));
  idb.queue.clear();
  idb.bundles.clear();
  idb.meta.clear();
  $toasts.set([]);
  setUser({
    iss: 'boleteria',
    user: { id: 5, name: 'Ana', email: 'ana@prueba.ar', activo: true, provinces_id: null },
    exp: 2_000_000_000,
    rol: 'ADMIN',
    permisos: [],
  });
  vi.mocked(getOfflineBundle).mockImplementation(async () => ({ data: bundle() }) as never);
  vi.mocked(heartbeat).mockResolvedValue(null);
  vi.mocked(getCounters).mockResolvedValue({
    data: {
      event: { admitted: 0, expected: 2 },
      lists: [{ id: 10, name: 'General', admitted: 0, expected: 2 }],
      gates: [{ id: 1, name: 'Puerta 1', admitted: 0 }],
    },
  } as never);
  vi.mocked(syncScans).mockImplementation(
    async (_id, scans) => ({ data: scans.map((s) => ({ nonce: s.nonce, conflict: false })) }) as never,
  );
});

afterEach(() => {
  stop?.();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setUser(null);
});

describe('the door store: start', () => {
  it('lets only the user the page is for in, then loads the event and picks the default list and the first gate', async () => {
    await open();
    expect(door.$access.get()).toBe('allowed');
    expect(door.$choice.get()).toMatchObject({ eventId: 7, listId: 10, gateId: 1, kind: 'entry' });
    expect(door.$list.get()?.name).toBe('General');
    expect(door.$gate.get()?.name).toBe('Puerta 1');
    expect(door.$counters.get()?.event).toEqual({ admitted: 0, expected: 2 });
  });

  it('refreshes the download every 8 s while the server answers, and not while it does not', async () => {
    await open();
    const downloads = () => vi.mocked(getOfflineBundle).mock.calls.length;
    expect(downloads()).toBe(1);
    await vi.advanceTimersByTimeAsync(REFRESH_MS);
    expect(downloads()).toBe(2);
    // The network goes away: the calls fail, and no download is tried until the server answers again.
    vi.mocked(getCounters).mockRejectedValue(new TypeError('fetch failed'));
    windowEvents.dispatchEvent(new Event('offline'));
    await vi.advanceTimersByTimeAsync(REFRESH_MS * 3 + SYNC_MS);
    expect(downloads()).toBe(2);
    expect(door.$online.get()).toBe(false);
  });

  it('shows nothing to another user', async () => {
    await open({ userId: 6 });
    expect(door.$access.get()).toBe('none');
    expect(getOfflineBundle).not.toHaveBeenCalled();
  });

  it('comes back to the event, list and gate chosen last on this device; another event starts with none', async () => {
    localStorage.setItem('door-choice', JSON.stringify({ eventId: 8, listId: 11, gateId: 1 }));
    await open();
    expect(door.$choice.get()).toMatchObject({ eventId: 8, listId: 11, gateId: 1 });
    // The saved event is loaded once, and no other before it.
    expect(vi.mocked(getOfflineBundle).mock.calls.map((c) => c[0])).toEqual([8]);
    door.chooseEvent(7);
    expect(door.$choice.get()).toMatchObject({ eventId: 7, listId: null, gateId: null });
    await settle();
    expect(door.$choice.get()).toMatchObject({ eventId: 7, listId: 10, gateId: 1 });
    expect(JSON.parse(localStorage.getItem('door-choice') ?? '')).toEqual({ eventId: 7, listId: 10, gateId: 1 });
  });
});

describe('the door store: cards', () => {
  it("a valid card steps aside after 1.8 s, a refusal after 3 s; re-reading the card's code keeps it up", async () => {
    await open();
    vi.mocked(scanCode).mockResolvedValueOnce(answer('admitted') as never);
    await door.handleCode('QR:a');
    expect(door.$card.get()).toMatchObject({ result: 'admitted', code: 'QR:a', offline: false });
    expect(door.$announcement.get()).toContain('Persona a');
    await vi.advanceTimersByTimeAsync(CARD_MS.ok - 100);
    // The camera still sees the same code: the card stays, for its full time again.
    await door.handleCode('QR:a');
    await vi.advanceTimersByTimeAsync(CARD_MS.ok - 100);
    expect(door.$card.get()?.result).toBe('admitted');
    await vi.advanceTimersByTimeAsync(100);
    expect(door.$card.get()).toBeNull();

    vi.mocked(scanCode).mockResolvedValueOnce(answer('used', 'b') as never);
    await door.handleCode('QR:b');
    await vi.advanceTimersByTimeAsync(CARD_MS.ok);
    expect(door.$card.get()?.result).toBe('used');
    await vi.advanceTimersByTimeAsync(CARD_MS.other - CARD_MS.ok);
    expect(door.$card.get()).toBeNull();
  });

  it('another code while a card is up waits for the tap; the same code read again soon shows its first card, silently, without asking the server', async () => {
    await open();
    vi.mocked(scanCode).mockResolvedValue(answer('admitted') as never);
    await door.handleCode('QR:a');
    await door.handleCode('QR:b');
    expect(door.$card.get()?.code).toBe('QR:a');
    door.closeCard();
    await door.handleCode('QR:a');
    expect(door.$card.get()).toMatchObject({ result: 'admitted', code: 'QR:a' });
    expect(scanCode).toHaveBeenCalledTimes(1);
    expect(feedback).toHaveBeenCalledTimes(1);
    // Past the repeat window the code is a new scan, which the server answers.
    door.closeCard();
    await vi.advanceTimersByTimeAsync(REPEAT_MS);
    vi.mocked(scanCode).mockResolvedValueOnce(answer('used') as never);
    await door.handleCode('QR:a');
    expect(scanCode).toHaveBeenCalledTimes(2);
    expect(door.$card.get()?.result).toBe('used');
  });

  it('a refusal the server words is a toast, not a card', async () => {
    await open();
    vi.mocked(scanCode).mockRejectedValueOnce(new ApiError(400, 'Evento inválido'));
    await door.handleCode('QR:a');
    expect(door.$card.get()).toBeNull();
    expect($toasts.get().map((t) => t.title)).toEqual(['Evento inválido']);
  });
});

describe('the door store: offline queue', () => {
  it('a scan unanswered in 1.5 s is decided here and queued; the heartbeat brings the network back and the queue is sent', async () => {
    await open();
    vi.mocked(scanCode).mockImplementation(never);
    const scan = door.handleCode('QR:a');
    await vi.advanceTimersByTimeAsync(SCAN_TIMEOUT_MS - 1);
    expect(door.$card.get()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await scan;
    // A seated ticket's seat comes from the download: the card shows where to guide the holder.
    expect(door.$card.get()).toMatchObject({
      result: 'admitted',
      offline: true,
      ticket: { seat: 'Platea, fila F, butaca 12' },
    });
    expect(door.$online.get()).toBe(false);
    expect(door.$pending.get()).toBe(1);
    const [queued] = [...idb.queue.values()] as QueuedScan[];
    expect(queued).toMatchObject({ ticket_id: 'a', event_id: 7, list_id: 10, gate_id: 1, local_result: 'admitted' });
    // Decided here, the download knows: the same ticket on another scan is "used", and the counter shows it.
    expect(door.$counters.get()?.event.admitted).toBe(1);
    door.closeCard();
    await vi.advanceTimersByTimeAsync(REPEAT_MS);
    await door.handleCode('QR:a');
    expect(door.$card.get()).toMatchObject({ result: 'used', offline: true });
    expect(door.$pending.get()).toBe(2);
    // Offline, the timer's syncs send nothing.
    await vi.advanceTimersByTimeAsync(9_000);
    expect(syncScans).not.toHaveBeenCalled();

    vi.mocked(heartbeat).mockResolvedValue(heartbeatAnswer);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(door.$online.get()).toBe(true);
    expect(syncScans).toHaveBeenCalledTimes(1);
    expect(vi.mocked(syncScans).mock.calls[0][1].map((s) => s.nonce)).toEqual([queued.nonce, expect.any(String)]);
    expect(idb.queue.size).toBe(0);
    expect(door.$pending.get()).toBe(0);
  });

  it('with scans queued, a new scan sends the queue first; a batch the server calls a conflict of nonces is dropped with its message', async () => {
    await open();
    vi.mocked(scanCode).mockImplementationOnce(never);
    await Promise.all([door.handleCode('QR:a'), vi.advanceTimersByTimeAsync(SCAN_TIMEOUT_MS)]);
    door.closeCard();
    vi.mocked(heartbeat).mockResolvedValue(heartbeatAnswer);
    vi.mocked(syncScans).mockRejectedValueOnce(new ApiError(409, 'Ese código de escaneo ya se usó'));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(idb.queue.size).toBe(0);
    expect($toasts.get().map((t) => t.title)).toContain('Ese código de escaneo ya se usó');
  });

  it("the browser's offline event is believed at once; its online event only asks the heartbeat", async () => {
    await open();
    windowEvents.dispatchEvent(new Event('offline'));
    expect(door.$online.get()).toBe(false);
    windowEvents.dispatchEvent(new Event('online'));
    await settle();
    expect(door.$online.get()).toBe(false);
    vi.mocked(heartbeat).mockResolvedValue(heartbeatAnswer);
    windowEvents.dispatchEvent(new Event('online'));
    await settle();
    expect(door.$online.get()).toBe(true);
  });

  it('stopped, the door asks nothing more: no refresh, sync or heartbeat, and no listener', async () => {
    await open();
    windowEvents.dispatchEvent(new Event('offline'));
    await settle();
    stop();
    const calls = () => [getOfflineBundle, heartbeat, syncScans].map((f) => vi.mocked(f).mock.calls.length);
    const before = calls();
    vi.mocked(heartbeat).mockResolvedValue(heartbeatAnswer);
    windowEvents.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls()).toEqual(before);
    expect(door.$online.get()).toBe(false);
  });
});

describe('the door store: search', () => {
  it('asks the server once typing pauses, drops answers to older words and puts the server first', async () => {
    await open();
    door.openSearch();
    vi.mocked(searchTickets).mockImplementation(
      async (_id, q) => ({ data: [{ ...bundle().tickets[1], id: 'z', holder: `Servidor ${q}` }] }) as never,
    );
    door.search.setQuery('Pe');
    await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS - 50);
    door.search.setQuery('Persona');
    expect(door.search.$asking.get()).toBe(true);
    await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS);
    expect(vi.mocked(searchTickets).mock.calls.map((c) => c[1])).toEqual(['Persona']);
    expect(door.search.$asking.get()).toBe(false);
    expect(door.search.results(door.$bundle.get()!).map((t) => t.holder)).toEqual([
      'Servidor Persona',
      'Persona a',
      'Persona b',
    ]);
    door.closeSearch();
    door.openSearch();
    expect(door.search.$query.get()).toBe('');
  });

  it('the camera screen starts afresh after going back to the choice of gate and list', async () => {
    await open();
    door.startScanning();
    door.setTyped('ABC');
    door.openSearch();
    door.backToSetup();
    door.startScanning();
    expect([door.$scanning.get(), door.$searching.get(), door.$typed.get()]).toEqual([true, false, '']);
  });

  it('a code typed by hand is scanned once on Enter and the field empties', async () => {
    await open();
    vi.mocked(scanCode).mockResolvedValueOnce(answer('admitted') as never);
    door.setTyped('  QR:a ');
    door.submitTyped();
    expect(door.$typed.get()).toBe('');
    await settle();
    expect(vi.mocked(scanCode).mock.calls[0][1]).toMatchObject({
      code: 'QR:a',
      list_id: 10,
      gate_id: 1,
      kind: 'entry',
    });
    expect(door.$card.get()?.result).toBe('admitted');
  });
});
