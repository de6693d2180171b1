import { useState } from 'react';
import { SubmitButton, TextField } from '../../../components/ui/fields';
import { messageOf } from '../../../lib/api';
import { ACCOUNT_TEXT, AUTH_TEXT } from '../../../shared/messages/accounts';
import { ChangeEmailSchema } from '../../../shared/schemas/accounts';
import { toast } from '../../../stores/toast';
import { changeEmail } from '../api/change-email';
import { resendChangeEmail } from '../api/resend-change-email';
import { useZodForm } from '../lib/use-zod-form';

/** Change of e-mail: a link goes to the new address; it can be sent again until it is opened. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const form = useZodForm(ChangeEmailSchema, { new_email: '' });
  const [pending, setPending] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<unknown>, success: string) {
    setBusy(true);
    try {
      await action();
      toast('success', success);
      return true;
    } catch (err) {
      toast('error', ACCOUNT_TEXT.emailChangeError, messageOf(err));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function submit(e: React.SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = form.attempt();
    if (data && (await run(() => changeEmail(data), ACCOUNT_TEXT.emailChangeSent))) setPending(data.new_email);
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <p className="text-sm">
        {AUTH_TEXT.currentEmail} <strong>{currentEmail}</strong>
      </p>
      <TextField label={AUTH_TEXT.newEmail} type="email" autoComplete="email" {...form.field('new_email')} />
      {pending && (
        <div role="status" className="alert alert-info alert-soft">
          <span>
            {AUTH_TEXT.linkSentTo} <strong>{pending}</strong>
            {AUTH_TEXT.linkSentOpen}
          </span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={busy}
            onClick={() => run(() => resendChangeEmail({ new_email: pending }), ACCOUNT_TEXT.emailChangeResent)}
          >
            {AUTH_TEXT.resendEmail}
          </button>
        </div>
      )}
      <SubmitButton className="btn btn-primary self-start" busy={busy}>
        {AUTH_TEXT.changeEmail}
      </SubmitButton>
    </form>
  );
}
