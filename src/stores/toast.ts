import { atom } from 'nanostores';
import { LIMITS } from '../shared/messages';

export type Toast = { id: number; kind: 'success' | 'error' | 'info'; title: string; detail?: string };

/** Toasts on screen. The <Toaster> island renders them; anything may push one. */
export const $toasts = atom<Toast[]>([]);

let nextId = 1;

export function toast(kind: Toast['kind'], title: string, detail?: string, ms: number = LIMITS.toastMs) {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, kind, title, detail }]);
  setTimeout(() => $toasts.set($toasts.get().filter((t) => t.id !== id)), ms);
  return id;
}
