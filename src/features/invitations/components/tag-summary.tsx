import { useState } from 'react';
import { messageOf } from '../../../lib/api';
import { setTagQuota } from '../api/quota';
import type { TagView } from '../types';

/** Per tag: invitations sent, opened, tickets used at the door, and its optional quota (editable). */
export function TagSummary({ eventId, tags, onChanged }: { eventId: number; tags: TagView[]; onChanged: () => void }) {
  const [tag, setTag] = useState('');
  const [quota, setQuota] = useState('');
  const [error, setError] = useState<string | null>(null);

  return (
    <div className="flex flex-col gap-4">
      {tags.length === 0 ? (
        <p className="text-muted">Todavía no hay invitaciones ni cupos en este evento.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table" aria-label="Invitaciones por etiqueta">
            <thead>
              <tr>
                <th>Etiqueta</th>
                <th>Invitaciones</th>
                <th>Enviadas</th>
                <th>Entradas</th>
                <th>Abiertas</th>
                <th>Usadas en la puerta</th>
                <th>Cupo</th>
              </tr>
            </thead>
            <tbody>
              {tags.map((t) => (
                <tr key={t.tag}>
                  <td>{t.tag}</td>
                  <td>{t.invitations}</td>
                  <td>{t.sent}</td>
                  <td>{t.tickets}</td>
                  <td>{t.opened}</td>
                  <td>{t.used}</td>
                  <td>{t.quota === null ? 'Sin límite' : `${t.tickets} de ${t.quota}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form
        className="flex flex-wrap items-end gap-3"
        aria-label="Cupo por etiqueta"
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          try {
            await setTagQuota(eventId, tag, quota.trim() === '' ? null : Number(quota));
            setTag('');
            setQuota('');
            onChanged();
          } catch (err) {
            setError(messageOf(err));
          }
        }}
      >
        <label className="flex flex-col gap-1 text-sm">
          Etiqueta
          <input className="input" required value={tag} onChange={(e) => setTag(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Cupo de entradas (vacío: sin límite)
          <input className="input" type="number" min={0} value={quota} onChange={(e) => setQuota(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-outline">
          Guardar cupo
        </button>
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
