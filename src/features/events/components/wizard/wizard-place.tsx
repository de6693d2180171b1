import { useStore } from '@nanostores/react';
import { Field, Select, TextInput } from '../../../../components/ui/fields';
import { EVENT_FORM_TEXT } from '../../../../shared/messages/events';
import type { Wizard } from '../../stores/wizard';
import type { Province } from '../../types';
import { ProvinceSelect } from '../province-select';

/** Step 2: the venue (or one used before) and the dates, each with its doors and end. */
export function WizardPlace({ wizard, provinces }: { wizard: Wizard; provinces: Province[] }) {
  const form = useStore(wizard.$form);
  const errors = useStore(wizard.$errors);
  const venues = useStore(wizard.$venues);
  const { venue } = form;
  return (
    <div className="flex flex-col gap-6">
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 font-semibold">{EVENT_FORM_TEXT.venue}</legend>
        {venues.length > 0 && (
          <Field label={EVENT_FORM_TEXT.previousVenue} className="md:col-span-2">
            <Select
              className="select w-full"
              value=""
              onValue={(id) => wizard.chooseVenue(venues.find((v) => v.id === Number(id)))}
            >
              <option value="">{EVENT_FORM_TEXT.choosePreviousVenue}</option>
              {venues.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name} · {v.city}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Field label={EVENT_FORM_TEXT.venueName} error={errors['venue.name']}>
          <TextInput name="venue_name" value={venue.name} onChange={(name) => wizard.updateVenue({ name })} />
        </Field>
        <Field label={EVENT_FORM_TEXT.address} error={errors['venue.address']}>
          <TextInput value={venue.address} onChange={(address) => wizard.updateVenue({ address })} />
        </Field>
        <Field label={EVENT_FORM_TEXT.city} error={errors['venue.city']}>
          <TextInput value={venue.city} onChange={(city) => wizard.updateVenue({ city })} />
        </Field>
        <Field label={EVENT_FORM_TEXT.province} error={errors['venue.provinces_id']}>
          <ProvinceSelect
            name="venue_province"
            provinces={provinces}
            none={EVENT_FORM_TEXT.chooseProvince}
            value={venue.provinces_id}
            onValue={(provinces_id) => wizard.updateVenue({ provinces_id })}
          />
        </Field>
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-semibold">{EVENT_FORM_TEXT.dates}</legend>
        {form.dates.map((d, i) => (
          <div
            key={d.id ?? `n${i}`}
            className="grid gap-3 rounded-box bg-base-300/50 p-3 md:grid-cols-[1fr_1fr_1fr_auto]"
          >
            <Field label={EVENT_FORM_TEXT.dateStart(i + 1)} error={errors[`dates.${i}.starts_at`]}>
              <TextInput
                type="datetime-local"
                value={d.starts_at}
                onChange={(starts_at) => wizard.updateDate(i, { starts_at })}
              />
            </Field>
            <Field label={EVENT_FORM_TEXT.doorsAt} error={errors[`dates.${i}.doors_at`]}>
              <TextInput
                type="datetime-local"
                value={d.doors_at}
                onChange={(doors_at) => wizard.updateDate(i, { doors_at })}
              />
            </Field>
            <Field label={EVENT_FORM_TEXT.endsAt} error={errors[`dates.${i}.ends_at`]}>
              <TextInput
                type="datetime-local"
                value={d.ends_at}
                onChange={(ends_at) => wizard.updateDate(i, { ends_at })}
              />
            </Field>
            <button
              type="button"
              className="btn btn-ghost btn-sm self-end"
              disabled={form.dates.length === 1}
              onClick={() => wizard.removeDate(i)}
            >
              {EVENT_FORM_TEXT.remove}
            </button>
          </div>
        ))}
        <button type="button" className="btn btn-outline btn-sm self-start" onClick={wizard.addDate}>
          {EVENT_FORM_TEXT.addDate}
        </button>
      </fieldset>
    </div>
  );
}
