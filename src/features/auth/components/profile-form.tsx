import { useEffect, useState } from 'react';
import { TextField } from '../../../components/ui/fields';
import { messageOf, refreshClaims } from '../../../lib/api';
import { MSG } from '../../../shared/messages';
import { ACCOUNT_TEXT, AUTH_TEXT } from '../../../shared/messages-auth';
import { ProfileUpdateSchema } from '../../../shared/schemas/auth';
import { toast } from '../../../stores/toast';
import { getLocations, type Province } from '../api/get-locations';
import { getUser } from '../api/get-user';
import { updateUser } from '../api/update-user';
import { useZodForm } from '../lib/use-zod-form';

type Values = { name: string; telefono: string; dni: string; provinces_id: number | null };

/**
 * The profile data (name, phone, DNI, province). After saving, the token is refreshed so the session
 * claims (and the greeting) carry the new name (spec section 4).
 */
export function ProfileForm({ userId, onSaved }: { userId: number; onSaved: () => void }) {
  const form = useZodForm(ProfileUpdateSchema, { name: '', telefono: '', dni: '', provinces_id: null } as Values);
  const [provinces, setProvinces] = useState<Province[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const v = form.values as Values;

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per user; `form` changes every render
  useEffect(() => {
    Promise.all([getUser(userId), getLocations()])
      .then(([user, locations]) => {
        const { name, telefono, dni, provinces_id } = user.data;
        form.reset({ name, telefono, dni, provinces_id });
        setProvinces(locations.data.provincias);
        setLoaded(true);
      })
      .catch((err: unknown) => toast('error', ACCOUNT_TEXT.profileLoadError, messageOf(err)));
  }, [userId]);

  async function submit(e: React.SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = form.attempt();
    if (!data) return;
    setBusy(true);
    try {
      // The spec's contract (section 7) lets a provider refuse with `status: false` in a 2xx answer.
      const answer: { status: boolean; message?: string } = await updateUser({ ...data, id: userId });
      // Spec section 8: a refused update is 'Error al actualizar los datos'; a failed call, 'Error al actualizar
      // el perfil'; a failed token refresh afterwards, the refresh error and logout (refreshClaims).
      if (answer.status === false) {
        toast('error', MSG.profileDataError, answer.message);
        return;
      }
      if (await refreshClaims()) {
        toast('success', ACCOUNT_TEXT.profileSaved);
        onSaved();
      }
    } catch (err) {
      toast('error', MSG.profileError, messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-busy={!loaded}>
      <TextField label={AUTH_TEXT.fullName} autoComplete="name" {...form.field('name')} />
      <TextField label={AUTH_TEXT.phone} type="tel" inputMode="numeric" maxLength={12} {...form.field('telefono')} />
      <TextField label="DNI" inputMode="numeric" maxLength={8} {...form.field('dni')} />
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{AUTH_TEXT.province}</span>
        <select
          className="select w-full"
          value={v.provinces_id ?? ''}
          onChange={(e) => form.set('provinces_id', e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">{AUTH_TEXT.unspecified}</option>
          {provinces.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-primary self-start" disabled={!loaded || busy}>
        {AUTH_TEXT.saveChanges}
      </button>
    </form>
  );
}
