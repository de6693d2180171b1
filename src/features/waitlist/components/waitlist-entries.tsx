import { ScrollRegion } from '../../../components/scroll-region';
import { DataTable } from '../../../components/ui/data-table';
import { formatEventDate } from '../../../shared/dates';
import { PROMO_ADMIN_MSG as T } from '../../../shared/messages/promo';
import type { readWaitlist } from '../../promo/api/promo-admin';

type Entry = Awaited<ReturnType<typeof readWaitlist>>['data']['entries'][number];

const C = T.entriesColumns;

function statusOf(e: Entry) {
  if (e.status === 'offered')
    return T.entryStatus.offered(e.offer_expires_at ? formatEventDate(e.offer_expires_at) : '—');
  return T.entryStatus[e.status as Exclude<Entry['status'], 'offered'>] ?? e.status;
}

/**
 * The producer's list of an event's waiting-list entries, in arrival order: place among those waiting for the
 * type, name, type, quantity, "acepta menos" and state. Below 640 px each row is a card (`.table-cards`).
 */
export function WaitlistEntries({ entries }: { entries: Entry[] }) {
  if (entries.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 id="waitlist-entries" className="mb-2 font-semibold">
        {T.entries}
      </h3>
      <ScrollRegion label={T.entries} className="rounded-box bg-base-200">
        <DataTable
          className="table table-sm table-cards"
          columns={[C.position, C.name, C.type, { label: C.quantity, end: true }, C.acceptFewer, C.status]}
          labelledBy="waitlist-entries"
          scope="col"
        >
          {entries.map((e) => (
            <tr key={e.id} data-entry={e.id}>
              <td data-label={C.position} className="tabular-nums">
                {e.position ?? '—'}
              </td>
              <td data-card="title">
                <span className="font-semibold">{e.name}</span>
                <br />
                <span className="text-xs text-base-content/80">{e.email}</span>
              </td>
              <td data-label={C.type}>{e.ticket_type_name}</td>
              <td data-label={C.quantity} className="text-right tabular-nums">
                {e.status === 'offered' && e.offered_quantity !== null && e.offered_quantity !== e.quantity
                  ? T.offeredOf(e.offered_quantity, e.quantity)
                  : e.quantity}
              </td>
              <td data-label={C.acceptFewer}>{e.accept_fewer ? T.yes : T.no}</td>
              <td data-label={C.status} data-status={e.status}>
                {statusOf(e)}
              </td>
            </tr>
          ))}
        </DataTable>
      </ScrollRegion>
    </div>
  );
}
