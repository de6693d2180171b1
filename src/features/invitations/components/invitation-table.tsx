import { useState } from 'react';
import { ScrollRegion } from '../../../components/scroll-region';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { messageOf } from '../../../lib/api';
import { formatEventDate } from '../../../shared/dates';
import { INVITATIONS_UI_MSG as M } from '../../../shared/messages/invitations';
import { resendInvitation } from '../api/resend';
import { revokeInvitation } from '../api/revoke';
import type { InvitationView } from '../types';

function statusOf(i: InvitationView) {
  if (i.status === 'revoked') return { label: M.revoked, badge: 'badge-error' };
  if (i.used > 0) return { label: M.used(i.used, i.quantity), badge: 'badge-success' };
  if (i.opened_at) return { label: M.opened, badge: 'badge-info' };
  return { label: M.sentStatus, badge: 'badge-ghost' };
}

function mailLine(i: InvitationView) {
  if (i.mail_status === 'failed') return M.mailFailed;
  if (i.mail_status !== 'sent' || !i.last_sent_at) return M.sending;
  return `${formatEventDate(i.last_sent_at)}${i.sent_count > 1 ? M.sendCount(i.sent_count) : ''}`;
}

/**
 * Every invitation of the event, newest first, with its state and the resend / revoke actions. Below 640 px
 * each row is a card: the guest, the status and the actions stay in view without sideways scrolling.
 */
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

  if (invitations.length === 0) return <p className="text-muted">{M.none}</p>;
  return (
    <div className="flex flex-col gap-2">
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      {revoking && (
        <ConfirmDialog
          title={M.revokeTitle}
          text={M.revokeText(revoking.quantity, revoking.name)}
          reasonLabel={M.reason}
          tone="danger"
          confirmLabel={M.revoke}
          onClose={() => setRevoking(null)}
          onConfirm={async (reason) => {
            try {
              await revokeInvitation(revoking.id, reason);
              onChanged(M.revokedNotice(revoking.name));
              return null;
            } catch (err) {
              return messageOf(err);
            }
          }}
        />
      )}
      <ScrollRegion label={M.sentTable}>
        <DataTable
          className="table table-cards"
          columns={[M.guest, M.tickets, M.tag, M.status, M.sentColumn, { label: M.actions, hidden: true }]}
          label={M.sentTable}
        >
          {invitations.map((i) => {
            const status = statusOf(i);
            return (
              <tr key={i.id}>
                <td data-card="title">
                  <div className="font-semibold">{i.name}</div>
                  <div className="break-all text-xs text-muted">
                    {i.email} · {M.dniOf(i.dni)}
                    {i.claimed ? M.withAccount : ''}
                  </div>
                </td>
                <td data-label={M.tickets}>
                  {i.quantity} × {i.type_name}
                </td>
                <td data-label={M.tag}>{i.tag}</td>
                <td data-label={M.status}>
                  <span className={`badge ${status.badge}`}>{status.label}</span>
                </td>
                <td data-label={M.sentColumn} className="text-sm">
                  {mailLine(i)}
                </td>
                <td data-card="actions">
                  {i.status === 'active' && (
                    <div className="flex gap-2">
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        onClick={() => act(() => resendInvitation(i.id), M.resent(i.email))}
                      >
                        {M.resend}
                      </button>
                      <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setRevoking(i)}>
                        {M.revoke}
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      </ScrollRegion>
    </div>
  );
}
