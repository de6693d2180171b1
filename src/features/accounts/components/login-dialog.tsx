import { useState } from 'react';
import { PasswordField, SubmitButton, TextField, ToggleField } from '../../../components/ui/fields';
import { ApiError, messageOf } from '../../../lib/api';
import { AUTH_TEXT } from '../../../shared/messages/accounts';
import { LIMITS, MSG, SPEC_LABEL } from '../../../shared/messages/common';
import { LoginSchema, RestoreSchema } from '../../../shared/schemas/accounts';
import { $authEmail, $nextView, openRegister, takeAfterLogin } from '../../../stores/navigation';
import { setUser } from '../../../stores/session';
import { toast } from '../../../stores/toast';
import { login } from '../api/login';
import { restorePassword } from '../api/restore-password';
import { destinationAfterLogin } from '../lib/after-login';
import { cookiesEnabled } from '../lib/cookies-enabled';
import { useZodForm } from '../lib/use-zod-form';
import { AuthFrame, AuthSwitch } from './auth-frame';
import { VerifyPendingDialog } from './verify-pending';

/** The login errors of spec section 8. */
function loginFailure(err: unknown): [string, string?] {
  if (err instanceof ApiError && err.status === 401) return [MSG.loginUnauthorized];
  if (err instanceof ApiError && err.status === 403) return [MSG.loginUnverified];
  return [MSG.loginError, messageOf(err)];
}

/**
 * The login dialog (spec section 2): login, or password recovery after 'Olvide mi contraseña'. `page`: the
 * same form as the /ingresar page (server-rendered, live once hydrated; what a person typed before is kept).
 */
export default function LoginDialog({
  onClose = () => undefined,
  page = false,
}: {
  onClose?: () => void;
  page?: boolean;
}) {
  const [recovering, setRecovering] = useState(false);
  const [busy, setBusy] = useState(false);
  // An invited address (a team invitation's page) is filled in.
  const credentials = useZodForm(LoginSchema, { email: $authEmail.get(), password: '' });
  const recovery = useZodForm(RestoreSchema, { email: '' });
  // Refused as unverified: the screen that stays (where the mail went, resend, change address), beside the toast.
  const [unverified, setUnverified] = useState<{ email: string; password: string } | null>(null);

  const submitLogin = credentials.onSubmit(async (data) => {
    if (!cookiesEnabled()) {
      toast('error', MSG.cookiesDisabled);
      return;
    }
    setBusy(true);
    try {
      const { session } = await login(data);
      toast('success', MSG.loginSuccess);
      setUser(session);
      // The page's own continuation (a visitor's purchase) goes first; the remembered view is then moot.
      const next = takeAfterLogin();
      if (next) {
        $nextView.set(null);
        next();
        return;
      }
      location.assign(destinationAfterLogin(session, new URL(location.href)));
    } catch (err) {
      const [title, detail] = loginFailure(err);
      toast('error', title, detail);
      setBusy(false);
      // The server's own words tell an unverified account from a deactivated one (both 403).
      if (err instanceof ApiError && err.status === 403 && err.message === MSG.loginUnverified) setUnverified(data);
    }
  });

  const submitRecovery = recovery.onSubmit(async (data) => {
    setBusy(true);
    try {
      await restorePassword(data);
      toast('success', MSG.recoverSuccess);
      setRecovering(false);
    } catch (err) {
      toast('error', MSG.recoverError, messageOf(err));
    } finally {
      setBusy(false);
    }
  });

  if (unverified)
    return (
      <VerifyPendingDialog
        email={unverified.email}
        password={unverified.password}
        onClose={page ? () => setUnverified(null) : onClose}
      />
    );

  // One form whose fields change with the mode, so the switch keeps its place (and its focus).
  const active = recovering ? recovery : credentials;
  return (
    <AuthFrame
      page={page}
      title={recovering ? AUTH_TEXT.recoverPassword : SPEC_LABEL.login}
      maxWidth={LIMITS.loginDialogMaxWidth}
      onClose={onClose}
    >
      <form className="flex flex-col gap-4" onSubmit={recovering ? submitRecovery : submitLogin} noValidate>
        {/* Each form has its own e-mail field (keyed): recovery asks for an address, login for a user name. */}
        <TextField
          key={recovering ? 'recovery-email' : 'login-email'}
          label={AUTH_TEXT.email}
          type="email"
          autoComplete={recovering ? 'email' : 'username'}
          {...(recovering ? recovery : credentials).field('email')}
        />
        {!recovering && (
          <PasswordField
            label={AUTH_TEXT.password}
            autoComplete="current-password"
            {...credentials.field('password')}
          />
        )}
        {active.touchedAny && !active.valid && <p className="text-warning text-sm">{MSG.invalidForm}</p>}
        <ToggleField label={SPEC_LABEL.forgotPassword} checked={recovering} onChecked={setRecovering} />
        {recovering ? (
          <div className="flex justify-end gap-2">
            <button type="button" className="btn btn-ghost" onClick={() => setRecovering(false)}>
              {SPEC_LABEL.back}
            </button>
            <SubmitButton className="btn btn-primary" busy={busy}>
              {SPEC_LABEL.recover}
            </SubmitButton>
          </div>
        ) : (
          <>
            <SubmitButton className="btn btn-primary w-full" busy={busy}>
              {SPEC_LABEL.login}
            </SubmitButton>
            <AuthSwitch
              page={page}
              prompt={AUTH_TEXT.noAccount}
              href="/registrarme"
              label={SPEC_LABEL.registerLink}
              open={openRegister}
            />
          </>
        )}
      </form>
    </AuthFrame>
  );
}
