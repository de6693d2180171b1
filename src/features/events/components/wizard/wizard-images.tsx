import { useStore } from '@nanostores/react';
import { Field } from '../../../../components/ui/fields';
import { mediaUrl } from '../../../../shared/media';
import { EVENT_FORM_TEXT } from '../../../../shared/messages/events';
import type { Wizard } from '../../stores/wizard';

/** Step 4: the cover and the flyer, uploaded as soon as they are chosen. */
export function WizardImages({ wizard }: { wizard: Wizard }) {
  const form = useStore(wizard.$form);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {(['cover_key', 'flyer_key'] as const).map((kind) => {
        const key = form[kind];
        return (
          <div key={kind} className="flex flex-col gap-2">
            <Field
              label={kind === 'cover_key' ? EVENT_FORM_TEXT.cover : EVENT_FORM_TEXT.flyer}
              hint={EVENT_FORM_TEXT.imageHint}
            >
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className="file-input w-full"
                onChange={(e) => wizard.upload(kind, e.target.files?.[0])}
              />
            </Field>
            {key && <img src={mediaUrl(key)} alt="" className="aspect-video w-full rounded-box object-cover" />}
          </div>
        );
      })}
    </div>
  );
}
