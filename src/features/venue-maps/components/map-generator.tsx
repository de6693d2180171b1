import { useMemo, useState } from 'react';
import { SelectField, SubmitButton, TextField } from '../../../components/ui/fields';
import { VENUE_MAPS_TEXT as T } from '../../../shared/messages/venue-maps';
import { formatCount } from '../../../shared/money';
import { SeatGeneratorSchema, type SeatMap } from '../../../shared/schemas/seating';
import { generateMap } from '../../../shared/seat-generator';
import { placedSeats } from '../../../shared/seats';
import { newSection, type SectionDraft, toGenerator } from '../lib/generator-form';

/**
 * The generator (issue 33): sections typed one by one (seated: rows, seats per row, curve, numbering; standing: a
 * capacity), drawn live with the same generator the API runs (src/shared/seat-generator.ts), then created.
 */
export function MapGenerator({ busy, onCreate }: { busy: boolean; onCreate: (request: unknown) => void }) {
  const [name, setName] = useState<string>(T.defaultMapName);
  const [drafts, setDrafts] = useState<SectionDraft[]>([newSection(1)]);
  const set = (i: number, patch: Partial<SectionDraft>) =>
    setDrafts(drafts.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  const request = useMemo(() => toGenerator(name, drafts), [name, drafts]);
  const preview = useMemo(() => {
    const parsed = SeatGeneratorSchema.safeParse(request);
    return parsed.success ? generateMap(parsed.data) : null;
  }, [request]);

  return (
    <form
      className="grid gap-6 lg:grid-cols-2"
      aria-labelledby="map-generator"
      onSubmit={(e) => {
        e.preventDefault();
        onCreate(request);
      }}
    >
      <div className="flex flex-col gap-4">
        <TextField label={T.mapName} value={name} onValue={setName} maxLength={120} required />
        {drafts.map((d, i) => (
          <fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: sections are edited in place, by position.
            key={i}
            className="grid gap-3 rounded-box border border-base-content/15 p-3 sm:grid-cols-2"
          >
            <legend className="px-1 font-semibold">{T.sectionHeading(i + 1)}</legend>
            <TextField label={T.sectionName} value={d.name} onValue={(v) => set(i, { name: v })} maxLength={40} />
            <SelectField
              label={T.sectionKind}
              value={d.kind}
              onValue={(v) => set(i, { kind: v as SectionDraft['kind'] })}
            >
              <option value="seated">{T.seated}</option>
              <option value="standing">{T.standing}</option>
            </SelectField>
            <TextField
              label={T.category}
              hint={T.categoryHint}
              value={d.category}
              onValue={(v) => set(i, { category: v })}
              maxLength={40}
            />
            {d.kind === 'standing' ? (
              <TextField
                label={T.capacity}
                inputMode="numeric"
                value={d.capacity}
                onValue={(v) => set(i, { capacity: v })}
              />
            ) : (
              <>
                <TextField label={T.rows} inputMode="numeric" value={d.rows} onValue={(v) => set(i, { rows: v })} />
                <SelectField
                  label={T.rowLabels}
                  value={d.row_labels}
                  onValue={(v) => set(i, { row_labels: v as SectionDraft['row_labels'] })}
                >
                  <option value="letters">{T.letters}</option>
                  <option value="numbers">{T.numbers}</option>
                </SelectField>
                <TextField
                  label={T.seatsPerRow}
                  hint={T.seatsPerRowHint}
                  value={d.seats}
                  onValue={(v) => set(i, { seats: v })}
                />
                <TextField
                  label={T.curve}
                  hint={T.curveHint}
                  inputMode="decimal"
                  value={d.curve}
                  onValue={(v) => set(i, { curve: v })}
                />
                <div className="sm:col-span-2">
                  <SelectField
                    label={T.numbering}
                    value={d.numbering}
                    onValue={(v) => set(i, { numbering: v as SectionDraft['numbering'] })}
                  >
                    <option value="odd_even">{T.oddEven}</option>
                    <option value="consecutive">{T.consecutive}</option>
                  </SelectField>
                </div>
              </>
            )}
            {drafts.length > 1 && (
              <button
                type="button"
                className="btn btn-sm btn-ghost w-fit text-error"
                onClick={() => setDrafts(drafts.filter((_, j) => j !== i))}
              >
                {T.removeSection(i + 1)}
              </button>
            )}
          </fieldset>
        ))}
        <div className="flex flex-wrap gap-2">
          {/* Disabled until the island is live: a section added before that would be lost. */}
          <SubmitButton
            type="button"
            className="btn btn-sm"
            onClick={() => setDrafts([...drafts, newSection(drafts.length + 1)])}
          >
            {T.addSection}
          </SubmitButton>
          <SubmitButton className="btn btn-sm btn-primary" busy={busy}>
            {T.create}
          </SubmitButton>
        </div>
      </div>
      <MapPreview map={preview} />
    </form>
  );
}

/** The preview's widest: the whole map in at most 480 px, narrower on a phone (no scrolling frame). */
const PREVIEW_WIDTH = 480;

/** The whole map at a glance: the stage, each seat as a dot (one path: a stadium draws fast), standing sections named. */
export function MapPreview({ map }: { map: SeatMap | null }) {
  const drawn = useMemo(() => {
    if (!map) return null;
    const seats = placedSeats(map);
    let [x, y, right, bottom] = [map.stage.x, map.stage.y, map.stage.x, map.stage.y];
    let path = '';
    for (const s of seats) {
      x = Math.min(x, s.ax);
      y = Math.min(y, s.ay);
      right = Math.max(right, s.ax);
      bottom = Math.max(bottom, s.ay);
      path += `M${s.ax + 0.1} ${s.ay + 0.1}h0.8v0.8h-0.8z`;
    }
    return { seats: seats.length, path, x: x - 1, y: y - 1, w: right - x + 3, h: bottom - y + 3 };
  }, [map]);
  return (
    <section aria-labelledby="map-preview" className="flex flex-col gap-2">
      <h3 id="map-preview" className="font-semibold">
        {T.preview}
      </h3>
      {map && drawn ? (
        <>
          <p role="status" className="text-sm" data-testid="preview-summary">
            {T.previewSummary(formatCount(drawn.seats), map.sections.length)}
          </p>
          <div className="rounded-box bg-base-300 p-2">
            <svg
              role="img"
              aria-label={T.previewLabel(map.name)}
              viewBox={`${drawn.x} ${drawn.y} ${drawn.w} ${drawn.h}`}
              className="h-auto w-full"
              style={{ maxWidth: PREVIEW_WIDTH, maxHeight: 640 }}
              preserveAspectRatio="xMidYMin meet"
            >
              <rect x={map.stage.x - 4} y={map.stage.y - 0.5} width={8} height={1} className="fill-base-content/40" />
              <path d={drawn.path} className="fill-success" />
            </svg>
          </div>
          <ul className="text-sm text-base-content/80">
            {map.sections.map((s) =>
              s.kind === 'standing' ? <li key={s.id}>{T.standingCapacity(s.name, formatCount(s.capacity))}</li> : null,
            )}
          </ul>
        </>
      ) : (
        <p role="status" className="text-sm text-base-content/70">
          {T.previewInvalid}
        </p>
      )}
    </section>
  );
}
