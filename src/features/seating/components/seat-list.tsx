import { useStore } from '@nanostores/react';
import { useId, useMemo, useState } from 'react';
import { SEAT_MAP_TEXT } from '../../../shared/messages/seating';
import { type LoadedSection, seatLabel, seatState } from '../lib/pick';
import type { SeatPicker } from '../stores/seat-picker';

/**
 * The list mode (section → row → seat): a row chooser and that row's seats as checkboxes, each read as
 * "Platea, fila F, butaca 12, disponible, $ 25.000". Native controls: the keyboard and screen readers need
 * nothing more.
 */
export function SeatList({ picker, section }: { picker: SeatPicker; section: LoadedSection }) {
  const taken = useStore(picker.$taken);
  const picked = useStore(picker.$picked);
  const pickedIds = useMemo(() => new Set(picked.map((s) => s.id)), [picked]);
  const rows = section.rows.filter(Boolean);
  const [rowIndex, setRowIndex] = useState(rows[0]?.[0]?.rowIndex ?? 0);
  const row = rows.find((r) => r[0].rowIndex === rowIndex) ?? rows[0] ?? [];
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-row`}>
        {SEAT_MAP_TEXT.row}
      </label>
      <select
        id={`${id}-row`}
        className="select w-full"
        value={rowIndex}
        onChange={(e) => setRowIndex(Number(e.currentTarget.value))}
      >
        {rows.map((r) => (
          <option key={r[0].rowIndex} value={r[0].rowIndex}>
            {SEAT_MAP_TEXT.rowLabel(r[0].row)}
          </option>
        ))}
      </select>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-semibold">
          {row[0] && `${row[0].sectionName}, ${SEAT_MAP_TEXT.rowLabel(row[0].row).toLowerCase()}`}
        </legend>
        <ul className="grid gap-1 sm:grid-cols-2">
          {row.map((seat) => {
            const state = seatState(seat, taken, pickedIds);
            const pickable = state === 'picked' || (state === 'available' && picker.sellable(seat));
            return (
              <li key={seat.id}>
                <label className="flex cursor-pointer items-center gap-2 rounded p-1 text-sm">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm"
                    checked={state === 'picked'}
                    disabled={!pickable}
                    onChange={() => picker.toggle(seat)}
                  />
                  <span>{seatLabel(seat, state, picker.options.date.categories[seat.category])}</span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </div>
  );
}
