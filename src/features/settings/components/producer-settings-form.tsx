import { useState } from 'react';
import { Field, type FieldErrors, Select, TextArea, TextInput, ToggleField } from '../../../components/ui/fields';
import { cuitError, formatCuit, payoutAccountError, payoutKindOf } from '../../../shared/fiscal';
import { RESALE_MSG } from '../../../shared/messages/resale';
import { IVA_CONDITIONS, RETENTION_TEXT, SETTINGS_TEXT } from '../../../shared/messages/settings';
import { formatMoney } from '../../../shared/money';
import { keepPercentText, parseKeepPercent } from '../../../shared/resale-policy';
import { saveProducerSettings } from '../api/producer-settings';
import type { ProducerSettingsView } from '../types';
import { FeeFields, feeDraftOf, feeOfDraft, percentLabel } from './fee-fields';
import { SettingsSaveBar, useSettingsSave } from './settings-save';

const KIND_LABEL = { cbu: 'CBU', cvu: 'CVU', alias: 'Alias' } as const;

/** Fiscal data, payout account and sales preferences of a producer (its admins; PUT checks that). */
export default function ProducerSettingsForm({ initial }: { initial: ProducerSettingsView }) {
  const [saved, setSaved] = useState(initial);
  const [form, setForm] = useState(() => ({
    razon_social: initial.razon_social ?? '',
    cuit: initial.cuit ? formatCuit(initial.cuit) : '',
    iva_condition: initial.iva_condition ?? '',
    payout_account: initial.payout_account ?? '',
    payout_holder: initial.payout_holder ?? '',
    hold_minutes: initial.hold_minutes === null ? '' : String(initial.hold_minutes),
    named_tickets: initial.named_tickets,
    door_dni: initial.door_dni,
    refund_policy: initial.refund_policy,
    resale_keep: keepPercentText(initial.resale_keep_bp),
    retention_days: String(initial.attendee_retention_days),
    ownFee: initial.fee !== null,
    fee: feeDraftOf(initial.fee ?? initial.platform_fee),
  }));
  const set = (patch: Partial<typeof form>) => setForm({ ...form, ...patch });

  // The same rules the API applies, as the admin types (src/shared/fiscal.ts).
  const localErrors: FieldErrors = {};
  if (form.cuit.trim() && cuitError(form.cuit)) localErrors.cuit = [cuitError(form.cuit)!];
  if (form.payout_account.trim() && payoutAccountError(form.payout_account))
    localErrors.payout_account = [payoutAccountError(form.payout_account)!];
  const keep = parseKeepPercent(form.resale_keep);
  if (!keep.ok) localErrors.resale_keep_bp = [keep.message];
  const shown = (key: string) => localErrors[key] ?? errors[key];
  const kind = form.payout_account.trim() ? payoutKindOf(form.payout_account) : null;
  const limits = saved.fee_limits;

  const { errors, problem, busy, save } = useSettingsSave(async () => {
    const r = await saveProducerSettings(saved.producer_id, {
      razon_social: form.razon_social || null,
      cuit: form.cuit || null,
      iva_condition: (form.iva_condition || null) as keyof typeof IVA_CONDITIONS | null,
      payout_account: form.payout_account || null,
      payout_holder: form.payout_holder || null,
      hold_minutes: form.hold_minutes ? Number(form.hold_minutes) : null,
      named_tickets: form.named_tickets,
      door_dni: form.door_dni,
      refund_policy: form.refund_policy,
      resale_keep_bp: keep.ok ? keep.bp : 0,
      // A blank or non-number reaches the API as such: its message names the field.
      attendee_retention_days: form.retention_days.trim() === '' ? Number.NaN : Number(form.retention_days),
      fee: form.ownFee ? feeOfDraft(form.fee) : null,
    });
    setSaved(r.data);
    return r.message;
  });

  return (
    <form className="flex flex-col gap-6" onSubmit={save} noValidate aria-label={SETTINGS_TEXT.producerSettings}>
      <section className="rounded-box bg-base-200 p-5">
        <h2 className="mb-4 text-lg font-bold">{SETTINGS_TEXT.fiscalData}</h2>
        <div className="grid gap-4 md:grid-cols-3">
          <Field label={SETTINGS_TEXT.legalName} error={shown('razon_social')}>
            <TextInput value={form.razon_social} onChange={(razon_social) => set({ razon_social })} />
          </Field>
          <Field label="CUIT" error={shown('cuit')} hint={SETTINGS_TEXT.cuitHint}>
            <TextInput
              inputMode="numeric"
              value={form.cuit}
              invalid={Boolean(shown('cuit'))}
              onChange={(cuit) => set({ cuit })}
            />
          </Field>
          <Field label={SETTINGS_TEXT.ivaCondition} error={shown('iva_condition')}>
            <Select
              className="select select-bordered w-full"
              value={form.iva_condition}
              onValue={(iva_condition) => set({ iva_condition })}
            >
              <option value="">{SETTINGS_TEXT.chooseOption}</option>
              {Object.entries(IVA_CONDITIONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </section>

      <section className="rounded-box bg-base-200 p-5">
        <h2 className="mb-1 text-lg font-bold">{SETTINGS_TEXT.payoutAccount}</h2>
        <p className="mb-4 text-sm text-base-content/70">{SETTINGS_TEXT.payoutHint}</p>
        <div className="grid gap-4 md:grid-cols-2">
          <Field
            label={SETTINGS_TEXT.payoutLabel}
            error={shown('payout_account')}
            hint={kind ? SETTINGS_TEXT.recognisedAs(KIND_LABEL[kind]) : undefined}
          >
            <TextInput
              value={form.payout_account}
              invalid={Boolean(shown('payout_account'))}
              onChange={(payout_account) => set({ payout_account })}
            />
          </Field>
          <Field label={SETTINGS_TEXT.payoutHolder} error={shown('payout_holder')}>
            <TextInput value={form.payout_holder} onChange={(payout_holder) => set({ payout_holder })} />
          </Field>
        </div>
      </section>

      <section className="rounded-box bg-base-200 p-5">
        <h2 className="mb-4 text-lg font-bold">{SETTINGS_TEXT.sales}</h2>
        <div className="grid gap-4 md:grid-cols-2">
          <Field label={SETTINGS_TEXT.holdMinutes} error={shown('hold_minutes')} hint={SETTINGS_TEXT.holdMinutesHint}>
            <TextInput
              inputMode="numeric"
              value={form.hold_minutes}
              onChange={(hold_minutes) => set({ hold_minutes })}
            />
          </Field>
          <div className="flex flex-col gap-3 pt-6">
            <ToggleField
              label={SETTINGS_TEXT.nominalTickets}
              checked={form.named_tickets}
              onChecked={(named_tickets) => set({ named_tickets })}
            />
            <ToggleField
              label={SETTINGS_TEXT.askDniAtDoor}
              checked={form.door_dni}
              onChecked={(door_dni) => set({ door_dni })}
            />
          </div>
        </div>
        <div className="mt-5">
          <h3 className="font-semibold">{SETTINGS_TEXT.buyerFee}</h3>
          <p className="mb-3 text-sm text-base-content/70">
            {SETTINGS_TEXT.feeLimits(
              `${percentLabel(saved.platform_fee.percent_bp)} + ${formatMoney(saved.platform_fee.fixed_cents)}`,
              [percentLabel(limits.min_percent_bp), percentLabel(limits.max_percent_bp)],
              [formatMoney(limits.min_fixed_cents), formatMoney(limits.max_fixed_cents)],
            )}
          </p>
          <div className="mb-3">
            <ToggleField label={SETTINGS_TEXT.ownFee} checked={form.ownFee} onChecked={(ownFee) => set({ ownFee })} />
          </div>
          {form.ownFee && <FeeFields value={form.fee} onChange={(fee) => set({ fee })} errors={errors} prefix="fee" />}
          {errors.fee && <p className="mt-2 text-sm text-error">{errors.fee[0]}</p>}
        </div>
        <Field label={SETTINGS_TEXT.refundPolicy} error={shown('refund_policy')} className="mt-5">
          <TextArea
            className="textarea textarea-bordered min-h-28 w-full"
            value={form.refund_policy}
            maxLength={4000}
            onValue={(refund_policy) => set({ refund_policy })}
          />
        </Field>
      </section>

      <section className="rounded-box bg-base-200 p-5">
        <h2 className="mb-4 text-lg font-bold">{RESALE_MSG.keepTitle}</h2>
        <div className="grid gap-4 md:grid-cols-2">
          <Field label={RESALE_MSG.keepLabel} error={shown('resale_keep_bp')} hint={RESALE_MSG.keepHint}>
            <TextInput
              inputMode="decimal"
              value={form.resale_keep}
              invalid={Boolean(shown('resale_keep_bp'))}
              onChange={(resale_keep) => set({ resale_keep })}
            />
          </Field>
        </div>
      </section>

      <section className="rounded-box bg-base-200 p-5">
        <h2 className="mb-4 text-lg font-bold">{RETENTION_TEXT.title}</h2>
        <div className="grid gap-4 md:grid-cols-2">
          <Field
            label={RETENTION_TEXT.daysLabel}
            error={shown('attendee_retention_days')}
            hint={RETENTION_TEXT.daysHint}
          >
            <TextInput
              inputMode="numeric"
              value={form.retention_days}
              invalid={Boolean(shown('attendee_retention_days'))}
              onChange={(retention_days) => set({ retention_days })}
            />
          </Field>
        </div>
      </section>

      <SettingsSaveBar
        problem={problem}
        busy={busy}
        disabled={Object.keys(localErrors).length > 0}
        label={SETTINGS_TEXT.save}
      />
    </form>
  );
}
