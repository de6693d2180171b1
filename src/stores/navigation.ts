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
