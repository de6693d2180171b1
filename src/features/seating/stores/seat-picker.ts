import { atom, computed } from 'nanostores';
import { messageOf } from '../../../lib/api';
import { MAX_TICKETS_PER_ORDER, SEAT_HOLD_MSG } from '../../../shared/messages/checkout';
import { SEAT_MAP_TEXT } from '../../../shared/messages/seating';
import type { PlacedSeat } from '../../../shared/seats';
import { fetchAvailability, fetchSection } from '../api/seat-map';
import { clampZoom, type LoadedSection, loadSection, pickProblem, ZOOM } from '../lib/pick';
import type { SeatedDateView, SectionLeft } from '../types';

/**
 * One seat map's state (issue 33), for a buyer's date on the event page or the box office's pick: which
 * section is open (its seats loaded on demand), map or list, the zoom, the seats taken (polled), the seats
 * picked and what the single-seat rule says about them. One picker per map on the page.
 */
export type SeatPickerOptions = {
  eventId: number;
  date: SeatedDateView;
  /** What is left per section when the page was drawn (the server read it). */
  left: SectionLeft[];
  /** Only seats of these categories can be picked (the box office's ticket type); all when absent. */
  categories?: string[];
  max?: number;
};

type SectionLoad = { status: 'loading' } | { status: 'error' } | ({ status: 'ready' } & LoadedSection);

/** How often the shown map asks again: with D1's mirror (about a second) and the cache (a second), a sale shows within about 2 s. */
export const POLL_MS = 1000;

export function createSeatPicker(options: SeatPickerOptions) {
  const { eventId, date } = options;
  const max = options.max ?? MAX_TICKETS_PER_ORDER;
  const $mode = atom<'map' | 'list'>('map');
  const $open = atom<string | null>(null);
  const $sections = atom<Record<string, SectionLoad>>({});
  const $left = atom<SectionLeft[]>(options.left);
  const $taken = atom<ReadonlySet<string>>(new Set());
  const $picked = atom<PlacedSeat[]>([]);
  /** Seats this page's own hold took: taken for everyone else once the availability lists them, the buyer's here. */
  const $held = atom<ReadonlySet<string>>(new Set());
  const $zoom = atom<number>(ZOOM.start);
  /** A message for the buyer beside the map: a refusal, a seat someone else took. */
  const $notice = atom<string | null>(null);

  const sellable = (seat: PlacedSeat) =>
    !seat.blocked && (!options.categories || options.categories.includes(seat.category));

  /** The single-seat rule over each section the pick touches (the API's own message). */
  const $problem = computed([$picked, $taken, $sections], (picked, taken, sections) => {
    for (const id of new Set(picked.map((s) => s.section))) {
      const loaded = sections[id];
      if (loaded?.status !== 'ready') continue;
      const problem = pickProblem(
        loaded,
        taken,
        picked.filter((s) => s.section === id),
        sellable,
      );
      if (problem) return problem;
    }
    return null;
  });

  async function load(id: string) {
    const known = $sections.get()[id];
    if (known && known.status !== 'error') return;
    $sections.set({ ...$sections.get(), [id]: { status: 'loading' } });
    try {
      const section = await fetchSection(eventId, date.event_date_id, id);
      $sections.set({ ...$sections.get(), [id]: { status: 'ready', ...loadSection(date.map, section) } });
    } catch {
      $sections.set({ ...$sections.get(), [id]: { status: 'error' } });
    }
  }

  /** The open section's taken seats and every section's count, as of at most a second ago. */
  async function refresh() {
    const open = $open.get();
    try {
      const answer = await fetchAvailability(eventId, open ?? '');
      const mine = answer.dates.find((d) => d.event_date_id === date.event_date_id);
      if (!mine || $open.get() !== open) return;
      $left.set(mine.sections);
      if (open === null) return;
      const taken = new Set(mine.taken);
      $taken.set(taken);
      // A picked seat someone else took meanwhile leaves the pick, and the buyer is told which.
      const held = $held.get();
      const lost = $picked.get().filter((s) => taken.has(s.id) && !held.has(s.id));
      if (lost.length > 0) {
        $picked.set($picked.get().filter((s) => !taken.has(s.id)));
        $notice.set(SEAT_HOLD_MSG.seatTaken(lost[0].name));
      }
    } catch (error) {
      // The next round tries again; a failing poll never clears what the buyer picked.
      console.warn('Seat availability', messageOf(error));
    }
  }

  return {
    options,
    $mode,
    $open,
    $sections,
    $left,
    $taken,
    $picked,
    $zoom,
    $notice,
    $problem,
    sellable,
    refresh,
    setMode: (mode: 'map' | 'list') => $mode.set(mode),
    async openSection(id: string | null) {
      $open.set(id);
      $taken.set(new Set());
      if (id === null) return;
      await Promise.all([load(id), refresh()]);
    },
    toggle(seat: PlacedSeat) {
      const picked = $picked.get();
      $notice.set(null);
      if (picked.some((s) => s.id === seat.id)) {
        $picked.set(picked.filter((s) => s.id !== seat.id));
        return;
      }
      if (!sellable(seat) || $taken.get().has(seat.id)) return;
      if (picked.length >= max) {
        $notice.set(SEAT_MAP_TEXT.tooMany(max));
        return;
      }
      $picked.set([...picked, seat]);
    },
    /** Seats the buyer's hold took (picked by hand or by best available): theirs on the map from now on. */
    showHeld(seats: PlacedSeat[]) {
      $held.set(new Set(seats.map((s) => s.id)));
      $picked.set(seats);
    },
    clear: () => $picked.set([]),
    notify: (message: string | null) => $notice.set(message),
    zoomBy: (factor: number) => $zoom.set(clampZoom($zoom.get() * factor)),
    setZoom: (zoom: number) => $zoom.set(clampZoom(zoom)),
    load,
  };
}

export type SeatPicker = ReturnType<typeof createSeatPicker>;
