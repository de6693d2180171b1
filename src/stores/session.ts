import { atom, computed } from 'nanostores';
import Cookies from 'universal-cookie';
import { COOKIE } from '../shared/messages';
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

/** Setting the user marks the session authenticated; a null user blanks it and clears the flags. */
export function setUser(user: SessionUser | null) {
  $session.set({
    ...$session.get(),
    user,
    token: user ? 'httponly' : null,
    refreshToken: user ? 'httponly' : null,
    forceLogin: false,
  });
}

/** Start-up: the session is restored from the user-data cookie the edge keeps beside the token cookies. */
export function restoreSession() {
  const raw = new Cookies().get(COOKIE.userData, { doNotParse: false }) as SessionUser | string | undefined;
  try {
    const user = typeof raw === 'string' ? (JSON.parse(raw) as SessionUser) : (raw ?? null);
    setUser(user?.user ? user : null);
  } catch {
    setUser(null);
  }
}
