import type { MiddlewareHandler } from 'hono';
import { MSG } from '../../../src/shared/messages/common';
import { isDevMode } from '../../lib/dev-mode';
import { fail } from './errors';

const DEV_ONLY = Symbol('dev-only');

/**
 * A route that exists only in development (DEV_MODE=1), for the benchmarks: elsewhere it answers 404 "Recurso no
 * encontrado" like any unknown path, and the OpenAPI document leaves it out.
 */
export function devOnly(): MiddlewareHandler<{ Bindings: Env }> {
  const handler: MiddlewareHandler<{ Bindings: Env }> = async (c, next) =>
    isDevMode(c.env) ? next() : fail(404, MSG.notFound);
  return Object.assign(handler, { [DEV_ONLY]: true });
}

/** Whether a route's handler is the development-only check (for the OpenAPI document and its test). */
export const isDevOnly = (handler: unknown): boolean => typeof handler === 'function' && DEV_ONLY in handler;
