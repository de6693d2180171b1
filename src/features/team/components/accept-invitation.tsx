import { useState } from 'react';
import { messageOf } from '../../../lib/api';
import { TEAM_TEXT } from '../../../shared/messages-team';
import { acceptInvitation } from '../api/invitations';

/** The button of /equipo/aceptar for a signed-in person: joins the team, then opens the back office. */
export default function AcceptInvitation({ token }: { token: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [joined, setJoined] = useState<string | null>(null);
  if (joined)
    return (
      <div className="flex flex-col gap-3">
        <p role="status" className="alert alert-success">
          {joined}
        </p>
        <a className="btn btn-primary self-start" href="/admin">
          {TEAM_TEXT.goToPanel}
        </a>
      </div>
    );
  return (
    <div className="flex flex-col gap-3">
      {error && (
        <p role="alert" className="alert alert-error">
          {error}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary self-start"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            setJoined((await acceptInvitation(token)).message);
          } catch (err) {
            setError(messageOf(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? TEAM_TEXT.accepting : TEAM_TEXT.accept}
      </button>
    </div>
  );
}
