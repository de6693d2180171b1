import { atom, effect, type ReadableAtom } from 'nanostores';
import { type ScanResult, scanTone } from '../../../shared/checkin';
import { DOOR_TEXT, SCAN_LABEL, SCAN_REASON } from '../../../shared/messages/checkin';
import { ApiError, messageOf } from '../../../shared/provider-result';
import { toast } from '../../../stores/toast';
import { manualCheckin } from '../api/manual-checkin';
import { scanCode } from '../api/scan-code';
import { undoCheckin } from '../api/undo-checkin';
import type { ShownResult } from '../components/scan-result-screen';
import { isNetworkFailure, isScanAnswer, RepeatGuard, SCAN_TIMEOUT_MS, scanRoute } from '../lib/door-core';
import { type QueuedScan, queued, saveBundle } from '../lib/door-store';
import { feedback } from '../lib/feedback';
import { decideLocally, typedTicketLocally } from '../lib/local-decision';
import { verifyCodeLocally } from '../lib/verify-code';
import type { DoorData } from './door-data';
import type { Link } from './door-link';

/** The least a scan waits for the server when a sync used most of its 1.5 s. */
const MIN_SCAN_WAIT_MS = 250;
/** How long a card stays up after its code was last read: a valid one briefly, a refusal longer. */
export const CARD_MS = { ok: 1_800, other: 3_000 } as const;

/** A card on screen, with the code that produced it (re-reads of that code keep it up). */
export type Card = ShownResult & { code: string | null; renewedAt: number };
/** What a scan is made with: the choice at the moment of the read (a later change does not reach it). */
export type ScanSetup = {
  eventId: number;
  listId: number | null;
  gateId: number | null;
  kind: 'entry' | 'exit';
  gate: string;
  device: string;
};

/** What screen readers hear when a card shows (the live region is assertive). */
export function announce(card: ShownResult) {
  return [
    SCAN_LABEL[card.result],
    card.ticket?.holder,
    card.ticket?.seat,
    card.ticket?.dni ? `${DOOR_TEXT.askDni} ${card.ticket.dni}` : null,
    card.result === 'used' && card.first ? DOOR_TEXT.enteredBy(card.first.gate ?? null) : null,
    card.result !== 'used' ? SCAN_REASON[card.result] : null,
    card.offline ? DOOR_TEXT.validatedOffline : null,
  ]
    .filter(Boolean)
    .join('. ');
}

/**
 * Scanning: each read decided by the server while it answers in time, else here (signature, download) and
 * queued; repeats of a code within a few seconds show its first card again; the card steps aside by itself.
 * `setup()` is null while no event is chosen; `allowed()` says whether this user may scan here.
 */
export function createScanning({
  link,
  data,
  setup,
  allowed,
}: {
  link: Link;
  data: DoorData;
  setup: () => ScanSetup | null;
  allowed: () => boolean;
}) {
  const $card = atom<Card | null>(null);
  const $announcement = atom('');
  const repeats = new RepeatGuard<ShownResult>();
  let busy = false;

  function show(next: ShownResult, code: string | null, repeat = false) {
    $card.set({ ...next, code, renewedAt: Date.now() });
    if (repeat) return;
    feedback(scanTone(next.result));
    // The same words twice in a row would not be read again: a trailing space alternates.
    const prev = $announcement.get();
    $announcement.set(`${announce(next)}${prev.endsWith(' ') ? '' : ' '}`);
  }

  /** The card returns to scanning by itself, a moment after its code was last read. */
  const watchCard = () =>
    effect($card, (card) => {
      if (!card) return;
      const timer = setTimeout(() => $card.set(null), scanTone(card.result) === 'ok' ? CARD_MS.ok : CARD_MS.other);
      return () => clearTimeout(timer);
    });

  /**
   * The code's signature checked here (started while the server is asked, so a timeout decides at once). A short
   * code or ticket id typed by hand names a downloaded ticket instead; the server looks it up again (issue 32).
   */
  function verifyHere(code: string, eventId: number): Promise<{ ticketId: string; eventId: number } | null> {
    const bundle = data.$bundle.get();
    const typed = bundle ? typedTicketLocally(bundle, code) : null;
    if (typed) return Promise.resolve({ ticketId: typed, eventId });
    const key = data.key();
    return key ? verifyCodeLocally(key, code) : Promise.resolve(null);
  }

  /** The local decision: the scan is queued (one small write) and its card returned; the download is stored after. */
  async function decideOffline(
    body: Omit<QueuedScan, 'event_id' | 'local_result'>,
    verified: ReturnType<typeof verifyHere>,
    s: ScanSetup,
  ): Promise<{ shown: ShownResult; queued: Promise<unknown>; later: () => void } | null> {
    const bundle = data.$bundle.get();
    if (!bundle || !data.key() || s.listId === null) {
      toast('error', DOOR_TEXT.offlineWithoutData);
      return null;
    }
    const genuine = await verified;
    let result: ScanResult = 'forged';
    let ticket: ShownResult['ticket'] = null;
    let first: ShownResult['first'] = null;
    if (genuine && genuine.eventId !== s.eventId) result = 'other_event';
    else if (genuine) {
      const local = decideLocally(bundle, genuine.ticketId, s.listId, s.kind);
      result = local.result;
      ticket = local.ticket
        ? {
            type: local.ticket.type_name,
            holder: local.ticket.holder ?? '',
            dni: local.ticket.dni,
            seat: local.ticket.seat,
          }
        : null;
      first = local.first ? { at: local.first.first_at, gate: local.first.gate, staff: local.first.staff_name } : null;
      data.apply(genuine.ticketId, s.listId, result, s.gate);
    }
    const scan: QueuedScan = {
      ...body,
      ticket_id: genuine?.ticketId,
      event_id: s.eventId,
      local_result: result === 'admitted' || result === 'exited' ? 'admitted' : 'refused',
    };
    // The queue write is issued now and awaited once the card is up (it lands within milliseconds); the whole
    // download is stored after that (copying it for IndexedDB takes the main thread).
    const held = data.hold(scan);
    const later = genuine ? () => void saveBundle(s.eventId, bundle).catch(() => undefined) : () => undefined;
    return { shown: { result, ticket, first, offline: true }, queued: held, later };
  }

  /** The server's answer to a scan, or null when it did not come in time (then it is decided here). */
  async function askServer(body: Parameters<typeof scanCode>[1], s: ScanSetup, wait: number) {
    try {
      const answer: unknown = await link.call(scanCode(s.eventId, body), wait);
      if (!isScanAnswer(answer)) {
        link.report('failed');
        throw new TypeError('not an answer of the API');
      }
      const outcome = (answer as Awaited<ReturnType<typeof scanCode>>).data;
      if (outcome.ticket && s.listId !== null) data.apply(outcome.ticket.id, s.listId, outcome.result, s.gate);
      void data.refreshCounters(s.eventId);
      return { result: outcome.result, ticket: outcome.ticket, first: outcome.first, offline: false };
    } catch (err) {
      if (!isNetworkFailure(err)) throw err;
      // No answer in time: decided here, and the same nonce goes in the queue (if the server did get it, it
      // answers the queued copy with the same decision).
      return null;
    }
  }

  /** A code read by the camera, a hardware reader or typed by hand. */
  async function handleCode(raw: string) {
    const code = raw.trim();
    const s = setup();
    if (!code || !s || !allowed()) return;
    const now = Date.now();
    const up = $card.get();
    if (up) {
      // The camera still sees the code of the card on screen: it stays up; another code waits for the tap.
      if (up.code === code) {
        repeats.repeat(code, now);
        $card.set({ ...up, renewedAt: now });
      }
      return;
    }
    const repeat = repeats.repeat(code, now);
    if (repeat) {
      show(repeat, code, true);
      return;
    }
    if (busy) return;
    busy = true;
    const body = {
      code,
      nonce: crypto.randomUUID(),
      list_id: s.listId ?? undefined,
      gate_id: s.gateId ?? undefined,
      device: s.device,
      kind: s.kind,
      client_at: new Date().toISOString(),
    };
    const verified = verifyHere(code, s.eventId);
    // The 1.5 s count from the read itself: time spent reading the queue or syncing it first is part of it.
    const deadline = now + SCAN_TIMEOUT_MS;
    try {
      let route = scanRoute(link.reachable(), (await queued(s.eventId)).length);
      if (route === 'sync-then-server') {
        await data.sync(s.eventId);
        route = scanRoute(link.reachable(), (await queued(s.eventId)).length) === 'server' ? 'server' : 'local';
      }
      let shown: ShownResult | null = null;
      if (route === 'server') {
        try {
          // A sync just before (the queue goes first) leaves the scan at least a short wait of its own.
          shown = await askServer(body, s, Math.max(MIN_SCAN_WAIT_MS, deadline - Date.now()));
        } catch (err) {
          toast('error', messageOf(err));
          return;
        }
      }
      let local: Awaited<ReturnType<typeof decideOffline>> = null;
      if (!shown) {
        local = await decideOffline(body, verified, s);
        shown = local?.shown ?? null;
      }
      if (shown) {
        repeats.remember(code, shown, Date.now());
        show(shown, code);
      }
      local?.later();
      await local?.queued;
    } finally {
      busy = false;
    }
  }

  /** Check-in from the search; the scan's id while it may be undone, else null. */
  async function admitByHand(ticketId: string) {
    const s = setup();
    if (!s) return null;
    try {
      const outcome = (
        await link.call(
          manualCheckin(s.eventId, {
            ticket_id: ticketId,
            nonce: crypto.randomUUID(),
            list_id: s.listId ?? undefined,
            gate_id: s.gateId ?? undefined,
            device: s.device,
          }),
          SCAN_TIMEOUT_MS * 2,
        )
      ).data;
      if (s.listId !== null) data.apply(ticketId, s.listId, outcome.result, s.gate);
      show({ result: outcome.result, ticket: outcome.ticket, first: outcome.first, offline: false }, null);
      void data.refreshCounters(s.eventId);
      return outcome.result === 'admitted' ? outcome.scanId : null;
    } catch (err) {
      toast('error', err instanceof ApiError && !isNetworkFailure(err) ? err.message : DOOR_TEXT.searchOffline);
      return null;
    }
  }

  async function undo(scanId: string, ticketId: string) {
    const s = setup();
    if (!s) return;
    try {
      const answer = await link.call(
        undoCheckin(s.eventId, { scan_id: scanId, nonce: crypto.randomUUID(), device: s.device }),
        SCAN_TIMEOUT_MS * 2,
      );
      if (s.listId !== null) data.apply(ticketId, s.listId, 'undone', '');
      repeats.clear();
      toast('success', answer.message);
      void data.refreshCounters(s.eventId);
    } catch (err) {
      toast('error', err instanceof ApiError && !isNetworkFailure(err) ? err.message : DOOR_TEXT.undoFailed);
    }
  }

  return {
    $card: $card as ReadableAtom<Card | null>,
    $announcement: $announcement as ReadableAtom<string>,
    watchCard,
    handleCode,
    admitByHand,
    undo,
    closeCard: () => $card.set(null),
    /** A new event: the codes read for the previous one mean nothing now. */
    forgetRepeats: () => repeats.clear(),
  };
}
