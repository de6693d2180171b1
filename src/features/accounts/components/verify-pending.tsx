import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { PasswordField, TextField } from '../../../components/ui/fields';
import { messageOf } from '../../../lib/api';
import { AUTH_TEXT, VERIFY_PENDING_TEXT as T } from '../../../shared/messages/accounts';
import { LIMITS } from '../../../shared/messages/common';
import { ChangePendingEmailSchema } from '../../../shared/schemas/accounts';
import { $nextView } from '../../../stores/navigation';
import { changePendingEmail } from '../api/change-pending-email';
import { resendVerification } from '../api/resend-verification';
import { useZodForm } from '../lib/use-zod-form';

/**
 * The screen that stays once an account waits for its e-mail to be verified (issue 32): shown after a
 * registration and after a login refused as unverified, beside the spec's toasts. It says where the link went
 * and what happens once it is opened (the remembered next view brings a buyer back to the event with the
 * selection), and offers "Reenviar correo" and "Cambiar correo" (a typo at registration: the password typed a
 * moment ago proves the account is theirs; asked again when the dialog did not keep it).
 */
export function VerifyPendingDialog({
  email,
  password,
  onClose,
}: {
  email: string;
  password?: string;
  onClose: () => void;
}) {
  const next = useStore($nextView);
  const [address, setAddress] = useState(email);
  const [changing, setChanging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useZodForm(ChangePendingEmailSchema, { email, password: password ?? '', new_email: '' });

  const whatNext = next?.query?.seleccion ? T.nextPurchase : next ? T.nextPage : T.nextHome;

  async function run(action: () => Promise<string>) {
    setBusy(true);
    setNote(null);
    try {
      setNote({ ok: true, text: await action() });
      return true;
    } catch (err) {
      setNote({ ok: false, text: messageOf(err) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const submitChange = form.onSubmit(async (data) => {
    const changed = await run(async () => {
      const answer = await changePendingEmail({ ...data, email: address });
      return T.changed(answer.email);
    });
    if (changed) {
      setAddress(data.new_email);
      setChanging(false);
    }
  });

  return (
    <Dialog title={T.title} maxWidth={LIMITS.registerDialogMaxWidth} closeLabel={AUTH_TEXT.close} onClose={onClose}>
      <div className="flex flex-col gap-4" data-testid="verify-pending">
        <p>
          {T.sentTo} <strong data-testid="verify-pending-email">{address}</strong>.
        </p>
        <p className="text-sm text-base-content/80">{T.openIt}</p>
        <p className="font-semibold">{whatNext}</p>
        {note && (
          <p
            role={note.ok ? 'status' : 'alert'}
            className={`alert alert-soft ${note.ok ? 'alert-info' : 'alert-error'}`}
          >
            {note.text}
          </p>
        )}
        {changing ? (
          <form className="flex flex-col gap-3" onSubmit={submitChange} noValidate>
            <TextField label={T.newEmail} type="email" autoComplete="email" autoFocus {...form.field('new_email')} />
            {!password && (
              <PasswordField
                label={AUTH_TEXT.password}
                autoComplete="current-password"
                hint={T.passwordHint}
                {...form.field('password')}
              />
            )}
            <div className="flex flex-wrap gap-2">
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {T.sendHere}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => setChanging(false)}>
                {T.back}
              </button>
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await resendVerification({ email: address });
                  return T.resent(address);
                })
              }
            >
              {AUTH_TEXT.resendEmail}
            </button>
            <span className="text-sm text-base-content/70">{T.wrongAddress}</span>
            <button type="button" className="btn btn-outline" onClick={() => setChanging(true)}>
              {AUTH_TEXT.changeEmail}
            </button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
