import { useState } from 'react';
import { SelectField } from '../../../components/ui/fields';
import { LoadState } from '../../../components/ui/load-state';
import { useData } from '../../../components/ui/use-data';
import { INVITATIONS_UI_MSG as M } from '../../../shared/messages/invitations';
import { fetchInvitableEvents } from '../api/events';
import { fetchInvitations } from '../api/list';
import { CsvImport } from './csv-import';
import { InvitationForm } from './invitation-form';
import { InvitationTable } from './invitation-table';
import { TagSummary } from './tag-summary';

/** /admin/invitations: choose an event, invite one person or a CSV, follow and manage them by tag. */
export default function AdminInvitations() {
  const events = useData(async () => (await fetchInvitableEvents()).map((e) => ({ id: e.id, title: e.title })), 0);
  const [eventId, setEventId] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const choose = (id: string) => {
    setNotice(null);
    setEventId(id);
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="max-w-md">
        <SelectField label={M.event} value={eventId} onValue={choose}>
          <option value="">{events.data === null ? M.loadingEvents : M.chooseEvent}</option>
          {events.data?.map((e) => (
            <option key={e.id} value={e.id}>
              {e.title}
            </option>
          ))}
        </SelectField>
      </div>
      {events.error && (
        <p role="alert" className="text-error">
          {events.error}
        </p>
      )}
      {notice && (
        <output className="alert alert-success" aria-live="polite">
          {notice}
        </output>
      )}
      {eventId && <EventInvitations key={eventId} eventId={eventId} onNotice={setNotice} />}
    </div>
  );
}

/** One event's invitations: loaded with the UI kit's data hook (a stale answer for another event is dropped). */
function EventInvitations({ eventId, onNotice }: { eventId: string; onNotice: (message: string) => void }) {
  const view = useData(() => fetchInvitations(eventId), eventId);
  const changed = (message?: string) => {
    if (message) onNotice(message);
    view.reload();
  };
  return (
    <LoadState state={view} rows={4}>
      {(data) => (
        <>
          {view.error && (
            <p role="alert" className="text-error">
              {view.error}
            </p>
          )}
          <section className="card bg-base-200 p-5" aria-labelledby="invitar">
            <h2 id="invitar" className="mb-3 text-xl font-bold">
              {M.inviteOne}
            </h2>
            <InvitationForm key={data.event.id} eventId={data.event.id} types={data.ticket_types} onIssued={changed} />
          </section>
          <section className="card bg-base-200 p-5" aria-labelledby="importar">
            <h2 id="importar" className="mb-3 text-xl font-bold">
              {M.importCsv}
            </h2>
            <CsvImport
              eventId={data.event.id}
              typeName={data.ticket_types[0]?.name ?? 'General'}
              seated={data.ticket_types.some((t) => t.seated)}
              onIssued={changed}
            />
          </section>
          <section className="card bg-base-200 p-5" aria-labelledby="por-etiqueta">
            <h2 id="por-etiqueta" className="mb-3 text-xl font-bold">
              {M.byTag}
            </h2>
            <TagSummary eventId={data.event.id} tags={data.tags} onChanged={changed} />
          </section>
          <section className="card bg-base-200 p-5" aria-labelledby="enviadas">
            <h2 id="enviadas" className="mb-3 text-xl font-bold">
              {M.invitations}
            </h2>
            <InvitationTable invitations={data.invitations} onChanged={changed} />
          </section>
        </>
      )}
    </LoadState>
  );
}
