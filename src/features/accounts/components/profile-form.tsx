import { useEffect, useState } from 'react';
import { SelectField, SubmitButton, TextField } from '../../../components/ui/fields';
import { useData } from '../../../components/ui/use-data';
import { messageOf, refreshClaims } from '../../../lib/api';
import { ACCOUNT_TEXT, AUTH_TEXT } from '../../../shared/messages/accounts';
import { MSG } from '../../../shared/messages/common';
import { ProfileUpdateSchema } from '../../../shared/schemas/accounts';
import { toast } from '../../../stores/toast';
import { getLocations, type Province } from '../api/get-locations';
import { getUser, type UserProfile } from '../api/get-user';
import { updateUser } from '../api/update-user';
import { useZodForm } from '../lib/use-zod-form';

type Values = { name: string; telefono: string; dni: string; provinces_id: number | null };

/** The profile and the provinces, as the page loaded them on the server. */
export type ProfileData = { user: UserProfile; provinces: Province[] };

const valuesOf = ({ name, telefono, dni, provinces_id }: UserProfile): Values => ({
  name,
  telefono,
  dni,
  provinces_id,
});

/**
 * The profile data (name, phone, DNI, province). After saving, the token is refreshed so the session
 * claims (and the greeting) carry the new name (spec section 4). `initial`: the profile the page rendered
 * with (the usual case): the form is filled in the server's HTML and never refilled, so an edit made
 * before the island was live stays (issue 31). Without it, the form loads the profile and fills itself once.
 */
export function ProfileForm({
  userId,
  onSaved,
  initial,
}: {
  userId: number;
  onSaved: () => void;
  initial?: ProfileData;
}) {
  const form = useZodForm(
    ProfileUpdateSchema,
    initial ? valuesOf(initial.user) : ({ name: '', telefono: '', dni: '', provinces_id: null } as Values),
  );
  const profile = useData(
    async () => {
      if (initial) return initial;
      const [user, locations] = await Promise.all([getUser(userId), getLocations()]);
      return { user: user.data, provinces: locations.data.provincias as Province[] };
    },
    userId,
    { initial },
  );
  const provinces = profile.data?.provinces ?? [];
  const [loaded, setLoaded] = useState(initial !== undefined);
  const [busy, setBusy] = useState(false);
  const v = form.values as Values;

  // A profile loaded here fills the form once; a failure is told as a toast.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `form` changes every render; the answer is the trigger
  useEffect(() => {
    if (!profile.data || loaded) return;
    form.reset(valuesOf(profile.data.user));
    setLoaded(true);
  }, [profile.data]);
  useEffect(() => {
    if (profile.error) toast('error', ACCOUNT_TEXT.profileLoadError, profile.error);
  }, [profile.error]);

  const submit = form.onSubmit(async (data) => {
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
  });

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-busy={!loaded}>
      <TextField label={AUTH_TEXT.fullName} autoComplete="name" {...form.field('name')} />
      <TextField label={AUTH_TEXT.phone} type="tel" inputMode="numeric" maxLength={12} {...form.field('telefono')} />
      <TextField label="DNI" inputMode="numeric" maxLength={8} {...form.field('dni')} />
      <SelectField
        label={AUTH_TEXT.province}
        value={v.provinces_id === null ? '' : String(v.provinces_id)}
        onValue={(id) => form.set('provinces_id', id ? Number(id) : null)}
      >
        <option value="">{AUTH_TEXT.unspecified}</option>
        {provinces.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <SubmitButton className="btn btn-primary self-start" busy={busy} disabled={!loaded}>
        {AUTH_TEXT.saveChanges}
      </SubmitButton>
    </form>
  );
}
