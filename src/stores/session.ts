import { atom, computed, onMount } from 'nanostores';
import { COOKIE } from '../shared/messages/common';
import { isBackOfficeEnabled, isSuperAdmin } from '../shared/roles';
import type { SessionUser } from '../shared/session';

/**
 * Session state (spec sections 3 and 4). The tokens live in HttpOnly cookies that page scripts cannot
 * read, so `token` and `refreshToken` hold only whether the edge holds them ('httponly') or not (null).
 */
export type SessionState = {
  token: 'httponly' | null;
  refreshToken: 'httponly' | null;
  forceLogin: boolean;
  user: SessionUser | null;
};

export const $session = atom<SessionState>({ token: null, refreshToken: null, forceLogin: false, user: null });

export const $isAuthenticated = computed($session, (s) => s.user !== null);
export const $isSuperAdmin = computed($session, (s) => isSuperAdmin(s.user?.rol));
export const $backOfficeEnable = computed($session, (s) => isBackOfficeEnabled(s.user?.rol));

const isSessionUser = (value: unknown): value is SessionUser => {
  const s = value as SessionUser | null;
  return !!s && typeof s === 'object' && typeof s.rol === 'string' && typeof s.user?.id === 'number';
};

/** Setting the user marks the session authenticated; anything that is not a session user blanks it. */
export function setUser(user: SessionUser | null) {
  const valid = isSessionUser(user) ? user : null;
  $session.set({
    ...$session.get(),
    user: valid,
    token: valid ? 'httponly' : null,
    refreshToken: valid ? 'httponly' : null,
    forceLogin: false,
  });
}

/** Marks that the user must log in again (a 401 from the API): the restore-login action. */
export function requireLogin() {
  setUser(null);
  $session.set({ ...$session.get(), forceLogin: true });
}

/**
 * Start-up (spec section 4): the session is restored from the user-data cookie the edge keeps beside
 * the two HttpOnly token cookies (the server has already refreshed or cleared them on this page load).
 * Without that cookie the session stays logged out.
 */
export function restoreSession() {
  if (typeof document === 'undefined') return;
  const raw = readCookie(document.cookie, COOKIE.userData);
  try {
    setUser(raw ? (JSON.parse(raw) as SessionUser) : null);
  } catch {
    setUser(null);
  }
}

/** One cookie's decoded value (a few lines instead of a cookie library in every island). */
function readCookie(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

// Restore lazily the first time any island reads the session.
onMount($session, () => {
  if (!$session.get().user && !$session.get().forceLogin) restoreSession();
});
