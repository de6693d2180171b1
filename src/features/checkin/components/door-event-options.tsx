import { formatEventDate } from '../../../shared/dates';
import { DOOR_TEXT } from '../../../shared/messages/checkin';
import type { DoorEvent } from '../types';

/** The options of a door's event select: each event with its date, today's marked. */
export function DoorEventOptions({ events }: { events: DoorEvent[] }) {
  return events.map((e) => (
    <option key={e.id} value={e.id}>
      {e.today ? DOOR_TEXT.today : ''}
      {e.title} · {formatEventDate(e.starts_at)}
    </option>
  ));
}
