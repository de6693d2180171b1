import { useStore } from '@nanostores/react';
import { DOOR_TEXT } from '../../../shared/messages/checkin';
import type { Door } from '../stores/door';

/** Connectivity (from the outcome of real calls), the queue waiting for the server, the event and the gate. */
export function DoorStatus({ door, title }: { door: Door; title?: string }) {
  const online = useStore(door.$online);
  const pending = useStore(door.$pending);
  const gate = useStore(door.$gate);
  const list = useStore(door.$list);
  return (
    <header className="flex flex-wrap items-center gap-2 p-3 pr-56 text-lg">
      <span data-testid="door-status" className={`badge badge-lg ${online ? 'badge-success' : 'badge-error'}`}>
        {online ? DOOR_TEXT.online : DOOR_TEXT.offline}
      </span>
      {pending > 0 && (
        <span data-testid="door-pending" className="badge badge-lg badge-warning">
          {DOOR_TEXT.pendingScans(pending)}
        </span>
      )}
      <span className="font-bold">{title}</span>
      <button type="button" className="btn btn-sm" onClick={door.backToSetup}>
        {gate?.name} · {list?.name}
      </button>
    </header>
  );
}

/** Admitted (and expected) for the event, the list and the gate; offline, the last figures plus this device's. */
export function DoorCounters({ door }: { door: Door }) {
  const counters = useStore(door.$counters);
  const list = useStore(door.$list);
  const gate = useStore(door.$gate);
  const choice = useStore(door.$choice);
  const listCounter = counters?.lists.find((l) => l.id === choice.listId);
  const gateCounter = counters?.gates.find((g) => g.id === choice.gateId);
  return (
    <section aria-label={DOOR_TEXT.counters} className="grid grid-cols-3 gap-2 p-3 text-center">
      <Counter label={DOOR_TEXT.event} value={counters?.event.admitted} total={counters?.event.expected} />
      <Counter label={list?.name ?? DOOR_TEXT.list} value={listCounter?.admitted} total={listCounter?.expected} />
      <Counter label={gate?.name ?? DOOR_TEXT.gate} value={gateCounter?.admitted} />
    </section>
  );
}

function Counter({ label, value, total }: { label: string; value?: number; total?: number }) {
  return (
    <div className="rounded-box bg-base-200 p-2" data-testid={`counter-${label}`}>
      <div className="truncate text-sm text-muted">{label}</div>
      <div className="text-3xl font-black tabular-nums">
        {value ?? '–'}
        {total !== undefined && <span className="text-lg font-semibold text-muted"> / {total}</span>}
      </div>
    </div>
  );
}

/** Results read out by screen readers at once: always in the page, its text changes with each new card. */
export function DoorLiveRegion({ text }: { text: string }) {
  return (
    <div role="alert" aria-live="assertive" aria-atomic="true" className="sr-only" data-testid="door-announcement">
      {text}
    </div>
  );
}
