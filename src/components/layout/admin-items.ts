import { SPEC_LABEL } from '../../shared/messages/common';
import { hasFullAccess } from '../../shared/roles';
import { VIEWS } from '../../shared/routes';
import type { SessionUser } from '../../shared/session';
import type { IconName } from './Icon.astro';

export type AdminItem = { label: string; href: string; icon: IconName; disabled: boolean };

const SECTIONS: { label: string; href: string; icon: IconName; open?: boolean }[] = [
  { label: SPEC_LABEL.home, href: VIEWS['admin-dashboard'], icon: 'home' },
  { label: SPEC_LABEL.events, href: VIEWS['admin-events'], icon: 'calendar', open: true },
  { label: SPEC_LABEL.tickets, href: VIEWS['admin-tickets'], icon: 'ticket' },
  { label: SPEC_LABEL.accessControl, href: VIEWS['admin-access-control'], icon: 'scan' },
  { label: SPEC_LABEL.finance, href: VIEWS['admin-finance'], icon: 'wallet' },
  { label: SPEC_LABEL.invitations, href: VIEWS['admin-invitations'], icon: 'mail' },
  { label: SPEC_LABEL.collaborators, href: VIEWS['admin-collaborators'], icon: 'users' },
  { label: SPEC_LABEL.settings, href: VIEWS['admin-configurations'], icon: 'settings' },
];

/** The back-office sidebar (spec section 2): all but Eventos are disabled without full access. */
export function adminSections(session: SessionUser | null): AdminItem[] {
  const full = hasFullAccess(session?.rol);
  return SECTIONS.map(({ label, href, icon, open }) => ({ label, href, icon, disabled: !full && !open }));
}

/** The back-office bottom navigation under 960 px: Inicio, Crear evento, Mis Tickets, Perfil. */
export function adminBottomItems(session: SessionUser | null): { label: string; href: string; icon: IconName }[] {
  return [
    {
      label: SPEC_LABEL.home,
      href: hasFullAccess(session?.rol) ? VIEWS['admin-dashboard'] : VIEWS.index,
      icon: 'home',
    },
    { label: SPEC_LABEL.createEventMobile, href: VIEWS.nuevo, icon: 'plusCircle' },
    { label: SPEC_LABEL.myTicketsAdmin, href: VIEWS['mis-tickets'], icon: 'ticket' },
    { label: SPEC_LABEL.profile, href: VIEWS.perfil, icon: 'user' },
  ];
}
