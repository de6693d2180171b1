import { useState } from 'react';
import { SelectField, SubmitButton } from '../../../components/ui/fields';
import { SEAT_MAP_TEXT } from '../../../shared/messages/seating';
import { formatPrice } from '../../../shared/money';
import type { SeatedDateView } from '../types';

/** How many seats one "Mejor ubicación disponible" may ask for (the type's own maximum still applies). */
const COUNTS = Array.from({ length: 10 }, (_, i) => i + 1);

/**
 * "Mejor ubicación disponible": a quantity and a category; the caller holds the best adjacent seats and shows
 * them on the map before the buyer pays.
 */
export function BestAvailable({
  date,
  busy,
  onAsk,
}: {
  date: SeatedDateView;
  busy: boolean;
  onAsk: (category: string, quantity: number) => void;
}) {
  const categories = date.map.categories.filter((c) => date.categories[c.key]);
  const [category, setCategory] = useState(categories[0]?.key ?? '');
  const [quantity, setQuantity] = useState('2');
  return (
    <form
      className="flex flex-col gap-2 rounded-box bg-base-300/60 p-3"
      aria-label={SEAT_MAP_TEXT.bestHeading}
      onSubmit={(e) => {
        e.preventDefault();
        onAsk(category, Number(quantity));
      }}
    >
      <h4 className="font-semibold">{SEAT_MAP_TEXT.bestHeading}</h4>
      <p className="text-xs text-base-content/80">{SEAT_MAP_TEXT.bestHint}</p>
      <div className="grid grid-cols-2 gap-2">
        <SelectField label={SEAT_MAP_TEXT.quantity} value={quantity} onValue={setQuantity}>
          {COUNTS.map((n) => (
            <option key={n} value={String(n)}>
              {n}
            </option>
          ))}
        </SelectField>
        <SelectField label={SEAT_MAP_TEXT.category} value={category} onValue={setCategory}>
          {categories.map((c) => (
            <option key={c.key} value={c.key}>
              {c.name} · {formatPrice(date.categories[c.key].price_cents)}
            </option>
          ))}
        </SelectField>
      </div>
      <SubmitButton className="btn btn-secondary" busy={busy} disabled={!category}>
        {SEAT_MAP_TEXT.bestSubmit}
      </SubmitButton>
    </form>
  );
}
