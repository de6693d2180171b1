import { useCallback, useMemo, useState } from 'react';
import { SelectField, SubmitButton, TextField } from '../../../components/ui/fields';
import { LoadState } from '../../../components/ui/load-state';
import { useData } from '../../../components/ui/use-data';
import { isoToLocalInput, localInputToIso } from '../../../shared/dates';
import { KEPT_GROUP_LABEL, KEPT_SEATS_MSG, SEAT_BLOCK_LABEL } from '../../../shared/messages/seating';
import { MAP_EDITOR_TEXT, EVENT_SEATING_TEXT as T } from '../../../shared/messages/venue-maps';
import { KEPT_SEAT_GROUPS, type KeptSeatGroup, type SeatMap } from '../../../shared/schemas/seating';
import type { PlacedSeat } from '../../../shared/seats';
import { toast } from '../../../stores/toast';
import { type SeatState, seatFlags } from '../../seating/lib/pick';
import { type HeldGroups, readHeldSeats, readMap, type SeatedDate, setHeldSeats } from '../api/venue-maps';
import { gridSections } from '../lib/selection';
import { type Problem, ProblemAlert, problemOf } from './problem-alert';
import { SectionGrids } from './section-grid';

type Draft = Record<KeptSeatGroup, { release: string; seats: Set<string> }>;

function draftOf(held: HeldGroups): Draft {
  const draft = Object.fromEntries(
    KEPT_SEAT_GROUPS.map((g) => [g, { release: '', seats: new Set<string>() }]),
  ) as Draft;
  for (const g of held.groups)
    draft[g.group] = { release: g.release_at ? isoToLocalInput(g.release_at) : '', seats: new Set(g.seat_ids) };
  return draft;
}

/**
 * A seated date's held seats (issue 33): choose a group (boletería, sponsors, RRPP), mark its seats on the map and
 * its release time, then save every group at once. A seat belongs to one group; picking it for another moves it.
 */
export function HeldSeats({
  eventId,
  producerId,
  seated,
}: {
  eventId: number;
  producerId: number;
  seated: SeatedDate;
}) {
  const state = useData(async () => {
    const [held, map] = await Promise.all([
      readHeldSeats(eventId, seated.event_date_id),
      readMap(producerId, seated.map_id),
    ]);
    return { held, map: map.map };
  }, `${eventId}:${seated.event_date_id}:${seated.version}`);
  return (
    <section aria-labelledby={`held-${seated.event_date_id}`} className="flex flex-col gap-3">
      <h3 id={`held-${seated.event_date_id}`} className="text-lg font-bold">
        {T.heldHeading}
      </h3>
      <p className="max-w-3xl text-sm text-base-content/80">{T.heldHint}</p>
      <LoadState state={state} rows={3}>
        {({ held, map }) => (
          <HeldSeatsForm
            key={JSON.stringify(held.groups)}
            eventId={eventId}
            dateId={seated.event_date_id}
            held={held}
            map={map}
            onSaved={(next) => state.setData({ held: next, map })}
          />
        )}
      </LoadState>
    </section>
  );
}

function HeldSeatsForm({
  eventId,
  dateId,
  held,
  map,
  onSaved,
}: {
  eventId: number;
  dateId: number;
  held: HeldGroups;
  map: SeatMap;
  onSaved: (held: HeldGroups) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(held));
  const [group, setGroup] = useState<KeptSeatGroup>('boleteria');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const grids = useMemo(() => gridSections(map), [map]);
  const groupOf = useCallback((id: string) => KEPT_SEAT_GROUPS.find((g) => draft[g].seats.has(id)) ?? null, [draft]);

  const state = useCallback(
    (seat: PlacedSeat): SeatState => {
      const owner = groupOf(seat.id);
      if (owner === group) return 'picked';
      return owner || seat.blocked ? 'taken' : 'available';
    },
    [groupOf, group],
  );
  const label = useCallback(
    (seat: PlacedSeat) => {
      const owner = groupOf(seat.id);
      const text = owner
        ? T.seatOf(KEPT_GROUP_LABEL[owner])
        : seat.blocked
          ? MAP_EDITOR_TEXT.seatState.blocked(SEAT_BLOCK_LABEL[seat.blocked])
          : MAP_EDITOR_TEXT.seatState.free;
      return [seat.name, ...seatFlags(seat), text].join(', ');
    },
    [groupOf],
  );
  const pick = useCallback(
    (seats: PlacedSeat[], how: 'toggle' | 'add') => {
      setDraft((now) => {
        const mine = new Set(now[group].seats);
        const free = seats.filter((s) => !s.blocked);
        const remove = how === 'toggle' && free.every((s) => mine.has(s.id));
        const next = { ...now };
        for (const g of KEPT_SEAT_GROUPS) if (g !== group) next[g] = { ...now[g], seats: new Set(now[g].seats) };
        for (const s of free) {
          if (remove) mine.delete(s.id);
          else {
            mine.add(s.id);
            for (const g of KEPT_SEAT_GROUPS) if (g !== group) next[g].seats.delete(s.id);
          }
        }
        next[group] = { ...now[group], seats: mine };
        return next;
      });
    },
    [group],
  );

  async function save() {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await setHeldSeats(eventId, dateId, {
        groups: KEPT_SEAT_GROUPS.map((g) => ({
          group: g,
          release_at: draft[g].release ? localInputToIso(draft[g].release) : null,
          seat_ids: [...draft[g].seats],
        })),
      });
      toast('success', KEPT_SEATS_MSG.saved);
      onSaved(answer.data);
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  }

  const kept = new Map(held.groups.map((g) => [g.group, g]));
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <ProblemAlert problem={problem} heading={T.heldRefused} />
      <div className="grid gap-3 sm:grid-cols-3">
        {KEPT_SEAT_GROUPS.map((g) => (
          <div key={g} className="flex flex-col gap-1">
            <TextField
              label={T.groupRelease(KEPT_GROUP_LABEL[g])}
              hint={T.releaseHint}
              type="datetime-local"
              value={draft[g].release}
              onValue={(v) => setDraft({ ...draft, [g]: { ...draft[g], release: v } })}
            />
            <p className="text-sm" data-testid={`held-count-${g}`}>
              {T.groupSeats(KEPT_GROUP_LABEL[g], draft[g].seats.size)}
              {kept.get(g) && ` · ${kept.get(g)?.released ? T.released : T.groupKept(kept.get(g)?.kept ?? 0)}`}
            </p>
          </div>
        ))}
      </div>
      <SelectField label={T.group} value={group} onValue={(v) => setGroup(v as KeptSeatGroup)}>
        {KEPT_SEAT_GROUPS.map((g) => (
          <option key={g} value={g}>
            {KEPT_GROUP_LABEL[g]}
          </option>
        ))}
      </SelectField>
      <p className="text-sm">{T.pickFor(KEPT_GROUP_LABEL[group])}</p>
      <SectionGrids map={map} grids={grids} label={label} state={state} onPick={pick} />
      <SubmitButton className="btn btn-primary w-fit" busy={busy}>
        {T.heldSave}
      </SubmitButton>
    </form>
  );
}
