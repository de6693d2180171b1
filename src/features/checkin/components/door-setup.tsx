import { useStore } from '@nanostores/react';
import { SelectField } from '../../../components/ui/fields';
import { DOOR_TEXT } from '../../../shared/messages/checkin';
import type { Door } from '../stores/door';
import type { DoorEvent } from '../types';
import { DoorEventOptions } from './door-event-options';

/** Long names end in "…" before the select's arrow instead of running under it. */
const SELECT = 'truncate pe-12';

/** Before scanning: the event (today's first), the gate and the list. */
export function DoorSetup({ door, events }: { door: Door; events: DoorEvent[] }) {
  const choice = useStore(door.$choice);
  const bundle = useStore(door.$bundle);
  const ready = !!bundle && choice.listId !== null && choice.gateId !== null;
  return (
    <form
      className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center gap-5 p-6"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) door.startScanning();
      }}
    >
      <h1 className="text-4xl font-extrabold">{DOOR_TEXT.scanner}</h1>
      <SelectField
        large
        label={DOOR_TEXT.event}
        className={SELECT}
        value={String(choice.eventId ?? '')}
        onValue={(v) => door.chooseEvent(Number(v))}
      >
        <DoorEventOptions events={events} />
      </SelectField>
      <SelectField
        large
        label={DOOR_TEXT.gate}
        className={SELECT}
        value={String(choice.gateId ?? '')}
        disabled={!bundle}
        onValue={(v) => door.setGateId(Number(v))}
      >
        {bundle?.gates.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        large
        label={DOOR_TEXT.list}
        className={SELECT}
        value={String(choice.listId ?? '')}
        disabled={!bundle}
        onValue={(v) => door.setListId(Number(v))}
      >
        {bundle?.lists.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </SelectField>
      <button type="submit" className="btn btn-ticket btn-lg" disabled={!ready}>
        {bundle ? DOOR_TEXT.startScanning : DOOR_TEXT.downloading}
      </button>
    </form>
  );
}
