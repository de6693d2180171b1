import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { INVALID_FORM, MSG } from '../../../src/shared/messages/common';
import '../../../src/shared/schemas/locale';
import { fail } from './errors';

/**
 * Validates a request part with the same zod schema the forms use and answers 400 with the field
 * messages (Spanish, from the schema) when it does not pass. Path ids may answer 404 instead
 * (`status`), so a malformed id is told apart from a missing one by nothing.
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
  status: 400 | 404 = 400,
) {
  const check = zValidator(target, schema, (result) => {
    // Control characters are refused in every text a person or a file sends (names, free text, CSV),
    // named on their field before anything else is said about it.
    // (Path ids are simply not found: their own message says so.)
    const control = target === 'param' ? null : controlCharField(result.data);
    if (result.success && control === null) return;
    const errors: Record<string, string[]> = {};
    if (control !== null) errors[control || '_'] = [MSG.controlChars];
    if (!result.success)
      for (const issue of result.error.issues) {
        const key = issue.path.join('.') || '_';
        if (key !== control) errors[key] = [...(errors[key] ?? []), issue.message];
      }
    const first = Object.values(errors)[0]?.[0];
    fail(status, first ?? INVALID_FORM, errors);
  });
  return Object.assign(check, { [VALIDATES]: { target, schema } });
}

const VALIDATES = Symbol('validates');

/** What a route's validator checks (for the route enumeration: fuzzing and the docs check). */
export const validationOf = (handler: unknown): { target: string; schema: ZodType } | undefined =>
  typeof handler === 'function'
    ? (handler as { [VALIDATES]?: { target: string; schema: ZodType } })[VALIDATES]
    : undefined;

/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** The dotted path of the first string holding a control character, or null when there is none. */
function controlCharField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = controlCharField(item, path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !(value instanceof Blob)) {
    for (const [key, item] of Object.entries(value)) {
      const found = controlCharField(item, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}
