/** Roles and permissions (spec section 6). One source of truth for the islands, the guard and the API. */
export const ROLES = ['USER', 'COLABORATORS', 'ADMIN', 'SUPERADMIN'] as const;
export type Role = (typeof ROLES)[number] | 'GUEST';

export const ROLE_LABEL: Record<Role, string> = {
  GUEST: 'Invitado',
  USER: 'Usuario',
  COLABORATORS: 'Colaborador',
  ADMIN: 'Administrador',
  SUPERADMIN: 'Superadministrador',
};

type Rol = string | null | undefined;

/** Superadmin when rol contains SUPERADMIN. */
export const isSuperAdmin = (rol: Rol) => !!rol && rol.includes('SUPERADMIN');

/** Back office when rol is exactly SUPERADMIN, ADMIN or COLABORATORS. */
export const isBackOfficeEnabled = (rol: Rol) => rol === 'SUPERADMIN' || rol === 'ADMIN' || rol === 'COLABORATORS';

/** Full access = ADMIN or SUPERADMIN. */
export const hasFullAccess = (rol: Rol) => rol === 'ADMIN' || rol === 'SUPERADMIN';

export const isCollaborator = (rol: Rol) => rol === 'COLABORATORS';

/** Viewing and creating events: full access, or USER/collaborator. */
export const canViewEvents = (rol: Rol) => hasFullAccess(rol) || rol === 'USER' || isCollaborator(rol);

/** Only SUPERADMIN can search all clients. */
export const canSearchAllClients = (rol: Rol) => rol === 'SUPERADMIN';

/** Permission-list checks (the permission values themselves come from the token). */
export const permissions = {
  has: (list: readonly string[], permission: string) => list.includes(permission),
  any: (list: readonly string[], wanted: readonly string[]) => wanted.some((p) => list.includes(p)),
  all: (list: readonly string[], wanted: readonly string[]) => wanted.every((p) => list.includes(p)),
};

/**
 * Permission names carried in the token's `permisos` (spec section 6 lists what full access can do;
 * the names themselves are ours). The API derives the list from the role with `permissionsFor`.
 */
export const PERMISSIONS = [
  'dashboard.view',
  'events.view',
  'events.create',
  'events.manage',
  'tickets.view',
  'tickets.sell',
  'tickets.validate',
  'tickets.reports',
  'tickets.types',
  'collaborators.manage',
  'configurations.manage',
  'analytics.view',
  'reports.view',
  'export.data',
  'users.manage',
  'finance.view',
  'invitations.manage',
  'clients.search_all',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const FULL_ACCESS: readonly Permission[] = PERMISSIONS.filter((p) => p !== 'clients.search_all');

/** The permissions a role grants: full access for ADMIN/SUPERADMIN, events for USER, plus scanning for collaborators. */
export function permissionsFor(rol: Rol): Permission[] {
  if (rol === 'SUPERADMIN') return [...PERMISSIONS];
  if (rol === 'ADMIN') return [...FULL_ACCESS];
  if (rol === 'COLABORATORS') return ['events.view', 'events.create', 'tickets.validate'];
  if (rol === 'USER') return ['events.view', 'events.create'];
  return [];
}
