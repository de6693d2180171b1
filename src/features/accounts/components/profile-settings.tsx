import { useStore } from '@nanostores/react';
import { useLive } from '../../../components/ui/adopt';
import { AUTH_TEXT, PERSONAL_DATA_TEXT } from '../../../shared/messages/accounts';
import type { SessionUser } from '../../../shared/session';
import { $session } from '../../../stores/session';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { type DeletionView, PersonalDataPanel } from './personal-data-panel';
import { type ProfileData, ProfileForm } from './profile-form';

/**
 * The /perfil island: profile data, password and e-mail. `initial` is the session the server resolved
 * for this request (the user's own claims, which the user-data cookie holds anyway); `profile` the profile
 * and provinces the page loaded (absent if that failed: the form then loads them itself); `deletion` the
 * state of an account deletion request (issue 35's "Mis datos").
 */
export default function ProfileSettings({
  initial,
  profile,
  deletion = null,
}: {
  initial: SessionUser;
  profile?: ProfileData;
  deletion?: DeletionView;
}) {
  // The browser's session (updated after a save) only once live: hydration draws what the server drew.
  const live = useLive();
  const stored = useStore($session).user;
  const session = (live && stored) || initial;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="perfil-datos" className="card bg-base-200 p-6 lg:row-span-2">
        <h2 id="perfil-datos" className="mb-4 text-xl font-semibold">
          {AUTH_TEXT.myData}
        </h2>
        <ProfileForm userId={session.user.id} initial={profile} onSaved={() => location.reload()} />
      </section>
      <section aria-labelledby="perfil-clave" className="card bg-base-200 p-6">
        <h2 id="perfil-clave" className="mb-4 text-xl font-semibold">
          {AUTH_TEXT.changePassword}
        </h2>
        <ChangePasswordForm userId={session.user.id} />
      </section>
      <section aria-labelledby="perfil-correo" className="card bg-base-200 p-6">
        <h2 id="perfil-correo" className="mb-4 text-xl font-semibold">
          {AUTH_TEXT.changeEmail}
        </h2>
        <ChangeEmailForm currentEmail={session.user.email} />
      </section>
      <section aria-labelledby="perfil-personales" className="card bg-base-200 p-6 lg:col-span-2">
        <h2 id="perfil-personales" className="mb-4 text-xl font-semibold">
          {PERSONAL_DATA_TEXT.sectionTitle}
        </h2>
        <PersonalDataPanel promotions={profile?.user.accept_promotions === true} deletion={deletion} />
      </section>
    </div>
  );
}
