import { persistentJSON } from '@nanostores/persistent';
import { atom } from 'nanostores';
import type { NextView } from '../shared/routes';

/** The view to go to after login (name, params, query), kept across page loads (spec section 2). */
export const $nextView = persistentJSON<NextView | null>('boleteria:next-view', null);

/** Which account dialog is open: the login prompt, registration, or none. */
export const $authDialog = atom<'login' | 'register' | null>(null);

/**
 * An address the account dialogs start with: the one a team invitation was sent to (issue 32), so the invited
 * person neither retypes it nor registers another one by mistake. Empty: nothing filled in.
 */
export const $authEmail = atom('');

export function openLogin(next?: NextView) {
  if (next) $nextView.set(next);
  $authDialog.set('login');
}

export function openRegister(next?: NextView) {
  if (next) $nextView.set(next);
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
