import type { Api } from '../../lib/contract';
import { ApiError, unwrap } from '../../shared/provider-result';

export type RevocationOutcome = {
  status: number;
  values: Record<string, string>;
  errors: Record<string, string>;
  /** The identification code, once the provider recorded the request. */
  code: string;
  /** True when the request could not be recorded (the buyer must try again). */
  failed: boolean;
};

const FIELDS = ['name', 'email', 'dni', 'order', 'reason'] as const;

/**
 * Handles a "Botón de arrepentimiento" form post: the provider validates it, records it with its
 * identification code and e-mails the buyer and the refunds desk (Resolución 424/2020, art. 3).
 */
export async function submitRevocation(api: Api, form: FormData): Promise<RevocationOutcome> {
  const values = Object.fromEntries(FIELDS.map((name) => [name, String(form.get(name) ?? '')]));
  try {
    const answer = await unwrap(
      api.revocations.$post({
        json: { name: values.name, email: values.email, dni: values.dni, order: values.order, reason: values.reason },
      }),
    );
    return { status: 200, values, errors: {}, code: answer.data.code, failed: false };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      const errors: Record<string, string> = {};
      for (const [field, messages] of Object.entries(error.errors ?? {})) errors[field] = messages[0] ?? error.message;
      return { status: 400, values, errors, code: '', failed: false };
    }
    if (error instanceof ApiError && error.status === 429)
      return { status: 429, values, errors: { _: error.message }, code: '', failed: true };
    console.error('revocation request failed', error);
    return { status: 503, values, errors: {}, code: '', failed: true };
  }
}
