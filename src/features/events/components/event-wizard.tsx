import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef } from 'react';
import { LoadState } from '../../../components/ui/load-state';
import { EVENT_FORM_TEXT } from '../../../shared/messages/events';
import { createWizard, STEPS, type Wizard } from '../stores/wizard';
import type { Province } from '../types';
import { PublishNote } from './publish-note';
import { WizardBasics } from './wizard/wizard-basics';
import { WizardImages } from './wizard/wizard-images';
import { WizardActions, WizardStepper } from './wizard/wizard-nav';
import { WizardPlace } from './wizard/wizard-place';
import { WizardPreview } from './wizard/wizard-preview';
import { WizardTickets } from './wizard/wizard-tickets';

type Props = { eventId?: number; provinces: Province[] };

/**
 * /nuevo: the step-by-step event form. Every step can save a draft; the last one sends the event to
 * review (or publishes it, for a superadmin or an event approved before). The state and the steps' logic are
 * in stores/wizard.ts; these are the screens.
 */
export default function EventWizard({ eventId, provinces }: Props) {
  const wizard = useMemo(() => createWizard({ eventId }), [eventId]);
  useEffect(() => wizard.start(), [wizard]);
  const existing = useStore(wizard.$existing);
  const loaded = useStore(wizard.$loaded);
  if (!loaded) return <LoadState state={{ ...existing, data: null, reload: wizard.reload }}>{() => null}</LoadState>;
  return <WizardForm wizard={wizard} provinces={provinces} />;
}

function WizardForm({ wizard, provinces }: { wizard: Wizard; provinces: Province[] }) {
  const step = useStore(wizard.$step);
  const problem = useStore(wizard.$problem);
  const announce = useStore(wizard.$announce);
  const status = useStore(wizard.$status);
  const direct = useStore(wizard.$direct);
  const focus = useStore(wizard.$focus);
  // Moving between steps puts focus on the new step's heading ("Paso 2 de 5: …") and a polite live region says
  // it too, so a screen reader announces the step and a keyboard user continues from its top; when a step has
  // errors, focus goes to its first marked field instead. The first render leaves focus alone.
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const stepBox = useRef<HTMLElement>(null);
  const alertBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus?.to === 'heading') stepHeading.current?.focus();
    if (focus?.to !== 'error') return;
    const field = stepBox.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) {
      field.focus();
      field.scrollIntoView({ block: 'center' });
    } else alertBox.current?.focus();
  }, [focus]);

  return (
    <div className="flex flex-col gap-6">
      <WizardStepper wizard={wizard} />
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>
      {problem && (
        <div role="alert" ref={alertBox} tabIndex={-1} className="alert alert-error">
          {problem}
        </div>
      )}
      <section ref={stepBox} aria-label={STEPS[step]} className="rounded-box border border-white/10 bg-base-200 p-5">
        <h2 ref={stepHeading} tabIndex={-1} className="mb-4 text-xl font-bold focus:outline-none">
          <span className="sr-only">{EVENT_FORM_TEXT.stepOf(step + 1, STEPS.length)}</span>
          {STEPS[step]}
        </h2>
        {step === 0 && <WizardBasics wizard={wizard} />}
        {step === 1 && <WizardPlace wizard={wizard} provinces={provinces} />}
        {step === 2 && <WizardTickets wizard={wizard} />}
        {step === 3 && <WizardImages wizard={wizard} />}
        {step === 4 && <WizardPreview wizard={wizard} />}
      </section>
      {step === STEPS.length - 1 && status === 'borrador' && <PublishNote direct={direct} />}
      <WizardActions wizard={wizard} />
    </div>
  );
}
