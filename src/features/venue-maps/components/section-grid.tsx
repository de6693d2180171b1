import { useEffect, useMemo, useRef, useState } from 'react';
import { MAP_EDITOR_TEXT as T } from '../../../shared/messages/venue-maps';
import { formatCount } from '../../../shared/money';
import type { SeatMap } from '../../../shared/schemas/seating';
import type { PlacedSeat } from '../../../shared/seats';
import { SeatCheckbox } from '../../seating/components/seat-glyph';
import type { SeatState } from '../../seating/lib/pick';
import { useSeatGrid } from '../../seating/lib/seat-grid';
import { type GridSection, rowRange, toggleAll } from '../lib/selection';

/** Pixels per seat in the back office (a mouse, a desktop screen; the frame scrolls when a section is wider). */
const SEAT_PX = 22;

/**
 * One section's seats for the producer (issue 33): click a seat, drag across seats, or shift-click for the row up
 * to that seat; with the keyboard, one tab stop per section and the arrows (lib/seat-grid.ts), Enter or Space to
 * pick. Each seat is a checkbox named by `label`; what picking does is the caller's (`onPick`).
 */
export function SectionGrid({
  grid,
  title,
  label,
  state,
  onPick,
}: {
  grid: GridSection;
  title: string;
  label: (seat: PlacedSeat) => string;
  state: (seat: PlacedSeat) => SeatState;
  /** `toggle`: one seat clicked; `add`: a drag or a shift-click's range. */
  onPick: (seats: PlacedSeat[], how: 'toggle' | 'add') => void;
}) {
  const { seats, rows } = grid;
  const keys = useSeatGrid(rows, (seat) => onPick([seat], 'toggle'));
  const anchor = useRef<string | null>(null);
  const [drag, setDrag] = useState<string[] | null>(null);
  const byId = useMemo(() => new Map(seats.map((s) => [s.id, s])), [seats]);
  const bounds = useMemo(() => {
    let [x, y, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const s of seats) {
      x = Math.min(x, s.x);
      y = Math.min(y, s.y);
      right = Math.max(right, s.x);
      bottom = Math.max(bottom, s.y);
    }
    return { x, y, w: right - x + 1, h: bottom - y + 1 };
  }, [seats]);

  // A drag ends wherever the button is let go (outside the map too).
  const dragRef = useRef(drag);
  dragRef.current = drag;
  useEffect(() => {
    if (drag === null) return;
    const up = () => {
      const ids = dragRef.current ?? [];
      setDrag(null);
      const picked = ids.map((id) => byId.get(id)).filter((s): s is PlacedSeat => !!s);
      if (picked.length === 1) onPick(picked, 'toggle');
      else if (picked.length > 1) onPick(picked, 'add');
    };
    window.addEventListener('pointerup', up);
    return () => window.removeEventListener('pointerup', up);
  }, [drag, byId, onPick]);

  const dragging = new Set(drag ?? []);
  return (
    <section aria-label={title} className="max-h-[60vh] overflow-auto rounded-box bg-base-300 p-2">
      <svg
        ref={keys.grid}
        onKeyDown={keys.onKeyDown}
        onFocus={keys.onFocus}
        viewBox={`${bounds.x - 0.25} ${bounds.y - 0.25} ${bounds.w + 0.5} ${bounds.h + 0.5}`}
        width={(bounds.w + 0.5) * SEAT_PX}
        height={(bounds.h + 0.5) * SEAT_PX}
        className="select-none"
      >
        <title>{title}</title>
        {seats.map((seat) => {
          const shown = dragging.has(seat.id) ? 'picked' : state(seat);
          return (
            <SeatCheckbox
              key={seat.id}
              seat={seat}
              state={shown}
              checked={state(seat) === 'picked'}
              label={label(seat)}
              tabIndex={keys.tabIndexOf(seat)}
              onPointerDown={(e) => {
                if (e.button !== 0) return;
                e.preventDefault();
                (e.currentTarget as SVGGElement).focus();
                if (e.shiftKey) {
                  onPick(rowRange(rows, anchor.current, seat), 'add');
                  anchor.current = seat.id;
                  return;
                }
                anchor.current = seat.id;
                setDrag([seat.id]);
              }}
              onPointerEnter={() => {
                if (dragRef.current && !dragRef.current.includes(seat.id)) setDrag([...dragRef.current, seat.id]);
              }}
            />
          );
        })}
      </svg>
    </section>
  );
}

/** Maps up to this many seats open every section at once (a theatre); bigger ones open a section at a time. */
const OPEN_ALL_UP_TO = 3000;

type GridProps = Pick<Parameters<typeof SectionGrid>[0], 'label' | 'state' | 'onPick'>;

/**
 * Every section of a map, each with its name, "Todo el sector" and its grid (standing sections as a line). A
 * stadium's tens of thousands of seats are not all drawn at once: its sections open one by one.
 */
export function SectionGrids({ map, grids, ...grid }: { map: SeatMap; grids: GridSection[] } & GridProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() =>
    grids.reduce((n, g) => n + g.seats.length, 0) <= OPEN_ALL_UP_TO
      ? new Set(grids.map((g) => g.section.id))
      : new Set(),
  );
  return (
    <>
      {map.sections.map((section) => {
        const found = grids.find((g) => g.section.id === section.id);
        if (!found)
          return (
            <p key={section.id} className="text-base-content/80">
              {section.kind === 'standing' && T.standingSection(section.name, formatCount(section.capacity))}
            </p>
          );
        const shown = open.has(section.id);
        return (
          <div key={section.id} className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold">{section.name}</h3>
              <button
                type="button"
                className="btn btn-xs"
                aria-expanded={shown}
                onClick={() => setOpen(toggleAll(open, [section.id]))}
              >
                {shown ? T.hideSeats : T.showSeats(formatCount(found.seats.length))}
              </button>
              <button type="button" className="btn btn-xs" onClick={() => grid.onPick(found.seats, 'add')}>
                {T.selectSection}
              </button>
            </div>
            {shown && <SectionGrid grid={found} title={T.sectionSeats(section.name)} {...grid} />}
          </div>
        );
      })}
    </>
  );
}
