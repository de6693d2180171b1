import type { ClientResponse } from 'hono/client';
import { MSG } from './messages/common';

/** A provider API answer that was not 2xx: its status and the server's Spanish message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** The JSON body of a typed client answer (what its handler returned with `c.json`). */
// biome-ignore lint/suspicious/noExplicitAny: any answer type of the contract.
export type BodyOf<R> = R extends ClientResponse<infer T, any, any> ? T : never;

/**
 * Reads a typed client answer: its JSON body when it is 2xx, else an `ApiError` carrying the server's
 * Spanish message (or the generic one when the answer is not the API's JSON).
 */
// biome-ignore lint/suspicious/noExplicitAny: any answer of the contract.
export async function unwrap<R extends ClientResponse<any, any, any>>(answer: R | Promise<R>): Promise<BodyOf<R>> {
  const res = await answer;
  const body = (await res.json().catch(() => null)) as { message?: unknown; errors?: ApiError['errors'] } | null;
  if (!res.ok) {
    const message = typeof body?.message === 'string' ? body.message : MSG.unexpected;
    throw new ApiError(res.status, message, body?.errors);
  }
  return body as BodyOf<R>;
}

/** The answer, or null when the provider says the resource does not exist (404). */
export function unlessNotFound<T>(answer: Promise<T>): Promise<T | null> {
  return answer.catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
}

/**
 * The one way an island words a failure: the provider's own Spanish message when it answered, else the
 * network message when the request never got an answer, else the generic one. Never a raw `Error.message`
 * (English, from the browser).
 */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message || MSG.unexpected;
  if (error instanceof TypeError) return MSG.network; // fetch rejected: offline, DNS, connection reset
  return MSG.unexpected;
}
