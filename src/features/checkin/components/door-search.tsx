import { useEffect, useState } from 'react';
import { TextField } from '../../../components/ui/fields';
import { shortTicketCode, UNDO_WINDOW_MS } from '../../../shared/checkin';
import { DOOR_TEXT } from '../../../shared/messages/checkin';
import { useEscape } from '../hooks/use-escape';
import { searchTickets } from '../lib/local-decision';
import type { OfflineBundle } from '../types';

type Tickets = OfflineBundle['tickets'];

type Props = {
  bundle: OfflineBundle;
  listId: number | null;
  onAdmit: (ticketId: string) => Promise<string | null>;
  onUndo: (scanId: string, ticketId: string) => Promise<void>;
  onClose: () => void;
  /** The server's search (DNI, e-mail, name, short code, order); null offline or on failure. */
  searchOnline: (q: string) => Promise<Tickets | null>;
  online: boolean;
  /** A result card is over the search: Escape is the card's. */
  covered: boolean;
};

/** What the server found first (it knows DNIs and e-mails), then what only the download has, once each. */
const merged = (remote: Tickets, local: Tickets) => [
  ...remote,
  ...local.filter((t) => !remote.some((r) => r.id === t.id)),
];

/**
 * Search by name, DNI, e-mail, short code or order number, with check-in by hand: the downloaded tickets at
 * once, and the server's answer (which finds DNIs and e-mails the download does not carry) when online.
 * Escape closes it.
 */
export function DoorSearch({ bundle, listId, onAdmit, onUndo, onClose, searchOnline, online, covered }: Props) {
  const [query, setQuery] = useState('');
  const [admitted, setAdmitted] = useState<Map<string, { scanId: string; at: number }>>(new Map());
  const [remote, setRemote] = useState<{ q: string; tickets: Tickets } | null>(null);
  const [asking, setAsking] = useState(false);
  useEscape(onClose, !covered);
  useEffect(() => {
    const q = query.trim();
    if (q.length < 2 || !online) return;
    let current = true;
    setAsking(true);
    const timer = setTimeout(() => {
      void searchOnline(q).then((tickets) => {
        if (!current) return;
        setAsking(false);
        if (tickets) setRemote({ q, tickets });
      });
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
      setAsking(false);
    };
  }, [query, online, searchOnline]);
  const local = searchTickets(bundle, query);
  const results = remote && remote.q === query.trim() ? merged(remote.tickets, local).slice(0, 20) : local;
  const needsNetwork = !online && (/^\d{7,8}$/.test(query.trim()) || query.includes('@'));
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
            onValue={setQuery}
            // The search opens to type at once.
            autoFocus
          />
        </div>
        <button type="button" className="btn btn-lg" onClick={onClose}>
          {DOOR_TEXT.close}
        </button>
      </div>
      <ul className="flex flex-col gap-2 overflow-y-auto">
        {results.map((t) => {
          const mine = admitted.get(t.id);
          const canUndo = mine && Date.now() - mine.at < UNDO_WINDOW_MS;
          return (
            <li key={t.id} className="flex items-center justify-between gap-3 rounded-box bg-base-200 p-3">
              <span>
                <span className="block text-xl font-bold">{t.holder}</span>
                <span className="text-muted">
                  {t.type_name}
                  {DOOR_TEXT.searchDetail(t.dni, t.order_id.slice(0, 8))}
                </span>
                <span className="block font-mono text-sm">{DOOR_TEXT.searchCode(shortTicketCode(t.id))}</span>
              </span>
              {canUndo ? (
                <button
                  type="button"
                  className="btn btn-warning"
                  onClick={() =>
                    void onUndo(mine.scanId, t.id).then(() =>
                      setAdmitted((m) => {
                        const next = new Map(m);
                        next.delete(t.id);
                        return next;
                      }),
                    )
                  }
                >
                  {DOOR_TEXT.undoEntry}
                </button>
              ) : inside(t.id) ? (
                <span className="badge badge-lg">{DOOR_TEXT.alreadyIn}</span>
              ) : (t.status !== 'valid' && t.status !== 'used') || t.order_status !== 'paid' ? (
                <span className="badge badge-lg badge-error">{DOOR_TEXT.notValid}</span>
              ) : (
                <button
                  type="button"
                  className="btn btn-success"
                  onClick={() =>
                    void onAdmit(t.id).then((scanId) => {
                      if (scanId) setAdmitted((m) => new Map(m).set(t.id, { scanId, at: Date.now() }));
                    })
                  }
                >
                  {DOOR_TEXT.admit}
                </button>
              )}
            </li>
          );
        })}
        {query.trim().length >= 2 && results.length === 0 && (
          <li className="p-3 text-lg" role="status">
            {asking ? DOOR_TEXT.searching : needsNetwork ? DOOR_TEXT.searchNeedsNetwork : DOOR_TEXT.noResults}
          </li>
        )}
      </ul>
    </div>
  );
}
