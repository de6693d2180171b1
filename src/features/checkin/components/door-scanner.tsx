import type QrScanner from 'qr-scanner';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { type ScanResult, scanTone } from '../../../shared/checkin';
import { formatEventDate } from '../../../shared/dates';
import { toast } from '../../../stores/toast';
import { getCounters } from '../api/get-counters';
import { getOfflineBundle } from '../api/get-offline-bundle';
import { getPublicKey } from '../api/get-public-key';
import { manualCheckin } from '../api/manual-checkin';
import { scanCode } from '../api/scan-code';
import { syncScans } from '../api/sync-scans';
import { undoCheckin } from '../api/undo-checkin';
import {
  dequeue,
  enqueue,
  loadBundle,
  loadPublicKey,
  type QueuedScan,
  queued,
  saveBundle,
  savePublicKey,
} from '../lib/door-store';
import { feedback } from '../lib/feedback';
import { applyLocally, decideLocally } from '../lib/local-decision';
import { keepPageOffline } from '../lib/offline-page';
import { verifyCodeLocally } from '../lib/verify-code';
import type { Counters, DoorEvent, OfflineBundle, PublicKey } from '../types';
import { DoorSearch } from './door-search';
import { ScanResultScreen, type ShownResult } from './scan-result-screen';

const REFRESH_MS = 8_000;
const SYNC_MS = 3_000;
/** The camera keeps seeing the same QR: the same code is read once in this window. */
const SAME_CODE_MS = 4_000;
const ONLINE_TIMEOUT_MS = 5_000;

const deviceName = () => {
  let name = localStorage.getItem('door-device');
  if (!name) {
    name = `Equipo ${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    localStorage.setItem('door-device', name);
  }
  return name;
};

const CHOICE_KEY = 'door-choice';
type Choice = { eventId: number; listId: number | null; gateId: number | null };

const withTimeout = <T,>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new ApiError(0, 'Sin respuesta')), ms)),
  ]);

/**
 * The fullscreen scanner at the door: pick the event (today's first) and the gate, then the camera reads
 * QR codes (a hardware reader or a typed code works too). Online, the event's authority decides each
 * scan; offline, the code's signature is checked here with the public key, against the last download,
 * and the scan is queued until the network is back (with its nonce, so nothing counts twice).
 */
export default function DoorScanner({ events, staffName }: { events: DoorEvent[]; staffName: string }) {
  const [eventId, setEventId] = useState<number | null>(events[0]?.id ?? null);
  const [listId, setListId] = useState<number | null>(null);
  const [gateId, setGateId] = useState<number | null>(null);
  const [kind, setKind] = useState<'entry' | 'exit'>('entry');
  const [started, setStarted] = useState(false);
  const [bundle, setBundle] = useState<OfflineBundle | null>(null);
  const [online, setOnline] = useState(true);
  const [pending, setPending] = useState(0);
  const [counters, setCounters] = useState<Counters | null>(null);
  const [shown, setShown] = useState<ShownResult | null>(null);
  const [typed, setTyped] = useState('');
  const [searching, setSearching] = useState(false);
  const [flash, setFlash] = useState<{ has: boolean; on: boolean }>({ has: false, on: false });
  const [cameraError, setCameraError] = useState<string | null>(null);

  const video = useRef<HTMLVideoElement>(null);
  const scanner = useRef<QrScanner | null>(null);
  const bundleRef = useRef<OfflineBundle | null>(null);
  const keyRef = useRef<PublicKey | null>(null);
  const busy = useRef(false);
  const last = useRef({ code: '', at: 0 });
  const device = useRef('');
  const shownRef = useRef<ShownResult | null>(null);
  /** The event on screen: answers about a previously chosen one are dropped. */
  const currentEvent = useRef<number | null>(null);
  shownRef.current = shown;

  const list = bundle?.lists.find((l) => l.id === listId) ?? null;
  const gate = bundle?.gates.find((g) => g.id === gateId) ?? null;

  useEffect(() => {
    device.current = deviceName();
    setOnline(navigator.onLine);
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    // Load the decoder now, so the page caches it for offline use before the camera ever starts.
    void import('qr-scanner')
      .then(async ({ default: Scanner }) => {
        const engine = await Scanner.createQrEngine();
        if (engine instanceof Worker) engine.terminate();
      })
      .catch(() => undefined)
      .finally(() => void keepPageOffline());
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);

  // Back where this device was (a reload at the door, maybe offline, keeps the event, list and gate).
  useEffect(() => {
    const saved = JSON.parse(localStorage.getItem(CHOICE_KEY) ?? 'null') as Choice | null;
    if (saved && events.some((e) => e.id === saved.eventId)) {
      setEventId(saved.eventId);
      setListId(saved.listId);
      setGateId(saved.gateId);
    }
  }, [events]);

  /** Re-applies scans still in the queue on top of a fresh download (the server has not seen them). */
  const refreshBundle = useCallback(
    async (id: number) => {
      const current = () => currentEvent.current === id;
      try {
        const [fresh, key] = await Promise.all([getOfflineBundle(id), getPublicKey()]);
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
      } catch {
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
    [staffName],
  );

  const refreshCounters = useCallback(async (id: number) => {
    try {
      const fresh = (await getCounters(id)).data;
      if (currentEvent.current === id) setCounters(fresh);
    } catch {
      // Offline: the last counters stay, with the pending scans shown apart.
    }
  }, []);

  // One sync at a time (the timer, the return of the network and a new scan may all ask at once).
  const syncing = useRef<Promise<void> | null>(null);
  const sync = useCallback(
    (id: number): Promise<void> => {
      if (syncing.current) return syncing.current;
      const run = (async () => {
        const waiting = await queued(id);
        setPending(waiting.length);
        if (waiting.length === 0 || !navigator.onLine) return;
        try {
          const batch = waiting.slice(0, 100);
          const outcomes = (await syncScans(id, batch)).data;
          await dequeue(batch.map((s) => s.nonce));
          const conflicts = outcomes.filter((o) => o.conflict && !o.replay).length;
          if (conflicts > 0)
            toast(
              'info',
              `${conflicts === 1 ? 'Una entrada' : `${conflicts} entradas`} que se validaron sin conexión ya habían entrado por otra puerta: quedó registrado para revisar.`,
            );
          setPending((await queued(id)).length);
          void refreshCounters(id);
        } catch {
          // Still offline or the server is busy: the queue stays and goes on the next round.
        }
      })().finally(() => {
        syncing.current = null;
      });
      syncing.current = run;
      return run;
    },
    [refreshCounters],
  );

  // Load the chosen event's data, then keep it fresh and keep sending the queue.
  useEffect(() => {
    if (eventId === null) return;
    currentEvent.current = eventId;
    bundleRef.current = null;
    setBundle(null);
    setCounters(null);
    void (async () => {
      await refreshBundle(eventId);
      const b = bundleRef.current as OfflineBundle | null;
      if (b && currentEvent.current === eventId) {
        const defaultList = b.lists.find((l) => l.is_default)?.id ?? b.lists[0]?.id ?? null;
        setListId((current) => (b.lists.some((l) => l.id === current) ? current : defaultList));
        setGateId((current) => (b.gates.some((g) => g.id === current) ? current : (b.gates[0]?.id ?? null)));
      }
      void refreshCounters(eventId);
      void sync(eventId);
    })();
    const refresh = setInterval(() => {
      if (navigator.onLine) void refreshBundle(eventId).then(() => refreshCounters(eventId));
    }, REFRESH_MS);
    const sender = setInterval(() => void sync(eventId), SYNC_MS);
    return () => {
      clearInterval(refresh);
      clearInterval(sender);
    };
  }, [eventId, refreshBundle, refreshCounters, sync]);

  useEffect(() => {
    if (online && eventId !== null) void sync(eventId);
  }, [online, eventId, sync]);

  useEffect(() => {
    if (eventId !== null && listId !== null && gateId !== null)
      localStorage.setItem(CHOICE_KEY, JSON.stringify({ eventId, listId, gateId } satisfies Choice));
  }, [eventId, listId, gateId]);

  const show = useCallback((next: ShownResult) => {
    setShown(next);
    feedback(scanTone(next.result));
  }, []);

  // The result returns to scanning by itself.
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), scanTone(shown.result) === 'ok' ? 1800 : 3000);
    return () => clearTimeout(timer);
  }, [shown]);

  async function decideOffline(code: string, body: Omit<QueuedScan, 'event_id' | 'local_result'>) {
    const b = bundleRef.current;
    const key = keyRef.current;
    if (!b || !key || eventId === null || listId === null) {
      toast('error', 'Sin conexión y sin los datos del evento: conectate un momento para descargarlos.');
      return;
    }
    const genuine = await verifyCodeLocally(key, code);
    let result: ScanResult = 'forged';
    let ticket: ShownResult['ticket'] = null;
    let first: ShownResult['first'] = null;
    if (genuine && genuine.eventId !== eventId) result = 'other_event';
    else if (genuine) {
      const local = decideLocally(b, genuine.ticketId, listId, kind);
      result = local.result;
      ticket = local.ticket
        ? {
            type: local.ticket.type_name,
            holder: local.ticket.holder ?? '',
            dni: local.ticket.named ? local.ticket.dni : null,
          }
        : null;
      first = local.first ? { at: local.first.first_at, gate: local.first.gate, staff: local.first.staff_name } : null;
      applyLocally(b, genuine.ticketId, listId, result, gate?.name ?? '', staffName);
      await saveBundle(eventId, b);
    }
    await enqueue({
      ...body,
      ticket_id: genuine?.ticketId,
      event_id: eventId,
      local_result: result === 'admitted' || result === 'exited' ? 'admitted' : 'refused',
    });
    setPending((await queued(eventId)).length);
    show({ result, ticket, first, offline: true });
  }

  async function handleCode(raw: string) {
    const code = raw.trim();
    if (!code || eventId === null || busy.current || shownRef.current) return;
    const now = Date.now();
    if (last.current.code === code && now - last.current.at < SAME_CODE_MS) return;
    last.current = { code, at: now };
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
    try {
      // Scans reach the authority in the order they were made: what this device queued offline goes
      // first, or a ticket admitted offline and filmed again once online would be admitted twice.
      if (navigator.onLine && (await queued(eventId)).length > 0) await sync(eventId);
      if (navigator.onLine && (await queued(eventId)).length === 0) {
        try {
          const outcome = (await withTimeout(scanCode(eventId, body), ONLINE_TIMEOUT_MS)).data;
          const b = bundleRef.current;
          if (b && outcome.ticket && listId !== null)
            applyLocally(b, outcome.ticket.id, listId, outcome.result, gate?.name ?? '', staffName);
          show({ result: outcome.result, ticket: outcome.ticket, first: outcome.first, offline: false });
          void refreshCounters(eventId);
          return;
        } catch (err) {
          if (err instanceof ApiError && err.status !== 0) {
            toast('error', err.message);
            return;
          }
          // No network after all: decided here, and the same nonce goes in the queue (if the server did get
          // it, it answers the queued copy with the same decision).
        }
      }
      await decideOffline(code, body);
    } finally {
      busy.current = false;
    }
  }
  const handler = useRef(handleCode);
  handler.current = handleCode;

  // The camera: back camera, one decode every 100 ms.
  useEffect(() => {
    if (!started || !video.current) return;
    let cancelled = false;
    void (async () => {
      const { default: Scanner } = await import('qr-scanner');
      if (cancelled || !video.current) return;
      const instance = new Scanner(video.current, (r) => void handler.current(r.data), {
        preferredCamera: 'environment',
        maxScansPerSecond: 10,
        highlightScanRegion: true,
        returnDetailedScanResult: true,
        onDecodeError: () => undefined,
      });
      scanner.current = instance;
      try {
        await instance.start();
        setCameraError(null);
        setFlash({ has: await instance.hasFlash(), on: false });
      } catch {
        setCameraError('No pudimos abrir la cámara. Revisá el permiso, o escribí o pegá el código abajo.');
      }
    })();
    return () => {
      cancelled = true;
      scanner.current?.destroy();
      scanner.current = null;
    };
  }, [started]);

  async function toggleFlash() {
    await scanner.current?.toggleFlash();
    setFlash((f) => ({ ...f, on: !!scanner.current?.isFlashOn() }));
  }

  async function admitByHand(ticketId: string) {
    if (eventId === null) return null;
    const nonce = crypto.randomUUID();
    try {
      const outcome = (
        await manualCheckin(eventId, {
          ticket_id: ticketId,
          nonce,
          list_id: listId ?? undefined,
          gate_id: gateId ?? undefined,
          device: device.current,
        })
      ).data;
      const b = bundleRef.current;
      if (b && listId !== null) applyLocally(b, ticketId, listId, outcome.result, gate?.name ?? '', staffName);
      show({ result: outcome.result, ticket: outcome.ticket, first: outcome.first, offline: false });
      void refreshCounters(eventId);
      return outcome.result === 'admitted' ? outcome.scanId : null;
    } catch (err) {
      toast(
        'error',
        err instanceof ApiError && err.status !== 0
          ? err.message
          : 'Sin conexión: escaneá el código, que funciona sin red.',
      );
      return null;
    }
  }

  async function undo(scanId: string, ticketId: string) {
    if (eventId === null) return;
    try {
      const answer = await undoCheckin(eventId, {
        scan_id: scanId,
        nonce: crypto.randomUUID(),
        device: device.current,
      });
      const b = bundleRef.current;
      if (b && listId !== null) applyLocally(b, ticketId, listId, 'undone', '', staffName);
      toast('success', answer.message);
      void refreshCounters(eventId);
    } catch (err) {
      toast('error', err instanceof ApiError ? err.message : 'No se pudo deshacer.');
    }
  }

  if (events.length === 0) {
    return (
      <div className="grid min-h-dvh place-items-center p-6 text-center">
        <p className="max-w-md text-2xl">No tenés eventos para controlar. Pedile acceso a la productora.</p>
      </div>
    );
  }

  if (!started) {
    return (
      <form
        className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center gap-5 p-6"
        onSubmit={(e) => {
          e.preventDefault();
          if (eventId !== null && listId !== null && gateId !== null) setStarted(true);
        }}
      >
        <h1 className="text-4xl font-extrabold">Escáner de entradas</h1>
        <label className="flex flex-col gap-2 text-lg">
          Evento
          <select
            className="select select-lg w-full"
            value={eventId ?? ''}
            onChange={(e) => {
              setListId(null);
              setGateId(null);
              setEventId(Number(e.target.value));
            }}
          >
            {events.map((e) => (
              <option key={e.id} value={e.id}>
                {e.today ? 'Hoy · ' : ''}
                {e.title} · {formatEventDate(e.starts_at)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-2 text-lg">
          Puerta
          <select
            className="select select-lg w-full"
            value={gateId ?? ''}
            disabled={!bundle}
            onChange={(e) => setGateId(Number(e.target.value))}
          >
            {bundle?.gates.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-2 text-lg">
          Lista
          <select
            className="select select-lg w-full"
            value={listId ?? ''}
            disabled={!bundle}
            onChange={(e) => setListId(Number(e.target.value))}
          >
            {bundle?.lists.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="btn btn-ticket btn-lg"
          disabled={!bundle || listId === null || gateId === null}
        >
          {bundle ? 'Empezar a escanear' : 'Descargando entradas…'}
        </button>
      </form>
    );
  }

  const listCounter = counters?.lists.find((l) => l.id === listId);
  const gateCounter = counters?.gates.find((g) => g.id === gateId);
  const event = events.find((e) => e.id === eventId);

  return (
    <div className="flex min-h-dvh flex-col bg-black">
      <header className="flex flex-wrap items-center gap-2 p-3 pr-56 text-lg">
        <span data-testid="door-status" className={`badge badge-lg ${online ? 'badge-success' : 'badge-error'}`}>
          {online ? 'En línea' : 'Sin conexión'}
        </span>
        {pending > 0 && (
          <span data-testid="door-pending" className="badge badge-lg badge-warning">
            {pending === 1 ? '1 escaneo por sincronizar' : `${pending} escaneos por sincronizar`}
          </span>
        )}
        <span className="font-bold">{event?.title}</span>
        <button type="button" className="btn btn-sm" onClick={() => setStarted(false)}>
          {gate?.name} · {list?.name}
        </button>
      </header>

      <div className="relative flex-1 overflow-hidden">
        <video ref={video} className="h-full max-h-[60dvh] w-full object-cover" muted playsInline />
        {cameraError && <p className="absolute inset-x-4 top-4 rounded-box bg-base-200 p-4 text-lg">{cameraError}</p>}
      </div>

      <section aria-label="Contadores" className="grid grid-cols-3 gap-2 p-3 text-center">
        <Counter label="Evento" value={counters?.event.admitted} total={counters?.event.expected} />
        <Counter label={list?.name ?? 'Lista'} value={listCounter?.admitted} total={listCounter?.expected} />
        <Counter label={gate?.name ?? 'Puerta'} value={gateCounter?.admitted} />
      </section>

      <form
        className="flex gap-2 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          last.current = { code: '', at: 0 };
          void handleCode(typed);
          setTyped('');
        }}
      >
        <input
          className="input input-lg flex-1"
          aria-label="Código de la entrada"
          placeholder="Escribí, pegá o leé el código"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          // A hardware reader types into the focused field and presses Enter.
          // biome-ignore lint/a11y/noAutofocus: the door scanner's field must take a reader's input at once.
          autoFocus
        />
        <button type="submit" className="btn btn-lg btn-ticket">
          Validar
        </button>
      </form>

      <nav className="flex flex-wrap gap-2 p-3 pt-0">
        <button type="button" className="btn btn-lg" onClick={() => setSearching(true)}>
          Buscar
        </button>
        {list?.allow_reentry && (
          <button
            type="button"
            className={`btn btn-lg ${kind === 'exit' ? 'btn-warning' : ''}`}
            onClick={() => setKind(kind === 'entry' ? 'exit' : 'entry')}
          >
            {kind === 'entry' ? 'Modo ingreso' : 'Modo salida'}
          </button>
        )}
        {flash.has && (
          <button type="button" className="btn btn-lg" onClick={() => void toggleFlash()}>
            {flash.on ? 'Apagar linterna' : 'Encender linterna'}
          </button>
        )}
      </nav>

      {searching && bundle && (
        <DoorSearch
          bundle={bundle}
          listId={listId}
          onAdmit={admitByHand}
          onUndo={undo}
          onClose={() => setSearching(false)}
        />
      )}
      {shown && <ScanResultScreen shown={shown} onClose={() => setShown(null)} />}
    </div>
  );
}

function Counter({ label, value, total }: { label: string; value?: number; total?: number }) {
  return (
    <div className="rounded-box bg-base-200 p-2" data-testid={`counter-${label}`}>
      <div className="truncate text-sm text-muted">{label}</div>
      <div className="text-3xl font-black tabular-nums">
        {value ?? '–'}
        {total !== undefined && <span className="text-lg font-semibold text-muted"> / {total}</span>}
      </div>
    </div>
  );
}
