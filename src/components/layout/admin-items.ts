import { hasFullAccess } from '../../shared/roles';
import { VIEWS } from '../../shared/routes';
import type { SessionUser } from '../../shared/session';
import type { IconName } from './Icon.astro';

export type AdminItem = { label: string; href: string; icon: IconName; disabled: boolean };

const SECTIONS: { label: string; href: string; icon: IconName; open?: boolean }[] = [
  { label: 'Inicio', href: VIEWS['admin-dashboard'], icon: 'home' },
  { label: 'Eventos', href: VIEWS['admin-events'], icon: 'calendar', open: true },
  { label: 'Tickets', href: VIEWS['admin-tickets'], icon: 'ticket' },
  { label: 'Control de Acceso', href: VIEWS['admin-access-control'], icon: 'scan' },
  { label: 'Finanzas', href: VIEWS['admin-finance'], icon: 'wallet' },
  { label: 'Invitaciones', href: VIEWS['admin-invitations'], icon: 'mail' },
  { label: 'Colaboradores', href: VIEWS['admin-collaborators'], icon: 'users' },
  { label: 'Configuración', href: VIEWS['admin-configurations'], icon: 'settings' },
];

/** The back-office sidebar (spec section 2): all but Eventos are disabled without full access. */
export function adminSections(session: SessionUser | null): AdminItem[] {
  const full = hasFullAccess(session?.rol);
  return SECTIONS.map(({ label, href, icon, open }) => ({ label, href, icon, disabled: !full && !open }));
}

/** The back-office bottom navigation under 960 px: Inicio, Crear evento, Mis Tickets, Perfil. */
export function adminBottomItems(session: SessionUser | null): { label: string; href: string; icon: IconName }[] {
  return [
    { label: 'Inicio', href: hasFullAccess(session?.rol) ? VIEWS['admin-dashboard'] : VIEWS.index, icon: 'home' },
    { label: 'Crear evento', href: VIEWS.nuevo, icon: 'plusCircle' },
    { label: 'Mis Tickets', href: VIEWS['mis-tickets'], icon: 'ticket' },
    { label: 'Perfil', href: VIEWS.perfil, icon: 'user' },
  ];
}
