import { useState } from 'react';
import { Field, TextInput, ToggleField } from '../../../components/ui/fields';
import { SETTINGS_TEXT } from '../../../shared/messages/settings';
import { centsToPesosInput, pesosToCents } from '../../../shared/money';
import { savePlatformSettings } from '../api/platform-settings';
import type { PlatformSettingsView } from '../types';
import { FeeFields, feeDraftOf, feeOfDraft } from './fee-fields';
import { SettingsSaveBar, useSettingsSave } from './settings-save';

const percentInput = (bp: number) => String(bp / 100).replace('.', ',');
const bpOf = (text: string) => {
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
};

/** Superadmins: the default service charge, the limits of producers' own, and MercadoPago's application. */
export default function PlatformSettingsForm({ initial }: { initial: PlatformSettingsView }) {
  const [saved, setSaved] = useState(initial);
  const [fee, setFee] = useState(feeDraftOf(initial.fee));
  const [limits, setLimits] = useState({
    minPercent: percentInput(initial.limits.min_percent_bp),
    maxPercent: percentInput(initial.limits.max_percent_bp),
    minFixed: centsToPesosInput(initial.limits.min_fixed_cents),
    maxFixed: centsToPesosInput(initial.limits.max_fixed_cents),
  });
  const [clientId, setClientId] = useState(initial.mercadopago.source === 'panel' ? initial.mercadopago.client_id : '');
  const [secret, setSecret] = useState('');
  const [shared, setShared] = useState(initial.mp_shared_accounts);

  const { errors, problem, busy, save } = useSettingsSave(async () => {
    const r = await savePlatformSettings({
      fee: feeOfDraft(fee),
      limits: {
        min_percent_bp: bpOf(limits.minPercent),
        max_percent_bp: bpOf(limits.maxPercent),
        min_fixed_cents: pesosToCents(limits.minFixed) ?? Number.NaN,
        max_fixed_cents: pesosToCents(limits.maxFixed) ?? Number.NaN,
      },
      mp_client_id: clientId,
      mp_client_secret: secret,
      mp_shared_accounts: shared,
    });
    setSaved(r.data);
    setSecret('');
    return r.message;
  });

  const mp = saved.mercadopago;
  return (
    <form className="flex flex-col gap-6" onSubmit={save} noValidate aria-label={SETTINGS_TEXT.platformSettings}>
      <section className="rounded-box bg-base-200 p-5">
        <h3 className="mb-3 font-bold">{SETTINGS_TEXT.defaultFee}</h3>
        <FeeFields value={fee} onChange={setFee} errors={errors} prefix="fee" />
        <h3 className="mt-5 mb-3 font-bold">{SETTINGS_TEXT.feeLimitsTitle}</h3>
        <div className="grid gap-3 sm:grid-cols-4">
          <Field label={SETTINGS_TEXT.minPercent} error={errors['limits.min_percent_bp']}>
            <TextInput
              inputMode="decimal"
              value={limits.minPercent}
              onChange={(minPercent) => setLimits({ ...limits, minPercent })}
            />
          </Field>
          <Field label={SETTINGS_TEXT.maxPercent} error={errors['limits.max_percent_bp']}>
            <TextInput
              inputMode="decimal"
              value={limits.maxPercent}
              onChange={(maxPercent) => setLimits({ ...limits, maxPercent })}
            />
          </Field>
          <Field label={SETTINGS_TEXT.minFixed} error={errors['limits.min_fixed_cents']}>
            <TextInput
              inputMode="decimal"
              value={limits.minFixed}
              onChange={(minFixed) => setLimits({ ...limits, minFixed })}
            />
          </Field>
          <Field label={SETTINGS_TEXT.maxFixed} error={errors['limits.max_fixed_cents']}>
            <TextInput
              inputMode="decimal"
              value={limits.maxFixed}
              onChange={(maxFixed) => setLimits({ ...limits, maxFixed })}
            />
          </Field>
        </div>
      </section>
      <section className="rounded-box bg-base-200 p-5">
        <h3 className="mb-1 font-bold">{SETTINGS_TEXT.mpApp}</h3>
        <p className="mb-3 text-sm text-base-content/70">
          {mp.configured
            ? SETTINGS_TEXT.mpConfigured(mp.source === 'panel', mp.client_id, mp.secret_last4)
            : SETTINGS_TEXT.mpNotConfigured}
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={SETTINGS_TEXT.clientId} error={errors.mp_client_id}>
            <TextInput value={clientId} onChange={setClientId} />
          </Field>
          <Field label={SETTINGS_TEXT.clientSecret} error={errors.mp_client_secret} hint={SETTINGS_TEXT.secretHint}>
            <TextInput type="password" value={secret} onChange={setSecret} />
          </Field>
        </div>
        <div className="mt-3">
          <ToggleField label={SETTINGS_TEXT.allowSharedAccount} checked={shared} onChecked={setShared} />
        </div>
      </section>
      <SettingsSaveBar problem={problem} busy={busy} label={SETTINGS_TEXT.savePlatform} />
    </form>
  );
}
