import { useState } from 'react';
import { CheckboxField, Radio, SubmitButton, ToggleField } from '../../../components/ui/fields';
import { messageOf } from '../../../lib/api';
import { formatDateTime } from '../../../shared/dates';
import { PERSONAL_DATA_TEXT as T } from '../../../shared/messages/accounts';
import type { DeletionRequest } from '../../../shared/schemas/accounts';
import { toast } from '../../../stores/toast';
import { requestDeletion, setConsents } from '../api/personal-data';

/** The state of a deletion request, as GET /user/deletion answers it. */
export type DeletionView = { status: 'pending' | 'done'; due_by: string; refund_pending: boolean } | null;

/**
 * Perfil's "Tus datos personales": see and download everything kept about oneself, the promotions consent,
 * and the account deletion request (what happens to the tickets to come is the person's choice).
 */
export function PersonalDataPanel({ promotions, deletion }: { promotions: boolean; deletion: DeletionView }) {
  const [promo, setPromo] = useState(promotions);
  const [state, setState] = useState(deletion);
  const [tickets, setTickets] = useState<DeletionRequest['tickets']>('refund');
  const [sure, setSure] = useState(false);
  const [busy, setBusy] = useState(false);

  async function togglePromotions(checked: boolean) {
    setPromo(checked);
    try {
      const answer = await setConsents({ promotions: checked });
      toast('success', answer.message);
    } catch (err) {
      setPromo(!checked);
      toast('error', T.promotionsSaveError, messageOf(err));
    }
  }

  async function submit(e: React.SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    try {
      const answer = await requestDeletion({ tickets });
      setState(answer.data);
      toast('success', answer.message);
    } catch (err) {
      toast('error', T.deletionError, messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm">{T.sectionIntro}</p>
      <div className="flex flex-wrap gap-2">
        <a className="btn btn-outline btn-sm" href="/perfil/mis-datos">
          {T.viewPage}
        </a>
        <a className="btn btn-outline btn-sm" href="/api/v1/user/data?download=1" download="mis-datos-boleteria.json">
          {T.downloadJson}
        </a>
      </div>
      <ToggleField label={T.promotionsLabel} checked={promo} onChecked={togglePromotions} />

      <section aria-labelledby="perfil-borrar" className="flex flex-col gap-3 border-t border-base-300 pt-4">
        <h3 id="perfil-borrar" className="font-semibold">
          {T.deletionTitle}
        </h3>
        {state ? (
          <p role="status" className="alert alert-info alert-soft">
            {state.status === 'done' ? T.deletionDone : T.deletionPending(formatDateTime(state.due_by))}
          </p>
        ) : (
          <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
            <p className="text-sm">{T.deletionIntro}</p>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium">{T.deletionTicketsLegend}</legend>
              {(['refund', 'cancel'] as const).map((choice) => (
                <label key={choice} className="flex cursor-pointer items-center gap-2 text-sm">
                  <Radio
                    name="deletion-tickets"
                    className="radio radio-sm"
                    checked={tickets === choice}
                    onChoose={() => setTickets(choice)}
                  />
                  {choice === 'refund' ? T.deletionRefund : T.deletionCancel}
                </label>
              ))}
            </fieldset>
            <CheckboxField label={T.deletionConfirm} checked={sure} onChecked={setSure} tone="warning" />
            <SubmitButton className="btn btn-error self-start" busy={busy} disabled={!sure}>
              {T.deletionSubmit}
            </SubmitButton>
          </form>
        )}
      </section>
    </div>
  );
}
