import { SEAT_MAP_TEXT, SEAT_STATE_LABEL } from '../../../shared/messages/seating';
import type { SeatState } from '../lib/pick';
import { SeatGlyph } from './seat-glyph';

export type LegendItem = {
  label: string;
  glyph: { state: SeatState; wheelchair?: boolean; companion?: boolean; restricted?: boolean };
};

const BUYER_ITEMS: readonly LegendItem[] = [
  { label: SEAT_STATE_LABEL.available, glyph: { state: 'available' } },
  { label: SEAT_STATE_LABEL.taken, glyph: { state: 'taken' } },
  { label: SEAT_STATE_LABEL.picked, glyph: { state: 'picked' } },
  { label: SEAT_STATE_LABEL.wheelchair, glyph: { state: 'available', wheelchair: true } },
  { label: SEAT_STATE_LABEL.companion, glyph: { state: 'available', companion: true } },
  { label: SEAT_STATE_LABEL.restricted, glyph: { state: 'available', restricted: true } },
];

/**
 * The map's legend, in Spanish: what each colour and shape means (the buyer's by default; the producer's editor
 * names the same glyphs its own way). `Heading` keeps the page's heading levels in order.
 */
export function SeatLegend({
  items = BUYER_ITEMS,
  Heading = 'h4',
}: {
  items?: readonly LegendItem[];
  Heading?: 'h2' | 'h3' | 'h4';
}) {
  return (
    <div>
      <Heading className="text-sm font-semibold">{SEAT_MAP_TEXT.legend}</Heading>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="seat-legend">
        {items.map((item) => (
          <li key={item.label} className="flex items-center gap-1">
            <svg viewBox="0 0 1 1" width="16" height="16" aria-hidden="true">
              <SeatGlyph x={0} y={0} {...item.glyph} />
            </svg>
            <span className="first-letter:uppercase">{item.label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
