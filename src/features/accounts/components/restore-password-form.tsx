import { useState } from 'react';
import { PasswordField, SubmitButton } from '../../../components/ui/fields';
import { messageOf } from '../../../lib/api';
import { ACCOUNT_TEXT, AUTH_TEXT } from '../../../shared/messages/accounts';
import { LIMITS, MSG } from '../../../shared/messages/common';
import { ResetPasswordSchema } from '../../../shared/schemas/accounts';
import { toast } from '../../../stores/toast';
import { resetPassword } from '../api/reset-password';
import { useZodForm } from '../lib/use-zod-form';

/** /restore-password?token=: the new password twice, for the e-mailed recovery token. */
export default function RestorePasswordForm({ token }: { token: string }) {
  const form = useZodForm(ResetPasswordSchema, { token, password: '', repeat_password: '' });
  const [busy, setBusy] = useState(false);

  if (!token)
    return (
      <div role="alert" className="alert alert-error alert-soft">
        {ACCOUNT_TEXT.missingToken}
      </div>
    );

  const submit = form.onSubmit(async (data) => {
    setBusy(true);
    try {
      await resetPassword(data);
      toast('success', MSG.resetSuccess, undefined, LIMITS.resetSuccessToastMs);
      location.assign('/?login=1');
    } catch (err) {
      toast('error', MSG.resetError, messageOf(err), LIMITS.resetErrorToastMs);
      setBusy(false);
    }
  });

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <PasswordField label={AUTH_TEXT.newPassword} autoComplete="new-password" {...form.field('password')} />
      <PasswordField label={AUTH_TEXT.repeatPassword} autoComplete="new-password" {...form.field('repeat_password')} />
      <SubmitButton className="btn btn-primary" busy={busy}>
        {AUTH_TEXT.changePassword}
      </SubmitButton>
    </form>
  );
}
