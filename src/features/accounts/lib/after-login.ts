import { hasFullAccess, isBackOfficeEnabled } from '../../../shared/roles';
import { pathOf, VIEWS } from '../../../shared/routes';
import { safeNextOrIndex } from '../../../shared/safe-next';
import type { SessionUser } from '../../../shared/session';
import { $nextView } from '../../../stores/navigation';

/** The pages that show the login and registration forms (the navigation's links before the page is live). */
export const AUTH_PAGES = new Set(['/ingresar', '/registrarme']);

/**
 * Where a fresh login goes (spec section 4): the remembered next view (then forgotten), else the
 * dashboard when the back office is enabled, else this page again so the server-rendered nav updates.
 * The dashboard needs full access (section 6), so a collaborator's back-office home is access control
 * instead of a detour through access-denied.
 */
export function destinationAfterLogin(session: SessionUser, here: URL): string {
  const next = $nextView.get();
  if (next) {
    $nextView.set(null);
    return pathOf(next);
  }
  if (isBackOfficeEnabled(session.rol)) {
    return hasFullAccess(session.rol) ? VIEWS['admin-dashboard'] : VIEWS['admin-access-control'];
  }
  // The login and registration pages are no place to land once logged in: the index instead.
  if (AUTH_PAGES.has(here.pathname)) return '/';
  const again = new URL(here);
  for (const param of ['login', 'registro', 'next']) again.searchParams.delete(param);
  // The page's own URL can be `//host/…` (a 404 page): still never leave the site.
  return safeNextOrIndex(again.pathname + again.search);
}
