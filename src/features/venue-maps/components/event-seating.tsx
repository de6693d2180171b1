import { useState } from 'react';
import { DataTable } from '../../../components/ui/data-table';
import { SelectField, SubmitButton, TextField } from '../../../components/ui/fields';
import { LoadState } from '../../../components/ui/load-state';
import { useData } from '../../../components/ui/use-data';
import { formatEventDate, isoToLocalInput, localInputToIso } from '../../../shared/dates';
import { KEPT_SEATS_MSG, SEATED_EVENT_MSG } from '../../../shared/messages/seating';
import { EVENT_SEATING_TEXT as T } from '../../../shared/messages/venue-maps';
import { formatCount, formatMoney, pesosToCents } from '../../../shared/money';
import { toast } from '../../../stores/toast';
import {
  listMaps,
  type MapSummary,
  readEvent,
  readMap,
  readSeating,
  type SeatedDate,
  setSeating,
  setWheelchairRelease,
} from '../api/venue-maps';
import { DateTabs } from './date-tabs';
import { HeldSeats } from './held-seats';
import { type Problem, ProblemAlert, problemOf } from './problem-alert';

type EventDate = Awaited<ReturnType<typeof readEvent>>['dates'][number];

/**
 * A seated event's back office (issue 33, /admin/butacas/:id): for each date, the map it uses and a price per
 * category (each becomes a ticket type), the wheelchair reserve's share and release time; for a seated date, its
 * ticket types, the release time (changed on its own) and the held seats picked on the map. One date at a time, in tabs.
 */
export default function EventSeating({
  eventId,
  producerId,
  initialDateId,
}: {
  eventId: number;
  producerId: number;
  /** The date shown first (`?fecha=`); the first date when absent or not this event's. */
  initialDateId?: number;
}) {
  const state = useData(async () => {
    const [event, seating, maps] = await Promise.all([readEvent(eventId), readSeating(eventId), listMaps(producerId)]);
    return { dates: event.dates, seating, maps };
  }, `${eventId}:${producerId}`);
  return (
    <LoadState state={state} rows={4}>
      {({ dates, seating, maps }) =>
        dates.length === 0 ? (
          <p>{T.noDates}</p>
        ) : (
          <DateTabs
            label={T.dates}
            tabs={dates.map((d) => ({ id: d.id, label: formatEventDate(d.starts_at) }))}
            initial={initialDateId}
          >
            {(id) => {
              const date = dates.find((d) => d.id === id) as EventDate;
              const seated = seating.find((s) => s.event_date_id === id);
              return (
                <section
                  aria-labelledby={`date-${date.id}`}
                  className="flex flex-col gap-4 rounded-box bg-base-200 p-5"
                  data-testid="seating-date"
                >
                  <h2 id={`date-${date.id}`} className="text-xl font-bold">
                    {T.date(formatEventDate(date.starts_at))}
                  </h2>
                  {seated ? (
                    <SeatedDateView eventId={eventId} producerId={producerId} seated={seated} />
                  ) : (
                    <SeatingSetup
                      eventId={eventId}
                      producerId={producerId}
                      date={date}
                      maps={maps}
                      onDone={state.reload}
                    />
                  )}
                </section>
              );
            }}
          </DateTabs>
        )
      }
    </LoadState>
  );
}

/** A date sold without seats: choose a map, price each category, the wheelchair reserve. */
function SeatingSetup({
  eventId,
  producerId,
  date,
  maps,
  onDone,
}: {
  eventId: number;
  producerId: number;
  date: EventDate;
  maps: MapSummary[];
  onDone: () => Promise<void>;
}) {
  const [mapId, setMapId] = useState('');
  const [prices, setPrices] = useState<Record<string, string>>({});
  const [maxPerOrder, setMaxPerOrder] = useState('10');
  const [percent, setPercent] = useState('2');
  const [release, setRelease] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  // The chosen map's categories (its seats' and its standing sections'), read when it is chosen.
  const categories = useData(
    async () => (mapId ? (await readMap(producerId, Number(mapId))).map.categories : []),
    mapId,
  );

  if (maps.length === 0)
    return (
      <p>
        {T.notSeated}{' '}
        <a className="link" href={`/admin/mapas?productora=${producerId}`}>
          {T.noMaps}
        </a>
      </p>
    );

  async function submit() {
    setProblem(null);
    const list = categories.data ?? [];
    const priced: { category: string; price_cents: number }[] = [];
    for (const c of list) {
      const cents = pesosToCents(prices[c.key] ?? '');
      if (cents === null) {
        setProblem({ message: T.priceInvalid(c.name), items: [], status: 0 });
        return;
      }
      priced.push({ category: c.key, price_cents: cents });
    }
    setBusy(true);
    try {
      await setSeating(eventId, {
        event_date_id: date.id,
        map_id: Number(mapId),
        prices: priced,
        max_per_order: Number(maxPerOrder),
        wheelchair_percent: Number(percent.replace(',', '.')),
        wheelchair_release_at: release ? localInputToIso(release) : null,
      });
      toast('success', SEATED_EVENT_MSG.saved);
      await onDone();
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p className="text-base-content/80">{T.notSeated}</p>
      <ProblemAlert problem={problem} heading={T.prices} />
      <SelectField label={T.map} value={mapId} onValue={setMapId} required>
        <option value="">{T.chooseMap}</option>
        {maps.map((m) => (
          <option key={m.id} value={String(m.id)}>
            {m.name}
          </option>
        ))}
      </SelectField>
      {(categories.data ?? []).length > 0 && (
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 font-semibold">{T.prices}</legend>
          {(categories.data ?? []).map((c) => (
            <TextField
              key={c.key}
              label={T.price(c.name)}
              inputMode="decimal"
              value={prices[c.key] ?? ''}
              onValue={(v) => setPrices({ ...prices, [c.key]: v })}
              required
            />
          ))}
        </fieldset>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label={T.maxPerOrder} inputMode="numeric" value={maxPerOrder} onValue={setMaxPerOrder} />
        <TextField
          label={T.wheelchairPercent}
          hint={T.wheelchairHint}
          inputMode="decimal"
          value={percent}
          onValue={setPercent}
        />
        <TextField
          label={T.wheelchairRelease}
          hint={T.releaseHint}
          type="datetime-local"
          value={release}
          onValue={setRelease}
        />
      </div>
      <SubmitButton className="btn btn-primary w-fit" busy={busy} disabled={!mapId || categories.loading}>
        {T.makeSeated}
      </SubmitButton>
    </form>
  );
}

/** A seated date: its map, ticket types, the wheelchair reserve's release time and the held seats. */
function SeatedDateView({ eventId, producerId, seated }: { eventId: number; producerId: number; seated: SeatedDate }) {
  const [release, setRelease] = useState(
    seated.wheelchair_release_at ? isoToLocalInput(seated.wheelchair_release_at) : '',
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  return (
    <div className="flex flex-col gap-5">
      <p>
        {T.seatedWith(seated.map_name, seated.version)}{' '}
        <a className="link" href={`/admin/mapas/${seated.map_id}?productora=${producerId}`}>
          {T.mapsLink}
        </a>
      </p>
      <div className="overflow-x-auto">
        <h3 id={`types-${seated.event_date_id}`} className="mb-2 font-semibold">
          {T.typesHeading}
        </h3>
        <DataTable columns={[...T.typeColumns]} labelledBy={`types-${seated.event_date_id}`}>
          {seated.ticket_types.map((t) => (
            <tr key={t.id}>
              <th scope="row">{t.name}</th>
              <td>{formatMoney(t.price_cents)}</td>
              <td>{formatCount(t.capacity)}</td>
              <td>{formatCount(t.sold)}</td>
            </tr>
          ))}
        </DataTable>
      </div>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setProblem(null);
          try {
            await setWheelchairRelease(eventId, seated.event_date_id, release ? localInputToIso(release) : null);
            toast('success', KEPT_SEATS_MSG.releaseSaved);
          } catch (err) {
            setProblem(problemOf(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        <TextField
          label={T.wheelchairRelease}
          hint={T.releaseHint}
          type="datetime-local"
          value={release}
          onValue={setRelease}
        />
        <SubmitButton className="btn btn-sm" busy={busy}>
          {T.releaseSave}
        </SubmitButton>
      </form>
      <ProblemAlert problem={problem} heading={T.prices} />
      <HeldSeats eventId={eventId} producerId={producerId} seated={seated} />
    </div>
  );
}
