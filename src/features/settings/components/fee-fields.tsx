import { Field, type FieldErrors, TextInput } from '../../../components/ui/fields';
import { SETTINGS_TEXT } from '../../../shared/messages/settings';
import { centsToPesosInput, pesosToCents } from '../../../shared/money';

/** A service charge as the forms edit it: percent and pesos as typed, converted on save. */
export type FeeDraft = { percent: string; fixed: string };

export const feeDraftOf = (fee: { percent_bp: number; fixed_cents: number }): FeeDraft => ({
  percent: String(fee.percent_bp / 100).replace('.', ','),
  fixed: centsToPesosInput(fee.fixed_cents),
});

/** The fee to send; NaN values go as they are so the API answers with its message. */
export function feeOfDraft(draft: FeeDraft) {
  const percent = Number(draft.percent.replace(',', '.'));
  return {
    percent_bp: Number.isFinite(percent) ? Math.round(percent * 100) : Number.NaN,
    fixed_cents: pesosToCents(draft.fixed) ?? Number.NaN,
  };
}

export const percentLabel = (bp: number) => `${String(bp / 100).replace('.', ',')} %`;

export function FeeFields({
  value,
  onChange,
  errors,
  prefix,
}: {
  value: FeeDraft;
  onChange: (value: FeeDraft) => void;
  errors: FieldErrors;
  prefix: string;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field
        label={SETTINGS_TEXT.percentPerTicket}
        error={errors[`${prefix}.percent_bp`]}
        hint={SETTINGS_TEXT.percentPlaceholder}
      >
        <TextInput inputMode="decimal" value={value.percent} onChange={(percent) => onChange({ ...value, percent })} />
      </Field>
      <Field label={SETTINGS_TEXT.fixedPerTicket} error={errors[`${prefix}.fixed_cents`]}>
        <TextInput inputMode="decimal" value={value.fixed} onChange={(fixed) => onChange({ ...value, fixed })} />
      </Field>
    </div>
  );
}
