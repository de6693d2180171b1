import { canViewEvents, hasFullAccess, isCollaborator, permissions } from './roles';
import { type NextView, pathOf } from './routes';
import { safeNextPath } from './safe-next';
import type { SessionUser } from './session';

/** Routes that need a session (spec section 2). */
const LOGIN_REQUIRED = [
  /^\/perfil(\/|$)/,
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

/**
 * Back-office pages a collaborator opens when their token names the permission (an Analista reads the
 * dashboard and finance, Boletería sells). Only the page is guarded here; every API call checks again.
 */
const COLLABORATOR_PAGES: [RegExp, string][] = [
  [/^\/admin\/dashboard(\/|$)/, 'dashboard.view'],
  [/^\/admin\/finance(\/|$)/, 'finance.view'],
  [/^\/admin\/tickets(\/|$)/, 'tickets.view'],
  [/^\/admin\/boleteria(\/|$)/, 'tickets.sell'],
];

/** The role check for admin and events routes (spec section 6). */
export function isAllowed(path: string, rol: string, permisos: readonly string[] = []): boolean {
  if (/\/(events|eventos)(\/|$)/.test(path)) return canViewEvents(rol);
  if (/^\/admin\/access-control(\/|$)/.test(path)) return hasFullAccess(rol) || isCollaborator(rol);
  if (isCollaborator(rol) && COLLABORATOR_PAGES.some(([re, p]) => re.test(path) && permissions.has(permisos, p)))
    return true;
  if (/^\/admin(\/|$)/.test(path)) return hasFullAccess(rol);
  return true;
}

/** The index with the login prompt open, remembering `next` when it is a safe view of this site. */
export function loginPrompt(next: string): string {
  const safe = safeNextPath(next);
  return safe ? `/?login=1&next=${encodeURIComponent(safe)}` : '/?login=1';
}

/**
 * The navigation guard, shared by the server middleware and the islands.
 * `path` is the pathname; `search` the query string (with `?`) kept for the remembered destination.
 */
export function guard(path: string, search: string, session: SessionUser | null): GuardDecision {
  if (!session) {
    if (!isLoginRequired(path)) return { kind: 'allow' };
    return { kind: 'login', to: loginPrompt(path + search) };
  }
  const checked = path.startsWith('/admin') || /^\/(events|eventos)(\/|$)/.test(path);
  if (checked && !isAllowed(path, session.rol, session.permisos ?? [])) {
    return { kind: 'redirect', to: `/access-denied?from=${encodeURIComponent(path)}` };
  }
  return { kind: 'allow' };
}

/** A path plus query in a canonical form (sorted query), so two spellings of one view compare equal. */
function canonical(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, 'http://x');
  url.searchParams.sort();
  return url.pathname.replace(/(.)\/$/, '$1') + url.search;
}

/**
 * Guard step 4 (spec section 2): a stored pending next view that differs from the target wins.
 * Answers where to go instead, or null to stay. Only for a signed-in user: a guest keeps the
 * remembered view for after the login.
 */
export function pendingDestination(next: NextView | null, target: string): string | null {
  if (!next) return null;
  const to = pathOf(next);
  return canonical(to) === canonical(target) ? null : to;
}
