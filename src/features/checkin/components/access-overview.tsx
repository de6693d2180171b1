import { type ReactNode, useEffect, useState } from 'react';
import { ScrollRegion } from '../../../components/scroll-region';
import { DataTable } from '../../../components/ui/data-table';
import { CheckboxField, SelectField, TextField, ToggleField } from '../../../components/ui/fields';
import { LoadState } from '../../../components/ui/load-state';
import { useData } from '../../../components/ui/use-data';
import { messageOf } from '../../../lib/api';
import { scanTone } from '../../../shared/checkin';
import { formatTime } from '../../../shared/dates';
import { DOOR_TEXT, SCAN_LABEL } from '../../../shared/messages/checkin';
import { toast } from '../../../stores/toast';
import { getOverview } from '../api/get-overview';
import { saveGate } from '../api/save-gate';
import { saveList } from '../api/save-list';
import type { DoorEvent, Overview } from '../types';
import { DoorEventOptions } from './door-event-options';
import { EntriesChart } from './entries-chart';

const OVERVIEW_REFRESH_MS = 10_000;
const TONE_BADGE = { ok: 'badge-success', warn: 'badge-warning', bad: 'badge-error' } as const;
/**
 * /admin/access-control: per event, the counters, entries over time, per list and per gate, the latest
 * scans (refusals included) and every conflict of offline gates, and the lists and gates to edit.
 */
export default function AccessOverview({ events }: { events: DoorEvent[] }) {
  const [eventId, setEventId] = useState<number | null>(events[0]?.id ?? null);
  const canManage = events.find((e) => e.id === eventId)?.can_manage ?? false;

  // Polled; an answer for the previously chosen event, or older than the last one asked, is dropped.
  const overview = useData(
    async () => ({ eventId, data: eventId === null ? null : (await getOverview(eventId)).data }),
    eventId ?? 'none',
  );
  const data = overview.data?.eventId === eventId ? overview.data.data : null;
  const { reload: load, error } = overview;
  useEffect(() => {
    const timer = setInterval(() => void load(), OVERVIEW_REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);
  // A failed poll keeps the last figures on screen and says why.
  useEffect(() => {
    if (error && data) toast('error', error);
  }, [error, data]);

  if (events.length === 0) return <p className="text-lg">{DOOR_TEXT.noEvents}</p>;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full max-w-md">
          <SelectField label={DOOR_TEXT.event} value={String(eventId ?? '')} onValue={(v) => setEventId(Number(v))}>
            <DoorEventOptions events={events} />
          </SelectField>
        </div>
        <a href="/admin/access-control/full" className="btn btn-ticket">
          {DOOR_TEXT.openScanner}
        </a>
      </div>

      <LoadState state={{ ...overview, data }} rows={4}>
        {(data) => (
          <>
            <section aria-label={DOOR_TEXT.entries} className="grid gap-3 sm:grid-cols-3">
              <Stat label={DOOR_TEXT.admitted} value={`${data.event.admitted} / ${data.event.expected}`} />
              <Stat label={DOOR_TEXT.toCome} value={String(Math.max(0, data.event.expected - data.event.admitted))} />
              <Stat
                label={DOOR_TEXT.offlineConflicts}
                value={String(data.conflicts.length)}
                tone={data.conflicts.length > 0}
              />
            </section>

            <section className="card bg-base-200 p-4">
              <h2 className="mb-3 text-xl font-bold">{DOOR_TEXT.entriesOverTime}</h2>
              <EntriesChart timeline={data.timeline} />
            </section>

            {data.conflicts.length > 0 && (
              <section className="card border border-warning bg-base-200 p-4">
                <h2 className="mb-3 text-xl font-bold">{DOOR_TEXT.conflicts}</h2>
                <p className="mb-3 text-muted">{DOOR_TEXT.conflictsHint}</p>
                <ul className="flex flex-col gap-2" aria-label={DOOR_TEXT.conflicts}>
                  {data.conflicts.map((c) => (
                    <li key={c.id} className="rounded-box bg-base-100 p-3">
                      <strong>{c.holder ?? c.ticket_id}</strong>
                      {DOOR_TEXT.conflict(
                        {
                          gate: c.first_gate ?? '–',
                          at: c.first_at ? formatTime(c.first_at) : '–',
                          staff: c.first_staff,
                        },
                        {
                          gate: c.gate ?? '–',
                          at: formatTime(c.client_at ?? c.server_at),
                          staff: c.staff_name,
                          device: c.device,
                        },
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            )}

            <div className="grid gap-6 lg:grid-cols-2">
              <ListsEditor eventId={eventId!} data={data} canManage={canManage} onSaved={load} />
              <GatesEditor eventId={eventId!} data={data} canManage={canManage} onSaved={load} />
            </div>

            <section className="card bg-base-200 p-4">
              <h2 className="mb-3 text-xl font-bold">{DOOR_TEXT.latestScans}</h2>
              <ScrollRegion label={DOOR_TEXT.latestScans}>
                <DataTable
                  className="table"
                  columns={[
                    DOOR_TEXT.time,
                    DOOR_TEXT.result,
                    DOOR_TEXT.holder,
                    DOOR_TEXT.gate,
                    DOOR_TEXT.list,
                    DOOR_TEXT.scannedBy,
                  ]}
                >
                  {data.recent.map((s) => (
                    <tr key={s.id}>
                      <td>{formatTime(s.server_at)}</td>
                      <td>
                        <span className={`badge ${TONE_BADGE[scanTone(s.result)]}`}>{SCAN_LABEL[s.result]}</span>
                        {s.offline === 1 && <span className="badge badge-ghost ml-1">{DOOR_TEXT.offlineBadge}</span>}
                        {s.conflict === 1 && (
                          <span className="badge badge-warning ml-1">{DOOR_TEXT.conflictBadge}</span>
                        )}
                      </td>
                      <td>{s.holder ?? '–'}</td>
                      <td>{s.gate ?? '–'}</td>
                      <td>{s.list ?? '–'}</td>
                      <td>
                        {s.staff_name}
                        {s.device ? ` · ${s.device}` : ''}
                      </td>
                    </tr>
                  ))}
                </DataTable>
                {data.recent.length === 0 && <p className="p-3 text-muted">{DOOR_TEXT.noScans}</p>}
              </ScrollRegion>
            </section>
          </>
        )}
      </LoadState>
    </div>
  );
}

function Stat({ label, value, tone = false }: { label: string; value: string; tone?: boolean }) {
  return (
    <div className={`card bg-base-200 p-4 ${tone ? 'border border-warning' : ''}`}>
      <span className="text-sm text-muted">{label}</span>
      <span className="text-3xl font-black tabular-nums">{value}</span>
    </div>
  );
}

/** A list's or gate's form: its fields, then save and cancel; a save toasts the answer and reloads. */
function EditorForm(props: {
  saveLabel: string;
  save: () => Promise<{ message: string }>;
  onClose: () => void;
  onSaved: () => Promise<void>;
  children: ReactNode;
}) {
  async function submit() {
    try {
      const res = await props.save();
      toast('success', res.message);
      props.onClose();
      await props.onSaved();
    } catch (e) {
      toast('error', messageOf(e));
    }
  }
  return (
    <form
      className="mt-3 flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {props.children}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm">
          {props.saveLabel}
        </button>
        <button type="button" className="btn btn-sm" onClick={props.onClose}>
          {DOOR_TEXT.cancel}
        </button>
      </div>
    </form>
  );
}

type EditorProps = { eventId: number; data: Overview; canManage: boolean; onSaved: () => Promise<void> };

function ListsEditor({ eventId, data, canManage, onSaved }: EditorProps) {
  const [editing, setEditing] = useState<{
    id: number | null;
    name: string;
    type_ids: number[];
    allow_reentry: boolean;
  } | null>(null);

  return (
    <section className="card bg-base-200 p-4">
      <h2 className="mb-3 text-xl font-bold">{DOOR_TEXT.lists}</h2>
      <ul className="flex flex-col gap-2">
        {data.lists.map((l) => (
          <li key={l.id} className="flex items-center justify-between gap-2">
            <span>
              <strong>{l.name}</strong>{' '}
              <span className="text-muted">
                {l.type_ids.length === 0
                  ? DOOR_TEXT.allTickets
                  : data.types
                      .filter((t) => l.type_ids.includes(t.id))
                      .map((t) => t.name)
                      .join(', ')}
                {l.allow_reentry ? DOOR_TEXT.reentry : ''}
              </span>
            </span>
            <span className="tabular-nums">
              {l.admitted} / {l.expected}
            </span>
            {canManage && (
              <button
                type="button"
                className="btn btn-xs"
                onClick={() =>
                  setEditing({ id: l.id, name: l.name, type_ids: l.type_ids, allow_reentry: l.allow_reentry })
                }
              >
                {DOOR_TEXT.edit}
              </button>
            )}
          </li>
        ))}
      </ul>
      {canManage && !editing && (
        <button
          type="button"
          className="btn btn-sm mt-3 self-start"
          onClick={() => setEditing({ id: null, name: '', type_ids: [], allow_reentry: false })}
        >
          {DOOR_TEXT.addList}
        </button>
      )}
      {editing && (
        <EditorForm
          saveLabel={DOOR_TEXT.saveList}
          save={() => saveList(eventId, editing.id, editing)}
          onClose={() => setEditing(null)}
          onSaved={onSaved}
        >
          <TextField
            label={DOOR_TEXT.listName}
            value={editing.name}
            onValue={(name) => setEditing({ ...editing, name })}
          />
          <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
            <legend className="mb-1 text-sm font-medium">{DOOR_TEXT.listTypes}</legend>
            {data.types.map((t) => (
              <CheckboxField
                key={t.id}
                label={t.name}
                checked={editing.type_ids.includes(t.id)}
                onChecked={(checked) =>
                  setEditing({
                    ...editing,
                    type_ids: checked ? [...editing.type_ids, t.id] : editing.type_ids.filter((id) => id !== t.id),
                  })
                }
              />
            ))}
          </fieldset>
          <ToggleField
            label={DOOR_TEXT.allowReentry}
            checked={editing.allow_reentry}
            onChecked={(allow_reentry) => setEditing({ ...editing, allow_reentry })}
          />
        </EditorForm>
      )}
    </section>
  );
}

function GatesEditor({ eventId, data, canManage, onSaved }: EditorProps) {
  const [editing, setEditing] = useState<{ id: number | null; name: string } | null>(null);

  return (
    <section className="card bg-base-200 p-4">
      <h2 className="mb-3 text-xl font-bold">{DOOR_TEXT.gates}</h2>
      <ul className="flex flex-col gap-2">
        {data.gates.map((g) => (
          <li key={g.id} className="flex items-center justify-between gap-2">
            <strong>{g.name}</strong>
            <span className="tabular-nums">{DOOR_TEXT.gateAdmitted(g.admitted)}</span>
            {canManage && (
              <button type="button" className="btn btn-xs" onClick={() => setEditing({ id: g.id, name: g.name })}>
                {DOOR_TEXT.rename}
              </button>
            )}
          </li>
        ))}
      </ul>
      {canManage && !editing && (
        <button type="button" className="btn btn-sm mt-3 self-start" onClick={() => setEditing({ id: null, name: '' })}>
          {DOOR_TEXT.addGate}
        </button>
      )}
      {editing && (
        <EditorForm
          saveLabel={DOOR_TEXT.saveGate}
          save={() => saveGate(eventId, editing.id, editing.name)}
          onClose={() => setEditing(null)}
          onSaved={onSaved}
        >
          <TextField
            label={DOOR_TEXT.gateName}
            placeholder={DOOR_TEXT.gatePlaceholder}
            value={editing.name}
            onValue={(name) => setEditing({ ...editing, name })}
          />
        </EditorForm>
      )}
    </section>
  );
}
