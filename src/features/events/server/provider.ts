import { env } from 'cloudflare:workers';
import { callApi } from '../../../../functions/edge/upstream';

const noCtx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

/**
 * A GET to the provider API from a server-rendered page (in-process unless API_ORIGIN points elsewhere).
 * Public pages ask as visitors: no token is sent, so they only ever see public data.
 */
export async function providerGet<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await callApi(env, noCtx, `/api/v1${path}`, { headers: { accept: 'application/json' } });
  return { status: res.status, body: (await res.json()) as T };
}

export type Province = { id: number; name: string };

export async function provinces(): Promise<Province[]> {
  const { body } = await providerGet<{ data: { provincias: Province[] } }>('/locations');
  return body.data.provincias;
}
