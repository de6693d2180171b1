import { canViewEvents, hasFullAccess, isCollaborator } from './roles';
import type { SessionUser } from './session';

/** Routes that need a session (spec section 2). */
const LOGIN_REQUIRED = [
  /^\/perfil\/?$/,
  /^\/nuevo\/?$/,
  /^\/checkout\/?$/,
  /^\/mis-tickets\/?$/,
  /^\/access-denied\/?$/,
  /^\/admin(\/|$)/,
];

export const isLoginRequired = (path: string) => LOGIN_REQUIRED.some((re) => re.test(path));

export type GuardDecision =
  | { kind: 'allow' }
  /** No session: to the index with the login prompt open, remembering where the user was going. */
  | { kind: 'login'; to: string }
  | { kind: 'redirect'; to: string };

/** The role check for admin and events routes (spec section 6). */
export function isAllowed(path: string, rol: string): boolean {
  if (/\/(events|eventos)(\/|$)/.test(path)) return canViewEvents(rol);
  if (/^\/admin\/access-control(\/|$)/.test(path)) return hasFullAccess(rol) || isCollaborator(rol);
  if (/^\/admin(\/|$)/.test(path)) return hasFullAccess(rol);
  return true;
}

/**
 * The navigation guard, shared by the server middleware and the islands.
 * `path` is the pathname; `search` the query string (with `?`) kept for the remembered destination.
 */
export function guard(path: string, search: string, session: SessionUser | null): GuardDecision {
  if (!session) {
    if (!isLoginRequired(path)) return { kind: 'allow' };
    return { kind: 'login', to: `/?login=1&next=${encodeURIComponent(path + search)}` };
  }
  const checked = path.startsWith('/admin') || /^\/(events|eventos)(\/|$)/.test(path);
  if (checked && !isAllowed(path, session.rol)) {
    return { kind: 'redirect', to: `/access-denied?from=${encodeURIComponent(path)}` };
  }
  return { kind: 'allow' };
}
