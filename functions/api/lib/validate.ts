import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { INVALID_FORM } from '../../../src/shared/messages';
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
    if (result.success) return;
    const errors: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || '_';
      errors[key] = [...(errors[key] ?? []), issue.message];
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
