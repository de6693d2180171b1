import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { useLive } from '../../../components/ui/adopt';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/fields';
import { useData } from '../../../components/ui/use-data';
import { ApiError } from '../../../lib/api';
import { WAITLIST_MSG, WAITLIST_TEXT } from '../../../shared/messages/waitlist';
import { openLogin } from '../../../stores/navigation';
import { $isAuthenticated } from '../../../stores/session';
import { joinWaitlist, myWaitlist } from '../api/waitlist';

export type SoldOutType = { id: number; name: string; max: number };

type Place = Awaited<ReturnType<typeof myWaitlist>>['data'];

/**
 * Joining the waiting list of a sold-out ticket type: the type, how many (1 up to the per-order maximum)
 * and "Acepto menos"; then the buyer's position, or the offer's link once tickets were freed for them.
 */
export default function WaitlistJoin({ eventId, types }: { eventId: number; types: SoldOutType[] }) {
  // The session is read from the browser's cookie: only once live, so hydration matches the server's HTML
  // (drawn without it); read during hydration, a signed-in buyer's page redrew this island (React #418).
  const live = useLive();
  const signedIn = useStore($isAuthenticated) && live;
  const [typeId, setTypeId] = useState(types[0]?.id ?? 0);
  const [quantity, setQuantity] = useState(1);
  const [fewer, setFewer] = useState(false);
  // The buyer's place, read again when they sign in (a late answer from before that is dropped).
  const mine = useData<Place>(
    () =>
      signedIn
        ? myWaitlist(eventId).then(
            (answer) => answer.data,
            () => null,
          )
        : Promise.resolve(null),
    `${eventId}:${signedIn}`,
  );
  const place = mine.data;
  const setPlace = mine.setData;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const max = types.find((t) => t.id === typeId)?.max ?? 1;

  if (place && (place.status === 'waiting' || place.status === 'offered')) {
    return (
      <div role="status" className="alert alert-info flex flex-col items-start gap-2" data-testid="waitlist-place">
        {place.status === 'waiting' && place.position !== null ? (
          <span>{WAITLIST_MSG.position(place.position)}</span>
        ) : (
          <>
            <span>{WAITLIST_MSG.offered}</span>
            {place.order_id && (
              <a className="btn btn-primary btn-sm" href={`/checkout?order=${place.order_id}`}>
                {WAITLIST_MSG.mailCta}
              </a>
            )}
          </>
        )}
      </div>
    );
  }

  async function submit(e: { preventDefault: () => void }) {
    e.preventDefault();
    if (!signedIn) {
      openLogin();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await joinWaitlist(eventId, { ticket_type_id: typeId, quantity, accept_fewer: fewer });
      setPlace((await myWaitlist(eventId)).data);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : WAITLIST_MSG.closed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className="font-semibold">
        {WAITLIST_MSG.joinTitle}
      </h3>
      <p className="text-sm text-base-content/70">{WAITLIST_MSG.joinHint}</p>
      {types.length > 1 && (
        <SelectField label={WAITLIST_TEXT.ticketType} value={String(typeId)} onValue={(v) => setTypeId(Number(v))}>
          {types.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </SelectField>
      )}
      <TextField
        label={WAITLIST_MSG.quantity}
        type="number"
        min={1}
        max={max}
        value={String(quantity)}
        onValue={(v) => setQuantity(Math.max(1, Math.min(max, Number(v) || 1)))}
      />
      <CheckboxField label={WAITLIST_MSG.acceptFewer} checked={fewer} onChecked={setFewer} />
      {!signedIn && <p className="text-sm">{WAITLIST_MSG.loginFirst}</p>}
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-outline" disabled={busy}>
        {WAITLIST_MSG.join}
      </button>
    </form>
  );
}
