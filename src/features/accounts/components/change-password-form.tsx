import { useState } from 'react';
import { PasswordField, SubmitButton } from '../../../components/ui/fields';
import { messageOf } from '../../../lib/api';
import { AUTH_TEXT } from '../../../shared/messages/accounts';
import { MSG } from '../../../shared/messages/common';
import { SecurePasswordChangeSchema } from '../../../shared/schemas/accounts';
import { toast } from '../../../stores/toast';
import { changePassword } from '../api/change-password';
import { useZodForm } from '../lib/use-zod-form';

/** Change password, secure variant: the current password and the new one twice. */
export function ChangePasswordForm({ userId }: { userId: number }) {
  const empty = { user_id: userId, password: '', new_password: '', repeat_new_password: '' };
  const form = useZodForm(SecurePasswordChangeSchema, empty);
  const [busy, setBusy] = useState(false);

  const submit = form.onSubmit(async (data) => {
    setBusy(true);
    try {
      await changePassword(data);
      toast('success', MSG.passwordChangeSuccess);
      form.reset(empty);
    } catch (err) {
      toast('error', MSG.passwordChangeError, messageOf(err));
    } finally {
      setBusy(false);
    }
  });

  const field = (name: 'password' | 'new_password' | 'repeat_new_password', label: string, auto: string) => (
    <PasswordField label={label} autoComplete={auto} {...form.field(name)} />
  );

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      {field('password', AUTH_TEXT.currentPassword, 'current-password')}
      {field('new_password', AUTH_TEXT.newPassword, 'new-password')}
      {field('repeat_new_password', AUTH_TEXT.repeatNewPassword, 'new-password')}
      <SubmitButton className="btn btn-primary self-start" busy={busy}>
        {AUTH_TEXT.changePassword}
      </SubmitButton>
    </form>
  );
}
