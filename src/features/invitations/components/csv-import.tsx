import { useState } from 'react';
import { Field } from '../../../components/ui/fields';
import { ApiError } from '../../../lib/api';
import { INVITATION_MSG, INVITATIONS_UI_MSG as M } from '../../../shared/messages/invitations';
import { SEAT_INVITATION_TEXT as S } from '../../../shared/messages/seating';
import { INVITATION_CSV_MAX_CHARS, invitationCsvTemplate } from '../../../shared/schemas/invitations';
import type { KeptSeatGroup } from '../../../shared/schemas/seating';
import { importInvitations } from '../api/import';
import { HeldGroupSelect } from './held-group-select';

/**
 * "Importar CSV": the whole file or nothing; every bad row is listed with its number. On a seated event the file's
 * invitations can be drawn from held seats: a group for the whole file, or per row (column "butacas guardadas").
 */
export function CsvImport({
  eventId,
  typeName,
  seated,
  onIssued,
}: {
  eventId: number;
  typeName: string;
  seated: boolean;
  onIssued: (message: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [heldGroup, setHeldGroup] = useState<KeptSeatGroup | ''>('');
  const [error, setError] = useState<{ message: string; rows: [string, string[]][] } | null>(null);
  const [busy, setBusy] = useState(false);

  return (
    <form
      className="flex flex-col gap-3"
      aria-label={M.importForm}
      onSubmit={async (e) => {
        e.preventDefault();
        if (!file) return;
        setBusy(true);
        setError(null);
        try {
          if (file.size > INVITATION_CSV_MAX_CHARS * 2) throw new ApiError(400, INVITATION_MSG.csvTooLong);
          const done = await importInvitations(eventId, await file.text(), (seated && heldGroup) || undefined);
          onIssued(M.imported(done.invitations, done.tickets));
          setFile(null);
          (e.target as HTMLFormElement).reset();
        } catch (err) {
          setError(
            err instanceof ApiError
              ? { message: err.message, rows: Object.entries(err.errors ?? {}) }
              : { message: M.importFailed, rows: [] },
          );
        } finally {
          setBusy(false);
        }
      }}
    >
      <p className="text-sm text-muted">
        {M.csvHelpBefore}
        <code>{M.csvHeaders}</code>
        {M.csvHelpAfter}
        <a
          className="link"
          download="invitaciones.csv"
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(invitationCsvTemplate(typeName))}`}
        >
          {M.template}
        </a>
        .
      </p>
      {seated && <p className="text-sm text-muted">{S.csvHeldGroupHelp}</p>}
      <div className="flex flex-wrap items-center gap-3">
        <Field label={M.csvFile}>
          <input
            type="file"
            accept=".csv,text/csv"
            className="file-input"
            required
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Field>
        {seated && <HeldGroupSelect value={heldGroup} onValue={setHeldGroup} />}
        <button type="submit" className="btn btn-secondary self-end" disabled={busy || !file}>
          {M.importAndSend}
        </button>
      </div>
      {error && (
        <div role="alert" className="rounded-box border border-error/60 bg-error/10 p-4 text-sm">
          <p className="font-semibold text-error">{error.message}</p>
          {error.rows.length > 0 && (
            <ul className="mt-2 flex flex-col gap-2">
              {error.rows.map(([row, messages]) => (
                <li key={row}>
                  <strong>{row}</strong>
                  <ul className="list-disc pl-5">
                    {messages.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
