import { atom, computed, effect, type ReadableAtom } from 'nanostores';
import { UNDO_WINDOW_MS } from '../../../shared/checkin';
import { searchTickets } from '../lib/local-decision';
import type { OfflineBundle } from '../types';

type Tickets = OfflineBundle['tickets'];
/** The server is asked once typing pauses this long. */
export const SEARCH_PAUSE_MS = 250;

/** What the server found first (it knows DNIs and e-mails), then what only the download has, once each. */
const merged = (remote: Tickets, local: Tickets) => [
  ...remote,
  ...local.filter((t) => !remote.some((r) => r.id === t.id)),
];

/**
 * The door's search, by name, DNI, e-mail, short code or order number, with check-in by hand: the downloaded
 * tickets at once, and the server's answer (which finds DNIs and e-mails the download does not carry) when
 * online. An admission made here may be undone for a while.
 */
export function createDoorSearch({
  $online,
  searchOnline,
  admit,
  undo,
}: {
  $online: ReadableAtom<boolean>;
  /** The server's search; null offline or on failure. */
  searchOnline: (q: string) => Promise<Tickets | null>;
  admit: (ticketId: string) => Promise<string | null>;
  undo: (scanId: string, ticketId: string) => Promise<void>;
}) {
  const $query = atom('');
  const $remote = atom<{ q: string; tickets: Tickets } | null>(null);
  const $asking = atom(false);
  const $admitted = atom<ReadonlyMap<string, { scanId: string; at: number }>>(new Map());
  /** Offline, a DNI or an e-mail can only be found by the server (the download does not carry them all). */
  const $needsNetwork = computed(
    [$query, $online],
    (query, online) => !online && (/^\d{7,8}$/.test(query.trim()) || query.includes('@')),
  );

  /** While the search is open: the server is asked once typing pauses; an answer to older words is dropped. */
  const watch = () =>
    effect([$query, $online], (query, online) => {
      const q = query.trim();
      if (q.length < 2 || !online) return;
      let current = true;
      $asking.set(true);
      const timer = setTimeout(() => {
        void searchOnline(q).then((tickets) => {
          if (!current) return;
          $asking.set(false);
          if (tickets) $remote.set({ q, tickets });
        });
      }, SEARCH_PAUSE_MS);
      return () => {
        current = false;
        clearTimeout(timer);
        $asking.set(false);
      };
    });

  /** The tickets to show for the words typed: the server's first when they answer these words. */
  function results(bundle: OfflineBundle) {
    const query = $query.get();
    const remote = $remote.get();
    const local = searchTickets(bundle, query);
    return remote && remote.q === query.trim() ? merged(remote.tickets, local).slice(0, 20) : local;
  }

  /** The scan to undo for a ticket admitted here, while the undo window is open. */
  function undoable(ticketId: string, now: number) {
    const mine = $admitted.get().get(ticketId);
    return mine && now - mine.at < UNDO_WINDOW_MS ? mine.scanId : null;
  }

  return {
    $query: $query as ReadableAtom<string>,
    $remote: $remote as ReadableAtom<{ q: string; tickets: Tickets } | null>,
    $asking: $asking as ReadableAtom<boolean>,
    $admitted,
    $needsNetwork,
    watch,
    results,
    undoable,
    setQuery: (query: string) => $query.set(query),
    /** A search opened again starts empty. */
    reset() {
      $query.set('');
      $remote.set(null);
      $asking.set(false);
      $admitted.set(new Map());
    },
    async admit(ticketId: string) {
      const scanId = await admit(ticketId);
      if (scanId) $admitted.set(new Map($admitted.get()).set(ticketId, { scanId, at: Date.now() }));
    },
    async undo(ticketId: string) {
      const mine = $admitted.get().get(ticketId);
      if (!mine) return;
      await undo(mine.scanId, ticketId);
      const next = new Map($admitted.get());
      next.delete(ticketId);
      $admitted.set(next);
    },
  };
}

export type DoorSearchStore = ReturnType<typeof createDoorSearch>;
