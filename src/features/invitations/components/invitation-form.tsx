import { useState } from 'react';
import { messageOf } from '../../../lib/api';
import { INVITATION_MAX_QUANTITY } from '../../../shared/schemas/invitations';
import { issueInvitation } from '../api/issue';
import type { InvitationsView } from '../types';

const EMPTY = { name: '', email: '', dni: '', quantity: 1, tag: '' };

/** "Invitar a una persona": the guest, how many tickets of which type, and a tag. */
export function InvitationForm({
  eventId,
  types,
  onIssued,
}: {
  eventId: number;
  types: InvitationsView['ticket_types'];
  onIssued: (message: string) => void;
}) {
  const [guest, setGuest] = useState(EMPTY);
  const [typeId, setTypeId] = useState(types[0] ? String(types[0].id) : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (key: keyof typeof EMPTY) => ({
    value: guest[key],
    onChange: (e: { target: { value: string } }) =>
      setGuest({ ...guest, [key]: key === 'quantity' ? Number(e.target.value) : e.target.value }),
  });

  return (
    <form
      className="grid gap-3 md:grid-cols-3"
      aria-label="Invitar a una persona"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        try {
          const issued = await issueInvitation({ event_id: eventId, ...guest, ticket_type: typeId });
          onIssued(
            `Enviamos la invitación a ${guest.email} (${issued.tickets} ${issued.tickets === 1 ? 'entrada' : 'entradas'}).`,
          );
          setGuest({ ...EMPTY, tag: guest.tag });
        } catch (err) {
          setError(messageOf(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <label className="flex flex-col gap-1 text-sm">
        Nombre
        <input className="input" required autoComplete="off" {...field('name')} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        E-mail
        <input className="input" type="email" required autoComplete="off" {...field('email')} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        DNI
        <input className="input" inputMode="numeric" required {...field('dni')} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Entrada
        <select className="select" required value={typeId} onChange={(e) => setTypeId(e.target.value)}>
          {types.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} · quedan {t.available}
              {t.hidden ? ' · oculta' : ''}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Cantidad
        <input className="input" type="number" min={1} max={INVITATION_MAX_QUANTITY} required {...field('quantity')} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Etiqueta
        <input className="input" required placeholder="Prensa, promotor…" {...field('tag')} />
      </label>
      <div className="flex items-end gap-3 md:col-span-3">
        <button type="submit" className="btn btn-primary" disabled={busy || !typeId}>
          Enviar invitación
        </button>
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
      </div>
    </form>
  );
}
