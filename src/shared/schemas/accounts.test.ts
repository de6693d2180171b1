import { describe, expect, it } from 'vitest';
import { MSG } from '../messages/common';
import {
  ChangeEmailSchema,
  LoginSchema,
  ProfileUpdateSchema,
  RegisterSchema,
  SecurePasswordChangeSchema,
} from './accounts';

/** The messages of a failed parse, by field. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

const validRegistration = {
  name: 'Ana Pérez',
  email: 'Ana@Example.com ',
  password: 'secreto123',
  repeat_password: 'secreto123',
  telefono: '1123456789',
  dni: '12345678',
  terms_and_conditions: true,
  accept_promotions: false,
};

describe('LoginSchema', () => {
  it.each([
    [{}, { email: [MSG.emailRequired], password: [MSG.passwordRequired] }],
    [
      { email: '', password: '' },
      { email: [MSG.emailRequired], password: [MSG.passwordRequired] },
    ],
    [
      { email: 'nope', password: 'short' },
      { email: [MSG.emailInvalid], password: [MSG.passwordMin] },
    ],
    [{ email: 'a@b.ar', password: 'x'.repeat(129) }, { password: [MSG.passwordMax] }],
  ])('answers one spec message per field for %j', (input, expected) => {
    expect(messages(LoginSchema.safeParse(input))).toEqual(expected);
  });

  it('trims and lowercases the e-mail', () => {
    expect(LoginSchema.parse({ email: ' Ana@Example.COM ', password: '12345678' }).email).toBe('ana@example.com');
  });
});

describe('RegisterSchema', () => {
  it('accepts a complete form and defaults optional fields', () => {
    const parsed = RegisterSchema.parse({ ...validRegistration, accept_promotions: undefined });
    expect(parsed.email).toBe('ana@example.com');
    expect(parsed.accept_promotions).toBe(false);
  });

  it('accepts a 64-character password with spaces and unicode', () => {
    const password = 'ñandú con espacios '.padEnd(64, 'x');
    expect(RegisterSchema.safeParse({ ...validRegistration, password, repeat_password: password }).success).toBe(true);
  });

  it.each([
    ['name', { name: ' ' }, MSG.nameRequired],
    ['password', { password: 'corta', repeat_password: 'corta' }, MSG.passwordMin],
    ['repeat_password', { repeat_password: 'otra-cosa' }, MSG.passwordMismatch],
    ['telefono', { telefono: '+54 11 2345' }, MSG.phoneInvalid],
    ['telefono', { telefono: '123456789' }, MSG.phoneInvalid],
    ['telefono', { telefono: '1234567890123' }, MSG.phoneInvalid],
    ['dni', { dni: '12.345.678' }, MSG.dniInvalid],
    ['dni', { dni: '1234567' }, MSG.dniInvalid],
    ['terms_and_conditions', { terms_and_conditions: false }, MSG.termsRequired],
    ['email', { email: 'no-es-correo' }, MSG.emailInvalid],
  ])('refuses a bad %s with its message', (field, change, message) => {
    expect(messages(RegisterSchema.safeParse({ ...validRegistration, ...change }))).toEqual({ [field]: [message] });
  });
});

describe('other account schemas', () => {
  it('checks the repeated new password of the secure change', () => {
    const result = SecurePasswordChangeSchema.safeParse({
      user_id: 1,
      password: 'actual123',
      new_password: 'nueva1234',
      repeat_new_password: 'nueva12345',
    });
    expect(messages(result)).toEqual({ repeat_new_password: [MSG.passwordMismatch] });
  });

  it('validates the profile with the registration rules', () => {
    const result = ProfileUpdateSchema.safeParse({ name: 'Ana', telefono: '12', dni: '12345678', provinces_id: 2 });
    expect(messages(result)).toEqual({ telefono: [MSG.phoneInvalid] });
  });

  it('requires a valid new e-mail', () => {
    expect(messages(ChangeEmailSchema.safeParse({ new_email: '' }))).toEqual({ new_email: [MSG.emailRequired] });
  });
});
