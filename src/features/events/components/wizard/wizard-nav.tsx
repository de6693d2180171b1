import { useStore } from '@nanostores/react';
import { useLive } from '../../../../components/ui/adopt';
import { SubmitButton } from '../../../../components/ui/fields';
import { EVENT_FORM_TEXT, PUBLISH_NOTE_TEXT, WIZARD_MSG } from '../../../../shared/messages/events';
import { STEPS, type Wizard } from '../../stores/wizard';

/** The steps above the form: each one a button (going forward checks the steps on the way); marked when wrong. */
export function WizardStepper({ wizard }: { wizard: Wizard }) {
  const step = useStore(wizard.$step);
  const flagged = useStore(wizard.$flagged);
  // Until the island is live its buttons are disabled ("Cargando…" beside "Siguiente"): a tap then did nothing.
  const live = useLive();
  return (
    <ol className="steps steps-horizontal w-full text-xs" aria-label={EVENT_FORM_TEXT.steps}>
      {STEPS.map((label, i) => (
        <li
          key={label}
          className={`step ${flagged.has(i) ? 'step-error' : i <= step ? 'step-primary' : ''}`}
          data-content={flagged.has(i) ? '!' : undefined}
        >
          <button
            type="button"
            className={`hover:underline ${flagged.has(i) ? 'text-error' : ''}`}
            disabled={!live}
            onClick={() => wizard.goToStep(i)}
            aria-current={i === step ? 'step' : undefined}
          >
            {label}
            {flagged.has(i) && <span className="sr-only">{` (${WIZARD_MSG.stepHasErrors})`}</span>}
          </button>
        </li>
      ))}
    </ol>
  );
}

/** Below the form: back, save the draft, and next (or, on the last step, send or publish a draft). */
export function WizardActions({ wizard }: { wizard: Wizard }) {
  const step = useStore(wizard.$step);
  const busy = useStore(wizard.$busy);
  const status = useStore(wizard.$status);
  const direct = useStore(wizard.$direct);
  const live = useLive();
  return (
    <div className="flex flex-wrap justify-between gap-3">
      <button type="button" className="btn btn-ghost" disabled={step === 0} onClick={wizard.previous}>
        {EVENT_FORM_TEXT.previous}
      </button>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn btn-outline" disabled={busy || !live} onClick={wizard.saveDraft}>
          {EVENT_FORM_TEXT.saveDraft}
        </button>
        {step < STEPS.length - 1 ? (
          <SubmitButton type="button" className="btn btn-primary" onClick={wizard.next}>
            {EVENT_FORM_TEXT.next}
          </SubmitButton>
        ) : (
          status === 'borrador' && (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={wizard.submit}>
              {direct ? PUBLISH_NOTE_TEXT.publish : EVENT_FORM_TEXT.submit}
            </button>
          )
        )}
      </div>
    </div>
  );
}
