import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef } from 'react';
import { SEAT_MAP_TEXT } from '../../../shared/messages/seating';
import type { PlacedSeat } from '../../../shared/seats';
import { fitZoom, type LoadedSection, pinchZoom, seatLabel, seatState, ZOOM } from '../lib/pick';
import { useSeatGrid } from '../lib/seat-grid';
import type { SeatPicker } from '../stores/seat-picker';
import { SeatCheckbox } from './seat-glyph';

/**
 * One section's seats drawn to scale (SVG): tap or click a seat to pick it; pinch (two fingers), Ctrl + wheel
 * (a trackpad's pinch) or the + and − buttons zoom; the frame scrolls to pan. The seats are one tab stop (a
 * roving tabindex, lib/seat-grid.ts): the arrows move seat to seat and Enter or Space picks, each seat named as the
 * list mode names it ("Platea, fila F, butaca 12, disponible, $ 25.000").
 */
export function SectionSeats({ picker, section }: { picker: SeatPicker; section: LoadedSection }) {
  const zoom = useStore(picker.$zoom);
  const taken = useStore(picker.$taken);
  const picked = useStore(picker.$picked);
  const frame = useRef<HTMLElement>(null);
  const pickedIds = useMemo(() => new Set(picked.map((s) => s.id)), [picked]);
  const keys = useSeatGrid(section.rows, picker.toggle);
  const bounds = useMemo(() => {
    const xs = section.seats.map((s) => s.x);
    const ys = section.seats.map((s) => s.y);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return { x, y, w: Math.max(...xs) - x + 1, h: Math.max(...ys) - y + 1 };
  }, [section]);

  // The first view of a section fits its width on the screen (a thumb then zooms in).
  useEffect(() => {
    const width = frame.current?.clientWidth ?? 0;
    if (width > 0) picker.setZoom(Math.max(fitZoom(bounds.w, width - 8), 12));
  }, [picker, bounds.w]);

  // Pinch: two pointers on the frame; the zoom follows the distance between them.
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const pointers = new Map<number, { x: number; y: number }>();
    let start: { zoom: number; distance: number } | null = null;
    const distance = () => {
      const [a, b] = [...pointers.values()];
      return Math.hypot(a.x - b.x, a.y - b.y);
    };
    const down = (e: PointerEvent) => {
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.size === 2) start = { zoom: picker.$zoom.get(), distance: distance() };
    };
    const move = (e: PointerEvent) => {
      if (!pointers.has(e.pointerId)) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (start && pointers.size === 2) picker.setZoom(pinchZoom(start.zoom, start.distance, distance()));
    };
    const up = (e: PointerEvent) => {
      pointers.delete(e.pointerId);
      if (pointers.size < 2) start = null;
    };
    const wheel = (e: WheelEvent) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      picker.zoomBy(e.deltaY < 0 ? 1.1 : 1 / 1.1);
    };
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    el.addEventListener('wheel', wheel, { passive: false });
    return () => {
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
      el.removeEventListener('wheel', wheel);
    };
  }, [picker]);

  const sale = (seat: PlacedSeat) => picker.options.date.categories[seat.category];
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs text-base-content/80">{SEAT_MAP_TEXT.mapHint}</p>
        <div className="join">
          <button
            type="button"
            className="btn join-item btn-sm"
            aria-label={SEAT_MAP_TEXT.zoomOut}
            disabled={zoom <= ZOOM.min}
            onClick={() => picker.zoomBy(1 / ZOOM.step)}
          >
            −
          </button>
          <button
            type="button"
            className="btn join-item btn-sm"
            aria-label={SEAT_MAP_TEXT.zoomIn}
            disabled={zoom >= ZOOM.max}
            onClick={() => picker.zoomBy(ZOOM.step)}
          >
            +
          </button>
        </div>
      </div>
      {/* A focused seat scrolls the frame to it; pan-x pan-y leaves the pinch to the map, not the page. */}
      <section
        ref={frame}
        aria-label={SEAT_MAP_TEXT.seatsOf(section.seats[0]?.sectionName ?? '')}
        className="max-h-[60vh] overflow-auto rounded-box bg-base-200 p-1"
        style={{ touchAction: 'pan-x pan-y' }}
        data-testid="seat-frame"
      >
        <svg
          ref={keys.grid}
          onKeyDown={keys.onKeyDown}
          onFocus={keys.onFocus}
          viewBox={`${bounds.x - 0.25} ${bounds.y - 0.25} ${bounds.w + 0.5} ${bounds.h + 0.5}`}
          width={(bounds.w + 0.5) * zoom}
          height={(bounds.h + 0.5) * zoom}
          data-zoom={zoom}
        >
          <title>{SEAT_MAP_TEXT.seatsOf(section.seats[0]?.sectionName ?? '')}</title>
          {section.seats.map((seat) => {
            const state = seatState(seat, taken, pickedIds);
            const pickable = state !== 'taken' && picker.sellable(seat);
            return (
              <SeatCheckbox
                key={seat.id}
                seat={seat}
                state={state}
                checked={state === 'picked'}
                disabled={!pickable && state !== 'picked'}
                label={seatLabel(seat, state, sale(seat))}
                tabIndex={keys.tabIndexOf(seat)}
                pointer={pickable || state === 'picked'}
                onClick={() => picker.toggle(seat)}
              />
            );
          })}
        </svg>
      </section>
    </div>
  );
}
