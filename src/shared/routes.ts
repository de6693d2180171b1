/**
 * Named views of the site (spec section 2). The navigation state stores a next view by name so it
 * survives page loads; `pathOf` turns it back into a URL.
 */
import { safeNextOrIndex } from './safe-next';

export const VIEWS = {
  index: '/',
  perfil: '/perfil',
  eventos: '/eventos',
  legal: '/legal',
  nuevo: '/nuevo',
  checkout: '/checkout',
  'mis-tickets': '/mis-tickets',
  productoras: '/productoras',
  'admin-dashboard': '/admin/dashboard',
  'admin-events': '/admin/events',
  'admin-tickets': '/admin/tickets',
  'admin-access-control': '/admin/access-control',
  'admin-access-control-full': '/admin/access-control/full',
  'admin-finance': '/admin/finance',
  'admin-configurations': '/admin/configurations',
  'admin-invitations': '/admin/invitations',
  'admin-collaborators': '/admin/collaborators',
} as const;

export type ViewName = keyof typeof VIEWS;

export type NextView = { name: ViewName | 'path'; params?: Record<string, string>; query?: Record<string, string> };

/** The URL of a view; a stored view is untrusted input, so the result always stays on the site. */
export function pathOf(view: NextView): string {
  const base = view.name === 'path' ? (view.params?.path ?? '/') : (VIEWS[view.name] ?? '/');
  const search = new URLSearchParams(view.query ?? {}).toString();
  return safeNextOrIndex(search ? `${base}?${search}` : base);
}

/** The next view for a URL: a named view when one matches, else the literal path. */
export function viewOf(url: URL): NextView {
  const query = Object.fromEntries(url.searchParams);
  const entry = Object.entries(VIEWS).find(([, path]) => path === url.pathname);
  if (entry) return { name: entry[0] as ViewName, query };
  return { name: 'path', params: { path: url.pathname }, query };
}
