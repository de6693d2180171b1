import { z } from 'zod';
import { ACCOUNT_DATA_MSG } from '../messages/accounts';
import { LIMITS, MSG } from '../messages/common';

/**
 * Account schemas (spec sections 3 and 5), used by the dialogs and by the API, so a field's message is
 * the same on both sides. Each field schema stops at its first failing rule (`abort`), so a field shows
 * one message.
 */

const email = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, { error: MSG.emailRequired, abort: true })
  .max(254, { error: MSG.emailInvalid, abort: true })
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform((value) => value.toLowerCase());

/** A password of a login: only required (a stored one may predate today's rules) but at least 8. */
const loginPassword = z
  .string({ error: MSG.passwordRequired })
  .min(1, { error: MSG.passwordRequired, abort: true })
  .min(LIMITS.passwordMin, { error: MSG.passwordMin, abort: true })
  .max(LIMITS.passwordMax, { error: MSG.passwordMax });

/** A new password: 8 to 128 characters, any characters (spaces and unicode included). */
const newPassword = z
  .string({ error: MSG.passwordRequired })
  .min(1, { error: MSG.passwordRequired, abort: true })
  .min(LIMITS.passwordMin, { error: MSG.passwordMin, abort: true })
  .max(LIMITS.passwordMax, { error: MSG.passwordMax });

const repeat = z.string({ error: MSG.passwordMismatch });

const name = z
  .string({ error: MSG.nameRequired })
  .trim()
  .min(1, { error: MSG.nameRequired, abort: true })
  .max(120, { error: MSG.invalidInput });

const telefono = z
  .string({ error: MSG.phoneInvalid })
  .trim()
  .regex(/^\d{10,12}$/, { error: MSG.phoneInvalid });

const dni = z
  .string({ error: MSG.dniInvalid })
  .trim()
  .regex(/^\d{8}$/, { error: MSG.dniInvalid });

const id = z.coerce
  .number({ error: MSG.invalidInput })
  .int({ error: MSG.invalidInput })
  .positive({ error: MSG.invalidInput });
const optionalId = z.union([id, z.null()]).optional();

const token = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { error: MSG.required })
  .max(200, { error: MSG.invalidInput });

/** Both passwords equal, reported on the repeat field. */
function samePasswords<T extends Record<string, unknown>>(field: keyof T & string, repeatField: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (value[field] !== value[repeatField])
      ctx.addIssue({ code: 'custom', message: MSG.passwordMismatch, path: [repeatField] });
  };
}

export const LoginSchema = z.object({ email, password: loginPassword });
export type Login = z.infer<typeof LoginSchema>;

/** E-mail only: password recovery (the login dialog's 'Olvide mi contraseña' mode). */
export const RestoreSchema = LoginSchema.pick({ email: true });
export type Restore = z.infer<typeof RestoreSchema>;

export const RegisterFieldsSchema = z.object({
  name,
  email,
  password: newPassword,
  repeat_password: repeat,
  telefono,
  dni,
  terms_and_conditions: z.boolean({ error: MSG.termsRequired }).refine((v) => v, { error: MSG.termsRequired }),
  accept_promotions: z.boolean({ error: MSG.invalidInput }).default(false),
  pais_id: optionalId,
  provinces_id: optionalId,
});
export const RegisterSchema = RegisterFieldsSchema.superRefine(samePasswords('password', 'repeat_password'));
export type Register = z.infer<typeof RegisterSchema>;
export type RegisterInput = z.input<typeof RegisterSchema>;

/** New password from the e-mailed recovery link (/restore-password?token=). */
export const ResetPasswordSchema = z
  .object({ token, password: newPassword, repeat_password: repeat })
  .superRefine(samePasswords('password', 'repeat_password'));
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

/** PUT /password, reset variant: the recovery token and the new password, for that token's user. */
export const PasswordResetByTokenSchema = z
  .object({ user_id: id.optional(), token, password: newPassword, repeat_password: repeat })
  .superRefine(samePasswords('password', 'repeat_password'));

/** PUT /password, update variant: a superadmin sets a user's password (no current password known). */
export const PasswordUpdateSchema = z
  .object({ user_id: id, password: newPassword, repeat_password: repeat })
  .superRefine(samePasswords('password', 'repeat_password'));
export type PasswordUpdate = z.infer<typeof PasswordUpdateSchema>;

/** PUT /password, secure variant: the current password and the new one twice. */
export const SecurePasswordChangeSchema = z
  .object({
    user_id: id,
    password: z.string({ error: MSG.passwordRequired }).min(1, { error: MSG.passwordRequired }),
    new_password: newPassword,
    repeat_new_password: repeat,
  })
  .superRefine(samePasswords('new_password', 'repeat_new_password'));
export type SecurePasswordChange = z.infer<typeof SecurePasswordChangeSchema>;

/** PUT /user: the profile fields a user edits (e-mail and password have their own flows). */
export const ProfileUpdateSchema = RegisterFieldsSchema.pick({ name: true, telefono: true, dni: true }).extend({
  id: id.optional(),
  provinces_id: optionalId,
  pais_id: optionalId,
  accept_promotions: z.boolean({ error: MSG.invalidInput }).optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

export const ChangeEmailSchema = z.object({ new_email: email });
export type ChangeEmail = z.infer<typeof ChangeEmailSchema>;

/**
 * POST /change-pending-email: an account that registered but never verified moves its address (a typo in the
 * registration). Its password proves it is the person's own account: they cannot log in to use /change-email.
 */
export const ChangePendingEmailSchema = LoginSchema.extend({ new_email: email });
export type ChangePendingEmail = z.infer<typeof ChangePendingEmailSchema>;

/** `?token=` of the e-mailed links. */
export const TokenQuerySchema = z.object({ token });

/** POST /logout: the access token to end along with the refresh family (optional). */
export const LogoutSchema = z.object({ access_token: z.string().max(4096, { error: MSG.invalidInput }).optional() });

/** `?id=` of GET /user (own id when absent). */
export const UserQuerySchema = z.object({ id: id.optional() });

// ---- Personal data (issue 35): "Mis datos", consents and the deletion request ----

/** POST /user/deletion: what happens to the tickets to future events (refunded, or cancelled without money back). */
export const DeletionRequestSchema = z.object({
  /** Only one's own account: another id answers 403. */
  user_id: id.optional(),
  tickets: z.enum(['refund', 'cancel'], { error: ACCOUNT_DATA_MSG.ticketsChoice }),
});
export type DeletionRequest = z.infer<typeof DeletionRequestSchema>;

/** PUT /user/consents: the promotions consent given or withdrawn in Perfil (the terms are given at registration). */
export const ConsentUpdateSchema = z.object({
  user_id: id.optional(),
  promotions: z.boolean({ error: MSG.invalidInput }),
});

/** GET /user/data and /user/deletion: one's own (`user_id` of anyone else answers 403); `download=1` as a file. */
export const PersonalDataQuerySchema = z.object({
  user_id: id.optional(),
  download: z
    .enum(['0', '1'], { error: MSG.invalidInput })
    .optional()
    .transform((v) => v === '1'),
});
export type ConsentUpdate = z.infer<typeof ConsentUpdateSchema>;
