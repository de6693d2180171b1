import { useCallback, useEffect, useRef, useState } from 'react';
import { onBeforeWipe, wipeDeviceData } from '../../../lib/device-data';
import { type ScanResult, scanTone } from '../../../shared/checkin';
import { DOOR_TEXT, SCAN_LABEL, SCAN_REASON } from '../../../shared/messages/checkin';
import { ApiError, messageOf } from '../../../shared/provider-result';
import { $session, restoreSession } from '../../../stores/session';
import { toast } from '../../../stores/toast';
import { getCounters } from '../api/get-counters';
import { getOfflineBundle } from '../api/get-offline-bundle';
import { getPublicKey } from '../api/get-public-key';
import { heartbeat } from '../api/heartbeat';
import { manualCheckin } from '../api/manual-checkin';
import { scanCode } from '../api/scan-code';
import { searchTickets } from '../api/search-tickets';
import { syncScans } from '../api/sync-scans';
import { undoCheckin } from '../api/undo-checkin';
import type { ShownResult } from '../components/scan-result-screen';
import {
  afterCall,
  afterHint,
  type CallOutcome,
  type Connectivity,
  HEARTBEAT_MS,
  initialConnectivity,
  isHeartbeatAnswer,
  isNetworkFailure,
  isScanAnswer,
  localCounters,
  nextBatch,
  RepeatGuard,
  SCAN_TIMEOUT_MS,
  scanRoute,
  TimeoutError,
  withTimeout,
} from '../lib/door-core';
import {
  dequeue,
  enqueue,
  loadBundle,
  loadCounters,
  loadOwner,
  loadPublicKey,
  type QueuedScan,
  queued,
  saveBundle,
  saveCounters,
  saveOwner,
  savePublicKey,
} from '../lib/door-store';
import { feedback } from '../lib/feedback';
import { applyLocally, decideLocally, typedTicketLocally } from '../lib/local-decision';
import { keepPageOffline } from '../lib/offline-page';
import { verifyCodeLocally } from '../lib/verify-code';
import type { Counters, OfflineBundle, PublicKey } from '../types';

const REFRESH_MS = 8_000;
const SYNC_MS = 3_000;
/** Background calls (downloads, counters) get longer than a scan before they count as "no network". */
const BACKGROUND_TIMEOUT_MS = 6_000;
const CHOICE_KEY = 'door-choice';
/** The least a scan waits for the server when a sync used most of its 1.5 s. */
const MIN_SCAN_WAIT_MS = 250;

type Choice = { eventId: number; listId: number | null; gateId: number | null };
/** A card on screen, with the code that produced it (re-reads of that code keep it up). */
export type Card = ShownResult & { code: string | null; renewedAt: number };
/** Whether this device may show the door's data: only to the user it was downloaded for. */
export type Access = 'checking' | 'allowed' | 'none';

const deviceName = () => {
  let name = localStorage.getItem('door-device');
  if (!name) {
    name = `Equipo ${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    localStorage.setItem('door-device', name);
  }
  return name;
};

/** What screen readers hear when a card shows (the live region is assertive). */
export function announce(card: ShownResult) {
  return [
    SCAN_LABEL[card.result],
    card.ticket?.holder,
    card.ticket?.dni ? `${DOOR_TEXT.askDni} ${card.ticket.dni}` : null,
    card.result === 'used' && card.first ? DOOR_TEXT.enteredBy(card.first.gate ?? null) : null,
    card.result !== 'used' ? SCAN_REASON[card.result] : null,
    card.offline ? DOOR_TEXT.validatedOffline : null,
  ]
    .filter(Boolean)
    .join('. ');
}

/**
 * The door's state and behaviour for the scanner's components: the session check, the event's data (kept
 * in IndexedDB), connectivity judged from outcomes with a heartbeat, the queue and its sync, repeat
 * suppression and the cards. The rules themselves live in lib/door-core.ts.
 */
export function useDoor({
  userId,
  staffName,
  eventIds,
}: {
  userId: number | null;
  staffName: string;
  /** The events the caller may scan, in the door's order (today's first). */
  eventIds: number[];
}) {
  const [access, setAccess] = useState<Access>('checking');
  const [eventId, setEventId] = useState<number | null>(eventIds[0] ?? null);
  const [listId, setListId] = useState<number | null>(null);
  const [gateId, setGateId] = useState<number | null>(null);
  const [kind, setKind] = useState<'entry' | 'exit'>('entry');
  const [bundle, setBundle] = useState<OfflineBundle | null>(null);
  const [connectivity, setConnectivity] = useState<Connectivity>(() => initialConnectivity(true, 0));
  const [queue, setQueue] = useState<QueuedScan[]>([]);
  const [serverCounters, setServerCounters] = useState<Counters | null>(null);
  const [card, setCard] = useState<Card | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const bundleRef = useRef<OfflineBundle | null>(null);
  const keyRef = useRef<PublicKey | null>(null);
  const onlineRef = useRef(true);
  const busy = useRef(false);
  const device = useRef('');
  const cardRef = useRef<Card | null>(null);
  const repeats = useRef(new RepeatGuard<ShownResult>());
  /** The event on screen: answers about a previously chosen one are dropped. */
  const currentEvent = useRef<number | null>(null);
  cardRef.current = card;

  const list = bundle?.lists.find((l) => l.id === listId) ?? null;
  const gate = bundle?.gates.find((g) => g.id === gateId) ?? null;

  // Only the user this page and its stored data belong to sees anything; otherwise the device is wiped.
  useEffect(() => {
    restoreSession();
    const current = $session.get().user?.user.id ?? null;
    void (async () => {
      if (current === null || current !== userId) {
        await wipeDeviceData();
        setAccess('none');
        return;
      }
      const owner = await loadOwner().catch(() => undefined);
      if (owner !== undefined && owner !== current) await wipeDeviceData();
      await saveOwner(current).catch(() => undefined);
      setAccess('allowed');
    })();
  }, [userId]);

  const report = useCallback((outcome: CallOutcome) => {
    onlineRef.current = outcome === 'ok';
    setConnectivity((c) => afterCall(c, outcome, Date.now()));
  }, []);

  /** A call to the server, timed: its outcome is what the badge says. */
  const call = useCallback(
    async <T>(promise: Promise<T>, ms: number): Promise<T> => {
      try {
        const value = await withTimeout(promise, ms);
        report('ok');
        return value;
      } catch (error) {
        if (isNetworkFailure(error)) report(error instanceof TimeoutError ? 'slow' : 'failed');
        else report('ok');
        throw error;
      }
    },
    [report],
  );

  useEffect(() => {
    if (access !== 'allowed') return;
    device.current = deviceName();
    onlineRef.current = navigator.onLine;
    setConnectivity(initialConnectivity(navigator.onLine, Date.now()));
    const down = () => {
      onlineRef.current = false;
      setConnectivity((c) => afterHint(c, false, Date.now()));
    };
    window.addEventListener('offline', down);
    // Load the decoder now, so the page caches it for offline use before the camera ever starts.
    void import('qr-scanner')
      .then(async ({ default: Scanner }) => {
        const engine = await Scanner.createQrEngine();
        if (engine instanceof Worker) engine.terminate();
      })
      .catch(() => undefined)
      .finally(() => void keepPageOffline());
    const saved = JSON.parse(localStorage.getItem(CHOICE_KEY) ?? 'null') as Choice | null;
    if (saved && eventIds.includes(saved.eventId)) {
      setEventId(saved.eventId);
      setListId(saved.listId);
      setGateId(saved.gateId);
    }
    return () => window.removeEventListener('offline', down);
  }, [access, eventIds]);

  const refreshQueue = useCallback(async (id: number) => {
    const waiting = await queued(id);
    if (currentEvent.current === id) setQueue(waiting);
    return waiting;
  }, []);

  /** Re-applies scans still in the queue on top of a fresh download (the server has not seen them). */
  const refreshBundle = useCallback(
    async (id: number) => {
      const current = () => currentEvent.current === id;
      try {
        const [fresh, key] = await call(Promise.all([getOfflineBundle(id), getPublicKey()]), BACKGROUND_TIMEOUT_MS);
        const data = fresh.data;
        for (const q of await queued(id)) {
          if (q.ticket_id && q.list_id && q.local_result === 'admitted')
            applyLocally(data, q.ticket_id, q.list_id, q.kind === 'exit' ? 'exited' : 'admitted', '', staffName);
        }
        if (!current()) return;
        bundleRef.current = data;
        keyRef.current = key.data;
        setBundle(data);
        await Promise.all([saveBundle(id, data), savePublicKey(key.data)]);
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) {
          // Removed from the event or the producer: nothing of it stays here.
          await wipeDeviceData();
          toast('error', error.message);
          if (current()) {
            bundleRef.current = null;
            setBundle(null);
          }
          return;
        }
        // Offline: keep what is stored.
        if (!bundleRef.current) {
          const stored = await loadBundle(id);
          keyRef.current ??= (await loadPublicKey()) ?? null;
          if (stored && current()) {
            bundleRef.current = stored;
            setBundle(stored);
          }
        }
      }
    },
    [call, staffName],
  );

  const refreshCounters = useCallback(
    async (id: number) => {
      try {
        const fresh = (await call(getCounters(id), BACKGROUND_TIMEOUT_MS)).data;
        if (currentEvent.current === id) setServerCounters(fresh);
        await saveCounters(id, fresh);
      } catch {
        // Offline: the last figures stay, plus what this device admitted since (see localCounters).
        const stored = await loadCounters(id).catch(() => undefined);
        if (stored && currentEvent.current === id) setServerCounters((c) => c ?? stored);
      }
    },
    [call],
  );

  // One sync at a time (the timer, the return of the network and a new scan may all ask at once).
  const syncing = useRef<Promise<void> | null>(null);
  const sync = useCallback(
    (id: number): Promise<void> => {
      if (syncing.current) return syncing.current;
      const run = (async () => {
        let waiting = await refreshQueue(id);
        while (waiting.length > 0 && onlineRef.current) {
          const batch = nextBatch(waiting);
          try {
            const outcomes = (await call(syncScans(id, batch), SCAN_TIMEOUT_MS * 2)).data;
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
        syncing.current = null;
      });
      syncing.current = run;
      return run;
    },
    [call, refreshCounters, refreshQueue],
  );

  useEffect(() => {
    onBeforeWipe(eventId === null ? null : () => sync(eventId));
    return () => onBeforeWipe(null);
  }, [eventId, sync]);

  // Load the chosen event's data, then keep it fresh and keep sending the queue.
  useEffect(() => {
    if (access !== 'allowed' || eventId === null) return;
    currentEvent.current = eventId;
    bundleRef.current = null;
    repeats.current.clear();
    setBundle(null);
    setServerCounters(null);
    setQueue([]);
    void (async () => {
      await refreshBundle(eventId);
      const b = bundleRef.current as OfflineBundle | null;
      if (b && currentEvent.current === eventId) {
        const defaultList = b.lists.find((l) => l.is_default)?.id ?? b.lists[0]?.id ?? null;
        setListId((current) => (b.lists.some((l) => l.id === current) ? current : defaultList));
        setGateId((current) => (b.gates.some((g) => g.id === current) ? current : (b.gates[0]?.id ?? null)));
      }
      await refreshQueue(eventId);
      void refreshCounters(eventId);
      void sync(eventId);
    })();
    const refresh = setInterval(() => {
      if (onlineRef.current) void refreshBundle(eventId).then(() => refreshCounters(eventId));
    }, REFRESH_MS);
    const sender = setInterval(() => void sync(eventId), SYNC_MS);
    return () => {
      clearInterval(refresh);
      clearInterval(sender);
    };
  }, [access, eventId, refreshBundle, refreshCounters, refreshQueue, sync]);

  // Offline, a light heartbeat tells when the server answers again (the browser's "online" only asks).
  const online = connectivity.online;
  useEffect(() => {
    if (access !== 'allowed' || online) return;
    let stopped = false;
    const beat = async () => {
      try {
        const body = await withTimeout(heartbeat(), SCAN_TIMEOUT_MS);
        if (!stopped && isHeartbeatAnswer(body)) report('ok');
      } catch {
        // Still out of reach.
      }
    };
    const timer = setInterval(() => void beat(), HEARTBEAT_MS);
    window.addEventListener('online', beat);
    void beat();
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('online', beat);
    };
  }, [access, online, report]);

  // Back online: the queue goes first, then fresh data.
  useEffect(() => {
    if (online && eventId !== null && access === 'allowed') {
      void sync(eventId).then(() => refreshCounters(eventId));
    }
  }, [online, eventId, access, sync, refreshCounters]);

  useEffect(() => {
    if (eventId !== null && listId !== null && gateId !== null)
      localStorage.setItem(CHOICE_KEY, JSON.stringify({ eventId, listId, gateId } satisfies Choice));
  }, [eventId, listId, gateId]);

  const show = useCallback((next: ShownResult, code: string | null, repeat = false) => {
    setCard({ ...next, code, renewedAt: Date.now() });
    if (!repeat) feedback(scanTone(next.result));
    // The same words twice in a row would not be read again: a trailing space alternates.
    if (!repeat) setAnnouncement((prev) => `${announce(next)}${prev.endsWith(' ') ? '' : ' '}`);
  }, []);

  // The card returns to scanning by itself, a moment after its code was last read.
  useEffect(() => {
    if (!card) return;
    const timer = setTimeout(() => setCard(null), scanTone(card.result) === 'ok' ? 1800 : 3000);
    return () => clearTimeout(timer);
  }, [card]);

  /**
   * The code's signature checked here (started while the server is asked, so a timeout decides at once). A short
   * code or ticket id typed by hand names a downloaded ticket instead; the server looks it up again (issue 32).
   */
  const verifyHere = (code: string): Promise<{ ticketId: string; eventId: number } | null> => {
    const b = bundleRef.current;
    const typed = b && eventId !== null ? typedTicketLocally(b, code) : null;
    if (typed && eventId !== null) return Promise.resolve({ ticketId: typed, eventId });
    const key = keyRef.current;
    return key ? verifyCodeLocally(key, code) : Promise.resolve(null);
  };

  /**
   * The local decision: the scan is queued (one small write) and its card returned; the whole download is
   * stored afterwards.
   */
  async function decideOffline(
    body: Omit<QueuedScan, 'event_id' | 'local_result'>,
    verified: ReturnType<typeof verifyHere>,
  ): Promise<{ shown: ShownResult; queued: Promise<unknown>; later: () => void } | null> {
    const b = bundleRef.current;
    if (!b || !keyRef.current || eventId === null || listId === null) {
      toast('error', DOOR_TEXT.offlineWithoutData);
      return null;
    }
    const genuine = await verified;
    let result: ScanResult = 'forged';
    let ticket: ShownResult['ticket'] = null;
    let first: ShownResult['first'] = null;
    if (genuine && genuine.eventId !== eventId) result = 'other_event';
    else if (genuine) {
      const local = decideLocally(b, genuine.ticketId, listId, kind);
      result = local.result;
      ticket = local.ticket
        ? { type: local.ticket.type_name, holder: local.ticket.holder ?? '', dni: local.ticket.dni }
        : null;
      first = local.first ? { at: local.first.first_at, gate: local.first.gate, staff: local.first.staff_name } : null;
      applyLocally(b, genuine.ticketId, listId, result, gate?.name ?? '', staffName);
    }
    const scan: QueuedScan = {
      ...body,
      ticket_id: genuine?.ticketId,
      event_id: eventId,
      local_result: result === 'admitted' || result === 'exited' ? 'admitted' : 'refused',
    };
    setQueue((q) => [...q, scan]);
    // The queue write is issued now and awaited once the card is up (it lands within milliseconds).
    const queued = enqueue(scan);
    // The whole download is stored once the card is up (copying it for IndexedDB takes the main thread).
    const later = genuine ? () => void saveBundle(eventId, b).catch(() => undefined) : () => undefined;
    return { shown: { result, ticket, first, offline: true }, queued, later };
  }

  async function handleCode(raw: string) {
    const code = raw.trim();
    if (!code || eventId === null || access !== 'allowed') return;
    const now = Date.now();
    const up = cardRef.current;
    if (up) {
      // The camera still sees the code of the card on screen: it stays up; another code waits for the tap.
      if (up.code === code) {
        repeats.current.repeat(code, now);
        setCard((c) => (c && c.code === code ? { ...c, renewedAt: now } : c));
      }
      return;
    }
    const repeat = repeats.current.repeat(code, now);
    if (repeat) {
      show(repeat, code, true);
      return;
    }
    if (busy.current) return;
    busy.current = true;
    const body = {
      code,
      nonce: crypto.randomUUID(),
      list_id: listId ?? undefined,
      gate_id: gateId ?? undefined,
      device: device.current,
      kind,
      client_at: new Date().toISOString(),
    };
    const verified = verifyHere(code);
    // The 1.5 s count from the read itself: time spent reading the queue or syncing it first is part of it.
    const deadline = now + SCAN_TIMEOUT_MS;
    try {
      let route = scanRoute(onlineRef.current, (await queued(eventId)).length);
      if (route === 'sync-then-server') {
        await sync(eventId);
        route = scanRoute(onlineRef.current, (await queued(eventId)).length) === 'server' ? 'server' : 'local';
      }
      let shown: ShownResult | null = null;
      if (route === 'server') {
        try {
          // A sync just before (the queue goes first) leaves the scan at least a short wait of its own.
          const wait = Math.max(MIN_SCAN_WAIT_MS, deadline - Date.now());
          const answer: unknown = await call(scanCode(eventId, body), wait);
          if (!isScanAnswer(answer)) {
            report('failed');
            throw new TypeError('not an answer of the API');
          }
          const outcome = (answer as Awaited<ReturnType<typeof scanCode>>).data;
          const b = bundleRef.current;
          if (b && outcome.ticket && listId !== null)
            applyLocally(b, outcome.ticket.id, listId, outcome.result, gate?.name ?? '', staffName);
          shown = { result: outcome.result, ticket: outcome.ticket, first: outcome.first, offline: false };
          void refreshCounters(eventId);
        } catch (err) {
          if (!isNetworkFailure(err)) {
            toast('error', messageOf(err));
            return;
          }
          // No answer in time: decided here, and the same nonce goes in the queue (if the server did get
          // it, it answers the queued copy with the same decision).
        }
      }
      let local: Awaited<ReturnType<typeof decideOffline>> = null;
      if (!shown) {
        local = await decideOffline(body, verified);
        shown = local?.shown ?? null;
      }
      if (shown) {
        repeats.current.remember(code, shown, Date.now());
        show(shown, code);
      }
      local?.later();
      await local?.queued;
    } finally {
      busy.current = false;
    }
  }

  async function admitByHand(ticketId: string) {
    if (eventId === null) return null;
    try {
      const outcome = (
        await call(
          manualCheckin(eventId, {
            ticket_id: ticketId,
            nonce: crypto.randomUUID(),
            list_id: listId ?? undefined,
            gate_id: gateId ?? undefined,
            device: device.current,
          }),
          SCAN_TIMEOUT_MS * 2,
        )
      ).data;
      const b = bundleRef.current;
      if (b && listId !== null) applyLocally(b, ticketId, listId, outcome.result, gate?.name ?? '', staffName);
      show({ result: outcome.result, ticket: outcome.ticket, first: outcome.first, offline: false }, null);
      void refreshCounters(eventId);
      return outcome.result === 'admitted' ? outcome.scanId : null;
    } catch (err) {
      toast('error', err instanceof ApiError && !isNetworkFailure(err) ? err.message : DOOR_TEXT.searchOffline);
      return null;
    }
  }

  async function undo(scanId: string, ticketId: string) {
    if (eventId === null) return;
    try {
      const answer = await call(
        undoCheckin(eventId, { scan_id: scanId, nonce: crypto.randomUUID(), device: device.current }),
        SCAN_TIMEOUT_MS * 2,
      );
      const b = bundleRef.current;
      if (b && listId !== null) applyLocally(b, ticketId, listId, 'undone', '', staffName);
      repeats.current.clear();
      toast('success', answer.message);
      void refreshCounters(eventId);
    } catch (err) {
      toast('error', err instanceof ApiError && !isNetworkFailure(err) ? err.message : DOOR_TEXT.undoFailed);
    }
  }

  /**
   * The search's server side (DNI, e-mail, name, short code, order): while online, its results come first; offline
   * or on failure, null, and the search shows what the download has.
   */
  const searchOnline = useCallback(
    async (q: string): Promise<OfflineBundle['tickets'] | null> => {
      if (eventId === null || !onlineRef.current) return null;
      try {
        return (await call(searchTickets(eventId, q), BACKGROUND_TIMEOUT_MS)).data;
      } catch {
        return null;
      }
    },
    [eventId, call],
  );

  /** Choosing an event: the same one again keeps its list and gate. */
  function chooseEvent(id: number) {
    if (id === eventId) return;
    setListId(null);
    setGateId(null);
    setEventId(id);
  }

  return {
    access,
    choice: { eventId, listId, gateId, kind },
    chooseEvent,
    setListId,
    setGateId,
    setKind,
    bundle,
    list,
    gate,
    online,
    pending: queue.length,
    counters: localCounters(serverCounters, bundle, queue),
    card,
    closeCard: () => setCard(null),
    announcement,
    handleCode,
    admitByHand,
    undo,
    searchOnline,
  };
}

export type Door = ReturnType<typeof useDoor>;
