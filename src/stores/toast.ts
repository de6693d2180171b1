import { atom, onMount } from 'nanostores';
import { LIMITS } from '../shared/messages/common';

export type ToastKind = 'success' | 'error' | 'info';
export type Toast = { id: number; kind: ToastKind; title: string; detail?: string; ms: number };

/**
 * Toasts waiting or on screen. The <Toaster> (inside the AuthDialogs island, loaded on the first toast) renders them and starts
 * each one's clock when it appears, so a toast raised before the island hydrates still shows its time.
 */
export const $toasts = atom<Toast[]>([]);

let nextId = 1;
const CARRY_KEY = 'boleteria:toasts';

/**
 * Shows a toast. The same words already waiting or on screen are not shown twice: two parts of a page that learn
 * the same thing at once (the door's refresh and its scan both hear a 403) say it once, and saying it again
 * (a second "Borrador guardado") gives that one toast its full time anew.
 */
export function toast(kind: ToastKind, title: string, detail?: string, ms: number = LIMITS.toastMs) {
  const others = $toasts.get().filter((t) => !(t.kind === kind && t.title === title && t.detail === detail));
  const id = nextId++;
  $toasts.set([...others, { id, kind, title, ...(detail ? { detail } : {}), ms }]);
  return id;
}

export function dismissToast(id: number) {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

// Many toasts are followed by a page load (login, verify → index). Toasts still pending when the page
// goes away are carried over to the next page of this tab and shown there for their full time.
if (typeof window !== 'undefined') {
  addEventListener('pagehide', () => {
    const live = $toasts.get();
    if (live.length > 0) sessionStorage.setItem(CARRY_KEY, JSON.stringify(live));
  });
  // A page restored from the back-forward cache still shows its own toasts.
  addEventListener('pageshow', (event) => {
    if (event.persisted) sessionStorage.removeItem(CARRY_KEY);
  });
  onMount($toasts, () => {
    try {
      const carried = JSON.parse(sessionStorage.getItem(CARRY_KEY) ?? '[]') as Toast[];
      for (const t of carried) toast(t.kind, t.title, t.detail, t.ms);
    } catch {
      // A damaged entry is dropped below.
    }
    sessionStorage.removeItem(CARRY_KEY);
  });
}
