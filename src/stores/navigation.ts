import { persistentJSON } from '@nanostores/persistent';
import { atom } from 'nanostores';
import type { NextView } from '../shared/routes';

/** The view to go to after login (name, params, query), kept across page loads (spec section 2). */
export const $nextView = persistentJSON<NextView | null>('boleteria:next-view', null);

/** Which account dialog is open: the login prompt, registration, or none. */
export const $authDialog = atom<'login' | 'register' | null>(null);

export function openLogin(next?: NextView) {
  if (next) $nextView.set(next);
  $authDialog.set('login');
}

export function openRegister() {
  $authDialog.set('register');
}

export function closeAuthDialog() {
  $authDialog.set(null);
}

/**
 * What the page itself does right after a login in its dialog, instead of navigating (issue 20: a
 * visitor's "Comprar" continues to the checkout with the same selection). Lives only as long as the page.
 */
export const $afterLogin = atom<(() => void) | null>(null);

/** Takes (and forgets) the page's continuation after a login, if any. */
export function takeAfterLogin(): (() => void) | null {
  const next = $afterLogin.get();
  $afterLogin.set(null);
  return next;
}
