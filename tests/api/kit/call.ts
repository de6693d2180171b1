import type { ExtractSchema } from 'hono/types';
import type { ApiType } from '../../../functions/api/app';
import { provider } from './http';

type Schema = ExtractSchema<ApiType>;
type Path = keyof Schema & string;
type Verb<M> = M extends `$${infer V}` ? Uppercase<V> : never;

/** Every route of the provider API as `METHOD /path` (the keys of docs/api.md and tests/api/platform/route-list.ts). */
export type Endpoint = { [P in Path]: `${Verb<keyof Schema[P]>} ${P}` }[Path];

type Route<E> = E extends `${infer V} ${infer P extends Path}`
  ? Schema[P][`$${Lowercase<V>}` & keyof Schema[P]]
  : never;
type ParamName<P> = P extends `${string}:${infer K}/${infer Rest}`
  ? K | ParamName<`/${Rest}`>
  : P extends `${string}:${infer K}`
    ? K
    : never;

/** Why a call was refused: the one error shape of the API (functions/api/lib/errors.ts). */
export type Refusal = { status?: boolean; message?: string; errors?: Record<string, string[]> };

/** What `endpoint` answers when it succeeds, as its handler types it. */
export type AnswerOf<E extends Endpoint> = Route<E> extends { output: infer O } ? O : never;

/** The `data` of a successful answer to `endpoint`. */
export type DataOf<E extends Endpoint> = AnswerOf<E> extends { data: infer D } ? D : never;

type Init<E> = {
  param?: Record<ParamName<E>, string | number>;
  query?: Record<string, string | number | boolean>;
  json?: unknown;
};

/**
 * A provider-API call as `actor` (null: a visitor), to a route named as `METHOD /path/:param`: a typo is a
 * type error, and the answer's type is the handler's own, so a test reads what the API says it answers.
 */
export async function call<E extends Endpoint>(
  actor: { token: string } | null,
  endpoint: E,
  init: Init<E> = {},
): Promise<{ status: number; body: AnswerOf<E> & Refusal }> {
  const [method, pattern] = endpoint.split(' ');
  const params = (init.param ?? {}) as Record<string, string | number>;
  let path = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  if (init.query) path += `?${new URLSearchParams(Object.entries(init.query).map(([k, v]) => [k, String(v)]))}`;
  const headers = new Headers();
  if (actor) headers.set('authorization', `Bearer ${actor.token}`);
  const res = await provider(path, {
    method,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

/**
 * An answer read from a raw `Response` (a call made with `asBuyer` or `browser`, not `call`): the API's
 * envelope, its `data` left to the test. Prefer `call`, which types `data` from the route.
 */
export type Answer<D = Record<string, unknown>> = Refusal & {
  data: D;
  pagination?: { total: number; pages: number };
  [field: string]: unknown;
};
