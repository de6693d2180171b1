import { useStore } from '@nanostores/react';
import { TextField } from '../../../components/ui/fields';
import { shortTicketCode } from '../../../shared/checkin';
import { DOOR_TEXT } from '../../../shared/messages/checkin';
import { useEscape } from '../hooks/use-escape';
import type { Door } from '../stores/door';
import type { OfflineBundle } from '../types';

type Props = {
  door: Door;
  bundle: OfflineBundle;
  /** A result card is over the search: Escape is the card's. */
  covered: boolean;
};

/**
 * Search by name, DNI, e-mail, short code or order number, with check-in by hand (stores/door-search.ts).
 * Escape closes it.
 */
export function DoorSearch({ door, bundle, covered }: Props) {
  const { search } = door;
  const query = useStore(search.$query);
  const asking = useStore(search.$asking);
  const needsNetwork = useStore(search.$needsNetwork);
  useStore(search.$remote);
  useStore(search.$admitted);
  const { listId } = useStore(door.$choice);
  useEscape(door.closeSearch, !covered);
  const results = search.results(bundle);
  const inside = (ticketId: string) =>
    bundle.admissions.some((a) => a.list_id === listId && a.ticket_id === ticketId && a.inside);

  return (
    <div
      role="dialog"
      aria-label={DOOR_TEXT.searchTicket}
      className="fixed inset-0 z-30 flex flex-col gap-3 bg-base-100 p-4"
    >
      <div className="flex gap-2">
        <div className="flex-1">
          <TextField
            large
            hideLabel
            type="search"
            label={DOOR_TEXT.searchLabel}
            placeholder={DOOR_TEXT.searchPlaceholder}
            value={query}
            onValue={search.setQuery}
            // The search opens to type at once.
            autoFocus
          />
        </div>
        <button type="button" className="btn btn-lg" onClick={door.closeSearch}>
          {DOOR_TEXT.close}
        </button>
      </div>
      <ul className="flex flex-col gap-2 overflow-y-auto">
        {results.map((t) => (
          <li key={t.id} className="flex items-center justify-between gap-3 rounded-box bg-base-200 p-3">
            <span>
              <span className="block text-xl font-bold">{t.holder}</span>
              <span className="text-muted">
                {t.type_name}
                {t.seat && ` · ${t.seat}`}
                {DOOR_TEXT.searchDetail(t.dni, t.order_id.slice(0, 8))}
              </span>
              <span className="block font-mono text-sm">{DOOR_TEXT.searchCode(shortTicketCode(t.id))}</span>
            </span>
            {search.undoable(t.id, Date.now()) ? (
              <button type="button" className="btn btn-warning" onClick={() => void search.undo(t.id)}>
                {DOOR_TEXT.undoEntry}
              </button>
            ) : inside(t.id) ? (
              <span className="badge badge-lg">{DOOR_TEXT.alreadyIn}</span>
            ) : (t.status !== 'valid' && t.status !== 'used') || t.order_status !== 'paid' ? (
              <span className="badge badge-lg badge-error">{DOOR_TEXT.notValid}</span>
            ) : (
              <button type="button" className="btn btn-success" onClick={() => void search.admit(t.id)}>
                {DOOR_TEXT.admit}
              </button>
            )}
          </li>
        ))}
        {query.trim().length >= 2 && results.length === 0 && (
          <li className="p-3 text-lg" role="status">
            {asking ? DOOR_TEXT.searching : needsNetwork ? DOOR_TEXT.searchNeedsNetwork : DOOR_TEXT.noResults}
          </li>
        )}
      </ul>
    </div>
  );
}
