import { hc } from 'hono/client';
import type { ApiType } from '../../functions/edge/provider-client';
import { MSG } from '../shared/messages/common';
import { ROLE_LABEL } from '../shared/messages/team';
import { ApiError } from '../shared/provider-result';
import type { Role } from '../shared/roles';
import { viewOf } from '../shared/routes';
import type { SessionUser } from '../shared/session';
import { openLogin } from '../stores/navigation';
import { requireLogin, setUser } from '../stores/session';
import { toast } from '../stores/toast';
import { wipeDeviceData } from './device-data';

export { ApiError, messageOf, unwrap } from '../shared/provider-result';

/** Calls where a 401 means "wrong credentials", not "the session is gone". */
const CREDENTIAL_CHECKS = new Set(['/api/v1/login']);

/**
 * What every island call goes through, on its way to the edge proxy (`/api/v1/...`): the edge adds the
 * key and the token from the HttpOnly cookies (refreshing it first when it expired). A 401 triggers the
 * restore-login action (spec sections 4 and 8); an answer with `role_update` or `role_updated`
 * refreshes the session and shows the new role before the caller reads it.
 */
export async function edgeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  let res: Response;
  try {
    res = await fetch(input, { ...init, headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, MSG.network); // no answer at all: offline, DNS, connection reset
  }
  if (res.status === 401) {
    const data = (await res
      .clone()
      .json()
      .catch(() => ({}))) as { message?: string };
    const path = new URL(String(input), 'http://site.local').pathname;
    if (!CREDENTIAL_CHECKS.has(path) || data.message === MSG.sessionExpired) restoreLogin();
  } else if (res.ok || res.status === 403) {
    // A 403 can be the first answer after someone removed the caller's access: it says role_update too.
    const data = (await res
      .clone()
      .json()
      .catch(() => null)) as { role_update?: unknown; role_updated?: unknown } | null;
    if (data?.role_update === true || data?.role_updated === true) await refreshRoles();
  }
  return res;
}

/**
 * The provider API for islands, typed by the API's own routes (`hc<ApiType>`), through the edge.
 * Read answers with `unwrap`, which throws an `ApiError` with the server's Spanish message.
 */
export const client = hc<ApiType>('/api/v1', { fetch: edgeFetch });

/** The edge answers login and e-mail verification with the session instead of the token pair. */
export type EdgeSessionAnswer = { status?: boolean; message?: string; session: SessionUser };

/** Restore-login action: the session is gone, so blank it and open the login prompt, back here after. */
export function restoreLogin() {
  requireLogin();
  openLogin(viewOf(new URL(location.href)));
}

/** Refreshes the token for new claims; answers the new session user, or null when the refresh failed. */
export async function refreshSession(): Promise<SessionUser | null> {
  const res = await fetch('/api/v1/refresh', { method: 'POST', credentials: 'same-origin' }).catch(() => null);
  const data = (await res?.json().catch(() => ({}))) as { session?: SessionUser } | undefined;
  if (!res?.ok || !data?.session) return null;
  setUser(data.session);
  return data.session;
}

/** Refreshes the token for new claims; a failed refresh shows the refresh error and logs out (spec section 8). */
export async function refreshClaims(): Promise<SessionUser | null> {
  const session = await refreshSession();
  if (!session) {
    toast('error', MSG.refreshError);
    await logout();
  }
  return session;
}

async function refreshRoles() {
  // A role change or a removal: what the door scanner kept of the event leaves the device.
  await wipeDeviceData();
  const session = await refreshClaims();
  if (session) toast('success', MSG.rolesUpdated, ROLE_LABEL[session.rol as Role] ?? session.rol);
}

/**
 * Logout: the door scanner's data leaves the device (IndexedDB, caches, service worker), the edge revokes
 * the refresh family and clears the three cookies; then reload to /.
 */
export async function logout() {
  await wipeDeviceData();
  await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
  setUser(null);
  location.assign('/');
}
