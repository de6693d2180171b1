import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { takeEarlyTaps } from '../../../shared/early-taps';
import { SEAT_MAP_TEXT } from '../../../shared/messages/seating';
import type { SeatPicker } from '../stores/seat-picker';
import { POLL_MS } from '../stores/seat-picker';
import { SeatLegend } from './seat-legend';
import { SeatList } from './seat-list';
import { SectionOverview } from './section-overview';
import { SectionSeats } from './section-seats';

/**
 * The seat map both the buyer and the box office use (issue 33): first the sections with what is left in each,
 * then one section's seats, on the map or as a list; the legend; the seats picked with what the single-seat
 * rule says. While it is on screen it asks for the availability every POLL_MS (the cached endpoint, never
 * the inventory object). `standing` draws an opened standing section (the buyer's quantity).
 */
export function SeatMapView({ picker, standing }: { picker: SeatPicker; standing?: (id: string) => ReactNode }) {
  const mode = useStore(picker.$mode);
  const open = useStore(picker.$open);
  const sections = useStore(picker.$sections);
  const picked = useStore(picker.$picked);
  const problem = useStore(picker.$problem);
  const notice = useStore(picker.$notice);
  const root = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const last = useRef<string | null>(null);

  // Opening a section removes the button that opened it: the focus goes to the section's heading, and back to
  // that section's button when the buyer returns (a keyboard or screen reader is never dropped at the top).
  useEffect(() => {
    const active = document.activeElement;
    const ours = !active || active === document.body || root.current?.contains(active);
    if (open !== null) {
      last.current = open;
      if (ours) heading.current?.focus();
    } else if (last.current && ours) {
      root.current?.querySelector<HTMLButtonElement>(`[data-section="${last.current}"]`)?.focus();
    }
  }, [open]);

  // Sections tapped before the island was live open now (their buttons are in the server's HTML).
  useEffect(() => {
    if (!root.current) return;
    for (const button of takeEarlyTaps('seating', root.current)) (button as HTMLButtonElement).click();
  }, []);

  // Poll while the map is shown (a hidden date's map, or a hidden tab, asks nothing).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      if (!document.hidden && root.current?.offsetParent) await picker.refresh();
      timer = setTimeout(tick, POLL_MS);
    };
    timer = setTimeout(tick, POLL_MS);
    return () => clearTimeout(timer);
  }, [picker]);

  const outline = picker.options.date.map.sections.find((s) => s.id === open);
  const loaded = open ? sections[open] : undefined;
  return (
    <div ref={root} className="flex flex-col gap-3" data-testid="seat-map">
      <fieldset className="flex items-center gap-2">
        <legend className="sr-only">{SEAT_MAP_TEXT.modes}</legend>
        <div className="join">
          {(['map', 'list'] as const).map((m) => (
            <button
              key={m}
              type="button"
              className={`btn join-item btn-sm ${mode === m ? 'btn-active' : ''}`}
              aria-pressed={mode === m}
              onClick={() => picker.setMode(m)}
            >
              {m === 'map' ? SEAT_MAP_TEXT.mapMode : SEAT_MAP_TEXT.listMode}
            </button>
          ))}
        </div>
      </fieldset>
      {open === null || !outline ? (
        <SectionOverview picker={picker} />
      ) : (
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between gap-2">
            <h4 ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
              {outline.name}
            </h4>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => picker.openSection(null)}>
              {SEAT_MAP_TEXT.backToSections}
            </button>
          </div>
          {outline.kind === 'standing' ? (
            standing?.(outline.id)
          ) : loaded?.status === 'ready' ? (
            mode === 'map' ? (
              <SectionSeats picker={picker} section={loaded} />
            ) : (
              <SeatList picker={picker} section={loaded} />
            )
          ) : loaded?.status === 'error' ? (
            <p role="alert" className="text-sm text-error">
              {SEAT_MAP_TEXT.loadFailed}
            </p>
          ) : (
            <p className="text-sm" aria-busy="true">
              {SEAT_MAP_TEXT.loading}
            </p>
          )}
        </div>
      )}
      <SeatLegend />
      <div className="flex flex-col gap-1" aria-live="polite">
        <h4 className="text-sm font-semibold">{SEAT_MAP_TEXT.pickedList}</h4>
        {picked.length === 0 ? (
          <p className="text-sm text-base-content/80">{SEAT_MAP_TEXT.noneYet}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" data-testid="picked-seats">
            {picked.map((seat) => (
              <li key={seat.id} className="badge badge-primary gap-1 py-3">
                {seat.name}
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  aria-label={SEAT_MAP_TEXT.remove(seat.name)}
                  onClick={() => picker.toggle(seat)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {(problem ?? notice) && (
        <p role="alert" className="text-sm text-error" data-testid="seat-problem">
          {problem ?? notice}
        </p>
      )}
    </div>
  );
}
