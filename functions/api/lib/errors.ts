import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error shape of the provider API: `{ status: false, message, errors? }`. */
export type ApiError = { status: false; message: string; errors?: Record<string, string[]> };

/** Throws an HTTPException whose message is shown to the user as is (Spanish). */
export function fail(status: ContentfulStatusCode, message: string, errors?: Record<string, string[]>): never {
  const body: ApiError = { status: false, message, ...(errors ? { errors } : {}) };
  throw new HTTPException(status, { message, res: Response.json(body, { status }) });
}
