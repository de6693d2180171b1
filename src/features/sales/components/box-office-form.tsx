import { useEffect, useState } from 'react';
import { Radio, SelectField, SubmitButton, TextField } from '../../../components/ui/fields';
import { useData } from '../../../components/ui/use-data';
import { messageOf } from '../../../lib/api';
import { formatEventDate } from '../../../shared/dates';
import { BOX_OFFICE_METHOD_LABEL } from '../../../shared/messages/payments';
import { SALES_TEXT } from '../../../shared/messages/sales';
import { formatMoney } from '../../../shared/money';
import { fetchEventTypes, sellAtBoxOffice } from '../api/box-office';
import { fetchManagedEvents } from '../api/events';

type Method = keyof typeof BOX_OFFICE_METHOD_LABEL;
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
            items: [{ ticket_type_id: Number(typeId), quantity }],
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
      <TextField
        label={SALES_TEXT.quantity}
        type="number"
        min={1}
        max={50}
        value={String(quantity)}
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
          {SALES_TEXT.charge(type ? formatMoney(type.price_cents * quantity) : '')}
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
