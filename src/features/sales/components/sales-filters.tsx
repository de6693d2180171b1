import { SelectField, TextField } from '../../../components/ui/fields';
import { useData } from '../../../components/ui/use-data';
import { SALES_PERIOD_LABEL, SALES_TEXT } from '../../../shared/messages/sales';
import { SALES_PERIODS } from '../../../shared/sales';
import { fetchManagedEvents } from '../api/events';

export type SalesFilterValue = { period: string; event_id: string; from: string; to: string };

/** Period (today, 7 days, 30 days, custom) and event choosers shared by the sales screens. */
export function SalesFilters({
  value,
  onChange,
  withAll = false,
}: {
  value: SalesFilterValue;
  onChange: (v: SalesFilterValue) => void;
  withAll?: boolean;
}) {
  // The event choices; without them the filter still offers "Todos los eventos".
  const events = useData(fetchManagedEvents, 'sales-filter-events').data ?? [];
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SelectField
        label={SALES_TEXT.period}
        className="select-sm"
        value={value.period}
        onValue={(v) => onChange({ ...value, period: v })}
      >
        {withAll && <option value="todo">{SALES_TEXT.everything}</option>}
        {SALES_PERIODS.map((p) => (
          <option key={p} value={p}>
            {SALES_PERIOD_LABEL[p]}
          </option>
        ))}
      </SelectField>
      {value.period === 'custom' && (
        <>
          <TextField
            label={SALES_TEXT.from}
            type="date"
            className="input-sm"
            value={value.from}
            onValue={(v) => onChange({ ...value, from: v })}
          />
          <TextField
            label={SALES_TEXT.to}
            type="date"
            className="input-sm"
            value={value.to}
            onValue={(v) => onChange({ ...value, to: v })}
          />
        </>
      )}
      <SelectField
        label={SALES_TEXT.event}
        className="select-sm"
        value={value.event_id}
        onValue={(v) => onChange({ ...value, event_id: v })}
      >
        <option value="">{SALES_TEXT.allEvents}</option>
        {events.map((e) => (
          <option key={e.id} value={e.id}>
            {e.title}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** The filter as API query parameters (empty ones left out; custom dates only when custom). */
export function filterQuery(v: SalesFilterValue): Record<string, string> {
  const q: Record<string, string> = { period: v.period };
  if (v.event_id) q.event_id = v.event_id;
  if (v.period === 'custom') {
    if (v.from) q.from = v.from;
    if (v.to) q.to = v.to;
  }
  return q;
}
