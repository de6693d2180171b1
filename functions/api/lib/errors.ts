import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error shape of the provider API: `{ status: false, message, errors? }`. */
export type ApiError = { status: false; message: string; errors?: Record<string, string[]> };

/** Throws an HTTPException whose message is shown to the user as is (Spanish). */
export function fail(status: ContentfulStatusCode, message: string, errors?: Record<string, string[]>): never {
  const body: ApiError = { status: false, message, ...(errors ? { errors } : {}) };
  throw new HTTPException(status, { message, res: Response.json(body, { status }) });
}

export function onError(err: Error, c: Context) {
  if (err instanceof HTTPException) {
    if (err.res) return err.res;
    return c.json({ status: false, message: err.message || 'Solicitud inválida' } satisfies ApiError, err.status);
  }
  console.error('Unexpected error', c.req.method, c.req.path, err);
  return c.json({ status: false, message: 'Ocurrió un error inesperado. Intente nuevamente.' } satisfies ApiError, 500);
}

export function notFound(c: Context) {
  return c.json({ status: false, message: 'Recurso no encontrado' } satisfies ApiError, 404);
}
