import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
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
      <Panel id="perfil-datos" title={AUTH_TEXT.myData} tall>
        <ProfileForm userId={session.user.id} initial={profile} onSaved={() => location.reload()} />
      </Panel>
      <Panel id="perfil-clave" title={AUTH_TEXT.changePassword}>
        <ChangePasswordForm userId={session.user.id} />
      </Panel>
      <Panel id="perfil-correo" title={AUTH_TEXT.changeEmail}>
        <ChangeEmailForm currentEmail={session.user.email} />
      </Panel>
      <Panel id="perfil-personales" title={PERSONAL_DATA_TEXT.sectionTitle} wide>
        <PersonalDataPanel promotions={profile?.user.accept_promotions === true} deletion={deletion} />
      </Panel>
    </div>
  );
}

/** One card of the profile page, named by its heading. */
function Panel({
  id,
  title,
  tall,
  wide,
  children,
}: {
  id: string;
  title: string;
  tall?: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  const span = `${tall ? ' lg:row-span-2' : ''}${wide ? ' lg:col-span-2' : ''}`;
  return (
    <section aria-labelledby={id} className={`card bg-base-200 p-6${span}`}>
      <h2 id={id} className="mb-4 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
