import { useState } from 'react';
import { messageOf } from '../../../lib/api';
import { ChangeEmailSchema } from '../../../shared/schemas/auth';
import { toast } from '../../../stores/toast';
import { changeEmail } from '../api/change-email';
import { resendChangeEmail } from '../api/resend-change-email';
import { useZodForm } from '../lib/use-zod-form';
import { ACCOUNT_TEXT } from '../messages';
import { TextField } from './fields';

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
        Correo actual: <strong>{currentEmail}</strong>
      </p>
      <TextField label="Nuevo correo electrónico" type="email" autoComplete="email" {...form.field('new_email')} />
      {pending && (
        <div role="status" className="alert alert-info alert-soft">
          <span>
            Enviamos un enlace a <strong>{pending}</strong>. Abrilo para confirmar el cambio.
          </span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={busy}
            onClick={() => run(() => resendChangeEmail({ new_email: pending }), ACCOUNT_TEXT.emailChangeResent)}
          >
            Reenviar correo
          </button>
        </div>
      )}
      <button type="submit" className="btn btn-primary self-start" disabled={busy}>
        Cambiar correo
      </button>
    </form>
  );
}
