import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { CheckboxField, SelectField, SubmitButton, TextField } from '../../../components/ui/fields';
import { LoadState } from '../../../components/ui/load-state';
import { useData } from '../../../components/ui/use-data';
import { SEAT_BLOCK_LABEL, seatSpoken } from '../../../shared/messages/seating';
import { MAP_EDITOR_TEXT as T, VENUE_MAPS_TEXT } from '../../../shared/messages/venue-maps';
import { formatCount } from '../../../shared/money';
import { SEAT_BLOCKS, type SeatMap, type SeatMapEdit } from '../../../shared/schemas/seating';
import type { PlacedSeat } from '../../../shared/seats';
import { toast } from '../../../stores/toast';
import { type LegendItem, SeatLegend } from '../../seating/components/seat-legend';
import { type SeatState, seatFlags } from '../../seating/lib/pick';
import { editMap, readMap, replaceMap } from '../api/venue-maps';
import { gridSections, toggleAll } from '../lib/selection';
import { downloadMap, readJsonFile } from './map-file';
import { type Problem, ProblemAlert, problemOf } from './problem-alert';
import { SectionGrids } from './section-grid';

type Loaded = Awaited<ReturnType<typeof readMap>>;
type Reason = (typeof SEAT_BLOCKS)[number];

/** How the editor names a seat: "Platea, fila F, butaca 12, Platea, a la venta" (then "elegida" when picked). */
function seatLabel(map: SeatMap, seat: PlacedSeat, selected: boolean) {
  const category = map.categories.find((c) => c.key === seat.category)?.name ?? seat.category;
  const state = seat.blocked ? T.seatState.blocked(SEAT_BLOCK_LABEL[seat.blocked]) : T.seatState.free;
  return seatSpoken(seat.name, seatFlags(seat), category, selected ? `${state}, ${T.selectedState}` : state);
}

/**
 * The map editor (issue 33): the map's sections drawn seat by seat; pick seats (click, drag, shift-click, keyboard)
 * and block or unblock them, change their category or flags; move a section; upload a whole new version. Each
 * change is one call (a new version); a refusal shows the API's Spanish message and the seats it names.
 */
export default function MapEditor({ producerId, mapId }: { producerId: number; mapId: number }) {
  const state = useData(() => readMap(producerId, mapId), `${producerId}:${mapId}`);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [reason, setReason] = useState<Reason>('produccion');
  const [category, setCategory] = useState('');
  const [flags, setFlags] = useState({ wheelchair: false, companion: false, restricted_view: false });
  const [move, setMove] = useState({ section: '', x: '0', y: '0' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const pick = useCallback((seats: PlacedSeat[], how: 'toggle' | 'add') => {
    setSelected((now) => {
      if (how === 'toggle')
        return toggleAll(
          now,
          seats.map((s) => s.id),
        );
      const next = new Set(now);
      for (const s of seats) next.add(s.id);
      return next;
    });
  }, []);

  async function save(loaded: Loaded, call: () => Promise<{ data: { version: number } }>) {
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      const { data } = await call();
      toast('success', T.saved(data.version));
      // Each save is one version on top of the one this page showed; a bigger jump is someone else's save.
      if (data.version > loaded.version + 1) setNotice(T.otherEditor);
      setSelected(new Set());
      await state.reload();
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  }

  const edit = (loaded: Loaded, json: SeatMapEdit) => {
    if ('seat_ids' in json && json.seat_ids.length === 0) {
      setProblem({ message: T.noneSelected, items: [], status: 0 });
      return;
    }
    return save(loaded, () => editMap(producerId, mapId, json));
  };

  const ids = [...selected];
  return (
    <LoadState state={state} rows={6}>
      {(loaded) => (
        <Editor loaded={loaded} selected={selected} onPick={pick} onSelect={setSelected}>
          <ProblemAlert
            problem={problem}
            heading={T.refused}
            // A 409 without a list is another editor's version: reloading shows it. With a list, the seats are the point.
            action={
              problem?.status === 409 && problem.items.length === 0
                ? { label: T.reload, onClick: () => location.reload() }
                : undefined
            }
          />
          {notice && (
            <p role="status" className="alert alert-info">
              {notice}
            </p>
          )}
          <div className="grid gap-4 rounded-box bg-base-200 p-4 lg:grid-cols-2" data-testid="map-tools">
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 font-semibold">{T.block}</legend>
              <SelectField label={T.blockReason} value={reason} onValue={(v) => setReason(v as Reason)}>
                {SEAT_BLOCKS.map((r) => (
                  <option key={r} value={r}>
                    {SEAT_BLOCK_LABEL[r]}
                  </option>
                ))}
              </SelectField>
              <div className="flex flex-wrap gap-2">
                <SubmitButton
                  type="button"
                  className="btn btn-sm btn-primary"
                  busy={busy}
                  onClick={() => edit(loaded, { op: 'block', seat_ids: ids, reason })}
                >
                  {T.block}
                </SubmitButton>
                <SubmitButton
                  type="button"
                  className="btn btn-sm"
                  busy={busy}
                  onClick={() => edit(loaded, { op: 'block', seat_ids: ids, reason: null })}
                >
                  {T.unblock}
                </SubmitButton>
              </div>
            </fieldset>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 font-semibold">{T.categoryChange}</legend>
              <SelectField label={T.newCategory} value={category || loaded.map.categories[0].key} onValue={setCategory}>
                {loaded.map.categories.map((c) => (
                  <option key={c.key} value={c.key}>
                    {c.name}
                  </option>
                ))}
              </SelectField>
              <SubmitButton
                type="button"
                className="btn btn-sm w-fit"
                busy={busy}
                onClick={() =>
                  edit(loaded, { op: 'category', seat_ids: ids, category: category || loaded.map.categories[0].key })
                }
              >
                {T.categoryChange}
              </SubmitButton>
            </fieldset>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 font-semibold">{T.flags}</legend>
              <p className="text-xs text-base-content/70">{T.flagsHint}</p>
              <CheckboxField
                label={T.wheelchair}
                checked={flags.wheelchair}
                onChecked={(v) => setFlags({ ...flags, wheelchair: v })}
              />
              <CheckboxField
                label={T.companion}
                checked={flags.companion}
                onChecked={(v) => setFlags({ ...flags, companion: v })}
              />
              <CheckboxField
                label={T.restrictedView}
                checked={flags.restricted_view}
                onChecked={(v) => setFlags({ ...flags, restricted_view: v })}
              />
              <SubmitButton
                type="button"
                className="btn btn-sm w-fit"
                busy={busy}
                onClick={() => edit(loaded, { op: 'flags', seat_ids: ids, ...flags })}
              >
                {T.flagsApply}
              </SubmitButton>
            </fieldset>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 font-semibold">{T.move}</legend>
              <SelectField
                label={T.moveSection}
                value={move.section || loaded.map.sections[0].id}
                onValue={(v) => {
                  const s = loaded.map.sections.find((x) => x.id === v);
                  setMove({ section: v, x: String(s?.x ?? 0), y: String(s?.y ?? 0) });
                }}
              >
                {loaded.map.sections.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </SelectField>
              <div className="grid grid-cols-2 gap-2">
                <TextField
                  label={T.moveX}
                  inputMode="decimal"
                  value={move.x}
                  onValue={(x) => setMove({ ...move, x })}
                />
                <TextField
                  label={T.moveY}
                  inputMode="decimal"
                  value={move.y}
                  onValue={(y) => setMove({ ...move, y })}
                />
              </div>
              <SubmitButton
                type="button"
                className="btn btn-sm w-fit"
                busy={busy}
                onClick={() =>
                  edit(loaded, {
                    op: 'move',
                    section_id: move.section || loaded.map.sections[0].id,
                    x: Number(move.x.replace(',', '.')),
                    y: Number(move.y.replace(',', '.')),
                  })
                }
              >
                {T.moveSubmit}
              </SubmitButton>
            </fieldset>
          </div>
          <form
            className="flex flex-col gap-2 rounded-box bg-base-200 p-4"
            aria-labelledby="map-replace"
            onSubmit={async (e) => {
              e.preventDefault();
              // Read at submit: a file chosen before the island was live counts too.
              const input = e.currentTarget.elements.namedItem('map-file') as HTMLInputElement | null;
              const doc = await readJsonFile(input?.files?.[0] ?? null);
              if ('problem' in doc) setProblem(doc.problem);
              else await save(loaded, () => replaceMap(producerId, mapId, doc.json as SeatMap));
            }}
          >
            <h2 id="map-replace" className="font-semibold">
              {T.replaceHeading}
            </h2>
            <p className="text-sm text-base-content/70">{T.replaceHint}</p>
            <label className="flex flex-col gap-1 text-sm">
              <span>{VENUE_MAPS_TEXT.importFile}</span>
              <input type="file" accept="application/json,.json" name="map-file" className="file-input" />
            </label>
            <SubmitButton className="btn btn-sm w-fit" busy={busy}>
              {T.replaceSubmit}
            </SubmitButton>
          </form>
        </Editor>
      )}
    </LoadState>
  );
}

/** The map itself: the selection bar, the legend, each section's grid (standing sections as a line). */
function Editor({
  loaded,
  selected,
  onPick,
  onSelect,
  children,
}: {
  loaded: Loaded;
  selected: ReadonlySet<string>;
  onPick: (seats: PlacedSeat[], how: 'toggle' | 'add') => void;
  onSelect: (ids: ReadonlySet<string>) => void;
  children: ReactNode;
}) {
  const grids = useMemo(() => gridSections(loaded.map), [loaded.map]);
  const seats = useMemo(() => grids.reduce((n, g) => n + g.seats.length, 0), [grids]);
  const label = useCallback(
    (seat: PlacedSeat) => seatLabel(loaded.map, seat, selected.has(seat.id)),
    [loaded.map, selected],
  );
  const state = useCallback(
    (seat: PlacedSeat): SeatState => (selected.has(seat.id) ? 'picked' : seat.blocked ? 'taken' : 'available'),
    [selected],
  );
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-base-content/80" data-testid="map-version">
          {T.version(loaded.version, formatCount(seats))}
        </p>
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => downloadMap(loaded.map)}>
          {VENUE_MAPS_TEXT.export}
        </button>
      </div>
      <p className="max-w-3xl text-sm text-base-content/80">{T.help}</p>
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="font-semibold" data-testid="selected-count">
          {T.selected(selected.size)}
        </p>
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          disabled={selected.size === 0}
          onClick={() => onSelect(new Set())}
        >
          {T.clear}
        </button>
      </div>
      <SeatLegend items={LEGEND} Heading="h2" />
      {children}
      <h2 className="text-lg font-bold">{T.sections}</h2>
      <SectionGrids map={loaded.map} grids={grids} label={label} state={state} onPick={onPick} />
    </div>
  );
}

/** The editor's legend: the buyer's glyphs, named for the producer. */
const LEGEND: readonly LegendItem[] = [
  { label: T.legendFree, glyph: { state: 'available' } },
  { label: T.legendBlocked, glyph: { state: 'taken' } },
  { label: T.legendSelected, glyph: { state: 'picked' } },
  { label: T.wheelchair, glyph: { state: 'available', wheelchair: true } },
  { label: T.companion, glyph: { state: 'available', companion: true } },
  { label: T.restrictedView, glyph: { state: 'available', restricted: true } },
];
