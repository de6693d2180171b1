import { useState } from 'react';
import { DataTable } from '../../../components/ui/data-table';
import { SubmitButton } from '../../../components/ui/fields';
import { LoadState } from '../../../components/ui/load-state';
import { useData } from '../../../components/ui/use-data';
import { formatDateTime, formatEventDate } from '../../../shared/dates';
import { SEATING_MSG } from '../../../shared/messages/seating';
import { VENUE_MAPS_TEXT as T } from '../../../shared/messages/venue-maps';
import { formatCount } from '../../../shared/money';
import type { SeatGenerator, SeatMap } from '../../../shared/schemas/seating';
import { toast } from '../../../stores/toast';
import { generateMap, importMap, listMaps, readMap } from '../api/venue-maps';
import { downloadMap, readJsonFile } from './map-file';
import { MapGenerator } from './map-generator';
import { type Problem, ProblemAlert, problemOf } from './problem-alert';

/**
 * The producer's venue maps (issue 33, /admin/mapas): the list with the dates that use each map, the generator
 * with its live preview, JSON import (the API's refusal names the seat) and export.
 */
export default function VenueMaps({ producerId }: { producerId: number }) {
  const state = useData(() => listMaps(producerId), producerId);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ where: 'import' | 'generator'; problem: Problem } | null>(null);

  async function create(where: 'import' | 'generator', call: () => Promise<{ data: { id: number } }>) {
    setBusy(true);
    setProblem(null);
    try {
      await call();
      toast('success', SEATING_MSG.created);
      await state.reload();
    } catch (err) {
      setProblem({ where, problem: problemOf(err) });
    } finally {
      setBusy(false);
    }
  }

  async function exportMap(id: number) {
    try {
      downloadMap((await readMap(producerId, id)).map);
      toast('success', T.exported);
    } catch (err) {
      toast('error', problemOf(err).message);
    }
  }

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="maps-list" className="flex flex-col gap-3">
        <h2 id="maps-list" className="text-xl font-bold">
          {T.listHeading}
        </h2>
        <LoadState state={state}>
          {(maps) =>
            maps.length === 0 ? (
              <p className="text-base-content/80">{T.empty}</p>
            ) : (
              <div className="overflow-x-auto">
                <DataTable columns={[...T.columns]} className="table table-cards" labelledBy="maps-list">
                  {maps.map((m) => (
                    <tr key={m.id} data-testid="map-row">
                      <th scope="row">{m.name}</th>
                      <td>{T.version(m.version)}</td>
                      <td>{formatCount(m.seats)}</td>
                      <td>
                        {m.dates.length === 0 ? (
                          T.unused
                        ) : (
                          <ul>
                            {m.dates.map((d) => (
                              <li key={d.event_date_id}>
                                <a className="link" href={`/admin/butacas/${d.event_id}`}>
                                  {T.dateOf(d.title, formatEventDate(d.starts_at))}
                                </a>
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                      <td>{formatDateTime(m.updated_at)}</td>
                      <td>
                        <div className="flex flex-wrap gap-2">
                          <a
                            className="btn btn-sm btn-primary"
                            href={`/admin/mapas/${m.id}?productora=${producerId}`}
                            aria-label={T.editMap(m.name)}
                          >
                            {T.edit}
                          </a>
                          <button
                            type="button"
                            className="btn btn-sm"
                            aria-label={T.exportMap(m.name)}
                            onClick={() => exportMap(m.id)}
                          >
                            {T.export}
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </DataTable>
              </div>
            )
          }
        </LoadState>
      </section>

      <section aria-labelledby="map-generator" className="flex flex-col gap-3 rounded-box bg-base-200 p-5">
        <h2 id="map-generator" className="text-xl font-bold">
          {T.generatorHeading}
        </h2>
        <p className="max-w-3xl text-sm text-base-content/80">{T.generatorHint}</p>
        {problem?.where === 'generator' && <ProblemAlert problem={problem.problem} heading={T.importProblems} />}
        <MapGenerator
          busy={busy}
          onCreate={(request) => create('generator', () => generateMap(producerId, request as SeatGenerator))}
        />
      </section>

      <section aria-labelledby="map-import" className="flex flex-col gap-3 rounded-box bg-base-200 p-5">
        <h2 id="map-import" className="text-xl font-bold">
          {T.importHeading}
        </h2>
        <p className="max-w-3xl text-sm text-base-content/80">{T.importHint}</p>
        {problem?.where === 'import' && <ProblemAlert problem={problem.problem} heading={T.importProblems} />}
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={async (e) => {
            e.preventDefault();
            // The file input is read at submit (a file chosen before the island was live counts too).
            const input = e.currentTarget.elements.namedItem('map-file') as HTMLInputElement | null;
            const doc = await readJsonFile(input?.files?.[0] ?? null);
            if ('problem' in doc) setProblem({ where: 'import', problem: doc.problem });
            else await create('import', () => importMap(producerId, doc.json as SeatMap));
          }}
        >
          <label className="flex flex-col gap-1 text-sm">
            <span>{T.importFile}</span>
            <input type="file" accept="application/json,.json" name="map-file" className="file-input" />
          </label>
          <SubmitButton className="btn btn-primary" busy={busy}>
            {T.importSubmit}
          </SubmitButton>
        </form>
      </section>
    </div>
  );
}
