import { atom } from 'nanostores';
import { LIMITS } from '../shared/messages';

export type ToastKind = 'success' | 'error' | 'info';
export type Toast = { id: number; kind: ToastKind; title: string; detail?: string; ms: number };

/** Toasts on screen. The <Toaster> (inside the AuthDialogs island) renders them; anything may push one. */
export const $toasts = atom<Toast[]>([]);

let nextId = 1;
const CARRY_KEY = 'boleteria:toasts';

function show(kind: ToastKind, title: string, detail: string | undefined, ms: number) {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, kind, title, ...(detail ? { detail } : {}), ms }]);
  setTimeout(() => dismissToast(id), ms);
  return id;
}

export function toast(kind: ToastKind, title: string, detail?: string, ms: number = LIMITS.toastMs) {
  return show(kind, title, detail, ms);
}

export function dismissToast(id: number) {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

// Many toasts are followed by a page load (login, verify → index). Toasts still on screen when the page
// goes away are carried over to the next page of this tab and shown there for their full time again.
if (typeof window !== 'undefined') {
  addEventListener('pagehide', () => {
    const live = $toasts.get();
    if (live.length > 0) sessionStorage.setItem(CARRY_KEY, JSON.stringify(live));
  });
  // A page restored from the back-forward cache still shows its own toasts.
  addEventListener('pageshow', (event) => {
    if (event.persisted) sessionStorage.removeItem(CARRY_KEY);
  });
  try {
    const carried = JSON.parse(sessionStorage.getItem(CARRY_KEY) ?? '[]') as Toast[];
    sessionStorage.removeItem(CARRY_KEY);
    for (const t of carried) show(t.kind, t.title, t.detail, t.ms);
  } catch {
    sessionStorage.removeItem(CARRY_KEY);
  }
}
