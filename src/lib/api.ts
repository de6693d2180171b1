import { MSG } from '../shared/messages';
import { ROLE_LABEL, type Role } from '../shared/roles';
import { viewOf } from '../shared/routes';
import type { SessionUser } from '../shared/session';
import { openLogin } from '../stores/navigation';
import { requireLogin, setUser } from '../stores/session';
import { toast } from '../stores/toast';

/** An API answer that was not 2xx: its status and the server's Spanish message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;

/** Calls where a 401 means "wrong credentials", not "the session is gone". */
const CREDENTIAL_CHECKS = new Set(['/login']);

/**
 * Calls the provider API through the edge proxy (`/api/v1/...`). The edge adds the key and the
 * token from the HttpOnly cookies (refreshing it first when it expired). A 401 triggers the
 * restore-login action and the error is rejected (spec sections 4 and 8); an answer with `role_update`
 * or `role_updated` refreshes the session and shows the new role.
 */
export async function api<T = Json>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('accept', 'application/json');
  let body = rest.body;
  if (json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(json);
  }
  let res: Response;
  try {
    res = await fetch(`/api/v1${path}`, { ...rest, headers, body, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, MSG.unexpected);
  }
  const data = (await res.json().catch(() => ({}))) as Json;
  const sessionGone = !CREDENTIAL_CHECKS.has(path.split('?')[0]) || data.message === MSG.sessionExpired;
  if (res.status === 401 && sessionGone) restoreLogin();
  if (!res.ok)
    throw new ApiError(res.status, String(data.message ?? MSG.unexpected), data.errors as ApiError['errors']);
  if (data.role_update === true || data.role_updated === true) await refreshRoles();
  return data as T;
}

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
  const session = await refreshClaims();
  if (session) toast('success', MSG.rolesUpdated, ROLE_LABEL[session.rol as Role] ?? session.rol);
}

/** Logout: the edge revokes the refresh family and clears the three cookies; then reload to /. */
export async function logout() {
  await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
  setUser(null);
  location.assign('/');
}
