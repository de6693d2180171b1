import { useState } from 'react';
import { Field, type FieldErrors, TextArea, TextInput } from '../../../components/ui/fields';
import { LoadState } from '../../../components/ui/load-state';
import { useData } from '../../../components/ui/use-data';
import { ApiError, client, messageOf, unwrap } from '../../../lib/api';
import { mediaUrl } from '../../../shared/media';
import { SETTINGS_TEXT } from '../../../shared/messages/settings';
import { toast } from '../../../stores/toast';
import { uploadImage } from '../api/upload-image';
import type { ManagedProducer } from '../producer-types';
import { ProvinceSelect } from './province-select';

/** GET /admin/producers/:id, as the API types it (the province name is not edited here). */
type ProducerData = Omit<ManagedProducer, 'province'>;

const TEXT_FIELDS = [
  ['name', SETTINGS_TEXT.producerForm.name],
  ['contact_email', SETTINGS_TEXT.producerForm.contactEmail],
  ['contact_phone', SETTINGS_TEXT.producerForm.phone],
  ['city', SETTINGS_TEXT.producerForm.city],
  ['instagram', SETTINGS_TEXT.producerForm.instagram],
  ['facebook', SETTINGS_TEXT.producerForm.facebook],
  ['website', SETTINGS_TEXT.producerForm.website],
] as const;

/** The producer's public profile, editable by its admins (PUT /admin/producers/:id checks that). */
export default function ProducerForm({
  producerId,
  provinces,
}: {
  producerId: number;
  provinces: { id: number; name: string }[];
}) {
  const state = useData<ProducerData>(
    async () => (await unwrap(client.admin.producers[':id'].$get({ param: { id: String(producerId) } }))).data,
    producerId,
  );
  // Only this producer's answer is edited (another one chosen meanwhile shows placeholders).
  const data = state.data?.id === producerId ? state.data : null;
  const setData = state.setData;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!data) return <LoadState state={{ ...state, data: null }}>{() => null}</LoadState>;
  const set = (patch: Partial<ProducerData>) => setData({ ...data, ...patch });

  async function save() {
    if (!data) return;
    setBusy(true);
    setErrors({});
    setProblem(null);
    try {
      const { id: _id, slug: _slug, ...body } = data;
      const r = await unwrap(client.admin.producers[':id'].$put({ param: { id: String(data.id) }, json: body }));
      setData(r.data);
      toast('success', r.message);
    } catch (e) {
      if (e instanceof ApiError) {
        setErrors(e.errors ?? {});
        setProblem(e.message);
      }
    } finally {
      setBusy(false);
    }
  }

  async function uploadLogo(file: File | undefined) {
    if (!file) return;
    try {
      set({ logo_key: await uploadImage(file) });
    } catch (e) {
      setProblem(messageOf(e));
    }
  }

  return (
    <form
      className="grid gap-4 rounded-box border border-white/10 bg-base-200 p-5 md:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      {problem && (
        <p role="alert" className="alert alert-error md:col-span-2">
          {problem}
        </p>
      )}
      {TEXT_FIELDS.map(([key, label]) => (
        <Field key={key} label={label} error={errors[key]}>
          <TextInput value={data[key] ?? ''} onChange={(value) => set({ [key]: value })} invalid={!!errors[key]} />
        </Field>
      ))}
      <Field label={SETTINGS_TEXT.province} error={errors.provinces_id}>
        <ProvinceSelect
          provinces={provinces}
          none={SETTINGS_TEXT.noProvince}
          value={String(data.provinces_id ?? '')}
          onValue={(id) => set({ provinces_id: id ? Number(id) : null })}
        />
      </Field>
      <Field label={SETTINGS_TEXT.description} error={errors.description} className="md:col-span-2">
        <TextArea
          className="textarea h-28 w-full"
          value={data.description}
          onValue={(description) => set({ description })}
        />
      </Field>
      <div className="flex items-center gap-4 md:col-span-2">
        {data.logo_key && <img src={mediaUrl(data.logo_key)} alt="" className="size-16 rounded-xl object-cover" />}
        <Field label={SETTINGS_TEXT.logo}>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="file-input"
            onChange={(e) => uploadLogo(e.target.files?.[0])}
          />
        </Field>
      </div>
      <div className="flex justify-between gap-3 md:col-span-2">
        <a className="link" href={`/productoras/${data.slug}`}>
          {SETTINGS_TEXT.viewPublicPage}
        </a>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {SETTINGS_TEXT.saveProducer}
        </button>
      </div>
    </form>
  );
}
