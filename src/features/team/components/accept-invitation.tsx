import { useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { messageOf } from '../../../lib/api';
import { TEAM_TEXT } from '../../../shared/messages/team';
import { acceptInvitation } from '../api/invitations';

/**
 * The button of /equipo/aceptar for a signed-in person: joins the team, then opens the back office. It is a form
 * posting to the page itself, so a tap before this island is live is not lost: the page comes back with
 * `autoAccept` (a same-origin POST, checked by Astro) and the island accepts at once, through the API client
 * (which refreshes the session's new role).
 */
export default function AcceptInvitation({ token, autoAccept = false }: { token: string; autoAccept?: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [joined, setJoined] = useState<string | null>(null);
  const started = useRef(false);

  async function accept() {
    if (started.current) return;
    started.current = true;
    setBusy(true);
    try {
      setJoined((await acceptInvitation(token)).message);
    } catch (err) {
      setError(messageOf(err));
      started.current = false;
    } finally {
      setBusy(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the tap the page was posted with.
  useEffect(() => {
    if (autoAccept) void accept();
  }, []);

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
    <form
      method="post"
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void accept();
      }}
    >
      <ErrorAlert message={error} />
      <button type="submit" className="btn btn-primary self-start" disabled={busy}>
        {busy ? TEAM_TEXT.accepting : TEAM_TEXT.accept}
      </button>
    </form>
  );
}
