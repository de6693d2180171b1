import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../../../lib/api';
import { fetchInvitableEvents } from '../api/events';
import { fetchInvitations } from '../api/list';
import type { InvitationsView } from '../types';
import { CsvImport } from './csv-import';
import { InvitationForm } from './invitation-form';
import { InvitationTable } from './invitation-table';
import { TagSummary } from './tag-summary';

/** /admin/invitations: choose an event, invite one person or a CSV, follow and manage them by tag. */
export default function AdminInvitations() {
  const [events, setEvents] = useState<{ id: number; title: string }[] | null>(null);
  const [eventId, setEventId] = useState('');
  const [view, setView] = useState<InvitationsView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetchInvitableEvents()
      .then((rows) => setEvents(rows.map((e) => ({ id: e.id, title: e.title }))))
      .catch((e) => {
        setEvents([]);
        setError(messageOf(e));
      });
  }, []);
  const load = useCallback(async () => {
    if (!eventId) return setView(null);
    try {
      setView(await fetchInvitations(eventId));
      setError(null);
    } catch (e) {
      setError(messageOf(e));
    }
  }, [eventId]);
  useEffect(() => {
    setNotice(null);
    void load();
  }, [load]);
  const changed = (message?: string) => {
    if (message) setNotice(message);
    void load();
  };

  return (
    <div className="flex flex-col gap-6">
      <label className="flex max-w-md flex-col gap-1 text-sm">
        Evento
        <select className="select" value={eventId} onChange={(e) => setEventId(e.target.value)}>
          <option value="">{events === null ? 'Cargando eventos…' : 'Elegí un evento'}</option>
          {events?.map((e) => (
            <option key={e.id} value={e.id}>
              {e.title}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
      {notice && (
        <output className="alert alert-success" aria-live="polite">
          {notice}
        </output>
      )}
      {view && (
        <>
          <section className="card bg-base-200 p-5" aria-labelledby="invitar">
            <h2 id="invitar" className="mb-3 text-xl font-bold">
              Invitar a una persona
            </h2>
            <InvitationForm key={view.event.id} eventId={view.event.id} types={view.ticket_types} onIssued={changed} />
          </section>
          <section className="card bg-base-200 p-5" aria-labelledby="importar">
            <h2 id="importar" className="mb-3 text-xl font-bold">
              Importar desde un CSV
            </h2>
            <CsvImport eventId={view.event.id} typeName={view.ticket_types[0]?.name ?? 'General'} onIssued={changed} />
          </section>
          <section className="card bg-base-200 p-5" aria-labelledby="por-etiqueta">
            <h2 id="por-etiqueta" className="mb-3 text-xl font-bold">
              Por etiqueta
            </h2>
            <TagSummary eventId={view.event.id} tags={view.tags} onChanged={() => changed()} />
          </section>
          <section className="card bg-base-200 p-5" aria-labelledby="enviadas">
            <h2 id="enviadas" className="mb-3 text-xl font-bold">
              Invitaciones
            </h2>
            <InvitationTable invitations={view.invitations} onChanged={changed} />
          </section>
        </>
      )}
    </div>
  );
}
