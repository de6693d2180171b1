import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { MSG } from '../../src/shared/messages/common';
import { MercadoPagoError } from '../payments/mercadopago';
import type { ApiError } from './lib/errors';

/** The API's answers to what no route answered: a failure no service handled, and an unknown path. */

/**
 * Our own failures carry their Spanish answer. Exceptions raised inside Hono or its middleware (a body
 * that is not JSON, for instance) carry English texts: the user gets the generic Spanish one instead.
 */
export function onError(err: Error, c: Context) {
  if (err instanceof HTTPException) {
    if (err.res) return err.res;
    const message = err.status === 400 ? MSG.invalidInput : MSG.unexpected;
    return c.json({ status: false, message } satisfies ApiError, err.status);
  }
  if (err instanceof MercadoPagoError) {
    // A MercadoPago failure no service handled itself: the payment provider, not us, is down.
    console.error('MercadoPago failed', c.req.method, c.req.path, err);
    return c.json({ status: false, message: MSG.paymentProviderDown } satisfies ApiError, 502);
  }
  console.error('Unexpected error', c.req.method, c.req.path, err);
  return c.json({ status: false, message: MSG.unexpected } satisfies ApiError, 500);
}

export function notFound(c: Context) {
  return c.json({ status: false, message: MSG.notFound } satisfies ApiError, 404);
}
