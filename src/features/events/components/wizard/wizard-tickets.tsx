import { useStore } from '@nanostores/react';
import { Field, TextInput, ToggleField } from '../../../../components/ui/fields';
import { formatEventDate, localInputToIso } from '../../../../shared/dates';
import { EVENT_FORM_TEXT } from '../../../../shared/messages/events';
import type { TicketForm } from '../../lib/event-form';
import type { Wizard } from '../../stores/wizard';

/** Step 3: each date's ticket types (price, capacity, per-order limits, sale window, hidden, named). */
export function WizardTickets({ wizard }: { wizard: Wizard }) {
  const form = useStore(wizard.$form);
  const namedByDefault = useStore(wizard.$namedByDefault);
  return (
    <div className="flex flex-col gap-6">
      {form.dates.map((d, i) => {
        const iso = localInputToIso(d.starts_at);
        return (
          <fieldset key={d.id ?? `n${i}`} className="flex flex-col gap-3">
            <legend className="mb-2 font-semibold">
              {EVENT_FORM_TEXT.date} {i + 1}
              {iso ? ` · ${formatEventDate(iso)}` : ''}
            </legend>
            {d.ticket_types.map((t, k) => (
              <TicketType key={t.id ?? `n${k}`} wizard={wizard} ticket={t} date={i} index={k} />
            ))}
            <button
              type="button"
              className="btn btn-outline btn-sm self-start"
              onClick={() => wizard.addTicket(i, namedByDefault)}
            >
              {EVENT_FORM_TEXT.addTicketType}
            </button>
          </fieldset>
        );
      })}
    </div>
  );
}

function TicketType({
  wizard,
  ticket: t,
  date: i,
  index: k,
}: {
  wizard: Wizard;
  ticket: TicketForm;
  date: number;
  index: number;
}) {
  const errors = useStore(wizard.$errors);
  const p = `dates.${i}.ticket_types.${k}`;
  const set = (patch: Partial<TicketForm>) => wizard.updateTicket(i, k, patch);
  return (
    <div className="grid gap-3 rounded-box bg-base-300/50 p-3 md:grid-cols-4">
      <Field label={EVENT_FORM_TEXT.name} error={errors[`${p}.name`]}>
        <TextInput value={t.name} onChange={(name) => set({ name })} />
      </Field>
      <Field label={EVENT_FORM_TEXT.price} error={errors[`${p}.price_cents`]} hint={EVENT_FORM_TEXT.priceHint}>
        <TextInput inputMode="decimal" value={t.price} onChange={(price) => set({ price })} />
      </Field>
      <Field
        label={EVENT_FORM_TEXT.capacity}
        error={errors[`${p}.capacity`]}
        hint={t.sold ? EVENT_FORM_TEXT.sold(t.sold) : undefined}
      >
        <TextInput inputMode="numeric" value={t.capacity} onChange={(capacity) => set({ capacity })} />
      </Field>
      <div className="grid grid-cols-2 gap-2">
        <Field label={EVENT_FORM_TEXT.minPerOrder} error={errors[`${p}.min_per_order`]}>
          <TextInput inputMode="numeric" value={t.min_per_order} onChange={(min_per_order) => set({ min_per_order })} />
        </Field>
        <Field label={EVENT_FORM_TEXT.maxPerOrder} error={errors[`${p}.max_per_order`]}>
          <TextInput inputMode="numeric" value={t.max_per_order} onChange={(max_per_order) => set({ max_per_order })} />
        </Field>
      </div>
      <Field label={EVENT_FORM_TEXT.saleStarts} error={errors[`${p}.sale_starts_at`]}>
        <TextInput
          type="datetime-local"
          value={t.sale_starts_at}
          onChange={(sale_starts_at) => set({ sale_starts_at })}
        />
      </Field>
      <Field label={EVENT_FORM_TEXT.saleEnds} error={errors[`${p}.sale_ends_at`]}>
        <TextInput type="datetime-local" value={t.sale_ends_at} onChange={(sale_ends_at) => set({ sale_ends_at })} />
      </Field>
      <div className="flex flex-col justify-end gap-2 text-sm">
        <ToggleField label={EVENT_FORM_TEXT.hidden} checked={t.hidden} onChecked={(hidden) => set({ hidden })} />
        <ToggleField label={EVENT_FORM_TEXT.nominal} checked={t.named} onChecked={(named) => set({ named })} />
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-sm self-end"
        disabled={t.sold > 0}
        onClick={() => wizard.removeTicket(i, k)}
      >
        {EVENT_FORM_TEXT.removeTicketType}
      </button>
    </div>
  );
}
