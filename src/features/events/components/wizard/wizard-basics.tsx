import { useStore } from '@nanostores/react';
import { Field, Select, TextArea, TextInput } from '../../../../components/ui/fields';
import { CATEGORIES, EVENT_FORM_TEXT } from '../../../../shared/messages/events';
import type { Category } from '../../../../shared/schemas/events';
import type { Wizard } from '../../stores/wizard';

/** Step 1: the producer (for a first event or several producers), title, category, minimum age, description. */
export function WizardBasics({ wizard }: { wizard: Wizard }) {
  const form = useStore(wizard.$form);
  const errors = useStore(wizard.$errors);
  const needsProducer = useStore(wizard.$needsProducer);
  const eventId = useStore(wizard.$eventId);
  const producers = useStore(wizard.$producers);
  const producerId = useStore(wizard.$producerId);
  const producerName = useStore(wizard.$producerName);
  const { update } = wizard;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {needsProducer && (
        <Field label={EVENT_FORM_TEXT.producerName} hint={EVENT_FORM_TEXT.producerHint} className="md:col-span-2">
          <TextInput
            value={producerName}
            onChange={wizard.setProducerName}
            placeholder={EVENT_FORM_TEXT.producerPlaceholder}
          />
        </Field>
      )}
      {!eventId && producers && producers.length > 1 && (
        <Field label={EVENT_FORM_TEXT.producer} className="md:col-span-2">
          <Select
            className="select w-full"
            value={String(producerId ?? '')}
            onValue={(id) => wizard.setProducerId(Number(id))}
          >
            {producers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Field label={EVENT_FORM_TEXT.title} error={errors.title} className="md:col-span-2">
        <TextInput name="title" value={form.title} onChange={(title) => update({ title })} invalid={!!errors.title} />
      </Field>
      <Field label={EVENT_FORM_TEXT.category} error={errors.category}>
        <Select
          name="category"
          className="select w-full"
          value={form.category}
          onValue={(category) => update({ category: category as Category })}
        >
          <option value="">{EVENT_FORM_TEXT.chooseCategory}</option>
          {CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </Select>
      </Field>
      <Field label={EVENT_FORM_TEXT.minAge} error={errors.min_age}>
        <TextInput type="number" min="0" value={form.min_age} onChange={(min_age) => update({ min_age })} />
      </Field>
      <Field
        label={EVENT_FORM_TEXT.description}
        error={errors.description}
        hint={EVENT_FORM_TEXT.descriptionHint}
        className="md:col-span-2"
      >
        <TextArea
          name="description"
          className="textarea h-40 w-full"
          value={form.description}
          onValue={(description) => update({ description })}
        />
      </Field>
    </div>
  );
}
