import { useState } from 'react';
import { messageOf } from '../../../lib/api';
import { formatEventDate } from '../../../shared/dates';
import { ReasonDialog } from '../../events/components/reason-dialog';
import { resendInvitation } from '../api/resend';
import { revokeInvitation } from '../api/revoke';
import type { InvitationView } from '../types';

function statusOf(i: InvitationView) {
  if (i.status === 'revoked') return { label: 'Revocada', badge: 'badge-error' };
  if (i.used > 0) return { label: `Usada (${i.used} de ${i.quantity})`, badge: 'badge-success' };
  if (i.opened_at) return { label: 'Abierta', badge: 'badge-info' };
  return { label: 'Enviada', badge: 'badge-ghost' };
}

function mailLine(i: InvitationView) {
  if (i.mail_status === 'failed') return 'No se pudo enviar: probá reenviarla';
  if (i.mail_status !== 'sent' || !i.last_sent_at) return 'Enviando…';
  return `${formatEventDate(i.last_sent_at)}${i.sent_count > 1 ? ` (${i.sent_count} envíos)` : ''}`;
}

/** Every invitation of the event, newest first, with its state and the resend / revoke actions. */
export function InvitationTable({
  invitations,
  onChanged,
}: {
  invitations: InvitationView[];
  onChanged: (message: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<InvitationView | null>(null);
  const act = async (work: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await work();
      onChanged(done);
    } catch (err) {
      setError(messageOf(err));
    }
  };

  if (invitations.length === 0) return <p className="text-muted">Todavía no enviaste invitaciones para este evento.</p>;
  return (
    <div className="flex flex-col gap-2">
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      {revoking && (
        <ReasonDialog
          title="Revocar invitación"
          text={`Las ${revoking.quantity === 1 ? 'entrada' : `${revoking.quantity} entradas`} de ${revoking.name} dejan de servir en la puerta y el lugar vuelve a quedar libre.`}
          reasonLabel="Motivo"
          confirmLabel="Revocar"
          onClose={() => setRevoking(null)}
          onConfirm={async (reason) => {
            try {
              await revokeInvitation(revoking.id, reason);
              onChanged(`Revocamos la invitación de ${revoking.name}: las entradas de esa invitación ya no sirven.`);
              return null;
            } catch (err) {
              return messageOf(err);
            }
          }}
        />
      )}
      <div className="overflow-x-auto">
        <table className="table" aria-label="Invitaciones enviadas">
          <thead>
            <tr>
              <th>Invitado</th>
              <th>Entradas</th>
              <th>Etiqueta</th>
              <th>Estado</th>
              <th>Enviada</th>
              <th>
                <span className="sr-only">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invitations.map((i) => {
              const status = statusOf(i);
              return (
                <tr key={i.id}>
                  <td>
                    <div className="font-semibold">{i.name}</div>
                    <div className="text-xs text-muted">
                      {i.email} · DNI {i.dni}
                      {i.claimed ? ' · con cuenta' : ''}
                    </div>
                  </td>
                  <td>
                    {i.quantity} × {i.type_name}
                  </td>
                  <td>{i.tag}</td>
                  <td>
                    <span className={`badge ${status.badge}`}>{status.label}</span>
                  </td>
                  <td className="text-sm">{mailLine(i)}</td>
                  <td className="flex gap-2">
                    {i.status === 'active' && (
                      <>
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          onClick={() => act(() => resendInvitation(i.id), `Reenviamos la invitación a ${i.email}.`)}
                        >
                          Reenviar
                        </button>
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm text-error"
                          onClick={() => setRevoking(i)}
                        >
                          Revocar
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
