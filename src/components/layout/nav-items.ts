import { SHELL_TEXT, SPEC_LABEL } from '../../shared/messages/common';
import { hasFullAccess, isCollaborator } from '../../shared/roles';
import { firstName, type SessionUser } from '../../shared/session';

/**
 * What a shell entry does beyond its link (or instead of one, for logout); the shell script wires these to
 * the stores once it is live.
 */
export type NavAction = 'login' | 'register' | 'logout' | 'create-event';

export type NavItem = { label: string; href?: string; action?: NavAction; icon?: string };

/** Common items of the top navigation (spec section 2), written in capitals as the spec has them. */
export const MAIN_ITEMS: NavItem[] = [
  { label: SPEC_LABEL.navEvents, href: '/eventos' },
  { label: SPEC_LABEL.navProducers, href: '/productoras' },
];

export const HELP_LABEL = SPEC_LABEL.navHelpCenter;

export const HELP_ITEMS: NavItem[] = [
  { label: SPEC_LABEL.assistance, href: '/ayuda', icon: 'help' },
  { label: SPEC_LABEL.myTickets, href: '/mis-tickets', icon: 'ticket' },
];

/**
 * The login and registration pages. The navigation's entries that open the spec's dialogs are links to them
 * (issue 31): before the page's script is live (a slow phone) or without scripts, the first tap opens the
 * page with the same form; once live, the shell opens the dialog instead.
 */
export const LOGIN_PAGE = '/ingresar';
export const REGISTER_PAGE = '/registrarme';

/** Creating an event: the form when signed in; otherwise the login prompt remembering admin-events. */
export const createEventItem = (session: SessionUser | null, label: string): NavItem =>
  session
    ? { label, href: '/nuevo', icon: 'plusCircle' }
    : {
        label,
        href: `${LOGIN_PAGE}?next=${encodeURIComponent('/admin/events')}`,
        action: 'create-event',
        icon: 'plusCircle',
      };

export const greeting = (session: SessionUser) => SHELL_TEXT.greeting(firstName(session));

/** The user menu: logged-out and logged-in items of spec section 2. */
export function userItems(session: SessionUser | null): NavItem[] {
  if (!session)
    return [
      { label: SPEC_LABEL.signIn, href: LOGIN_PAGE, action: 'login', icon: 'user' },
      { label: SPEC_LABEL.signUp, href: REGISTER_PAGE, action: 'register', icon: 'plus' },
      createEventItem(null, SPEC_LABEL.createEvent),
    ];
  return [
    { label: SPEC_LABEL.profile, href: '/perfil', icon: 'user' },
    { label: SPEC_LABEL.myTickets, href: '/mis-tickets', icon: 'ticket' },
    { label: SPEC_LABEL.newEvent, href: '/nuevo', icon: 'plusCircle' },
    ...(hasFullAccess(session.rol)
      ? [{ label: SPEC_LABEL.controlPanel, href: '/admin/dashboard', icon: 'chart' }]
      : []),
    { label: SPEC_LABEL.signOut, action: 'logout', icon: 'logout' },
  ];
}

/** The QR entry of the mobile bottom bar is for collaborators only. */
export const showsQr = (session: SessionUser | null) => isCollaborator(session?.rol);

/** The footer is hidden on back-office routes and on an event's page (/eventos/{id}). */
export const footerHidden = (path: string) => /^\/admin(\/|$)/.test(path) || /^\/eventos\/[^/]+\/?$/.test(path);

/** aria-current for a link: the page itself, or a section the page lives under. */
export function currentFor(href: string | undefined, path: string): 'page' | undefined {
  if (!href) return undefined;
  if (href === '/') return path === '/' ? 'page' : undefined;
  return path === href || path.startsWith(`${href}/`) ? 'page' : undefined;
}
