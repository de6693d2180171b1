import { MSG } from '../shared/messages';
import { ROLE_LABEL, type Role } from '../shared/roles';
import type { SessionUser } from '../shared/session';
import { openLogin } from '../stores/navigation';
import { setUser } from '../stores/session';
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

/**
 * Calls the provider API through the edge proxy (`/api/v1/...`). The edge adds the key and the
 * token from the HttpOnly cookies. A 401 triggers the restore-login action (spec section 4); an answer
 * with `role_update` or `role_updated` refreshes the session and shows the new role.
 */
export async function api<T = Json>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const res = await fetch(`/api/v1${path}`, { ...init, headers, body, credentials: 'same-origin' });
  const data = (await res.json().catch(() => ({}))) as Json;
  if (res.status === 401 && path !== '/login') restoreLogin();
  if (!res.ok)
    throw new ApiError(res.status, String(data.message ?? MSG.unexpected), data.errors as ApiError['errors']);
  if (data.role_update === true || data.role_updated === true) await refreshRoles();
  return data as T;
}

/** Restore-login action: the session is gone, so blank it and open the login prompt here. */
export function restoreLogin() {
  setUser(null);
  openLogin({
    name: 'path',
    params: { path: location.pathname },
    query: Object.fromEntries(new URLSearchParams(location.search)),
  });
}

/** Refreshes the token for new claims; answers the new session user, or null when the refresh failed. */
export async function refreshSession(): Promise<SessionUser | null> {
  const res = await fetch('/api/v1/refresh', { method: 'POST', credentials: 'same-origin' });
  const data = (await res.json().catch(() => ({}))) as { session?: SessionUser };
  if (!res.ok || !data.session) return null;
  setUser(data.session);
  return data.session;
}

async function refreshRoles() {
  const session = await refreshSession();
  if (!session) {
    toast('error', MSG.refreshError);
    await logout();
    return;
  }
  toast('success', MSG.rolesUpdated, ROLE_LABEL[session.rol as Role] ?? session.rol);
}

/** Logout: the edge revokes the refresh family and clears the three cookies; then reload to /. */
export async function logout() {
  await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
  setUser(null);
  location.assign('/');
}
