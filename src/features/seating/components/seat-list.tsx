import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { CheckboxField, SelectField } from '../../../components/ui/fields';
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
  return (
    <div className="flex flex-col gap-2">
      <SelectField label={SEAT_MAP_TEXT.row} value={String(rowIndex)} onValue={(v) => setRowIndex(Number(v))}>
        {rows.map((r) => (
          <option key={r[0].rowIndex} value={String(r[0].rowIndex)}>
            {SEAT_MAP_TEXT.rowLabel(r[0].row)}
          </option>
        ))}
      </SelectField>
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
                <CheckboxField
                  label={seatLabel(seat, state, picker.options.date.categories[seat.category])}
                  checked={state === 'picked'}
                  disabled={!pickable}
                  onChecked={() => picker.toggle(seat)}
                />
              </li>
            );
          })}
        </ul>
      </fieldset>
    </div>
  );
}
