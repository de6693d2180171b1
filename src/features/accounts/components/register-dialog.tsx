import { useState } from 'react';
import { CheckboxField, PasswordField, SubmitButton, TextField } from '../../../components/ui/fields';
import { ApiError } from '../../../lib/api';
import { AUTH_TEXT } from '../../../shared/messages/accounts';
import { LIMITS, MSG, SPEC_LABEL } from '../../../shared/messages/common';
import { type RegisterInput, RegisterSchema } from '../../../shared/schemas/accounts';
import { $authEmail, openLogin } from '../../../stores/navigation';
import { toast } from '../../../stores/toast';
import { register } from '../api/register';
import { titleCase } from '../lib/title-case';
import { useZodForm } from '../lib/use-zod-form';
import { AuthFrame, AuthSwitch } from './auth-frame';
import { VerifyPendingDialog } from './verify-pending';

const EMPTY: RegisterInput = {
  name: '',
  dni: '',
  email: '',
  password: '',
  repeat_password: '',
  telefono: '',
  terms_and_conditions: false,
  accept_promotions: false,
};

/**
 * The registration dialog (spec sections 2, 5 and 8). The button stays disabled until the form is valid.
 * `page`: the same form as the /registrarme page (what was typed before it was live is kept).
 */
export default function RegisterDialog({
  onClose = () => undefined,
  page = false,
}: {
  onClose?: () => void;
  page?: boolean;
}) {
  // An invited address (a team invitation's page) is filled in.
  const form = useZodForm(RegisterSchema, { ...EMPTY, email: $authEmail.get() });
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // Registered: the screen that stays (where the mail went, resend, change address), beside the spec's toast.
  const [pending, setPending] = useState<{ email: string; password: string } | null>(null);
  const v = form.values as RegisterInput;

  // The schema checks the repeat only once every other field passes; tell the user as they type.
  const repeatError =
    form.error('repeat_password') ??
    (v.repeat_password && v.repeat_password !== v.password ? MSG.passwordMismatch : undefined);

  const submit = form.onSubmit(async (data) => {
    setBusy(true);
    setFailed(false);
    try {
      await register(data);
      toast('success', MSG.registerSuccess);
      setPending({ email: data.email, password: data.password });
    } catch (err) {
      // The server's own message, title-cased; without one (network, or only the generic fallback) the spec's text.
      const fromServer = err instanceof ApiError && err.status > 0 && err.message !== MSG.unexpected;
      const message = fromServer ? titleCase(err.message) : MSG.registerError;
      toast('error', message);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  });

  // On the /registrarme page, closing that screen leaves for the index (the dialog just closes).
  const close = page ? () => location.assign('/') : onClose;
  if (pending) return <VerifyPendingDialog email={pending.email} password={pending.password} onClose={close} />;

  const text = (
    name: keyof RegisterInput & string,
    label: string,
    extra: Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>,
  ) => <TextField label={label} {...form.field(name)} {...extra} />;

  return (
    <AuthFrame
      page={page}
      title={SPEC_LABEL.signUp}
      maxWidth={LIMITS.registerDialogMaxWidth}
      anchorTop
      onClose={onClose}
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        {text('name', AUTH_TEXT.fullName, { autoComplete: 'name' })}
        {text('dni', 'DNI', { inputMode: 'numeric', maxLength: 8 })}
        {text('email', AUTH_TEXT.email, { type: 'email', autoComplete: 'email' })}
        <PasswordField label={AUTH_TEXT.password} autoComplete="new-password" {...form.field('password')} />
        <PasswordField
          label={AUTH_TEXT.repeatPassword}
          autoComplete="new-password"
          {...form.field('repeat_password')}
          error={repeatError}
        />
        {text('telefono', AUTH_TEXT.phone, {
          type: 'tel',
          inputMode: 'numeric',
          autoComplete: 'tel',
          maxLength: 12,
        })}
        <CheckboxField
          label={
            <>
              {AUTH_TEXT.acceptThe}{' '}
              <a href="/legal" target="_blank" rel="noopener" className="link link-primary">
                {AUTH_TEXT.terms}
              </a>
            </>
          }
          checked={v.terms_and_conditions === true}
          error={form.error('terms_and_conditions')}
          onChecked={(checked) => {
            form.set('terms_and_conditions', checked);
            form.touch('terms_and_conditions');
          }}
        />
        <CheckboxField
          label={AUTH_TEXT.acceptPromotions}
          checked={v.accept_promotions === true}
          onChecked={(checked) => form.set('accept_promotions', checked)}
        />
        {failed && (
          <div role="alert" className="alert alert-error alert-soft">
            {MSG.registerDialogError}
          </div>
        )}
        {form.touchedAny && !form.valid && <p className="text-warning text-sm">{MSG.invalidForm}</p>}
        <SubmitButton className="btn btn-primary w-full" busy={busy} disabled={!form.valid}>
          {SPEC_LABEL.registerLink}
        </SubmitButton>
        <AuthSwitch
          page={page}
          prompt={AUTH_TEXT.haveAccount}
          href="/ingresar"
          label={AUTH_TEXT.signIn}
          open={openLogin}
        />
      </form>
    </AuthFrame>
  );
}
