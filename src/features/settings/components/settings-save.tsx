import { type SubmitEvent, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import type { FieldErrors } from '../../../components/ui/fields';
import { ApiError } from '../../../lib/api';
import { SETTINGS_TEXT } from '../../../shared/messages/settings';
import { toast } from '../../../stores/toast';

/**
 * A settings form's save: busy while it runs, the API's field errors and message kept to show, a toast with
 * the answer when saved. `send` stores what was saved and answers the API's message.
 */
export function useSettingsSave(send: () => Promise<string>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setProblem(null);
    try {
      toast('success', await send());
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(err.errors ?? {});
        setProblem(err.message);
      } else setProblem(SETTINGS_TEXT.saveFailed);
    } finally {
      setBusy(false);
    }
  }
  return { errors, problem, busy, save };
}

/** The end of a settings form: the save's problem, if any, and its button ("Guardando…" while busy). */
export function SettingsSaveBar({
  problem,
  busy,
  disabled = false,
  label,
}: {
  problem: string | null;
  busy: boolean;
  disabled?: boolean;
  label: string;
}) {
  return (
    <>
      <ErrorAlert message={problem} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy || disabled}>
          {busy ? SETTINGS_TEXT.saving : label}
        </button>
      </div>
    </>
  );
}
