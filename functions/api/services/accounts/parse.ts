import type { ZodType, z } from 'zod';
import { INVALID_FORM } from '../../../../src/shared/messages/common';
import { fail } from '../../lib/errors';

/** Parses a value with a zod schema or answers 400 with the field messages (as `validate` does). */
export function parseOrFail<T extends ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  fail(400, Object.values(errors)[0]?.[0] ?? INVALID_FORM, errors);
}

/** The JSON body of a request (read through Hono's body cache), or 400 when it is not JSON. */
export async function jsonBody(request: { json: () => Promise<unknown> }): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    fail(400, INVALID_FORM);
  }
}
