import { atom, computed, effect, map } from 'nanostores';
import { onBeforeWipe, wipeDeviceData } from '../../../lib/device-data';
import { DOOR_TEXT } from '../../../shared/messages/checkin';
import { $session, restoreSession } from '../../../stores/session';
import { heartbeat } from '../api/heartbeat';
import { searchTickets } from '../api/search-tickets';
import { HEARTBEAT_MS, isHeartbeatAnswer, SCAN_TIMEOUT_MS, withTimeout } from '../lib/door-core';
import { loadOwner, saveOwner } from '../lib/door-store';
import { primeFeedback } from '../lib/feedback';
import { keepPageOffline } from '../lib/offline-page';
import type { OfflineBundle } from '../types';
import { BACKGROUND_TIMEOUT_MS, createDoorData } from './door-data';
import { createLink } from './door-link';
import { createScanning } from './door-scan';
import { createDoorSearch } from './door-search';

export const REFRESH_MS = 8_000;
export const SYNC_MS = 3_000;
const CHOICE_KEY = 'door-choice';

type Choice = { eventId: number; listId: number | null; gateId: number | null };
/** Whether this device may show the door's data: only to the user it was downloaded for. */
export type Access = 'checking' | 'allowed' | 'none';
export type DoorConfig = {
  userId: number | null;
  staffName: string;
  /** The events the caller may scan, in the door's order (today's first). */
  eventIds: number[];
};

const deviceName = () => {
  let name = localStorage.getItem('door-device');
  if (!name) {
    name = DOOR_TEXT.defaultDevice(Math.random().toString(36).slice(2, 6).toUpperCase());
    localStorage.setItem('door-device', name);
  }
  return name;
};

/** Loads the decoder now, so the page caches it for offline use before the camera ever starts. */
const preloadDecoder = () =>
  void import('qr-scanner')
    .then(async ({ default: Scanner }) => {
      const engine = await Scanner.createQrEngine();
      if (engine instanceof Worker) engine.terminate();
    })
    .catch(() => undefined)
    .finally(() => void keepPageOffline());

/**
 * The door's state and behaviour, for the scanner's components to render: the session check, the chosen event,
 * list and gate (remembered on the device), its data (door-data.ts), connectivity with a heartbeat
 * (door-link.ts), scanning and its cards (door-scan.ts), and the screens' own state. `start()` runs it and
 * returns its stop. The rules themselves live in lib/door-core.ts.
 */
export function createDoor({ userId, staffName, eventIds }: DoorConfig) {
  const link = createLink();
  const data = createDoorData({ link, staffName });
  const $access = atom<Access>('checking');
  const $choice = map({
    eventId: (eventIds[0] ?? null) as number | null,
    listId: null as number | null,
    gateId: null as number | null,
    kind: 'entry' as 'entry' | 'exit',
  });
  const $eventId = computed($choice, (c) => c.eventId);
  const $list = computed([data.$bundle, $choice], (b, c) => b?.lists.find((l) => l.id === c.listId) ?? null);
  const $gate = computed([data.$bundle, $choice], (b, c) => b?.gates.find((g) => g.id === c.gateId) ?? null);
  /** The camera screen (else the choice of event, gate and list), the search over it, the code typed by hand. */
  const $scanning = atom(false);
  const $searching = atom(false);
  const $typed = atom('');
  let device = '';

  const scanning = createScanning({
    link,
    data,
    allowed: () => $access.get() === 'allowed',
    setup: () => {
      const { eventId, listId, gateId, kind } = $choice.get();
      return eventId === null ? null : { eventId, listId, gateId, kind, gate: $gate.get()?.name ?? '', device };
    },
  });

  const search = createDoorSearch({
    $online: link.$online,
    searchOnline,
    admit: scanning.admitByHand,
    undo: scanning.undo,
  });

  /** Only the user this page and its stored data belong to sees anything; otherwise the device is wiped. */
  async function mayShow(): Promise<boolean> {
    restoreSession();
    const current = $session.get().user?.user.id ?? null;
    if (current === null || current !== userId) {
      await wipeDeviceData();
      return false;
    }
    const owner = await loadOwner().catch(() => undefined);
    if (owner !== undefined && owner !== current) await wipeDeviceData();
    await saveOwner(current).catch(() => undefined);
    return true;
  }

  /** Once allowed, before anything loads: this device's name, the browser's word on the network, the last choice. */
  function prepare() {
    device = deviceName();
    link.hint(navigator.onLine, true);
    preloadDecoder();
    const saved = JSON.parse(localStorage.getItem(CHOICE_KEY) ?? 'null') as Choice | null;
    if (saved && eventIds.includes(saved.eventId))
      $choice.set({ ...$choice.get(), eventId: saved.eventId, listId: saved.listId, gateId: saved.gateId });
  }

  /** Loads the chosen event's data, then keeps it fresh and keeps sending the queue. */
  function load(access: Access, eventId: number | null) {
    if (access !== 'allowed' || eventId === null) return;
    data.open(eventId);
    scanning.forgetRepeats();
    void (async () => {
      await data.refreshBundle(eventId);
      const b = data.$bundle.get() as OfflineBundle | null;
      if (b && data.isCurrent(eventId)) keepOrDefault(b);
      await data.refreshQueue(eventId);
      void data.refreshCounters(eventId);
      void data.sync(eventId);
    })();
    const refresh = setInterval(() => {
      if (link.reachable()) void data.refreshBundle(eventId).then(() => data.refreshCounters(eventId));
    }, REFRESH_MS);
    const sender = setInterval(() => void data.sync(eventId), SYNC_MS);
    return () => {
      clearInterval(refresh);
      clearInterval(sender);
    };
  }

  /** The list and gate chosen stay if the download has them; otherwise the default list and the first gate. */
  function keepOrDefault(b: OfflineBundle) {
    const { listId, gateId } = $choice.get();
    const defaultList = b.lists.find((l) => l.is_default)?.id ?? b.lists[0]?.id ?? null;
    $choice.set({
      ...$choice.get(),
      listId: b.lists.some((l) => l.id === listId) ? listId : defaultList,
      gateId: b.gates.some((g) => g.id === gateId) ? gateId : (b.gates[0]?.id ?? null),
    });
  }

  /** Offline, a light heartbeat tells when the server answers again (the browser's "online" only asks). */
  function beatWhileOffline(access: Access, online: boolean) {
    if (access !== 'allowed' || online) return;
    let stopped = false;
    const beat = async () => {
      try {
        const body = await withTimeout(heartbeat(), SCAN_TIMEOUT_MS);
        if (!stopped && isHeartbeatAnswer(body)) link.report('ok');
      } catch {
        // Still out of reach.
      }
    };
    const timer = setInterval(() => void beat(), HEARTBEAT_MS);
    addEventListener('online', beat);
    void beat();
    return () => {
      stopped = true;
      clearInterval(timer);
      removeEventListener('online', beat);
    };
  }

  function start(): () => void {
    let stopped = false;
    const down = () => link.hint(false);
    const stops = [
      scanning.watchCard(),
      effect($eventId, (id) => {
        onBeforeWipe(id === null ? null : () => data.sync(id));
        return () => onBeforeWipe(null);
      }),
      effect([$access, $eventId], load),
      effect([$access, link.$online], beatWhileOffline),
      // Back online: the queue goes first, then fresh data.
      effect([$access, link.$online, $eventId], (access, online, eventId) => {
        if (online && eventId !== null && access === 'allowed')
          void data.sync(eventId).then(() => data.refreshCounters(eventId));
      }),
      effect($choice, ({ eventId, listId, gateId }) => {
        if (eventId !== null && listId !== null && gateId !== null)
          localStorage.setItem(CHOICE_KEY, JSON.stringify({ eventId, listId, gateId } satisfies Choice));
      }),
      effect($searching, (open) => (open ? search.watch() : undefined)),
      () => removeEventListener('offline', down),
    ];
    void mayShow().then((allowed) => {
      if (stopped) return;
      if (allowed) {
        prepare();
        addEventListener('offline', down);
      }
      $access.set(allowed ? 'allowed' : 'none');
    });
    return () => {
      stopped = true;
      for (const stop of stops) stop();
    };
  }

  /**
   * The search's server side (DNI, e-mail, name, short code, order): while online, its results come first;
   * offline or on failure, null, and the search shows what the download has.
   */
  async function searchOnline(q: string): Promise<OfflineBundle['tickets'] | null> {
    const eventId = $eventId.get();
    if (eventId === null || !link.reachable()) return null;
    try {
      return (await link.call(searchTickets(eventId, q), BACKGROUND_TIMEOUT_MS)).data;
    } catch {
      return null;
    }
  }

  return {
    $access,
    $choice,
    $bundle: data.$bundle,
    $list,
    $gate,
    $online: link.$online,
    $pending: data.$pending,
    $counters: data.$counters,
    $card: scanning.$card,
    $announcement: scanning.$announcement,
    $scanning,
    $searching,
    $typed,
    start,
    /** Choosing an event: the same one again keeps its list and gate. */
    chooseEvent(id: number) {
      if (id !== $choice.get().eventId) $choice.set({ ...$choice.get(), eventId: id, listId: null, gateId: null });
    },
    setListId: (id: number) => $choice.setKey('listId', id),
    setGateId: (id: number) => $choice.setKey('gateId', id),
    toggleKind: () => $choice.setKey('kind', $choice.get().kind === 'entry' ? 'exit' : 'entry'),
    /** On the tap that starts the camera (the sound needs a person's gesture to start). */
    startScanning() {
      primeFeedback();
      $scanning.set(true);
    },
    /** Back to the choice of gate and list: the camera screen starts afresh next time, as it did the first. */
    backToSetup() {
      $scanning.set(false);
      $searching.set(false);
      $typed.set('');
    },
    search,
    openSearch() {
      search.reset();
      $searching.set(true);
    },
    closeSearch: () => $searching.set(false),
    setTyped: (text: string) => $typed.set(text),
    /** The manual entry's code (a hardware reader types there and presses Enter). */
    submitTyped() {
      void scanning.handleCode($typed.get());
      $typed.set('');
    },
    handleCode: scanning.handleCode,
    admitByHand: scanning.admitByHand,
    undo: scanning.undo,
    closeCard: scanning.closeCard,
    searchOnline,
  };
}

export type Door = ReturnType<typeof createDoor>;
