import { type KeyboardEvent, useCallback, useMemo, useRef, useState } from 'react';
import type { PlacedSeat } from '../../../shared/seats';

/**
 * A section's seats as one keyboard stop (a roving tabindex, issue 33): Tab reaches the grid once, on its last
 * focused seat (the first seat at first); the arrows move seat to seat (left and right along the row, up and
 * down to the nearest seat of the row in front or behind), Home and End go to the row's ends, Enter or Space
 * acts on the seat. Used by the buyer's map and the producer's map editor alike.
 */

export type GridKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';
const GRID_KEYS = new Set<string>(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

/** Where `key` moves from the seat `id` among `rows` (each row's seats left to right); the same seat at an edge. */
export function nextSeat(rows: readonly (readonly PlacedSeat[])[], id: string, key: GridKey): PlacedSeat | null {
  const filled = rows.filter((r) => r && r.length > 0);
  const r = filled.findIndex((row) => row.some((s) => s.id === id));
  if (r === -1) return filled[0]?.[0] ?? null;
  const row = filled[r];
  const at = row.findIndex((s) => s.id === id);
  if (key === 'ArrowLeft') return row[Math.max(0, at - 1)];
  if (key === 'ArrowRight') return row[Math.min(row.length - 1, at + 1)];
  if (key === 'Home') return row[0];
  if (key === 'End') return row[row.length - 1];
  const other = filled[key === 'ArrowUp' ? r - 1 : r + 1];
  if (!other) return row[at];
  // The row in front or behind may be wider, curved or offset: its seat nearest across.
  const x = row[at].ax;
  return other.reduce((best, s) => (Math.abs(s.ax - x) < Math.abs(best.ax - x) ? s : best), other[0]);
}

/**
 * The roving tabindex of one grid: `tabIndexOf(seat)` (0 for the grid's current seat, -1 for the rest), the
 * grid's `onKeyDown` (put it on the element around the seats, each marked `data-seat`), and `onFocus` to keep
 * the current seat where a click or a focus left it.
 */
export function useSeatGrid(rows: readonly (readonly PlacedSeat[])[], act: (seat: PlacedSeat) => void) {
  const [current, setCurrent] = useState<string | null>(null);
  const grid = useRef<SVGSVGElement>(null);
  const byId = useMemo(() => new Map(rows.flatMap((r) => r ?? []).map((s) => [s.id, s])), [rows]);
  const first = useMemo(() => rows.find((r) => r && r.length > 0)?.[0]?.id ?? null, [rows]);
  const active = current && byId.has(current) ? current : first;

  const onKeyDown = useCallback(
    (e: KeyboardEvent) => {
      const id = (e.target as Element).closest?.('[data-seat]')?.getAttribute('data-seat');
      const seat = id ? byId.get(id) : undefined;
      if (!seat) return;
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        act(seat);
        return;
      }
      if (!GRID_KEYS.has(e.key)) return;
      e.preventDefault();
      const next = nextSeat(rows, seat.id, e.key as GridKey);
      if (!next) return;
      setCurrent(next.id);
      grid.current?.querySelector<SVGElement>(`[data-seat="${CSS.escape(next.id)}"]`)?.focus();
    },
    [rows, byId, act],
  );
  const onFocus = useCallback((e: { target: EventTarget }) => {
    const id = (e.target as Element).closest?.('[data-seat]')?.getAttribute('data-seat');
    if (id) setCurrent(id);
  }, []);
  return { grid, onKeyDown, onFocus, tabIndexOf: (seat: PlacedSeat) => (seat.id === active ? 0 : -1) };
}
