import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useState } from 'react';
import { Radio, SelectField, SubmitButton, TextField } from '../../../components/ui/fields';
import { useData } from '../../../components/ui/use-data';
import { messageOf } from '../../../lib/api';
import { formatEventDate } from '../../../shared/dates';
import { BOX_OFFICE_METHOD_LABEL } from '../../../shared/messages/payments';
import { SALES_TEXT } from '../../../shared/messages/sales';
import { formatMoney } from '../../../shared/money';
import { fetchSeatedDates } from '../../seating/api/seat-map';
import { BoxOfficeSeats } from '../../seating/components/box-office-seats';
import { holdItems } from '../../seating/lib/pick';
import type { SeatPicker } from '../../seating/stores/seat-picker';
import { fetchEventTypes, sellAtBoxOffice } from '../api/box-office';
import { fetchManagedEvents } from '../api/events';

type Method = keyof typeof BOX_OFFICE_METHOD_LABEL;
const EMPTY = atom<never[]>([]);
type TicketType = Awaited<ReturnType<typeof fetchEventTypes>>[number];

/** "Venta en boletería": staff sell at the door; then the receipt screen hands over the tickets. */
export function BoxOfficeForm({ onSold }: { onSold: () => void }) {
  const [eventId, setEventId] = useState('');
  const [typeId, setTypeId] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [method, setMethod] = useState<Method>('cash');
  const [buyer, setBuyer] = useState({ name: '', email: '', dni: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const eventList = useData(
    async () => (await fetchManagedEvents()).filter((e) => e.status === 'publicado'),
    'box-office-events',
  );
  const events = eventList.data ?? [];
  // The types of the chosen event; switching events fast never shows the previous event's types.
  const typeList = useData<TicketType[]>(() => (eventId ? fetchEventTypes(eventId) : Promise.resolve([])), eventId);
  const types = typeList.data ?? [];
  useEffect(() => {
    setTypeId(typeList.data?.[0] ? String(typeList.data[0].id) : '');
  }, [typeList.data]);
  const loadError = eventList.error ?? typeList.error;

  // A seated event (issue 33): the seat map of the chosen type's date; seats picked there are sold.
  const seatedList = useData(
    () => (eventId ? fetchSeatedDates(Number(eventId)).catch(() => []) : Promise.resolve([])),
    `seats:${eventId}`,
  );
  const seated = (seatedList.data ?? [])
    .flatMap((date) => Object.entries(date.categories).map(([category, sale]) => ({ date, category, sale })))
    .find((s) => String(s.sale.ticket_type_id) === typeId);
  const [picker, setPicker] = useState<SeatPicker | null>(null);
  const picked = useStore(picker?.$picked ?? EMPTY);
  const seats = seated && picker ? picked : [];
  const count = seats.length > 0 ? seats.length : quantity;

  const type = types.find((t) => String(t.id) === typeId);
  return (
    <form
      className="grid gap-3 md:grid-cols-3"
      aria-label={SALES_TEXT.boxOffice}
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        try {
          const sold = await sellAtBoxOffice({
            event_id: Number(eventId),
            // Picked seats, or for a seated type without a pick the best available ones.
            items:
              seats.length > 0 && seated
                ? holdItems(seats, seated.date.categories)
                : [{ ticket_type_id: Number(typeId), quantity, ...(seated ? { best: true } : {}) }],
            method,
            buyer,
          });
          onSold();
          // The receipt: order code, amount, method and the tickets to hand over (print, PDF, e-mail).
          window.location.assign(`/admin/boleteria/${sold.order_id}`);
        } catch (err) {
          setError(messageOf(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <SelectField label={SALES_TEXT.event} required value={eventId} onValue={setEventId}>
        <option value="">{SALES_TEXT.chooseEvent}</option>
        {events.map((e) => (
          <option key={e.id} value={e.id}>
            {e.title}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={SALES_TEXT.ticketType}
        required
        value={typeId}
        onValue={setTypeId}
        aria-busy={typeList.loading || undefined}
      >
        {types.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name} · {formatEventDate(t.starts_at)} · {formatMoney(t.price_cents)}
          </option>
        ))}
      </SelectField>
      {seated && (
        <div className="md:col-span-3">
          <BoxOfficeSeats
            key={`${eventId}:${typeId}`}
            eventId={Number(eventId)}
            date={seated.date}
            category={seated.category}
            onPicker={setPicker}
          />
        </div>
      )}
      <TextField
        label={SALES_TEXT.quantity}
        type="number"
        min={1}
        max={50}
        value={String(count)}
        disabled={seats.length > 0}
        onValue={(v) => setQuantity(Number(v))}
      />
      <fieldset className="flex flex-col gap-1 text-sm">
        <legend>{SALES_TEXT.payment}</legend>
        <div className="flex gap-3">
          {(Object.keys(BOX_OFFICE_METHOD_LABEL) as Method[]).map((m) => (
            <label key={m} className="flex items-center gap-1">
              <Radio
                className="radio radio-sm"
                name="box-office-method"
                checked={method === m}
                onChoose={() => setMethod(m)}
              />
              {BOX_OFFICE_METHOD_LABEL[m]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField label={SALES_TEXT.buyerName} value={buyer.name} onValue={(name) => setBuyer({ ...buyer, name })} />
      <TextField
        label={SALES_TEXT.buyerEmail}
        type="email"
        value={buyer.email}
        onValue={(email) => setBuyer({ ...buyer, email })}
      />
      <TextField
        label={SALES_TEXT.buyerDni}
        inputMode="numeric"
        value={buyer.dni}
        onValue={(dni) => setBuyer({ ...buyer, dni })}
      />
      <div className="flex items-end gap-3 md:col-span-2">
        <SubmitButton className="btn btn-primary" busy={busy} disabled={!typeId}>
          {SALES_TEXT.charge(type ? formatMoney(type.price_cents * count) : '')}
        </SubmitButton>
        {(error ?? loadError) && (
          <p role="alert" className="text-sm text-error">
            {error ?? loadError}
          </p>
        )}
      </div>
    </form>
  );
}
