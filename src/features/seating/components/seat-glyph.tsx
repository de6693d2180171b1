import type { DOMAttributes } from 'react';
import type { PlacedSeat } from '../../../shared/seats';
import type { SeatState } from '../lib/pick';

/** How a seat is drawn, the same on the map and in its legend: state by colour, flags by shape and outline. */
export type GlyphKind = SeatState | 'wheelchair' | 'companion' | 'restricted';

const FILL: Record<SeatState, string> = {
  available: 'fill-success',
  taken: 'fill-base-content/25',
  picked: 'fill-primary',
};

export function SeatGlyph({
  x,
  y,
  state,
  wheelchair = false,
  companion = false,
  restricted = false,
}: {
  x: number;
  y: number;
  state: SeatState;
  wheelchair?: boolean;
  companion?: boolean;
  restricted?: boolean;
}) {
  const stroke = restricted ? 'stroke-warning' : companion ? 'stroke-info' : 'stroke-none';
  const common = `${FILL[state]} ${stroke}`;
  const dash = restricted ? '0.12 0.08' : undefined;
  // A wheelchair place is a square (shape, not colour alone, tells it apart); the others are round.
  return wheelchair ? (
    <rect x={x + 0.1} y={y + 0.1} width={0.8} height={0.8} rx={0.12} className={common} strokeWidth={0.12} />
  ) : (
    <circle cx={x + 0.5} cy={y + 0.5} r={0.4} className={common} strokeWidth={0.12} strokeDasharray={dash} />
  );
}

/**
 * A seat as a checkbox of a seat grid (the buyer's map, the producer's editor): its glyph, its spoken name, its
 * place in the grid's roving tabindex (lib/seat-grid.ts) and `data-seat`, by which the grid finds it.
 */
export function SeatCheckbox({
  seat,
  state,
  checked,
  label,
  tabIndex,
  disabled = false,
  pointer = true,
  ...handlers
}: {
  seat: PlacedSeat;
  /** How it is drawn (a drag in progress draws seats as picked before they are). */
  state: SeatState;
  checked: boolean;
  label: string;
  tabIndex: number;
  disabled?: boolean;
  pointer?: boolean;
} & Pick<DOMAttributes<SVGGElement>, 'onClick' | 'onPointerDown' | 'onPointerEnter'>) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG seat has no native checkbox
    <g
      role="checkbox"
      aria-checked={checked}
      aria-disabled={disabled || undefined}
      aria-label={label}
      tabIndex={tabIndex}
      data-seat={seat.id}
      className={pointer ? 'cursor-pointer' : undefined}
      {...handlers}
    >
      <SeatGlyph
        x={seat.x}
        y={seat.y}
        state={state}
        wheelchair={seat.wheelchair}
        companion={seat.companion}
        restricted={seat.restricted_view}
      />
    </g>
  );
}
