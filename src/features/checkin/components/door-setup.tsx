import { formatEventDate } from '../../../shared/dates';
import { DOOR_TEXT } from '../../../shared/messages-door';
import type { Door } from '../hooks/use-door';
import type { DoorEvent } from '../types';

/** Long names end in "…" before the select's arrow instead of running under it. */
const SELECT = 'select select-lg w-full truncate pe-12';

/** Before scanning: the event (today's first), the gate and the list. */
export function DoorSetup({ door, events, onStart }: { door: Door; events: DoorEvent[]; onStart: () => void }) {
  const { choice, bundle } = door;
  const ready = !!bundle && choice.listId !== null && choice.gateId !== null;
  return (
    <form
      className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center gap-5 p-6"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) onStart();
      }}
    >
      <h1 className="text-4xl font-extrabold">{DOOR_TEXT.scanner}</h1>
      <label className="flex flex-col gap-2 text-lg">
        {DOOR_TEXT.event}
        <select
          className={SELECT}
          value={choice.eventId ?? ''}
          onChange={(e) => door.chooseEvent(Number(e.target.value))}
        >
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.today ? DOOR_TEXT.today : ''}
              {e.title} · {formatEventDate(e.starts_at)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-2 text-lg">
        {DOOR_TEXT.gate}
        <select
          className={SELECT}
          value={choice.gateId ?? ''}
          disabled={!bundle}
          onChange={(e) => door.setGateId(Number(e.target.value))}
        >
          {bundle?.gates.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-2 text-lg">
        {DOOR_TEXT.list}
        <select
          className={SELECT}
          value={choice.listId ?? ''}
          disabled={!bundle}
          onChange={(e) => door.setListId(Number(e.target.value))}
        >
          {bundle?.lists.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-ticket btn-lg" disabled={!ready}>
        {bundle ? DOOR_TEXT.startScanning : DOOR_TEXT.downloading}
      </button>
    </form>
  );
}
