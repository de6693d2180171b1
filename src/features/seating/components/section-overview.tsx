import { useStore } from '@nanostores/react';
import { SEAT_MAP_TEXT } from '../../../shared/messages/seating';
import { formatCount, formatPrice } from '../../../shared/money';
import type { SeatPicker } from '../stores/seat-picker';

/** A standing section has no seats to place: it is drawn as a block of this size, in seat units. */
const STANDING = { w: 12, h: 6 };

/** Each section's rectangle on the first screen, in the map's seat units. */
function boxes(picker: SeatPicker) {
  return picker.options.date.map.sections.map((s) =>
    s.kind === 'seated'
      ? { id: s.id, name: s.name, ...s.box }
      : { id: s.id, name: s.name, x: s.x, y: s.y, ...STANDING },
  );
}

/** What a section costs: its category's price, or the lowest of its categories ("desde"). */
export function sectionPrice(picker: SeatPicker, id: string): string {
  const { date } = picker.options;
  const section = date.map.sections.find((s) => s.id === id);
  if (!section) return '';
  if (section.kind === 'standing') return date.standing[id] ? formatPrice(date.standing[id].price_cents) : '';
  const prices = [...new Set(section.categories.map((c) => date.categories[c]?.price_cents ?? 0))].sort(
    (a, b) => a - b,
  );
  if (prices.length === 0) return '';
  return prices.length === 1 ? formatPrice(prices[0]) : SEAT_MAP_TEXT.from(formatPrice(prices[0]));
}

/**
 * The map's first screen: every section with what is left and its price, as a list of buttons (a phone, a
 * keyboard, a screen reader) beside a small drawing of the venue that opens a section with the mouse too.
 * The buttons are in the server's HTML: a tap before the island is live is replayed (`data-early`).
 */
export function SectionOverview({ picker }: { picker: SeatPicker }) {
  const left = useStore(picker.$left);
  const { map } = picker.options.date;
  const shown = boxes(picker).filter((b) => !picker.options.categories || isForCategories(picker, b.id));
  const all = [...shown, { id: '', name: '', x: map.stage.x - 4, y: map.stage.y - 1, w: 8, h: 1 }];
  const minX = Math.min(...all.map((b) => b.x)) - 1;
  const minY = Math.min(...all.map((b) => b.y)) - 1;
  const width = Math.max(...all.map((b) => b.x + b.w)) - minX + 1;
  const height = Math.max(...all.map((b) => b.y + b.h)) - minY + 1;
  const leftOf = (id: string) => left.find((l) => l.id === id);
  return (
    <div className="flex flex-col gap-3">
      <svg
        viewBox={`${minX} ${minY} ${width} ${height}`}
        className="max-h-56 w-full rounded-box bg-base-300/40"
        aria-hidden="true"
        data-testid="venue-overview"
      >
        <rect x={map.stage.x - 4} y={map.stage.y - 1} width={8} height={1} className="fill-base-content/60" />
        {shown.map((b) => {
          const l = leftOf(b.id);
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: the buttons below open the same sections by keyboard
            <rect
              key={b.id}
              x={b.x}
              y={b.y}
              width={b.w}
              height={b.h}
              rx={0.5}
              className={`cursor-pointer ${l && l.available === 0 ? 'fill-base-content/20' : 'fill-success/50 hover:fill-success'}`}
              onClick={() => picker.openSection(b.id)}
            >
              <title>{b.name}</title>
            </rect>
          );
        })}
      </svg>
      <h4 className="text-sm font-semibold">{SEAT_MAP_TEXT.sections}</h4>
      <ul className="grid gap-2 sm:grid-cols-2">
        {shown.map((b) => {
          const l = leftOf(b.id);
          const soldOut = !!l && l.available === 0;
          return (
            <li key={b.id}>
              <button
                type="button"
                className="btn h-auto w-full justify-between py-2 text-left"
                disabled={soldOut}
                data-early="seating"
                data-section={b.id}
                onClick={() => picker.openSection(b.id)}
              >
                <span className="font-semibold">{b.name}</span>
                <span className="text-right text-xs font-normal">
                  <span className="block">
                    {soldOut
                      ? SEAT_MAP_TEXT.soldOut
                      : l
                        ? SEAT_MAP_TEXT.sectionLeft(formatCount(l.available), formatCount(l.total))
                        : ''}
                  </span>
                  <span className="block font-semibold">{sectionPrice(picker, b.id)}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function isForCategories(picker: SeatPicker, id: string) {
  const section = picker.options.date.map.sections.find((s) => s.id === id);
  const wanted = picker.options.categories ?? [];
  if (!section) return false;
  return section.kind === 'seated'
    ? section.categories.some((c) => wanted.includes(c))
    : wanted.includes(section.category);
}
